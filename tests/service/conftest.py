"""The game service alone: an in-memory store, a clock the test moves, a recording sink."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.errors import UserError
from bot.rendering import Pictures
from bot.service import GameService, MoveResult
from bot.store import GameRecord, Store

CHANNEL = 7
ALICE, BOB = 1, 2


class Clock:
    """The service's clock, moved forward by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Sink:
    """Records every change the service shows, with its headline."""

    shown: list[tuple[MoveResult, Any]] = field(default_factory=list)

    async def show(self, result: MoveResult, headline: Any = None) -> None:
        self.shown.append((result, headline))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sink() -> Sink:
    return Sink()


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    store = await Store.open(":memory:")
    yield store
    await store.close()


@pytest.fixture
async def service(store: Store, clock: Clock, sink: Sink) -> AsyncIterator[GameService]:
    service = GameService(store, now=clock, seed_source=lambda: 5, sink=sink)
    service.pictures = Pictures(workers=0)  # panels planned in a thread: fast, and countable
    yield service
    service.computers.close()


async def open_lobby(
    service: GameService,
    game: str = "tigerisland",
    options: dict[str, Any] | None = None,
    host: tuple[int, str] = (ALICE, "Alice"),
) -> GameRecord:
    """A lobby in the test channel, opened by ``host`` (id and name)."""
    return await service.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name=game,
        host_id=host[0],
        host_name=host[1],
        options=options or {},
    )


async def open_table(
    service: GameService, game: str = "tigerisland", options: dict[str, Any] | None = None
) -> None:
    """A lobby of Alice's (the host) that Bob joined."""
    await open_lobby(service, game, options)
    await service.join(CHANNEL, BOB, "Bob")


@contextmanager
def refused(code: str) -> Iterator[None]:
    """The block must be refused with the UserError ``code``."""
    with pytest.raises(UserError) as caught:
        yield
    assert caught.value.code == code
