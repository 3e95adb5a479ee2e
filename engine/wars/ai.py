"""A greedy computer player: the placement or single move that most improves its lead.

The lead is the seat's score minus the best other score, counted as if the game ended now.
Ties are broken by the caller's random source; it passes only when nothing improves the lead.
Moves of two pieces at once are not considered, which keeps a turn to a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .actions import Action, Move, Pass, Place, Step
from .moves import single_moves
from .pieces import KINDS, Kind, count_of
from .rules import Owners, Pieces, land_piece, put, targets
from .scoring import territory_bonus, totals
from .state import WarsState


def choose_action(state: WarsState, seat: int, rnd: random.Random) -> Action:
    """The greedy choice for ``seat`` (whose turn it must be)."""
    board, owners, pieces, n = state.board, state.owners, state.pieces, state.num_players
    bonuses: dict[Owners, list[int]] = {}  # only barracks change colours; most share these

    def lead(o: Owners, p: Pieces) -> int:
        if o not in bonuses:
            bonuses[o] = [territory_bonus(board, o, s) for s in range(n)]
        scores = totals(board, o, p, n, bonuses[o])
        return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)

    now = best = lead(owners, pieces)
    choices: list[Action] = [Pass()]
    for action, (o, p) in _candidates(state, seat):
        value = lead(o, p)
        if value > best:
            best, choices = value, [action]
        elif value == best and value > now:
            choices.append(action)
    return rnd.choice(choices)


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
