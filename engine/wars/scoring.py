"""Scoring after the last round, and the outcome of a game.

Per player: +1 per plain (unoccupied) hex of their colour; +1 per piece of theirs on the
board; +1 per water hex their ports secure (once each, however many ports touch it); and,
with two or more separate territories, +1 per territory of at least
:data:`TERRITORY_MIN_SIZE` hexes. A territory is a connected group of hexes of the colour,
pieces of any player on them included.
"""

from __future__ import annotations

from engine.core import EndReason, Outcome, Words, seats_with_best
from engine.core.hexgrid import connected_groups

from .board import Board
from .rules import Owners, Pieces, secured_water
from .state import MIN_PLAYERS_IN_PLAY, WarsState

TERRITORY_MIN_SIZE = 3
TERRITORY_MIN_COUNT = 2
SCORE_PARTS: tuple[str, ...] = ("land", "pieces", "water", "territories")
REASON_ROUNDS = Words("The twelve rounds are over.")
REASON_RESIGNATION = Words("Everyone else resigned.")


def territory_bonus(board: Board, owners: Owners, seat: int) -> int:
    """The territory bonus of ``seat``: with two or more territories, +1 per big one."""
    groups = connected_groups(board.hexes[i] for i, o in enumerate(owners) if o == seat)
    if len(groups) < TERRITORY_MIN_COUNT:
        return 0
    return sum(1 for g in groups if len(g) >= TERRITORY_MIN_SIZE)


def seat_breakdown(
    board: Board, owners: Owners, pieces: Pieces, seat: int, bonus: int | None = None
) -> dict[str, int]:
    """One seat's score by part, with the ``total`` (``bonus``: a known territory bonus)."""
    parts = {
        "land": sum(1 for o, p in zip(owners, pieces, strict=True) if o == seat and p is None),
        "pieces": sum(1 for p in pieces if p is not None and p.seat == seat),
        "water": len(secured_water(board, pieces, seat)),
        "territories": territory_bonus(board, owners, seat) if bonus is None else bonus,
    }
    parts["total"] = sum(parts.values())
    return parts


def score_breakdown(state: WarsState) -> list[dict[str, int]]:
    """Every seat's score by part: ``land``, ``pieces``, ``water``, ``territories``, ``total``."""
    return [
        seat_breakdown(state.board, state.owners, state.pieces, seat)
        for seat in range(state.num_players)
    ]


def totals(
    board: Board, owners: Owners, pieces: Pieces, n: int, bonuses: list[int] | None = None
) -> list[int]:
    """Every seat's total score in a position (``bonuses``: known territory bonuses)."""
    return [
        seat_breakdown(board, owners, pieces, seat, None if bonuses is None else bonuses[seat])[
            "total"
        ]
        for seat in range(n)
    ]


def outcome(state: WarsState) -> Outcome | None:
    """The result once the game is over: highest score among players still in wins.

    When resignations leave a single player, that player wins whatever the scores.
    """
    if not state.finished:
        return None
    scores = tuple(totals(state.board, state.owners, state.pieces, state.num_players))
    if len(state.in_play) < MIN_PLAYERS_IN_PLAY:
        return Outcome(scores, state.in_play, REASON_RESIGNATION, EndReason.RESIGNED)
    winners = seats_with_best(scores, state.in_play)
    return Outcome(scores, winners, REASON_ROUNDS, EndReason.ROUNDS_OVER)
