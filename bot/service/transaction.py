"""One move transaction: actions applied to a loaded game and saved in one transaction.

The engine works out the change off the event loop; the save checks the version, writes the
state, its log lines, its outbox entry (the board to show) and the game's jobs (reminders,
timeouts, round timers, the computers' answer), all at once. If the engine refuses, nothing
is written. A saved change made by the system is shown through the service's
:class:`ChangeSink` once the channel's lock is released.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any, Protocol, TypeVar

from engine.core import Account, Event, Game, Outcome

from ..errors import UserError
from ..finished import finished_game
from ..i18n import Phrase
from ..move_batches import play
from ..store import (
    BOARD,
    DuplicateInteraction,
    GameRecord,
    LoggedAction,
    Notice,
    Scheduled,
    VersionConflict,
    encoded_state,
)
from ..timers import COMPUTERS, Timekeeper
from .loading import Loaded, Loading, off_loop

log = logging.getLogger(__name__)
T = TypeVar("T")
SHOW_GRACE = timedelta(seconds=30)
"""A change made through an interaction is shown by its handler; the outbox shows it if that
has not happened within this time (the handler's process died, or Discord refused)."""
THINKING_GRACE = timedelta(seconds=10)
"""Computers to move are played by the process that saved the change once it is shown; the
job runner plays them if that has not happened within this time (that process stopped)."""


@dataclass(frozen=True, slots=True)
class SavedChange:
    """A change the service saved: which game, in which channel, at which version."""

    game_id: int
    channel_id: int
    version: int


_saved: ContextVar[SavedChange | None] = ContextVar("saved_change", default=None)


def saved_change() -> SavedChange | None:
    """The last change saved while handling the current interaction (its asyncio task).

    Error handlers read it to tell "nothing happened" from "your move was saved": each
    interaction runs in its own task, so its context starts with nothing saved.
    """
    return _saved.get()


@dataclass(frozen=True, slots=True)
class Note:
    """What goes with a change made by the system: the headline its board gets (kept in the
    outbox until the board is shown) and the job that made it (ending in the change's
    transaction)."""

    headline: Phrase | None = None
    job_id: int | None = None


@dataclass(frozen=True, slots=True)
class Change:
    """A change worked out and not yet saved: the new state and its stored text, the game's outcome
    if it ends there, what happened on the way (the actions and their log lines), and who
    was to move before it."""

    game: Game
    state: Any
    events: list[Event]
    actions: list[Any]
    applied: list[LoggedAction]
    previous_movers: frozenset[int]
    outcome: Outcome | None
    stored: str
    """The new state as it is stored (:func:`encoded_state`)."""
    accounts: list[Account] = field(default_factory=list)
    """What each of ``actions`` tells whom (players' actions; empty for the system's)."""


async def summed(
    game: Game,
    state: Any,
    events: list[Event],
    actions: list[Any],
    applied: list[LoggedAction],
    previous_movers: frozenset[int],
    accounts: list[Account] | None = None,
) -> Change:
    """The change that leads to ``state``, with its outcome and stored text worked out in a
    thread."""
    outcome, stored = await off_loop(_summary, game, state)
    return Change(
        game, state, events, actions, applied, previous_movers, outcome, stored, accounts or []
    )


@dataclass(slots=True)
class MoveResult:
    """What a change did: the saved record and state, the actions applied (as objects, with
    their log lines) and what happened on the way."""

    record: GameRecord
    state: Any
    events: list[Event] = field(default_factory=list)
    applied: list[LoggedAction] = field(default_factory=list)
    duplicate: bool = False
    thinking: bool = False
    """Whether computers are to move next (a computers job was saved with the change)."""
    actions: list[Any] = field(default_factory=list)
    """The engine's actions, one per line of ``applied``."""
    game: Game | None = None
    """The game's rules (None for a result read back from the store)."""
    accounts: list[Account] = field(default_factory=list)
    """What each of ``actions`` tells whom (:meth:`Game.account`; empty for the system's)."""
    new_round: bool = False
    """Whether the change opened a new round, or gave the turn to someone new (a new board
    message is due)."""

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"

    def described(self, user_id: int) -> list[str]:
        """Short sentences (engine texts) for the actions ``user_id`` made in this change, as
        that player is told them (their own secret choices included)."""
        return [account.own for account in self._accounts_of(user_id)]

    def told_publicly(self, user_id: int) -> list[str]:
        """What everybody else is told of the actions ``user_id`` made in this change: only
        what the game's :meth:`~engine.core.Game.disclosure` lets them learn."""
        return [a.public for a in self._accounts_of(user_id) if a.public]

    def secret(self, user_id: int) -> bool:
        """Whether some action ``user_id`` made in this change is not everybody's to see."""
        return any(account.secret for account in self._accounts_of(user_id))

    def _accounts_of(self, user_id: int) -> list[Account]:
        accounts = self.accounts
        if not accounts and self.game is not None:  # the system's actions: seen by all
            said = (self.game.describe(action) for action in self.actions)
            accounts = [Account(text, text, secret=False) for text in said]
        return [
            account
            for account, line in zip(accounts, self.applied, strict=True)
            if line.user_id == user_id
        ]


class ChangeSink(Protocol):
    """Where the service shows the changes it saves (the bot's board publisher)."""

    async def show(
        self,
        result: MoveResult,
        headline: str | Phrase | None = None,
        *,
        actor: int | None = None,
        interaction: Any = None,
    ) -> None:
        """Show ``result`` in its channel under ``headline``; errors reach the caller.

        ``actor`` is the seat whose action it was (None: the system); ``interaction`` is the
        request that made the change, for the sink to answer (the bot's handlers pass it)."""
        ...


class Unshown(ChangeSink):
    """The sink of a service with no channel to show in (the console, web pages, tests of
    the service alone): each saved change waits in the outbox until a bot shows it."""

    async def show(self, result: MoveResult, *_: Any, **__: Any) -> None:
        return None


class Transactions:
    """Working out a change and saving it, with its outbox entry and jobs."""

    def __init__(self, loading: Loading, timers: Timekeeper, sink: ChangeSink) -> None:
        """What it uses: the store, the clock and the state cache of ``loading``; ``timers``
        plans each change's jobs; ``sink`` shows the changes jobs make."""
        self.store, self._now = loading.store, loading.now
        self.remember, self._cached = loading.remember, loading.cached
        self.timers, self.sink = timers, sink

    async def publish(self, result: MoveResult, headline: str | Phrase | None) -> None:
        """Show a saved change through the sink; if that fails, its outbox entry shows it
        later (:mod:`bot.delivery`)."""
        try:
            await self.sink.show(result, headline)
        except Exception:
            log.exception(
                "showing version %s of game %s failed", result.record.version, result.record.id
            )

    async def apply(
        self,
        loaded: Loaded,
        seat: int | None,
        user_id: int | None,
        actions: Sequence[Any],
        interaction_id: int | None,
        note: Note | None = None,
    ) -> MoveResult:
        """Apply ``actions`` (one, or the actions of one turn) in order and save it all as
        one change (with the system's ``note``); computers answer in a change of their own."""
        game = loaded.game
        state, played, (outcome, stored) = await off_loop(
            then_summed, play, game, loaded.state, seat, user_id, actions, interaction_id
        )
        previous = game.to_move(loaded.state)
        change = Change(
            game,
            state,
            played.events,
            list(actions),
            played.applied,
            previous,
            outcome,
            stored,
            played.accounts,
        )
        return await self.save(loaded.record, change, note)

    async def save(
        self, record: GameRecord, change: Change, note: Note | None = None
    ) -> MoveResult:
        """Save the change with its outbox entry (and the end of the job that made it); a
        change saved meanwhile by another is refused."""
        try:
            return await self._commit(record, change, note)
        except VersionConflict:
            raise UserError("board_changed") from None

    async def _commit(
        self, record: GameRecord, change: Change, note: Note | None = None
    ) -> MoveResult:
        """:meth:`save`, raising VersionConflict when ``record`` is no longer the latest."""
        game, state, outcome = change.game, change.state, change.outcome
        thinking = outcome is None and bool(record.computer_seats & game.to_move(state))
        stored = change.stored
        fresh = replace(
            record,
            state_text=stored,
            version=record.version + 1,
            status="finished" if outcome else "active",
            result=outcome.to_json() if outcome else None,
        )
        jobs = await self.timers.plan(fresh, game, state, change.previous_movers)
        new_round = _opens_round(game, self._cached(record), state, change.previous_movers)
        if thinking:
            due = self._now() + THINKING_GRACE
            jobs = jobs.also(Scheduled(COMPUTERS, due, {"version": fresh.version}))
        try:
            version = await self.store.save_move(
                record.id,
                expected_version=record.version,
                state=stored,
                actions=change.applied,
                now=self._now(),
                status="finished" if outcome else "active",
                result=outcome.to_json() if outcome else None,
                finished=finished_game(record, game, state, outcome) if outcome else None,
                notice=self._board_notice(change, note, new_round),
                job_id=note.job_id if note else None,
                drop=jobs.drop,
                then=jobs.then,
            )
        except DuplicateInteraction:
            raise UserError("duplicate") from None
        assert version == fresh.version
        _saved.set(SavedChange(record.id, record.channel_id, version))
        self.remember(record.id, version, state)
        return MoveResult(
            fresh,
            state,
            change.events,
            change.applied,
            thinking=thinking,
            actions=change.actions,
            game=game,
            accounts=change.accounts,
            new_round=new_round,
        )

    def _board_notice(self, change: Change, note: Note | None, new_round: bool) -> Notice:
        """The outbox entry of a change: its board, with what the publisher needs to show it
        as the change's own handler would (who acted, what happened, the job's headline,
        whether it opened a round)."""
        applied = change.applied
        actor = applied[0].seat if applied and applied[0].user_id is not None else None
        events = [e.to_json() for e in change.events]
        payload: dict[str, Any] = {"actor": actor, "events": events}
        if new_round:
            payload["new_round"] = True
        if note is not None and note.headline is not None:
            payload["headline"] = note.headline.to_json()
        by_job = note is not None and note.job_id is not None
        due = self._now() + (timedelta() if by_job else SHOW_GRACE)
        return Notice(BOARD, due, payload)


def _opens_round(game: Game, before: Any, after: Any, previous_movers: frozenset[int]) -> bool:
    """Whether ``after`` is a new round (games played in rounds, ``before`` known) or gives
    the turn to seats that were not to move."""
    if before is not None and game.round_number(after) is not None:
        return game.round_number(after) != game.round_number(before)
    return bool(game.to_move(after) - previous_movers)


def _summary(game: Game, state: Any) -> tuple[Any, str]:
    """The state's outcome (None while it goes on) and its stored text."""
    return game.outcome(state), encoded_state(game.serialize(state))


def then_summed(
    step: Callable[..., tuple[Any, T]], game: Game, *args: Any
) -> tuple[Any, T, tuple[Any, str]]:
    """``step(game, *args)`` (the state after it, and what it did), and that state's outcome
    and stored text: a move's one trip to a thread (each trip costs the event loop more
    than a small game's step)."""
    after, did = step(game, *args)
    return after, did, _summary(game, after)
