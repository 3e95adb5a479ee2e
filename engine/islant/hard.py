"""Islant's hard player: every dice assignment's turn drawn in full, the best few judged by
later turns on sampled dice, each land tile drawn where the sheet it leaves is worth most,
and the game ended while the sheet is at its best.

A sheet only counts at the end, and a player may end their game at any time: when every
assignment of the roll would lower a score above a level's threshold, and the sampled later
turns do not win it back, the hard player stops. What suits a level was measured with the
arena (``STYLES``): the small land-only sheets are drawn as the quick player would plan
them, the water levels by the score each turn leaves. On level 1 the sheet's best moments
are small, so stopping is considered from a score of 3 on; there playouts look six turns
ahead, on level 5 one (more playouts fit in its budget), elsewhere two. On levels 1–4 a
land tile goes to the best of the quick player's few favourite places by the score plus the
unfinished islands' outlook (``engine/islant/placing.py``); on level 5 that measured no
better and took twice the time, so the quick player's place stands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core import Rng, Seat
from engine.core.ai import Deadline, best_by_playouts

from .actions import Action, Assign, Draw, Stop
from .ai import choose_action, pick_assignment, plan_turn
from .placing import best_land_draw
from .scoring import score
from .sheet import Sheet
from .state import IslantState, roll_dice
from .turn import Draft, assignments, can_draw_anything

SHORTLIST = 3
"""How many of the best assignments get playouts."""


@dataclass(frozen=True, slots=True)
class Style:
    """How the hard player draws a level's sheet.

    ``by_plan``: rank assignments by the quick player's plan (else by the score the turn
    leaves); ``careful``: the quick player counts the islands a tile makes or joins;
    ``stop_above``: the score above which stopping is considered (None: never stop);
    ``lookahead``: the turns after this one that a playout draws on sampled dice;
    ``land_search``: the land tiles of the turn played are placed by
    :func:`~engine.islant.placing.best_land_draw`.
    """

    by_plan: bool
    careful: bool
    stop_above: int | None
    lookahead: int = 2
    land_search: bool = True


STYLES = {
    1: Style(by_plan=True, careful=False, stop_above=2, lookahead=6),
    2: Style(by_plan=False, careful=False, stop_above=6),
    3: Style(by_plan=True, careful=False, stop_above=6),
    4: Style(by_plan=False, careful=True, stop_above=None),
    5: Style(by_plan=False, careful=True, stop_above=0, lookahead=1, land_search=False),
}

Candidate = tuple[int, Assign | Stop, Sheet]
"""The score a choice leaves after this turn, the choice, and the sheet it leaves."""


def choose_hard_action(
    state: IslantState, seat: Seat, rnd: random.Random, deadline: Deadline
) -> Action:
    """The hard player's next step (the dice assignment and stopping are searched; land
    drawings are searched on levels 1–4, the other drawings follow the quick player)."""
    style = STYLES[state.level]
    draft = state.players[seat].working
    if draft.assigned:
        step = choose_action(state, seat, rnd, careful=style.careful)
        if style.land_search and isinstance(step, Draw):
            return best_land_draw(draft, step, style.careful, deadline)
        return step
    now = score(draft.sheet).total
    turns: list[tuple[float, Candidate]] = []
    for assign in assignments(state.spec, state.roll):
        if not deadline.spend():
            break
        end, worth = plan_turn(draft, state.roll, assign, rnd, style.careful)
        left = score(end.sheet).total
        turns.append((worth if style.by_plan else left, (left, assign, end.sheet)))
    if not turns:
        return choose_action(state, seat, rnd, careful=style.careful)
    turns.sort(key=lambda t: -t[0])
    candidates = [c for _, c in turns[:SHORTLIST]]
    best_left = max(c[0] for _, c in turns)
    if style.stop_above is not None and now > style.stop_above and best_left < now:
        candidates.append((now, Stop(), draft.sheet))
    return best_by_playouts(candidates, lambda c, r: _playout(c, r, style), deadline, rnd)[1]


def _playout(candidate: Candidate, rnd: random.Random, style: Style) -> float:
    """The best score the sheet reaches within the next few turns on sampled dice (a player
    who knew those dice would stop there)."""
    best, action, sheet = candidate
    if isinstance(action, Stop):
        return best
    rng = Rng(rnd.randrange(2**31))
    for _ in range(style.lookahead):
        roll, _, rng = roll_dice(sheet.spec, rng)
        if not can_draw_anything(sheet, roll):
            break
        start = Draft(sheet)
        assign = pick_assignment(start, roll, rnd, style.careful)
        sheet = plan_turn(start, roll, assign, rnd, style.careful)[0].sheet
        best = max(best, score(sheet).total)
    return best
