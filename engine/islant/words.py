"""Islant in players' words: slots and tiles as the rules name them, shapes, rotations, and a
sentence for every action.

A land tile's rotation reads by what it covers once turned ("all but the bottom quarter"),
which depends on the die value: sentences that need it take the player's turn in progress.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.words import Words, joined, listing

from .actions import Action, Assign, Close, Cross, Draw, End, Name, Stop, Submit, Undo, Wild
from .geometry import (
    COLUMN,
    LAND_SLOTS,
    SHIPS,
    WAVES,
    WILD_FACE,
    E,
    N,
    S,
    W,
    rotate,
    tile_for,
)
from .turn import Draft

SLOT_TITLES = {
    COLUMN: Words("Grid Column"),
    "land": Words("Land"),
    "red": Words("Red Land"),
    "blue": Words("Blue Land"),
    WAVES: Words("Waves"),
    SHIPS: Words("Ships"),
}
SHORT_TITLES = {
    COLUMN: Words("Column"),
    "land": Words("Land"),
    "red": Words("Red"),
    "blue": Words("Blue"),
    WAVES: Words("Waves"),
    SHIPS: Words("Ships"),
}
SIDES = {N: "top", E: "right", S: "bottom", W: "left"}
QUARTERS = {
    N: Words("top quarter"),
    E: Words("right quarter"),
    S: Words("bottom quarter"),
    W: Words("left quarter"),
}
ALL_BUT = {
    N: Words("all but the top quarter"),
    E: Words("all but the right quarter"),
    S: Words("all but the bottom quarter"),
    W: Words("all but the left quarter"),
}
HALVES = {
    1 << N | 1 << E: Words("top-right half"),
    1 << E | 1 << S: Words("bottom-right half"),
    1 << S | 1 << W: Words("bottom-left half"),
    1 << W | 1 << N: Words("top-left half"),
}
BOW_TIES = {
    1 << N | 1 << S: Words("bow tie, top and bottom"),
    1 << E | 1 << W: Words("bow tie, left and right"),
}
LAKE_SQUARE = Words("full square with a lake")
SHAPES = {
    1: Words("one quarter"),
    2: Words("half cell"),
    3: Words("three quarters"),
    4: Words("full square"),
    5: Words("bow tie"),
}
# the same words as a label starts them
LABELS = {
    "top quarter": Words("Top quarter"),
    "right quarter": Words("Right quarter"),
    "bottom quarter": Words("Bottom quarter"),
    "left quarter": Words("Left quarter"),
    "all but the top quarter": Words("All but the top quarter"),
    "all but the right quarter": Words("All but the right quarter"),
    "all but the bottom quarter": Words("All but the bottom quarter"),
    "all but the left quarter": Words("All but the left quarter"),
    "top-right half": Words("Top-right half"),
    "bottom-right half": Words("Bottom-right half"),
    "bottom-left half": Words("Bottom-left half"),
    "top-left half": Words("Top-left half"),
    "bow tie, top and bottom": Words("Bow tie, top and bottom"),
    "bow tie, left and right": Words("Bow tie, left and right"),
    "full square with a lake": Words("Full square with a lake"),
}
# Small pictures of a turned tile: a quarter points at the cell's centre; a half is the
# triangle on its side of the diagonal; three quarters are the two halves that make them; a
# bow tie is its two quarters (an hourglass when they are the top and bottom ones).
GLYPHS = {
    1 << N: "▼",
    1 << E: "◀",
    1 << S: "▲",
    1 << W: "▶",
    1 << N | 1 << E: "◥",
    1 << E | 1 << S: "◢",
    1 << S | 1 << W: "◣",
    1 << W | 1 << N: "◤",
    1 << W | 1 << N | 1 << E: "◤◥",
    1 << N | 1 << E | 1 << S: "◥◢",
    1 << E | 1 << S | 1 << W: "◣◢",
    1 << S | 1 << W | 1 << N: "◤◣",
    1 << N | 1 << S: "⧗",
    1 << E | 1 << W: "▶◀",
}
LAKE_GLYPH = "◙"
CROSSED_GLYPH = "✗"
TURNS = {
    0: Words("as printed"),
    1: Words("turned a quarter clockwise"),
    2: Words("upside down"),
    3: Words("turned a quarter anticlockwise"),
}
SENTENCES: dict[Action, str] = {
    Undo(): Words("takes back the last step"),
    Submit(): Words("submits the turn"),
    Stop(): Words("stops"),
    Close(): Words("closes the round"),
    End(): Words("ends the race"),
}
# what a turned land tile covers, as a sentence ends (``turned so that it covers …``)
COVERS = {
    "top quarter": Words("the top quarter"),
    "right quarter": Words("the right quarter"),
    "bottom quarter": Words("the bottom quarter"),
    "left quarter": Words("the left quarter"),
    "top-right half": Words("the top-right half"),
    "bottom-right half": Words("the bottom-right half"),
    "bottom-left half": Words("the bottom-left half"),
    "top-left half": Words("the top-left half"),
    "bow tie, top and bottom": Words("the top and bottom quarters"),
    "bow tie, left and right": Words("the left and right quarters"),
}


SLOT_NOUNS = {
    COLUMN: Words("the grid column"),
    "land": Words("the land"),
    "red": Words("the red land"),
    "blue": Words("the blue land"),
    WAVES: Words("the waves"),
    SHIPS: Words("the ships"),
}
TILE_NOUNS = {
    COLUMN: Words("the grid column tile"),
    "land": Words("the land tile"),
    "red": Words("the red land tile"),
    "blue": Words("the blue land tile"),
    WAVES: Words("the waves tile"),
    SHIPS: Words("the ships tile"),
}


def slot_noun(slot: str) -> str:
    """``the red land``, ``the waves``, ``the grid column`` (for sentences)."""
    return SLOT_NOUNS[slot]


def tile_noun(slot: str) -> str:
    """``the red land tile``, ``the ships tile``."""
    return TILE_NOUNS[slot]


def shape_name(slot: str, value: int) -> str:
    """What a land tile of ``value`` looks like before it is turned (``half cell``)."""
    tile = tile_for(slot, value)
    if tile.lake:
        return LAKE_SQUARE
    quarters = bin(tile.mask).count("1")
    if quarters == 2:
        return SHAPES[5] if tile.mask in BOW_TIES else SHAPES[2]
    return SHAPES[quarters]


def placed_shape(slot: str, value: int, rotation: int) -> str:
    """The part of its cell a land tile covers once turned (``all but the bottom quarter``)."""
    tile = tile_for(slot, value)
    if tile.lake:
        return LAKE_SQUARE
    mask = rotate(tile.mask, rotation)
    quarters = [q for q in range(4) if mask >> q & 1]
    if len(quarters) == 1:
        return QUARTERS[quarters[0]]
    if len(quarters) == 3:
        missing = next(q for q in range(4) if not mask >> q & 1)
        return ALL_BUT[missing]
    return HALVES.get(mask) or BOW_TIES[mask]


def shape_glyph(slot: str, value: int, rotation: int) -> str:
    """A character or two drawing the turned tile (a full square with a lake: ``◙``)."""
    tile = tile_for(slot, value)
    return LAKE_GLYPH if tile.lake else GLYPHS.get(rotate(tile.mask, rotation), "")


def placed_label(slot: str, value: int, rotation: int) -> str:
    """``Top-right half ◥``: the turned tile's words (capitalised) and its glyph if any."""
    words = LABELS[placed_shape(slot, value, rotation)]
    glyph = shape_glyph(slot, value, rotation)
    return Words("{shape} {glyph}", {"shape": words, "glyph": glyph}) if glyph else words


def value_text(slot: str, value: int) -> str:
    """A slot's value in words: ``3 (three quarters)``, ``wave 4``, ``ship 2``, ``column 2``."""
    values = {"value": value}
    if slot in LAND_SLOTS:
        return Words("{value} ({shape})", {**values, "shape": shape_name(slot, value)})
    if slot == WAVES:
        return Words("wave {value}", values)
    if slot == SHIPS:
        return Words("ship {value}", values)
    return Words("column {value}", values)


def die_text(slot: str, die: int, wild: int | None = None) -> str:
    """A slot and its die, with the value a 6 stands for: ``Red Land 6→3``."""
    values = {"slot": SLOT_TITLES[slot], "die": die, "wild": wild}
    if die != WILD_FACE:
        return Words("{slot} {die}", values)
    return (
        Words("{slot} 6→{wild}", values) if wild is not None else Words("{slot} 6 (wild)", values)
    )


def assignment_label(action: Assign) -> str:
    """``Grid Column 3 · Red Land 6 (wild) · Blue Land 1 · Waves 2 · Ships 4``."""
    return joined([die_text(slot, die) for slot, die in action.dice])


def describe_step(action: Action, draft: Draft | None = None) -> str:
    """A sentence for an action (``draws the land tile at C4, turned so that it covers the
    top-right half``). With the player's turn in progress, a land tile's rotation is told by
    what the tile covers; without it, by how far it is turned."""
    match action:
        case Assign(dice):
            given = [
                Words("{die} to {slot}", {"die": die, "slot": slot_noun(slot)})
                for slot, die in dice
            ]
            return Words("assigns {dice}", {"dice": listing(given)})
        case Wild(slot, value):
            return Words(
                "lets the 6 of {slot} stand for {value}",
                {"slot": slot_noun(slot), "value": value_text(slot, value)},
            )
        case Draw(slot, cell, rotation):
            return _describe_draw(slot, cell, rotation, draft)
        case Cross(slot):
            return Words("crosses out {tile}", {"tile": tile_noun(slot)})
        case Name(cell, quarter, name):
            where = (
                cell
                if quarter is None
                else Words("{cell} ({side})", {"cell": cell, "side": QUARTERS[quarter]})
            )
            return Words("names the island at {where} “{name}”", {"where": where, "name": name})
    return SENTENCES[action]


def tile_words(slot: str, value: int, *, shape: bool = True) -> str:
    """A tile with its value: ``Red Land 3 (three quarters)``, ``wave 4``, ``ship 2``; without
    its ``shape``: ``Red Land 3``, ``Wave 4``, ``Ship 2`` (as a label starts)."""
    if slot in LAND_SLOTS:
        title = SLOT_TITLES[slot]
        if not shape:
            return Words("{slot} {die}", {"slot": title, "die": value})
        return Words("{slot} {value}", {"slot": title, "value": value_text(slot, value)})
    if not shape:
        values = {"value": value}
        return Words("Wave {value}", values) if slot == WAVES else Words("Ship {value}", values)
    return value_text(slot, value)


def plan_text(steps: Sequence[Action], draft: Draft) -> str:
    """The steps of a turn in a few characters each, as planned from ``draft`` (which knows
    the dice): ``Grid Column 5 · Red 3 C4 ◥ · Blue 6→1 D5 ▼ · Waves 4 B2 · Ships ✗``."""
    wild = dict(draft.wild)
    parts = []
    for step in steps:
        if isinstance(step, Assign) and COLUMN in draft.sheet.spec.slots:
            parts.append(die_text(COLUMN, draft.die(COLUMN), wild.get(COLUMN)))
        elif isinstance(step, Draw):
            value = draft.value(step.slot)
            assert value is not None
            die = short_die(step.slot, draft.die(step.slot), wild.get(step.slot))
            glyph = (
                shape_glyph(step.slot, value, step.rotation) if step.rotation is not None else ""
            )
            where = {"die": die, "cell": step.cell, "glyph": glyph}
            parts.append(
                Words("{die} {cell} {glyph}", where) if glyph else Words("{die} {cell}", where)
            )
        elif isinstance(step, Cross):
            crossed = {"slot": SHORT_TITLES[step.slot], "cross": CROSSED_GLYPH}
            parts.append(Words("{slot} {cross}", crossed))
    return joined(parts)


def short_die(slot: str, die: int, wild: int | None = None) -> str:
    """``Red 3``, ``Blue 6→1``: a tile slot's short name and its die."""
    face = f"{die}→{wild}" if die == WILD_FACE and wild is not None else str(die)
    return Words("{slot} {die}", {"slot": SHORT_TITLES[slot], "die": face})


def _describe_draw(slot: str, cell: str, rotation: int | None, draft: Draft | None) -> str:
    value = None if draft is None or slot not in dict(draft.dice) else draft.value(slot)
    what: str
    if value is None:
        what = tile_noun(slot)
    elif slot in LAND_SLOTS:
        what = Words("{tile} {value}", {"tile": tile_noun(slot), "value": value_text(slot, value)})
    else:
        what = Words("a {value}", {"value": value_text(slot, value)})
    text = Words("draws {what} at {cell}", {"what": what, "cell": cell})
    if rotation is None:
        return text
    if value is None:
        return Words("{text}, {turn}", {"text": text, "turn": TURNS[rotation]})
    if tile_for(slot, value).lake:
        return text
    return Words(
        "{text}, turned so that it covers {covers}",
        {"text": text, "covers": _covers(slot, value, rotation)},
    )


def _covers(slot: str, value: int, rotation: int) -> str:
    """``the top-right half``, ``all but the bottom quarter``, ``the top and bottom quarters``."""
    shape = placed_shape(slot, value, rotation)
    return COVERS.get(shape, shape)
