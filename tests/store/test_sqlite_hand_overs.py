"""SQLite's transactions in few hand-overs: a change alone is saved in one trip to the
connection's thread (its opening, statements, release and COMMIT together), changes that
wait for the lock still share one COMMIT, and whatever fails leaves nothing behind."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.store import (
    DuplicateInteraction,
    LoggedAction,
    PlayerRecord,
    StorageTimeout,
    Store,
    VersionConflict,
    answer_within,
)
from bot.store.outbox import BOARD, Notice
from bot.store.sqlite import BUSY_TIMEOUT_MS
from tests.frozen import sqlite_held

NOW = datetime(2026, 12, 5, tzinfo=UTC)
HOST = PlayerRecord(0, 111, "Host", False)


class Watched:
    """A SQLite store whose hand-overs to its connection's thread, and COMMITs, are counted."""

    def __init__(self, store: Store, path: str) -> None:
        self.store = store
        self.path = path
        self.hand_overs = 0
        self.commits = 0
        self.connection: Any = store._db  # type: ignore[attr-defined]
        self._queue_work = self.connection._execute

        async def counted(work: Any, *args: Any) -> Any:
            self.hand_overs += 1
            return await self._queue_work(work, *args)

        self.connection._execute = counted

    async def watch(self) -> None:
        """Count COMMITs, and give the connection ``pause(seconds)``."""
        await self._queue_work(self.connection._conn.set_trace_callback, self._traced)
        await self._queue_work(self.connection._conn.create_function, "pause", 1, time.sleep)

    async def in_transaction(self) -> bool:
        return bool(await self._queue_work(lambda: self.connection._conn.in_transaction))

    def _traced(self, statement: str) -> None:
        self.commits += statement == "COMMIT"

    def on_disk(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """What another connection reads: only what was committed."""
        with sqlite3.connect(self.path) as other:
            return other.execute(sql, params).fetchall()


@pytest.fixture
async def watched(tmp_path) -> AsyncIterator[Watched]:
    path = str(tmp_path / "hand-overs.db")
    store = await Store.open(path)
    try:
        watched = Watched(store, path)
        await watched.watch()
        yield watched
    finally:
        await store.close()


async def _game(watched: Watched, channel: int = 5) -> int:
    record = await watched.store.create_lobby(
        guild_id=1, channel_id=channel, game="tigerisland", host=HOST, options={}, seed=9, now=NOW
    )
    return record.id


async def _save(watched: Watched, game_id: int, version: int, interaction: int) -> int:
    return await watched.store.save_move(
        game_id,
        expected_version=version,
        state={"n": version + 1},
        actions=[LoggedAction(0, 111, "PASS", interaction)],
        now=NOW,
        notice=Notice(BOARD, NOW),
    )


async def test_a_move_saved_alone_is_one_hand_over_and_is_on_disk(watched: Watched) -> None:
    game_id = await _game(watched)
    before = watched.hand_overs, watched.commits
    version = await _save(watched, game_id, 0, 1)
    assert (watched.hand_overs - before[0], watched.commits - before[1]) == (1, 1)
    assert watched.on_disk("SELECT version FROM games WHERE id = ?", (game_id,)) == [(version,)]
    assert watched.on_disk("SELECT COUNT(*) FROM actions") == [(1,)]
    assert watched.on_disk("SELECT COUNT(*) FROM outbox") == [(1,)]
    assert not await watched.in_transaction()


async def test_the_boards_bookkeeping_is_one_hand_over_each(watched: Watched) -> None:
    game_id = await _game(watched)
    version = await _save(watched, game_id, 0, 1)
    before = watched.hand_overs
    await watched.store.board_posted(game_id, version, message_id=77, calls=[78, 79])
    assert watched.hand_overs - before == 1
    assert watched.on_disk("SELECT board_message_id FROM games") == [(77,)]
    assert watched.on_disk("SELECT COUNT(*) FROM outbox") == [(0,)]
    version = await _save(watched, game_id, version, 2)
    before = watched.hand_overs
    await watched.store.board_shown(game_id, version)
    assert watched.hand_overs - before == 1
    assert watched.on_disk("SELECT COUNT(*) FROM outbox") == [(0,)]
    assert await watched.store.board_calls(game_id) == [78, 79]


async def test_a_lobbys_99_seats_are_saved_in_one_hand_over(watched: Watched) -> None:
    game_id = await _game(watched)
    seats = [PlayerRecord(seat, 1000 + seat, f"Player {seat}", False) for seat in range(99)]
    before = watched.hand_overs
    await watched.store.set_seats(game_id, 0, seats, NOW)
    assert watched.hand_overs - before == 1
    assert watched.on_disk("SELECT COUNT(*) FROM players WHERE game_id = ?", (game_id,)) == [(99,)]
    with pytest.raises(VersionConflict):  # a join on a lobby that moved on changes nothing
        await watched.store.set_seats(game_id, 0, seats[:2], NOW)
    assert watched.on_disk("SELECT COUNT(*) FROM players WHERE game_id = ?", (game_id,)) == [(99,)]


async def test_a_stale_move_saved_alone_changes_nothing_and_the_next_one_saves(
    watched: Watched,
) -> None:
    game_id = await _game(watched)
    version = await _save(watched, game_id, 0, 1)
    with pytest.raises(VersionConflict):
        await _save(watched, game_id, version - 1, 2)
    assert not await watched.in_transaction()
    assert watched.on_disk("SELECT COUNT(*) FROM actions") == [(1,)]
    assert watched.on_disk("SELECT COUNT(*) FROM outbox") == [(1,)]
    assert await _save(watched, game_id, version, 3) == version + 1


async def test_a_repeated_interaction_alone_is_rolled_back_with_its_version(
    watched: Watched,
) -> None:
    game_id = await _game(watched)
    version = await _save(watched, game_id, 0, 1)
    with pytest.raises(DuplicateInteraction):
        await _save(watched, game_id, version, 1)  # the version matched: the bump ran
    assert not await watched.in_transaction()
    saved = await watched.store.get_game(game_id)
    assert saved is not None and saved.version == version and saved.state == {"n": 1}
    assert watched.on_disk("SELECT version FROM games WHERE id = ?", (game_id,)) == [(version,)]


async def test_changes_waiting_for_the_lock_share_one_commit_and_a_failed_one_is_undone_alone(
    watched: Watched,
) -> None:
    games = [await _game(watched, channel) for channel in range(10, 16)]
    commits = watched.commits
    stale = 5  # the last game is saved against a version it never had
    outcomes = await asyncio.gather(
        *(
            _save(watched, game_id, 0 if n != stale else 3, 100 + n)
            for n, game_id in enumerate(games)
        ),
        return_exceptions=True,
    )
    assert outcomes[:stale] == [1] * stale
    assert isinstance(outcomes[stale], VersionConflict)
    assert watched.commits - commits < len(games)  # the ones that waited shared a COMMIT
    assert watched.on_disk("SELECT COUNT(*) FROM actions") == [(stale,)]
    assert watched.on_disk("SELECT version FROM games ORDER BY id") == [(1,)] * stale + [(0,)]
    assert not await watched.in_transaction()


async def test_a_change_alone_whose_time_ran_out_before_its_commit_is_not_saved(
    watched: Watched,
) -> None:
    game_id = await _game(watched)
    answer_within(lambda: False, 0.3)
    with pytest.raises(StorageTimeout):
        async with watched.store.transaction() as tx:
            await tx.later("UPDATE games SET seed = 99 WHERE id = ?", (game_id,))
            await tx.later("SELECT pause(0.4)")  # the statements outlast the time left
    answer_within(lambda: True)
    assert not await watched.in_transaction()
    assert watched.on_disk("SELECT seed FROM games WHERE id = ?", (game_id,)) == [(9,)]
    assert await _save(watched, game_id, 0, 1) == 1  # and play goes on


async def test_a_change_alone_out_of_time_after_a_read_in_it_is_rolled_back_whole(
    watched: Watched,
) -> None:
    """Its transaction opened with a statement it waited for; its time runs out before its
    last hand-over: nothing of it is saved, and no transaction is left open."""
    game_id = await _game(watched)
    answer_within(lambda: False, 0.3)
    with pytest.raises(StorageTimeout):
        async with watched.store.transaction() as tx:
            await tx.rows("SELECT seed FROM games WHERE id = ?", (game_id,))  # BEGIN runs now
            await tx.later("UPDATE games SET seed = 99 WHERE id = ?", (game_id,))
            await asyncio.sleep(0.4)  # the time runs out before the last hand-over
    answer_within(lambda: True)
    assert not await watched.in_transaction()
    assert watched.on_disk("SELECT seed FROM games WHERE id = ?", (game_id,)) == [(9,)]
    assert await _save(watched, game_id, 0, 1) == 1


async def test_a_change_alone_cancelled_while_committing_is_saved_whole(watched: Watched) -> None:
    """Its caller stops waiting: the commit already handed over runs to its end."""
    game_id = await _game(watched)

    async def slow_change() -> None:
        async with watched.store.transaction() as tx:
            await tx.later("UPDATE games SET seed = 42 WHERE id = ?", (game_id,))
            await tx.later("SELECT pause(0.2)")

    change = asyncio.ensure_future(slow_change())
    await asyncio.sleep(0.05)
    change.cancel()
    with pytest.raises(asyncio.CancelledError):
        await change
    assert await _save(watched, game_id, 0, 1) == 1  # queued behind it, in a transaction of its own
    assert watched.on_disk("SELECT seed, version FROM games WHERE id = ?", (game_id,)) == [(42, 1)]


async def test_a_change_alone_waits_for_another_programs_lock_only_as_long_as_it_may(
    watched: Watched,
) -> None:
    """Its BEGIN goes with its statements: the wait for a lock another program holds is cut
    to the time its caller has left (not SQLite's whole busy timeout), and nothing is
    saved."""
    game_id = await _game(watched)
    answer_within(lambda: False, 0.3)
    with sqlite_held(watched.path):
        started = time.monotonic()
        with pytest.raises(StorageTimeout):
            await _save(watched, game_id, 0, 1)
        waited = time.monotonic() - started
    answer_within(lambda: True)
    assert waited < BUSY_TIMEOUT_MS / 1000  # (0.3 s and the hand-over, where SQLite waits 1 s)
    assert not await watched.in_transaction()
    assert watched.on_disk("SELECT version FROM games WHERE id = ?", (game_id,)) == [(0,)]
    assert await _save(watched, game_id, 0, 2) == 1  # the lock let go: play goes on
