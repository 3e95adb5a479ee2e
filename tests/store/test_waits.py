"""Bounded waits: a database that stops answering makes a call give up in time, and what it
gave up on is never applied afterwards (both back-ends)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from bot.store import PlayerRecord, StorageTimeout, Store, answer_within, waits
from tests.frozen import FreezingProxy, Outage, outage_of

NOW = datetime(2026, 11, 27, tzinfo=UTC)
HOST = PlayerRecord(0, 1, "Host", False)
GUEST = PlayerRecord(1, 2, "Guest", False)
BOUND = 1.0  # seconds an unanswered interaction's database work may take in these tests


@dataclass
class Frozen:
    store: Store
    outage: Outage

    @property
    def proxy(self) -> FreezingProxy | None:
        return self.outage.proxy

    def freeze(self) -> AbstractContextManager[None]:
        return self.outage.frozen()


@pytest.fixture
async def outage(database: str) -> AsyncIterator[Frozen]:
    """A store whose database can be frozen: PostgreSQL behind a proxy that stops forwarding,
    SQLite with its write lock held by another program."""
    async with outage_of(database) as frozen:
        store = await Store.open(frozen.url)
        try:
            yield Frozen(store, frozen)
        finally:
            await store.close()


async def lobby(store: Store) -> int:
    record = await store.create_lobby(
        guild_id=1, channel_id=10, game="tigerisland", host=HOST, options={}, seed=1, now=NOW
    )
    return record.id


async def seated(store: Store, game_id: int) -> tuple[int, int]:
    """The lobby's version and number of seats."""
    record = await store.get_game(game_id)
    assert record is not None
    return record.version, len(record.players)


async def test_a_change_during_an_outage_gives_up_in_time_and_is_never_applied(outage) -> None:
    game_id = await lobby(outage.store)
    answer_within(lambda: False, BOUND)  # as an interaction not answered yet
    with outage.freeze():
        started = time.monotonic()
        with pytest.raises(StorageTimeout):
            await outage.store.set_seats(game_id, 0, [HOST, GUEST], NOW)
        assert time.monotonic() - started < BOUND + 0.3
        await asyncio.sleep(0.5)  # still frozen after the failure was known
    await asyncio.sleep(0.5)  # the database works through whatever it was sent
    answer_within(lambda: True)
    assert await seated(outage.store, game_id) == (0, 1), "applied after it was given up"
    await outage.store.set_seats(game_id, 0, [HOST, GUEST], NOW)  # and play goes on
    assert await seated(outage.store, game_id) == (1, 2)


async def test_a_read_during_an_outage_gives_up_in_time(outage, monkeypatch) -> None:
    game_id = await lobby(outage.store)
    monkeypatch.setattr(waits, "CALL_SECONDS", BOUND)  # background work: its own bound
    with outage.freeze():
        started = time.monotonic()
        try:
            record = await outage.store.get_game(game_id)
        except StorageTimeout:
            record = None
        assert time.monotonic() - started < BOUND + 0.3
    if outage.proxy is None:  # SQLite: another program's write lock leaves reads alone
        assert record is not None and record.id == game_id
    else:
        assert record is None
    assert await outage.store.get_game(game_id) is not None


async def test_a_commit_held_back_past_its_deadline_is_refused_when_it_arrives(
    outage,
) -> None:
    if outage.proxy is None:
        pytest.skip("SQLite commits inside the bot's process: nothing can hold one back")
    game_id = await lobby(outage.store)
    answer_within(lambda: False, BOUND)
    outage.proxy.freeze_at(b"COMMIT")  # everything was sent but the COMMIT, which waits
    with pytest.raises(StorageTimeout):
        await outage.store.set_seats(game_id, 0, [HOST, GUEST], NOW)
    outage.proxy.resume()  # the server now reads the COMMIT, after its deadline
    await asyncio.sleep(0.5)
    answer_within(lambda: True)
    assert await seated(outage.store, game_id) == (0, 1), "applied after it was given up"
