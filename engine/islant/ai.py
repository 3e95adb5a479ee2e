"""A quick computer player: greedy placement by a local heuristic, crossing only when forced.

Land prefers quarters that join land across a cell side and avoids straight edges facing open
water or the border (completed islands need diagonal coasts); waves prefer rows and columns that
already hold waves; ships aim at the next ship total. The dice assignment is chosen by planning
the whole turn for a few assignments and keeping the best plan.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core import Seat

from .actions import Action, Assign, Cross, Draw, Stop, Submit, Wild
from .geometry import COLUMN, LAND_SLOTS, SHIP_TOTALS, SHIPS, WAVES, rotate, tile_for
from .island_change import FACING, island_change
from .sheet import Sheet, unfinished_ship_groups
from .state import IslantState
from .turn import (
    Draft,
    any_placement,
    apply_step,
    assignments,
    columns_for,
    may_choose_wild,
    placements,
    possible_values,
    wild_values,
)

AI_ASSIGNMENT_SAMPLE = 4
JOIN_BONUS = 2.0
OPEN_SIDE_PENALTY = 1.0
RIM_PENALTY = 2.0
# The careful player's: an island costs 2 points, and one on the border never completes.
ISLAND_COST = 2.0
CAREFUL_RIM_PENALTY = 4.0
PURPLE_BONUS = 1.0
SHIP_HIT_BONUS = 10.0
SHIP_OVERSHOOT = -1.0
WAVE_REACH = 3
TIE_NOISE = 0.01


@dataclass(frozen=True, slots=True)
class Move:
    """A planned draw: the value (wild choice), the cell, the rotation and its worth."""

    slot: str
    value: int
    cell: int
    rotation: int | None
    worth: float


def choose_action(
    state: IslantState, seat: Seat, rnd: random.Random, *, careful: bool = False
) -> Action:
    """The next step of a reasonable turn for ``seat``; a ``careful`` player also counts the
    islands a land tile makes or joins, and shuns the border more."""
    draft = state.players[seat].working
    if not draft.assigned:
        return pick_assignment(draft, state.roll, rnd, careful)
    return next_step(draft, rnd, careful)[0]


def pick_assignment(
    draft: Draft, roll: tuple[int, ...], rnd: random.Random, careful: bool
) -> Assign:
    """The best-planned of a few sampled dice assignments."""
    options = assignments(draft.sheet.spec, roll)
    sample = rnd.sample(options, min(AI_ASSIGNMENT_SAMPLE, len(options)))
    return max(sample, key=lambda a: plan_turn(draft, roll, a, rnd, careful)[1])


def plan_turn(
    draft: Draft, roll: tuple[int, ...], assign: Assign, rnd: random.Random, careful: bool
) -> tuple[Draft, float]:
    """The turn drawn after ``assign`` (every tile drawn or crossed) and what the heuristic
    thinks its drawings are worth."""
    draft, _ = apply_step(draft, roll, assign)
    total = 0.0
    while True:
        step, worth = next_step(draft, rnd, careful)
        if isinstance(step, Submit | Stop):
            return draft, total
        draft, _ = apply_step(draft, roll, step)
        total += worth


def next_step(draft: Draft, rnd: random.Random, careful: bool) -> tuple[Action, float]:
    """The next step of the turn and what the heuristic thinks it is worth."""
    spec = draft.sheet.spec
    if COLUMN in spec.slots and may_choose_wild(draft, COLUMN):
        values = wild_values(draft, COLUMN)
        if values:  # (none: no land tile has a place under any, both are crossed out)
            best = max(values, key=lambda v: _column_worth(draft, v, rnd, careful))
            return Wild(COLUMN, best), 0.0
    for slot in draft.open_slots():
        move = _best_move(draft, slot, rnd, careful)
        if move is None:
            if any_placement(draft, slot) is None:
                return Cross(slot), 0.0
            continue
        if move.value != draft.value(slot):  # a 6's value, chosen first
            return Wild(slot, move.value), 0.0
        return Draw(slot, draft.sheet.name_of(move.cell), move.rotation), move.worth
    return (Submit(), 0.0) if not draft.open_slots() else (Stop(), 0.0)


def _column_worth(draft: Draft, value: int, rnd: random.Random, careful: bool) -> float:
    spec = draft.sheet.spec
    columns = columns_for(spec, value)
    moves = [
        _best_move(draft, slot, rnd, careful, columns)
        for slot in spec.land_slots
        if not draft.is_done(slot)
    ]
    return sum(m.worth for m in moves if m is not None)


def _best_move(
    draft: Draft,
    slot: str,
    rnd: random.Random,
    careful: bool,
    columns: frozenset[int] | None = None,
) -> Move | None:
    """The best place for ``slot``'s tile (under ``columns``, by default the turn's grid
    column; None while that is still to choose), over every value a 6 may still take."""
    sheet = draft.sheet
    chosen = draft.value(slot)
    fixed = chosen is not None and not may_choose_wild(draft, slot)
    values = (chosen,) if fixed else possible_values(draft.die(slot))
    if columns is None:
        column_rule = slot in LAND_SLOTS and COLUMN in sheet.spec.slots
        if column_rule and (draft.value(COLUMN) is None or may_choose_wild(draft, COLUMN)):
            return None
        columns = columns_for(sheet.spec, draft.value(COLUMN) if column_rule else None)
    best: Move | None = None
    for value in values:
        for cell, rotation in placements(sheet, slot, value, columns):
            worth = place_worth(sheet, slot, value, cell, rotation, careful)
            worth += rnd.random() * TIE_NOISE
            if best is None or worth > best.worth:
                best = Move(slot, value, cell, rotation, worth)
    return best


def place_worth(
    sheet: Sheet, slot: str, value: int, cell: int, rotation: int | None, careful: bool = False
) -> float:
    """What the heuristic thinks drawing a tile there is worth."""
    if slot == WAVES:
        return _wave_worth(sheet, cell) + value * TIE_NOISE
    if slot == SHIPS:
        return _ship_worth(sheet, cell, value)
    return land_worth(sheet, slot, value, cell, rotation or 0, careful)


def land_worth(
    sheet: Sheet, slot: str, value: int, cell: int, rotation: int, careful: bool
) -> float:
    size = sheet.size
    row, col = divmod(cell, size)
    mask = rotate(tile_for(slot, value).mask, rotation)
    here = sheet.cells[cell]
    worth = PURPLE_BONUS if here is not None else 0.0
    rim = CAREFUL_RIM_PENALTY if careful else RIM_PENALTY
    if careful:
        worth -= ISLAND_COST * island_change(sheet, cell, mask)
    for q in range(4):
        if not mask >> q & 1:
            continue
        (dc, dr), meets = FACING[q]
        c, r = col + dc, row + dr
        if not (0 <= c < size and 0 <= r < size):
            worth -= rim
            continue
        near = sheet.cells[r * size + c]
        if near is not None and near.land >> meets & 1:
            worth += JOIN_BONUS
        else:
            worth -= OPEN_SIDE_PENALTY
    return worth


def _wave_worth(sheet: Sheet, cell: int) -> float:
    size = sheet.size
    row, col = divmod(cell, size)
    worth = 0.0
    for k in range(-WAVE_REACH, WAVE_REACH + 1):
        for c, r in ((col + k, row), (col, row + k)):
            if k and 0 <= c < size and 0 <= r < size:
                near = sheet.cells[r * size + c]
                worth += 1.0 if near is not None and near.wave else 0.0
    return worth


def _ship_worth(sheet: Sheet, cell: int, value: int) -> float:
    if sheet.marked >= len(SHIP_TOTALS):
        return 0.0
    target = SHIP_TOTALS[sheet.marked]
    size = sheet.size
    row, col = divmod(cell, size)
    near = {
        r * size + c
        for c, r in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1))
        if 0 <= c < size and 0 <= r < size
    }
    total = value + sum(
        sum(sheet.cells[c].ship for c in g)  # type: ignore[union-attr]
        for g in unfinished_ship_groups(sheet)
        if near & set(g)
    )
    if total == target:
        return SHIP_HIT_BONUS
    return SHIP_OVERSHOOT if total > target else total / target
