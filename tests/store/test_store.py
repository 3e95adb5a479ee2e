"""The store: migrations, one open game per channel, version checks, duplicate interactions."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from bot.store import (
    DuplicateInteraction,
    LoggedAction,
    PlayerRecord,
    Store,
    StoreError,
    VersionConflict,
    migrations,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOST = PlayerRecord(0, 111, "Host", False)


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "test.db")
    yield store
    await store.close()


async def _lobby(store: Store, channel: int = 5):
    return await store.create_lobby(
        guild_id=1, channel_id=channel, game="tigerisland", host=HOST, options={}, seed=9, now=NOW
    )


async def test_migrations_run_from_empty_and_are_recorded(tmp_path) -> None:
    path = tmp_path / "fresh.db"
    store = await Store.open(path)
    assert await store.schema_version() == max(n for n, _ in migrations())
    await store.close()
    raw = sqlite3.connect(path)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "players", "actions", "jobs", "guild_settings"} <= tables
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()
    again = await Store.open(path)  # reopening applies nothing twice
    assert await again.schema_version() == max(n for n, _ in migrations())
    await again.close()


async def test_one_open_game_per_channel(store: Store) -> None:
    record = await _lobby(store)
    assert record.status == "lobby" and record.players == (HOST,)
    with pytest.raises(StoreError) as err:
        await _lobby(store)
    assert err.value.code == "channel_busy"
    other = await _lobby(store, channel=6)
    assert other.id != record.id
    await store.close_game(record.id, record.version, "cancelled", NOW)
    assert (await _lobby(store)).status == "lobby"


async def test_save_move_checks_the_version(store: Store) -> None:
    record = await _lobby(store)
    action = LoggedAction(0, 111, "FOUND SETTLEMENT AT 1 -1 0", 1001)
    v1 = await store.save_move(
        record.id, expected_version=record.version, state={"n": 1}, actions=[action], now=NOW
    )
    with pytest.raises(VersionConflict):
        await store.save_move(
            record.id, expected_version=record.version, state={"n": 2}, actions=[], now=NOW
        )
    saved = await store.get_game(record.id)
    assert saved.version == v1 and saved.state == {"n": 1} and saved.status == "active"
    assert await store.actions(record.id) == [action]


async def test_a_repeated_interaction_is_never_applied_twice(store: Store) -> None:
    record = await _lobby(store)
    action = LoggedAction(0, 111, "PASS", 4242)
    version = await store.save_move(
        record.id, expected_version=record.version, state={"n": 1}, actions=[action], now=NOW
    )
    assert await store.interaction_seen(4242)
    with pytest.raises(DuplicateInteraction):
        await store.save_move(
            record.id, expected_version=version, state={"n": 2}, actions=[action], now=NOW
        )
    saved = await store.get_game(record.id)
    assert saved.state == {"n": 1} and saved.version == version
    assert len(await store.actions(record.id)) == 1


async def test_a_failed_save_changes_nothing(store: Store) -> None:
    record = await _lobby(store)
    bad = [LoggedAction(0, 111, "A", 1), LoggedAction(0, 111, "B", 1)]  # same id twice
    with pytest.raises(DuplicateInteraction):
        await store.save_move(
            record.id, expected_version=record.version, state={"n": 1}, actions=bad, now=NOW
        )
    saved = await store.get_game(record.id)
    assert saved.version == record.version and saved.state is None
    assert await store.actions(record.id) == []


async def test_seats_and_settings_round_trip(store: Store, tmp_path) -> None:
    record = await _lobby(store)
    seats = [HOST, PlayerRecord(1, None, "Ada (computer)", True)]
    await store.set_seats(record.id, record.version, seats, NOW)
    saved = await store.get_game(record.id)
    assert saved.players == tuple(seats) and saved.seat_of(111) == 0 and saved.seat_of(5) is None
    assert await store.update_guild_settings(1, {"reminder_hours": 12}) == {"reminder_hours": 12}
    assert await store.guild_settings(1) == {"reminder_hours": 12}
    await store.backup(tmp_path / "copy.db")
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 2
    copy.close()


async def test_computer_seats_saved_before_levels_existed_play_at_normal(tmp_path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        for number, sql in migrations():
            if number <= 2:
                db.executescript(sql)
        db.execute("PRAGMA user_version = 2")
        db.execute(
            "INSERT INTO games (id, channel_id, game, status, host_id, seed, created_at,"
            " updated_at) VALUES (1, 5, 'tigerisland', 'lobby', 111, 9, 'x', 'x')"
        )
        db.executemany(
            "INSERT INTO players (game_id, seat, user_id, name, is_ai, joined_at)"
            " VALUES (1, ?, ?, ?, ?, 'x')",
            [(0, 111, "Host", 0), (1, None, "Ada (computer)", 1)],
        )
    store = await Store.open(path)
    try:
        record = await store.get_game(1)
        assert record is not None
        assert [p.level for p in record.players] == [None, "normal"]
    finally:
        await store.close()
