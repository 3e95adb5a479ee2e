"""Scoring after the last round, and the outcome of a game.

Per player: +1 per plain (unoccupied) hex of their colour; +1 per piece of theirs on the
board; +1 per water hex their ports secure (once each, however many ports touch it); and,
with two or more separate territories, +1 per territory of at least
:data:`TERRITORY_MIN_SIZE` hexes. A territory is a connected group of hexes of the colour,
pieces of any player on them included.
"""

from __future__ import annotations

from engine.core import EndReason, Outcome, Words, seats_with_best

from .board import Board
from .pieces import Kind
from .rules import Owners, Pieces, secured_water
from .state import MIN_PLAYERS_IN_PLAY, WarsState

TERRITORY_MIN_SIZE = 3
TERRITORY_MIN_COUNT = 2
SCORE_PARTS: tuple[str, ...] = ("land", "pieces", "water", "territories")
REASON_ROUNDS = Words("The twelve rounds are over.")
REASON_RESIGNATION = Words("Everyone else resigned.")


def territory_bonus(board: Board, owners: Owners, seat: int) -> int:
    """The territory bonus of ``seat``: with two or more territories, +1 per big one."""
    sizes = territory_sizes(board, owners, seat)
    if len(sizes) < TERRITORY_MIN_COUNT:
        return 0
    return sum(1 for size in sizes if size >= TERRITORY_MIN_SIZE)


def territory_sizes(board: Board, owners: Owners, seat: int) -> list[int]:
    """How many hexes each of ``seat``'s territories has (connected by the board's sides)."""
    left = {i for i, o in enumerate(owners) if o == seat}
    sizes = []
    while left:
        stack, size = [left.pop()], 1
        while stack:
            for near in board.adjacent[stack.pop()]:
                if near in left:
                    left.discard(near)
                    stack.append(near)
                    size += 1
        sizes.append(size)
    return sizes


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
    """Every seat's total score in a position (``bonuses``: known territory bonuses): the
    parts of :func:`seat_breakdown`, counted for every seat in one pass over the board."""
    scores = [0] * n
    water: list[set[int]] = [set() for _ in range(n)]
    for i, (owner, piece) in enumerate(zip(owners, pieces, strict=True)):
        if piece is None:
            if owner is not None and owner < n:
                scores[owner] += 1  # land
            continue
        if piece.seat < n:
            scores[piece.seat] += 1  # the piece
            if piece.kind is Kind.PORT:
                water[piece.seat].update(w for w in board.adjacent[i] if board.water[w])
    for seat in range(n):
        bonus = territory_bonus(board, owners, seat) if bonuses is None else bonuses[seat]
        scores[seat] += len(water[seat]) + bonus
    return scores


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
