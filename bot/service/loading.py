"""Loading a channel's game: the record, its game's rules and its engine state, found once.

A request loads its game once into a :class:`Loaded` value and passes it down; the engine
state of a saved version is read once per service (a small cache by game id and version).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from engine import find_game
from engine.core import Game

from ..errors import UserError
from ..store import GameRecord, Store

T = TypeVar("T")
STATE_CACHE_SIZE = 256


def utcnow() -> datetime:
    return datetime.now(UTC)


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``: engine work on a state held by the event loop, in a thread.

    The thread gives the interpreter back to the event loop at every switch interval (5 ms),
    so a long step (a 99-player round closing) delays no acknowledgement by more than that;
    shipping the state to a worker process would cost the loop more (pickling every sheet,
    both ways) than the step itself.
    """
    return await asyncio.to_thread(fn, *args)


@dataclass(frozen=True, slots=True)
class Loaded:
    """One request's game: its record as read, its game's rules and its engine state."""

    record: GameRecord
    game: Game
    state: Any


class Loading:
    """The store, the clock, the channels' locks and the cache of engine states."""

    def __init__(self, store: Store, now: Callable[[], datetime]) -> None:
        self.store = store
        self._now = now
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: dict[int, tuple[int, Any]] = {}
        self.reader = uuid.uuid4().hex
        """Tells this service's saved states apart from another's of the same ids (a worker
        remembers states by it, game id and version)."""

    def now(self) -> datetime:
        """The service's clock (the bot's, which tests can move forward)."""
        return self._now()

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that serializes every change in one channel."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def current(self, channel_id: int) -> GameRecord:
        """The channel's open game (lobby or running), or a UserError."""
        record = await self.store.open_game_in(channel_id)
        if record is None:
            raise UserError("no_game")
        return record

    async def to_show(self, channel_id: int) -> GameRecord:
        """The channel's open game, or else its last finished one (its final board)."""
        record = await self.store.open_game_in(channel_id)
        if record is None:
            record = await self.store.last_game_in(channel_id)
            if record is None or record.status != "finished" or record.state_text is None:
                raise UserError("no_game")
        return record

    async def running(self, channel_id: int) -> tuple[GameRecord, Any]:
        """The channel's running game and its engine state."""
        loaded = self.load(await self.running_record(channel_id))
        return loaded.record, loaded.state

    async def running_record(self, channel_id: int) -> GameRecord:
        """The channel's running game, its state left as saved (for the worker pool)."""
        return _running(await self.store.open_game_in(channel_id))

    async def running_seeing(
        self, channel_id: int, interaction_ids: Sequence[int]
    ) -> tuple[GameRecord, set[int]]:
        """:meth:`running_record`, and which of ``interaction_ids`` already made a logged
        action, read at once."""
        record, seen = await self.store.open_game_seeing(channel_id, interaction_ids)
        return _running(record), seen

    async def game_named_by(
        self, game_id: int, game_name: str, channel_id: int | None
    ) -> GameRecord:
        """The game a component's custom id names, once checked against where it was used.

        Refuses (UserError) an id naming no game, a game of another channel, or a game of
        another kind: ids can be outdated or forged, and must not reach another game's state.
        """
        record = await self.store.get_game(game_id)
        if record is None or record.channel_id != channel_id:
            raise UserError("unknown_button")
        if record.game != game_name:
            raise UserError("wrong_game_button")
        return record

    def load(self, record: GameRecord) -> Loaded:
        """``record`` with its game and engine state (read once per version)."""
        game = find_game(record.game)
        state = self.cached(record)
        if state is None:
            assert record.state_text is not None
            state = game.deserialize(record.state)
            self.remember(record.id, record.version, state)
        return Loaded(record, game, state)

    async def load_off_loop(self, record: GameRecord) -> Loaded:
        """:meth:`load`, a state not cached being read in a thread."""
        game = find_game(record.game)
        state = self.cached(record)
        if state is None:
            assert record.state_text is not None
            state = await off_loop(_read_state, game, record.state_text)
            self.remember(record.id, record.version, state)
        return Loaded(record, game, state)

    def state_of(self, record: GameRecord) -> Any:
        """The engine state of a record (cached by game id and version)."""
        return self.load(record).state

    def cached(self, record: GameRecord) -> Any:
        """The engine state of ``record``'s version if it is cached, else None."""
        cached = self._states.get(record.id)
        return cached[1] if cached is not None and cached[0] == record.version else None

    def remember(self, game_id: int, version: int, state: Any) -> None:
        """Keep ``state`` as the engine state of the game's ``version``."""
        if len(self._states) >= STATE_CACHE_SIZE:
            self._states.pop(next(iter(self._states)))
        self._states[game_id] = (version, state)


def _read_state(game: Game, text: str) -> Any:
    """The engine state stored as ``text`` (decoded in the thread that reads it)."""
    return game.deserialize(json.loads(text))


def _running(record: GameRecord | None) -> GameRecord:
    """``record`` if it is a running game, or the UserError saying why not."""
    if record is None:
        raise UserError("no_game")
    if record.status != "active":
        raise UserError("not_started")
    return record
