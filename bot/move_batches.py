"""Panel moves of one channel saved together.

A change to a game is saved under its channel's lock, one at a time. In a 99-player race the
moves tapped while one is being saved would each wait for the lock, read the game, save it
and flush the disk in turn. Instead they wait in the channel's queue, and the next save takes
them all: one read of the game, each move checked and played in turn as if it were alone,
one write. Each tap gets its own answer: its move, or None when its panel is out of date, or
the error its move met.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Account, Event, Game, IllegalAction

from .store import LoggedAction


@dataclass(slots=True)
class PanelMove:
    """A seat's completed panel path, waiting to be saved: the actions it plays and the seat
    version the panel was drawn for."""

    seat: int
    version: str
    actions: tuple[Any, ...]
    user_id: int
    interaction_id: int | None
    then: Any = None
    """What the mover's panel is to show once the move is saved (planned by the save, with
    the other movers' next panels)."""
    answer: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


@dataclass(frozen=True, slots=True)
class Played:
    """What one move of a batch did."""

    events: list[Event]
    applied: list[LoggedAction]
    accounts: list[Account]


MoveOutcome = Played | IllegalAction | None
"""A move's part of a batch: played, refused by the rules, or None (its panel is out of date:
the seat's options changed before it came)."""


def play_in_turn(
    game: Game, state: Any, moves: Sequence[PanelMove]
) -> tuple[Any, list[MoveOutcome]]:
    """``moves`` played in order on ``state``, each only if its seat's options are still those
    its panel was drawn for; returns the state after them and each move's outcome."""
    outcomes: list[MoveOutcome] = []
    for move in moves:
        if game.seat_version(state, move.seat) != move.version:
            outcomes.append(None)
            continue
        try:
            state, played = play(
                game, state, move.seat, move.user_id, move.actions, move.interaction_id
            )
        except IllegalAction as refused:
            outcomes.append(refused)
            continue
        outcomes.append(played)
    return state, outcomes


def play(
    game: Game,
    state: Any,
    seat: int | None,
    user_id: int | None,
    actions: Sequence[Any],
    interaction_id: int | None,
) -> tuple[Any, Played]:
    """``actions`` applied in order, with their events, log lines (the interaction id on
    the first: it is unique in the action log) and what each tells whom."""
    played = Played([], [], [])
    for action in actions:
        played.accounts.append(game.account(state, seat, action))
        state, new_events = game.apply(state, seat, action)
        played.events.extend(new_events)
        logged_id = interaction_id if not played.applied else None
        played.applied.append(LoggedAction(seat, user_id, game.format(action), logged_id))
    return state, played


class MoveQueues:
    """Per channel, the panel moves waiting for the next save."""

    def __init__(self) -> None:
        self._waiting: dict[int, list[PanelMove]] = {}

    def join(self, channel_id: int, move: PanelMove) -> bool:
        """Queue ``move``; True when the queue was empty: the caller then saves the batch."""
        queue = self._waiting.setdefault(channel_id, [])
        queue.append(move)
        return len(queue) == 1

    def take(self, channel_id: int) -> list[PanelMove]:
        """Every move waiting in the channel, in the order they came; the queue is empty
        after, so the next move starts the next batch."""
        return self._waiting.pop(channel_id, [])
