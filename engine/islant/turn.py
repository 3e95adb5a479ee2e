"""One player's turn in progress (the draft) and where each slot's tile may go.

A draft is the list of steps taken this round (ASSIGN, WILD, DRAW, CROSS) plus what they add
up to: the dice per slot, the wild values, which slots are done, and the working sheet. Only
the steps are saved; the rest is rebuilt from them, which also makes UNDO exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import permutations

from engine.core import Event, IllegalAction, Words
from engine.core.words import either

from .actions import Action, Assign, Cross, Draw, Wild, format_action
from .geometry import (
    COLUMN,
    FULL,
    LAND_SLOTS,
    SHIP_TOTALS,
    SHIPS,
    TILE_SLOTS,
    WAVES,
    WILD_FACE,
    WILD_VALUES,
    LevelSpec,
    cell_name,
    distinct_rotations,
    parse_cell_name,
    rotate,
    tile_for,
)
from .sheet import (
    Sheet,
    draw_land,
    draw_ship,
    draw_wave,
    land_spots,
    purple_overlays,
    ship_spots,
    wave_floors,
)

DRAWN, CROSSED = "drawn", "crossed"
NO_COLUMN_RULE: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Draft:
    """The steps of a turn so far and their result."""

    sheet: Sheet
    steps: tuple[Action, ...] = ()
    dice: tuple[tuple[str, int], ...] = ()
    wild: tuple[tuple[str, int], ...] = ()
    done: tuple[tuple[str, str], ...] = ()

    @property
    def assigned(self) -> bool:
        return bool(self.dice)

    def die(self, slot: str) -> int:
        return dict(self.dice)[slot]

    def value(self, slot: str) -> int | None:
        """The value a slot's die stands for now (None: a 6 whose value is not chosen yet)."""
        die = self.die(slot)
        return dict(self.wild).get(slot) if die == WILD_FACE else die

    def is_done(self, slot: str) -> bool:
        return any(s == slot for s, _ in self.done)

    def open_slots(self) -> list[str]:
        """Tile slots neither drawn nor crossed yet."""
        return [s for s, _ in self.dice if s != COLUMN and not self.is_done(s)]


# ----- placement queries ----------------------------------------------------------------------
def possible_values(die: int) -> tuple[int, ...]:
    """The values a die may stand for: a 6 is wild."""
    return WILD_VALUES if die == WILD_FACE else (die,)


def columns_for(spec: LevelSpec, column_value: int | None) -> frozenset[int]:
    """Allowed land columns for a grid-column value; NO_COLUMN_RULE on levels without one."""
    if COLUMN not in spec.slots:
        return NO_COLUMN_RULE
    return spec.columns_for(column_value) if column_value is not None else NO_COLUMN_RULE


def placements(
    sheet: Sheet,
    slot: str,
    value: int,
    columns: frozenset[int] = NO_COLUMN_RULE,
    rotation: int | None = None,
    cells: Sequence[int] | None = None,
) -> Iterator[tuple[int, int | None]]:
    """Every legal ``(cell, rotation)`` for a slot's tile of ``value`` (rotation None: water).

    Without ``rotation``, land shapes are tried in each distinct rotation. Only ``cells`` are
    tried when given (say, the :func:`open_cells` of the slot).
    """
    spec = sheet.spec
    if cells is None:
        cells = range(len(sheet.cells))
    if slot == WAVES:
        floors = wave_floors(sheet)  # wave_fits, for every cell at once
        yield from ((c, None) for c in cells if (f := floors.get(c)) is not None and f > value)
        return
    if slot == SHIPS:
        spots = ship_spots(sheet)
        yield from ((c, None) for c in cells if c in spots)
        return
    tile = tile_for(slot, value)
    colour = slot if spec.coloured else None
    turns = distinct_rotations(tile.mask) if rotation is None else (rotation,)
    masks = [(r, rotate(tile.mask, r)) for r in turns]
    drawn = sheet.cells
    overlays = {} if tile.lake else purple_overlays(sheet, colour)  # land_fits, per sheet
    for c in land_spots(sheet, cells, columns):
        if drawn[c] is None:
            yield from ((c, r) for r, _ in masks)
        elif (other := overlays.get(c)) is not None:
            yield from ((c, r) for r, mask in masks if not other & mask)


def open_cells(sheet: Sheet, slot: str) -> list[int]:
    """The cells where some tile of ``slot`` might go: the placement rules for the loosest
    tiles (one quarter, no lake circle, in any column; a wave of value 0)."""
    cells = range(len(sheet.cells))
    if slot == WAVES:
        return sorted(c for c, floor in wave_floors(sheet).items() if floor > 0)
    if slot == SHIPS:
        return sorted(ship_spots(sheet))
    colour = slot if sheet.spec.coloured else None
    drawn, overlays = sheet.cells, purple_overlays(sheet, colour)
    return [
        c
        for c in land_spots(sheet, cells, NO_COLUMN_RULE)
        if drawn[c] is None or overlays.get(c, FULL) != FULL  # a quarter left for the tile
    ]


def can_place(
    sheet: Sheet,
    slot: str,
    values: Iterable[int],
    columns: frozenset[int],
    cells: Sequence[int] | None = None,
) -> bool:
    return any(
        next(placements(sheet, slot, v, columns, cells=cells), None) is not None for v in values
    )


def column_choices(spec: LevelSpec, column_die: int | None) -> list[frozenset[int]]:
    """The column sets a land tile may face for a grid-column die (any value of a wild one)."""
    if column_die is None:
        return [NO_COLUMN_RULE]
    return [spec.columns_for(v) for v in possible_values(column_die)]


def can_draw_anything(sheet: Sheet, roll: tuple[int, ...]) -> bool:
    """Whether some assignment of the roll lets at least one tile be drawn.

    Every slot may get any die, and a land slot any other die as its grid column, so only
    those pairs are tried. Each slot and value is searched once, over the slot's
    :func:`open_cells` only, for the columns where its tile fits: a full or walled-in sheet
    is answered after one pass over its cells.
    """
    spec = sheet.spec
    near = {slot: open_cells(sheet, slot) for slot in spec.tile_slots}
    fitting: dict[tuple[str, int], frozenset[int]] = {}
    for slot in spec.tile_slots:
        for i, die in enumerate(roll):
            others: set[int | None] = {None}
            if slot in LAND_SLOTS and COLUMN in spec.slots:
                others = {d for j, d in enumerate(roll) if j != i}
            rules = [columns for other in others for columns in column_choices(spec, other)]
            for value in possible_values(die):
                if (slot, value) not in fitting:
                    spots = placements(sheet, slot, value, cells=near[slot])
                    fitting[slot, value] = frozenset(c % spec.size for c, _ in spots)
                fit = fitting[slot, value]
                if any(fit & columns if columns else fit for columns in rules):
                    return True
    return False


def assignments(spec: LevelSpec, roll: tuple[int, ...]) -> list[Assign]:
    """Every different way of giving the roll's dice to the level's slots."""
    orders = sorted(set(permutations(roll)))
    return [Assign(tuple(zip(spec.slots, order, strict=True))) for order in orders]


# ----- applying steps -------------------------------------------------------------------------
def apply_step(draft: Draft, roll: tuple[int, ...], step: Action) -> tuple[Draft, list[Event]]:
    """The draft after one more step; IllegalAction if the step is refused."""
    spec = draft.sheet.spec
    if isinstance(step, Assign):
        return _assign(draft, spec, roll, step), []
    if not draft.assigned:
        raise IllegalAction(
            "not_assigned",
            Words(
                "Assign the dice to the slots first, like `{example}`.",
                {"example": format_action(assignments(spec, roll)[0])},
            ),
        )
    assert isinstance(step, Wild | Draw | Cross)
    if step.slot not in spec.slots:
        raise IllegalAction(
            "no_such_slot",
            Words(
                "Level {level} has no {slot} slot; its slots are {slots}.",
                {"level": spec.level, "slot": step.slot, "slots": ", ".join(spec.slots)},
            ),
        )
    if not isinstance(step, Wild) and step.slot not in TILE_SLOTS:
        raise IllegalAction("no_such_slot", "The grid column holds no tile to draw or cross.")
    if draft.is_done(step.slot):
        raise IllegalAction(
            "slot_done",
            Words("Your {slot} tile is already done this turn.", {"slot": step.slot}),
        )
    if isinstance(step, Wild):
        return _wild(draft, step), []
    if isinstance(step, Cross):
        return _cross(draft, step), []
    return _draw(draft, step)


def rebuild(base: Sheet, roll: tuple[int, ...], steps: Iterable[Action]) -> Draft:
    """A draft replayed from its steps (for UNDO and for loading a saved state)."""
    draft = Draft(base)
    for step in steps:
        draft, _ = apply_step(draft, roll, step)
    return draft


def _assign(draft: Draft, spec: LevelSpec, roll: tuple[int, ...], step: Assign) -> Draft:
    if draft.assigned:
        raise IllegalAction(
            "already_assigned", "The dice are already assigned this turn; UNDO to change that."
        )
    given = step.as_dict()
    if set(given) != set(spec.slots):
        raise IllegalAction(
            "wrong_slots",
            Words(
                "Level {level} needs one die for each of: {slots}.",
                {"level": spec.level, "slots": ", ".join(spec.slots)},
            ),
        )
    if sorted(given.values()) != sorted(roll):
        dice = " ".join(map(str, roll))
        raise IllegalAction(
            "dice_mismatch", Words("Use each die of the roll once: {dice}.", {"dice": dice})
        )
    return replace(draft, steps=(*draft.steps, step), dice=step.dice)


def _wild(draft: Draft, step: Wild) -> Draft:
    if draft.die(step.slot) != WILD_FACE:
        raise IllegalAction(
            "not_wild", Words("Your {slot} die is not a 6; only a 6 is wild.", {"slot": step.slot})
        )
    if step.slot in dict(draft.wild) and not may_choose_wild(draft, step.slot):
        raise IllegalAction(
            "wild_already_chosen",
            Words("Your {slot} 6 already stands for a value; UNDO first.", {"slot": step.slot}),
        )
    values = wild_values(draft, step.slot)
    if step.value not in values:
        if not values:
            why = Words("No value of your {slot} 6 has a place on your sheet.", {"slot": step.slot})
        else:
            why = Words(
                "Your {slot} 6 cannot stand for {value}: that has no place on your sheet. "
                "Choose {values}.",
                {
                    "slot": step.slot,
                    "value": step.value,
                    "values": either([str(v) for v in values]),
                },
            )
        raise IllegalAction("no_place_for_value", why)
    wild = tuple((s, v) for s, v in draft.wild if s != step.slot)
    return replace(draft, steps=(*draft.steps, step), wild=(*wild, (step.slot, step.value)))


# ----- what a 6 may stand for -----------------------------------------------------------------
def may_choose_wild(draft: Draft, slot: str) -> bool:
    """Whether the 6 in ``slot`` may be given a value now: it has none yet, or the one it has
    lost its place since it was chosen (another drawing took it) while it is still open to
    change (a tile not drawn yet; a grid column no land tile was drawn under)."""
    if draft.die(slot) != WILD_FACE or draft.is_done(slot):
        return False
    chosen = draft.value(slot)
    if chosen is None:
        return True
    if slot == COLUMN and any(draft.is_done(s) for s in draft.sheet.spec.land_slots):
        return False
    return not has_place(draft, slot, chosen)


def wild_values(draft: Draft, slot: str) -> tuple[int, ...]:
    """The values the 6 in ``slot`` may stand for: those that have a place on the sheet now
    (a grid column's: those under which some land tile still to draw has one)."""
    return tuple(v for v in WILD_VALUES if has_place(draft, slot, v))


def has_place(draft: Draft, slot: str, value: int) -> bool:
    """Whether ``slot``'s tile of ``value`` has a legal place now (a grid column of ``value``:
    whether some land tile still to draw has one under it, with any value its die allows)."""
    sheet = draft.sheet
    if slot == COLUMN:
        columns = sheet.spec.columns_for(value)
        return any(
            can_place(sheet, land, possible_values(draft.die(land)), columns)
            for land in draft.open_slots()
            if land in LAND_SLOTS
        )
    near = open_cells(sheet, slot)
    return any(
        next(placements(sheet, slot, value, columns, cells=near), None) is not None
        for columns in land_columns(draft, slot)
    )


def land_columns(draft: Draft, slot: str) -> list[frozenset[int]]:
    """The column sets ``slot``'s tile may face now: the grid column's value once it holds
    (chosen, and not open to change any more), else every value its die allows; water and
    levels without a grid column: no column rule."""
    spec = draft.sheet.spec
    if slot not in LAND_SLOTS or COLUMN not in spec.slots:
        return [NO_COLUMN_RULE]
    chosen = draft.value(COLUMN)
    if chosen is not None and not may_choose_wild(draft, COLUMN):
        return [spec.columns_for(chosen)]
    return column_choices(spec, draft.die(COLUMN))


def draft_columns(draft: Draft) -> frozenset[int]:
    """The land columns of this turn (NO_COLUMN_RULE when the level has no grid column)."""
    spec = draft.sheet.spec
    if COLUMN not in spec.slots:
        return NO_COLUMN_RULE
    value = draft.value(COLUMN)
    if value is None:
        raise IllegalAction(
            "wild_value_needed",
            "Your grid-column die is a 6: choose its value first, like `WILD column=3`.",
        )
    return spec.columns_for(value)


def _draw(draft: Draft, step: Draw) -> tuple[Draft, list[Event]]:
    sheet = draft.sheet
    value = draft.value(step.slot)
    if value is None:
        raise IllegalAction(
            "wild_value_needed",
            Words(
                "Your {slot} die is a 6: choose its value first, like `WILD {slot}=3`.",
                {"slot": step.slot},
            ),
        )
    if (step.rotation is None) != (step.slot not in LAND_SLOTS):
        raise IllegalAction("bad_rotation", "Land tiles take a rotation R0–R3; water takes none.")
    cell = parse_cell_name(step.cell, sheet.size)
    if cell is None:
        last = cell_name(len(sheet.cells) - 1, sheet.size)
        raise IllegalAction(
            "off_sheet",
            Words("{cell} is not on this sheet (A1 to {last}).", {"cell": step.cell, "last": last}),
        )
    columns = draft_columns(draft) if step.slot in LAND_SLOTS else NO_COLUMN_RULE
    if (cell, step.rotation) not in set(
        placements(sheet, step.slot, value, columns, step.rotation)
    ):
        raise IllegalAction("illegal_cell", _why_not(draft, step, value))
    events: list[Event] = []
    if step.slot == WAVES:
        sheet = draw_wave(sheet, cell, value)
    elif step.slot == SHIPS:
        sheet, borders = draw_ship(sheet, cell, value)
        for group in borders:
            total = SHIP_TOTALS[sheet.borders.index(group)]
            names = [cell_name(c, sheet.size) for c in group]
            events.append(
                Event(
                    "ships_bordered",
                    f"Ships {' '.join(names)} make {total}.",
                    {"cells": names, "total": total},
                )
            )
    else:
        tile = tile_for(step.slot, value)
        colour = step.slot if sheet.spec.coloured else None
        sheet = draw_land(sheet, cell, colour, rotate(tile.mask, step.rotation or 0), tile.lake)
    done = (*draft.done, (step.slot, DRAWN))
    return replace(draft, sheet=sheet, steps=(*draft.steps, step), done=done), events


def _why_not(draft: Draft, step: Draw, value: int) -> str:
    values = {"slot": step.slot, "value": value, "cell": step.cell.upper()}
    if step.slot == WAVES:
        return Words(
            "Your {slot} {value} cannot go at {cell}: a wave needs a higher wave beside it and "
            "no equal or lower one.",
            values,
        )
    if step.slot == SHIPS:
        return Words(
            "Your {slot} {value} cannot go at {cell}: a ship needs an empty cell beside land or "
            "an unfinished ship.",
            values,
        )
    spec = draft.sheet.spec
    rule = Words("an empty cell") if spec.level == 1 else Words("an empty cell beside land")
    if COLUMN in spec.slots:
        rule = Words(
            "{rule} in a column labelled with your grid-column value or ANY", {"rule": rule}
        )
    if spec.coloured:
        rule = Words(
            "{rule} (or beside the other colour's tile in its cell, without overlap)",
            {"rule": rule},
        )
    return Words(
        "Your {slot} {value} cannot go at {cell} turned R{rotation}: land needs {rule}.",
        {**values, "rotation": step.rotation, "rule": rule},
    )


def any_placement(draft: Draft, slot: str) -> tuple[int, int] | None:
    """Some ``(value, cell)`` where a slot's tile could still go: over every value its die
    may take (a 6: any value, chosen or not) and, for land, every column the grid-column die
    still allows (:func:`land_columns`). None: the tile may be crossed out."""
    sheet = draft.sheet
    near = open_cells(sheet, slot)
    for columns in land_columns(draft, slot):
        for value in possible_values(draft.die(slot)):
            spot = next(placements(sheet, slot, value, columns, cells=near), None)
            if spot is not None:
                return value, spot[0]
    return None


def _cross(draft: Draft, step: Cross) -> Draft:
    found = any_placement(draft, step.slot)
    if found is not None:
        value, cell = found
        where = cell_name(cell, draft.sheet.size)
        raise IllegalAction(
            "must_draw",
            Words(
                "Your {slot} tile can still be drawn (for example {value} at {cell}); a tile "
                "with a legal place must be drawn.",
                {"slot": step.slot, "value": value, "cell": where},
            ),
        )
    return replace(draft, steps=(*draft.steps, step), done=(*draft.done, (step.slot, CROSSED)))
