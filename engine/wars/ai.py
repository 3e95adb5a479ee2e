"""A greedy computer player: the placement or single move that most improves its lead.

The lead is the seat's score minus the best other score, counted as if the game ended now.
Ties are broken by the caller's random source; it passes only when nothing improves the lead.
Moves of two pieces at once are not considered, which keeps a turn to a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.core import Game
from engine.core.ai import Deadline, margin_reward, rollout_search

from .actions import Action, Move, Pass, Place, Step
from .moves import single_moves
from .pieces import KINDS, Kind, count_of
from .rules import Owners, Pieces, land_piece, put, targets
from .scoring import territory_bonus, totals
from .state import WarsState

# The hard player weighs this many candidates, each followed by HARD_ROUNDS rounds of greedy
# play; leads are squashed on VALUE_SCALE points.
HARD_CANDIDATES = 6
HARD_ROUNDS = 1
VALUE_SCALE = 10.0


def choose_action(state: WarsState, seat: int, rnd: random.Random) -> Action:
    """The greedy choice for ``seat`` (whose turn it must be)."""
    return ranked_actions(state, seat, rnd, 1)[0]


def ranked_actions(state: WarsState, seat: int, rnd: random.Random, count: int) -> list[Action]:
    """Up to ``count`` actions for ``seat`` by the lead they leave, best first (ties in the
    caller's random order); Pass comes first when nothing improves the lead."""
    board, owners, pieces, n = state.board, state.owners, state.pieces, state.num_players
    bonuses: dict[Owners, list[int]] = {}  # only barracks change colours; most share these

    def lead(o: Owners, p: Pieces) -> int:
        if o not in bonuses:
            bonuses[o] = [territory_bonus(board, o, s) for s in range(n)]
        scores = totals(board, o, p, n, bonuses[o])
        return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)

    now = lead(owners, pieces)
    ranked = [(now, 1.0, Pass())] + [
        (value, rnd.random(), action)
        for action, (o, p) in _candidates(state, seat)
        if (value := lead(o, p)) > now
    ]
    ranked.sort(key=lambda entry: entry[:2], reverse=True)
    return [action for _, _, action in ranked[:count]]


def choose_hard_action(
    game: Game[WarsState, Action],
    state: WarsState,
    seat: int,
    rnd: random.Random,
    deadline: Deadline,
) -> Action:
    """The searching player: the greedy player's best few actions, each judged by the lead
    after the greedy player plays every seat for a round."""
    return rollout_search(
        game,
        state,
        seat,
        ranked_actions(state, seat, rnd, HARD_CANDIDATES),
        rnd,
        deadline,
        policy=choose_action,
        value=position_value,
        horizon=HARD_ROUNDS * state.num_players,
    )


def position_value(state: WarsState, seat: int) -> float:
    """The lead of ``seat`` in a position as a value in [0, 1] (the result once over)."""
    scores = totals(state.board, state.owners, state.pieces, state.num_players)
    return margin_reward(scores, seat, VALUE_SCALE)


def _candidates(state: WarsState, seat: int) -> Iterator[tuple[Action, tuple[Owners, Pieces]]]:
    """(action, (owners, pieces) after it) for every placement and single-piece move."""
    board, owners, pieces = state.board, state.owners, state.pieces
    for kind in KINDS:
        if count_of(state.reserve[seat], kind):
            for i in targets(board, owners, pieces, seat, kind):
                o, p, _ = land_piece(board, owners, pieces, seat, kind, i)
                yield Place(kind, board.hexes[i]), (o, p)
    for kind in (Kind.BARRACKS, Kind.PORT):
        for src, dst in single_moves(board, owners, pieces, seat, kind):
            o, p, _ = land_piece(board, owners, put(pieces, src, None), seat, kind, dst)
            yield Move((Step(kind, board.hexes[src], board.hexes[dst]),)), (o, p)
