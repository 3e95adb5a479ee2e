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
    parts = game.score_sheet(state)
    seats = tuple(
        SeatResult(
            seat=player.seat,
            user_id=player.user_id,
            name=player.name,
            level=player.level if player.is_ai else None,
            score=outcome.scores[player.seat],
            place=places[player.seat],
            breakdown=_plain(parts[player.seat]),
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


def _plain(parts: Mapping[str, int] | None) -> dict[str, int] | None:
    """A seat's score parts as records store them (a plain dict)."""
    return None if parts is None else dict(parts)
