"""What history keeps of a game that has just ended: seats, scores, breakdowns and places."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Game, Outcome

from .ratings import standings
from .store import FinishedGame, GameRecord, SeatResult


def finished_game(record: GameRecord, game: Game, state: Any, outcome: Outcome) -> FinishedGame:
    """The history entry of ``record``'s game, ended in ``state`` with ``outcome``."""
    places = standings(outcome.scores, outcome.winners)
    parts = seat_breakdowns(game.view(state, None).data, len(outcome.scores))
    seats = tuple(
        SeatResult(
            seat=player.seat,
            user_id=player.user_id,
            name=player.name,
            level=player.level if player.is_ai else None,
            score=outcome.scores[player.seat],
            place=places[player.seat],
            breakdown=parts[player.seat],
        )
        for player in sorted(record.players, key=lambda p: p.seat)
    )
    return FinishedGame(
        game=record.game,
        options=record.options,
        end_code=outcome.code.value,
        winners=outcome.winners,
        seats=seats,
    )


def seat_breakdowns(data: Mapping[str, Any], seats: int) -> list[dict[str, Any] | None]:
    """Each seat's score breakdown as the game's final public view shows it.

    Games show it one of three ways: a ``score`` in each of ``players`` (Islant's sheets), a
    list ``scores`` of one mapping per seat (Island Wars), or a mapping ``scores`` of
    per-seat columns (Island competition). A game showing none has no breakdown.
    """
    players = data.get("players")
    if isinstance(players, list) and len(players) == seats:
        found = [p.get("score") if isinstance(p, Mapping) else None for p in players]
        if all(isinstance(f, Mapping) for f in found):
            return [dict(f) for f in found]  # type: ignore[arg-type]
    scores = data.get("scores")
    if (
        isinstance(scores, list)
        and len(scores) == seats
        and all(isinstance(s, Mapping) for s in scores)
    ):
        return [dict(s) for s in scores]
    if isinstance(scores, Mapping):
        columns = {
            name: column
            for name, column in scores.items()
            if isinstance(column, list) and len(column) == seats
        }
        if columns:
            return [
                {name: column[seat] for name, column in columns.items()} for seat in range(seats)
            ]
    return [None] * seats
