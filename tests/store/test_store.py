"""The store on SQLite and PostgreSQL: migrations, one open game per channel, version checks,
duplicate interactions, settings, jobs and backups."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from bot.shards import Shards
from bot.store import (
    DuplicateInteraction,
    LoggedAction,
    PlayerRecord,
    Scheduled,
    Store,
    StoreError,
    VersionConflict,
    kept,
    migrations,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOST = PlayerRecord(0, 111, "Host", False)


@pytest.fixture
async def store(database):
    store = await Store.open(database)
    yield store
    await store.close()


async def _lobby(store: Store, channel: int = 5):
    return await store.create_lobby(
        guild_id=1, channel_id=channel, game="tigerisland", host=HOST, options={}, seed=9, now=NOW
    )


async def test_migrations_run_from_empty_and_are_recorded(database) -> None:
    store = await Store.open(database)
    latest = max(n for n, _ in migrations(store.backend))
    assert await store.schema_version() == latest
    assert {"games", "players", "actions", "jobs", "guild_settings"} <= set(await store.tables())
    await store.close()
    again = await Store.open(database)  # reopening applies nothing twice
    assert await again.schema_version() == latest
    await again.close()


def test_both_back_ends_have_the_same_numbered_migrations() -> None:
    assert [n for n, _ in migrations("sqlite")] == [n for n, _ in migrations("postgresql")]


async def test_sqlite_runs_in_wal_mode(tmp_path) -> None:
    store = await Store.open(tmp_path / "wal.db")
    await store.close()
    raw = sqlite3.connect(tmp_path / "wal.db")
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


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


async def test_the_last_finished_game_skips_open_and_cancelled_ones(store: Store) -> None:
    assert await store.last_finished_in(5) is None
    first = await _lobby(store)
    await store.save_move(
        first.id, expected_version=first.version, state={}, actions=[], now=NOW, status="finished"
    )
    cancelled = await _lobby(store)
    await store.close_game(cancelled.id, cancelled.version, "cancelled", NOW)
    await _lobby(store)  # open now
    await _lobby(store, channel=6)
    found = await store.last_finished_in(5)
    assert found is not None and (found.id, found.status) == (first.id, "finished")


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
    assert await store.open_game_seeing(5, [4242]) == (await store.open_game_in(5), {4242})
    assert (await store.open_game_seeing(5, [4243, 4242, 1]))[1] == {4242}
    assert (await store.open_game_seeing(5, []))[1] == set()
    assert await store.open_game_seeing(6, [4242]) == (None, set())  # no game in that channel
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


async def test_the_log_numbers_each_action_after_the_last_in_order(store: Store) -> None:
    record = await _lobby(store)
    first = [LoggedAction(0, 111, "A", 1), LoggedAction(1, None, "B", None)]
    second = [LoggedAction(0, 111, f"C{n}", 10 + n) for n in range(3)]
    version = await store.save_move(
        record.id, expected_version=record.version, state={}, actions=first, now=NOW
    )
    await store.save_move(record.id, expected_version=version, state={}, actions=second, now=NOW)
    assert await store.actions(record.id) == [*first, *second]


async def test_a_changes_jobs_replace_the_pending_ones_of_their_kinds(store: Store) -> None:
    record = await _lobby(store)
    for kind in ("reminder", "timeout", "paced"):
        await store.schedule_job(record.id, kind, NOW, {"old": kind})
    later = NOW + timedelta(hours=1)
    version = await store.save_move(
        record.id,
        expected_version=record.version,
        state={},
        actions=[],
        now=NOW,
        drop=("paced",),
        then=(
            Scheduled("reminder", later, {"new": 1}),
            Scheduled("round", later, {"new": 2}),
            Scheduled("reminder", later, {"new": 3}),  # a later one of a kind wins
        ),
    )
    pending = {job.kind: job.payload for job in await store.pending_jobs(record.id)}
    assert pending == {"reminder": {"new": 3}, "round": {"new": 2}, "timeout": {"old": "timeout"}}
    with pytest.raises(VersionConflict):  # a refused change leaves them as they are
        await store.save_move(
            record.id, expected_version=record.version, state={}, actions=[], now=NOW, drop=None
        )
    assert len(await store.pending_jobs(record.id)) == 3
    await store.save_move(
        record.id, expected_version=version, state={}, actions=[], now=NOW, drop=None
    )
    assert await store.pending_jobs(record.id) == []


async def test_seats_and_settings_round_trip(store: Store) -> None:
    record = await _lobby(store)
    seats = [HOST, PlayerRecord(1, None, "Ada (computer)", True, "hard")]
    await store.set_seats(record.id, record.version, seats, NOW)
    saved = await store.get_game(record.id)
    assert saved.players == tuple(seats) and saved.seat_of(111) == 0 and saved.seat_of(5) is None
    assert await store.update_guild_settings(1, {"reminder_hours": 12}) == {"reminder_hours": 12}
    assert await store.update_guild_settings(1, {"ping": False}) == {
        "reminder_hours": 12,
        "ping": False,
    }
    assert await store.guild_settings(1) == {"reminder_hours": 12, "ping": False}
    assert await store.user_settings(111) == {}


async def test_discord_sized_ids_round_trip(store: Store) -> None:
    big = 1_234_567_890_123_456_789  # snowflakes need 64 bits
    record = await store.create_lobby(
        guild_id=big,
        channel_id=big + 1,
        game="islant",
        host=PlayerRecord(0, big + 2, "H", False),
        options={},
        seed=2**31 - 1,
        now=NOW,
    )
    await store.save_move(
        record.id,
        expected_version=0,
        state={},
        actions=[LoggedAction(0, big + 2, "X", big)],
        now=NOW,
    )
    saved = await store.open_game_in(big + 1)
    assert (saved.guild_id, saved.host_id, saved.players[0].user_id) == (big, big + 2, big + 2)
    assert (await store.open_game_seeing(big + 1, [big]))[1] == {big}


async def test_a_boards_calls_to_act_replace_the_last_boards(store: Store) -> None:
    big = 1_234_567_890_123_456_789
    record = await _lobby(store)
    other = await _lobby(store, channel=6)
    await store.board_posted(record.id, 0, big - 1, [big + 1, big])
    await store.board_posted(other.id, 0, 6, [7])
    assert await store.board_calls(record.id) == [big, big + 1]
    await store.board_posted(record.id, 0, big - 2, [])
    assert (await store.get_game(record.id)).board_message_id == big - 2
    assert await store.board_calls(record.id) == []
    assert await store.board_calls(other.id) == [7]


async def test_jobs_are_claimed_once_until_their_lease_runs_out(store: Store) -> None:
    record = await _lobby(store)
    job_id = await store.schedule_job(record.id, "reminder", NOW, {"version": 0})
    later = NOW + timedelta(minutes=1)
    claimed = await store.claim_due_jobs(later, later - timedelta(minutes=5))
    assert [j.id for j in claimed] == [job_id]
    assert await store.claim_due_jobs(later, later - timedelta(minutes=5)) == []
    much_later = NOW + timedelta(minutes=10)  # the claimer never finished: its lease ran out
    again = await store.claim_due_jobs(much_later, much_later - timedelta(minutes=5))
    assert [j.id for j in again] == [job_id]
    await store.finish_job(again[0], much_later)
    assert await store.claim_due_jobs(much_later, much_later) == []
    assert await store.pending_jobs(record.id) == []


async def test_a_process_claims_only_the_jobs_of_its_shards(store: Store) -> None:
    on_shard = {}
    for shard in range(4):
        guild = (shard << 22) | 7
        record = await store.create_lobby(
            guild_id=guild,
            channel_id=100 + shard,
            game="tigerisland",
            host=HOST,
            options={},
            seed=1,
            now=NOW,
        )
        on_shard[shard] = await store.schedule_job(record.id, "reminder", NOW, {})
    mine = await store.claim_due_jobs(NOW, NOW, Shards((1, 3), 4))
    assert sorted(j.id for j in mine) == [on_shard[1], on_shard[3]]
    rest = await store.claim_due_jobs(NOW, NOW, Shards((0, 2), 4))
    assert sorted(j.id for j in rest) == [on_shard[0], on_shard[2]]


async def test_backup_copies_a_sqlite_database(tmp_path) -> None:
    store = await Store.open(tmp_path / "live.db")
    await _lobby(store)
    await store.backup(tmp_path / "copy.db")
    await store.close()
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 1
    copy.close()


async def test_backup_of_postgresql_points_to_pg_dump(postgres_url, tmp_path) -> None:
    store = await Store.open(postgres_url)
    try:
        with pytest.raises(StoreError) as err:
            await store.backup(tmp_path / "copy.db")
    finally:
        await store.close()
    assert "pg_dump" in err.value.message and not (tmp_path / "copy.db").exists()


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


async def test_actions_saved_together_and_later_are_logged_in_order(store: Store) -> None:
    record = await _lobby(store)
    first = [LoggedAction(0, 111, "A", 501), LoggedAction(1, 222, "B", 502)]
    version = await store.save_move(
        record.id, expected_version=record.version, state={"n": 1}, actions=first, now=NOW
    )
    later = LoggedAction(0, 111, "C", 503)
    await store.save_move(
        record.id, expected_version=version, state={"n": 2}, actions=[later], now=NOW
    )
    assert await store.actions(record.id) == [*first, later]


async def test_a_servers_settings_are_read_again_after_a_while_and_changed_here_at_once(
    database, monkeypatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(kept, "monotonic", lambda: clock[0])
    here, there = await Store.open(database), await Store.open(database)
    try:
        assert await here.guild_settings(5) == {}
        await there.update_guild_settings(5, {"language": "de"})  # another process
        assert await here.guild_settings(5) == {}  # read lately: not read again yet
        clock[0] += kept.SETTINGS_SECONDS + 0.1
        assert await here.guild_settings(5) == {"language": "de"}
        await here.update_guild_settings(5, {"who_can_start": "managers"})
        assert await here.guild_settings(5) == {"language": "de", "who_can_start": "managers"}
        mine = await here.guild_settings(5)
        mine["language"] = "en"  # a copy: the kept settings do not change
        assert (await here.guild_settings(5))["language"] == "de"
    finally:
        await here.close()
        await there.close()


async def test_the_settings_of_several_users_are_read_at_once(store: Store) -> None:
    await store.update_user_settings(1, {"notify": False})
    await store.update_user_settings(2, {"notify": True})
    assert await store.users_settings([1, 2, 3]) == {1: {"notify": False}, 2: {"notify": True}}
    assert await store.users_settings([]) == {}


async def test_users_settings_are_read_again_after_a_while_and_changed_here_at_once(
    database, monkeypatch
) -> None:
    """A board asks for its players' settings at every post: read lately, they are used
    again; a change made here is seen at once, one made by another process within seconds."""
    clock = [1000.0]
    monkeypatch.setattr(kept, "monotonic", lambda: clock[0])
    here, there = await Store.open(database), await Store.open(database)
    try:
        assert await here.users_settings([1, 2]) == {}
        await there.update_user_settings(1, {"notify": False})  # another process
        assert await here.users_settings([1, 2]) == {}  # read lately: not read again yet
        await here.update_user_settings(2, {"notify": False})
        assert await here.users_settings([1, 2]) == {2: {"notify": False}}
        clock[0] += kept.SETTINGS_SECONDS + 0.1
        assert await here.users_settings([2, 1]) == {1: {"notify": False}, 2: {"notify": False}}
        mine = await here.users_settings([1])
        mine[1]["notify"] = True  # a copy: the kept settings do not change
        assert await here.users_settings([1]) == {1: {"notify": False}}
    finally:
        await here.close()
        await there.close()
