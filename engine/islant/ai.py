"""A quick computer player: greedy placement by a local heuristic, crossing only when forced.

Land prefers quarters that join land across a cell side and avoids straight edges facing open
water or the border (completed islands need diagonal coasts); waves prefer rows and columns that
already hold waves; ships aim at the next ship total. The dice assignment is chosen by planning
the whole turn for a few assignments and keeping the best plan.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from engine.core import Game, Rng, Seat
from engine.core.ai import Deadline, rollout_search

from .actions import Action, Assign, Cross, Draw, Stop, Submit, Wild
from .geometry import COLUMN, SHIP_TOTALS, SHIPS, WAVES, E, N, S, W, rotate, tile_for
from .scoring import score
from .sheet import Sheet, unfinished_ship_groups
from .state import IslantState
from .turn import (
    Draft,
    any_placement,
    apply_step,
    assignments,
    columns_for,
    placements,
    possible_values,
)

AI_ASSIGNMENT_SAMPLE = 4
# The hard player's playouts run this many actions (about the rest of the turn); scores
# squash on VALUE_SCALE.
HARD_HORIZON = 8
VALUE_SCALE = 40.0
JOIN_BONUS = 2.0
OPEN_SIDE_PENALTY = 1.0
RIM_PENALTY = 2.0
PURPLE_BONUS = 1.0
SHIP_HIT_BONUS = 10.0
SHIP_OVERSHOOT = -1.0
WAVE_REACH = 3
TIE_NOISE = 0.01
# The quarter across each cell side: (neighbour offset in (col, row), quarter it meets).
FACING = {N: ((0, -1), S), E: ((1, 0), W), S: ((0, 1), N), W: ((-1, 0), E)}


@dataclass(frozen=True, slots=True)
class Move:
    """A planned draw: the value (wild choice), the cell, the rotation and its worth."""

    slot: str
    value: int
    cell: int
    rotation: int | None
    worth: float


def choose_action(state: IslantState, seat: Seat, rnd: random.Random) -> Action:
    """The next step of a reasonable turn for ``seat``."""
    draft = state.players[seat].working
    if not draft.assigned:
        options = assignments(state.spec, state.roll)
        sample = rnd.sample(options, min(AI_ASSIGNMENT_SAMPLE, len(options)))
        return max(sample, key=lambda a: _plan_worth(draft, state.roll, a, rnd))
    return _next_step(draft, rnd)[0]


def choose_hard_action(
    game: Game[IslantState, Action],
    state: IslantState,
    seat: Seat,
    rnd: random.Random,
    deadline: Deadline,
) -> Action:
    """The dice assignment by playouts: each assignment is played out by the quick player for
    HARD_HORIZON actions (the rest of the turn; later turns on sampled dice when the turn is
    short), and judged by the sheet's score then. Steps after the assignment are the quick
    player's."""
    draft = state.players[seat].working
    if draft.assigned:
        return choose_action(state, seat, rnd)
    return rollout_search(
        game,
        state,
        seat,
        assignments(state.spec, state.roll),
        rnd,
        deadline,
        policy=choose_action,
        value=_sheet_value,
        horizon=HARD_HORIZON,
        sample=lambda s, r: replace(s, rng=Rng(r.randrange(2**31))),
    )


def _sheet_value(state: IslantState, seat: Seat) -> float:
    """The score of the seat's sheet as drawn so far, squashed into [0, 1]."""
    return 0.5 + 0.5 * math.tanh(score(state.players[seat].working.sheet).total / VALUE_SCALE)


def _plan_worth(draft: Draft, roll: tuple[int, ...], assign: Assign, rnd: random.Random) -> float:
    draft, _ = apply_step(draft, roll, assign)
    total = 0.0
    while True:
        step, worth = _next_step(draft, rnd)
        if isinstance(step, Submit | Stop):
            return total
        draft, _ = apply_step(draft, roll, step)
        total += worth


def _next_step(draft: Draft, rnd: random.Random) -> tuple[Action, float]:
    spec = draft.sheet.spec
    if COLUMN in spec.slots and draft.value(COLUMN) is None:
        best = max(
            possible_values(draft.die(COLUMN)),
            key=lambda v: _column_worth(draft, v, rnd),
        )
        return Wild(COLUMN, best), 0.0
    for slot in draft.open_slots():
        move = _best_move(draft, slot, rnd)
        if move is None:
            if any_placement(draft, slot) is None:
                return Cross(slot), 0.0
            continue
        if draft.value(slot) is None:
            return Wild(slot, move.value), 0.0
        return Draw(slot, draft.sheet.name_of(move.cell), move.rotation), move.worth
    return (Submit(), 0.0) if not draft.open_slots() else (Stop(), 0.0)


def _column_worth(draft: Draft, value: int, rnd: random.Random) -> float:
    spec = draft.sheet.spec
    columns = columns_for(spec, value)
    moves = [
        _best_move(draft, slot, rnd, columns) for slot in spec.land_slots if not draft.is_done(slot)
    ]
    return sum(m.worth for m in moves if m is not None)


def _best_move(
    draft: Draft, slot: str, rnd: random.Random, columns: frozenset[int] | None = None
) -> Move | None:
    sheet = draft.sheet
    chosen = draft.value(slot)
    values = possible_values(draft.die(slot)) if chosen is None else (chosen,)
    if columns is None:
        columns = columns_for(
            sheet.spec, draft.value(COLUMN) if COLUMN in sheet.spec.slots else None
        )
    best: Move | None = None
    for value in values:
        for cell, rotation in placements(sheet, slot, value, columns):
            worth = _worth(sheet, slot, value, cell, rotation) + rnd.random() * TIE_NOISE
            if best is None or worth > best.worth:
                best = Move(slot, value, cell, rotation, worth)
    return best


def _worth(sheet: Sheet, slot: str, value: int, cell: int, rotation: int | None) -> float:
    if slot == WAVES:
        return _wave_worth(sheet, cell) + value * TIE_NOISE
    if slot == SHIPS:
        return _ship_worth(sheet, cell, value)
    return _land_worth(sheet, slot, value, cell, rotation or 0)


def _land_worth(sheet: Sheet, slot: str, value: int, cell: int, rotation: int) -> float:
    size = sheet.size
    row, col = divmod(cell, size)
    mask = rotate(tile_for(slot, value).mask, rotation)
    here = sheet.cells[cell]
    worth = PURPLE_BONUS if here is not None else 0.0
    for q in range(4):
        if not mask >> q & 1:
            continue
        (dc, dr), meets = FACING[q]
        c, r = col + dc, row + dr
        if not (0 <= c < size and 0 <= r < size):
            worth -= RIM_PENALTY
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
