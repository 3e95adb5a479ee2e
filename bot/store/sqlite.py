"""The SQLite back-end (aiosqlite, WAL): the default, a file and nothing to install.

Writes are serialized by one lock and ``BEGIN IMMEDIATE``, and committed in groups: the
changes waiting for the lock share one transaction and one COMMIT (see
:meth:`SQLiteStore.transaction`); the schema version is ``PRAGMA user_version``.
Every wait is bounded (:mod:`.waits`): a lock another program holds is waited for
``BUSY_TIMEOUT_MS`` at most, and a statement whose wait ran out is followed, in the
connection's queue, by the ROLLBACK of its change, so nothing of it is applied.
Every commit reaches the disk before it returns (``synchronous=FULL``), so a move a player
saw answered survives a power failure; ``ISLANDBOT_SQLITE_SYNCHRONOUS=NORMAL`` trades that
for faster commits (the last ones may be lost when the machine, not the bot, goes down).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from .base import SEATS_SQL, Store, Tx, parents_first
from .records import UniqueViolation
from .waits import StorageTimeout, bounded, remaining

BUSY_TIMEOUT_MS = 1000
"""How long a statement waits for a lock another program holds: the connection runs one
statement at a time, so this is also how long a blocked write holds up the reads behind it."""
LOCKED = ("database is locked", "database table is locked")
PRAGMAS = (f"busy_timeout = {BUSY_TIMEOUT_MS}", "journal_mode = WAL", "foreign_keys = ON")
SYNCHRONOUS_VARIABLE = "ISLANDBOT_SQLITE_SYNCHRONOUS"
SYNCHRONOUS = ("FULL", "NORMAL")


def synchronous(environ: dict[str, str] | None = None) -> str:
    """The durability the operator chose (``FULL`` unless ``NORMAL`` is asked for)."""
    values = os.environ if environ is None else environ
    chosen = values.get(SYNCHRONOUS_VARIABLE, "").strip().upper() or SYNCHRONOUS[0]
    if chosen not in SYNCHRONOUS:
        raise ValueError(f"{SYNCHRONOUS_VARIABLE} is FULL or NORMAL, not {chosen!r}")
    return chosen


class SQLiteStore(Store):
    """The store on one SQLite file."""

    backend = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write_lock = asyncio.Lock()
        self._rollbacks: set[asyncio.Task[bool]] = set()
        self._group: _Group | None = None
        """The transaction changes are joining, if one is open."""
        self._committing: set[asyncio.Task[None]] = set()

    @classmethod
    async def connect(cls, path: str | Path) -> SQLiteStore:  # type: ignore[override]
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        store = cls(db)
        for pragma in (*PRAGMAS, f"synchronous = {synchronous()}"):
            await _bounded_statement(db, f"PRAGMA {pragma}")
        return store

    async def close(self) -> None:
        if self._committing:  # changes already made are committed first
            await asyncio.wait(set(self._committing))
        await self._db.close()

    async def schema_version(self) -> int:
        row = await self._row("PRAGMA user_version")
        return int(row[0])

    async def _begin_migrations(self, tx: Tx) -> int:
        return await self.schema_version()  # BEGIN IMMEDIATE already excludes other writers

    async def _record_version(self, tx: Tx, number: int) -> None:
        await tx.execute(f"PRAGMA user_version = {number}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One change, saved with the changes around it in one SQLite transaction (group
        commit); it returns once that transaction is committed, and raises if it was not.

        Changes take the write lock in turn. The first opens the transaction (BEGIN
        IMMEDIATE); each runs inside a savepoint of its own, rolled back alone on any error (a
        wait that ran out included). When a change is done, a commit is queued behind the
        changes already waiting for the lock: they join the open transaction, and one COMMIT
        (one wait for the disk) saves them all. The commit is awaited to its end: cutting it
        short could report as failed a change that is then saved.
        """
        await bounded(self._write_lock.acquire(), "the write lock")
        group = None
        try:
            group = await self._open_group()
            tx = _SQLiteTx(self._db)
            try:
                await asyncio.shield(self._statement("SAVEPOINT change"))  # undone if need be
                yield tx
                await asyncio.shield(self._statement("RELEASE change"))
            except BaseException:
                await self._undo_change(group)
                raise
        finally:
            if group is not None:
                self._commit_soon(group)
            self._write_lock.release()
        await asyncio.shield(group.committed)
        for game_id in tx.announced:
            self.changes.publish(game_id)
        for tournament_id in tx.announced_tournaments:
            self.tournament_changes.publish(tournament_id)

    async def _open_group(self) -> _Group:
        """The open transaction, begun now if there is none (the write lock held)."""
        if self._group is None:
            try:
                await _bounded_statement(self._db, "BEGIN IMMEDIATE")
            except BaseException:
                await self._roll_back("ROLLBACK")  # a BEGIN whose wait ran out may run yet
                raise
            self._group = _Group(asyncio.get_running_loop().create_future())
        return self._group

    async def _undo_change(self, group: _Group) -> None:
        """Roll the change back to its savepoint, behind whatever statement of it still runs;
        a change that cannot be rolled back alone takes its whole transaction with it."""
        undone = await self._roll_back("ROLLBACK TO change; RELEASE change")
        if not undone:
            group.broken = True

    def _commit_soon(self, group: _Group) -> None:
        """Queue the commit of ``group`` behind the changes waiting for the lock (once)."""
        if group.commit is None:
            group.commit = asyncio.ensure_future(self._commit(group))
            self._committing.add(group.commit)
            group.commit.add_done_callback(self._committing.discard)

    async def _commit(self, group: _Group) -> None:
        """COMMIT (or, for a broken group, ROLLBACK) the group once the changes queued before
        this commit have run; every change of the group hears how it went."""
        async with self._write_lock:
            self._group = None
            try:
                if group.broken:
                    raise sqlite3.OperationalError("a change could not be rolled back alone")
                await self._statement("COMMIT")
            except BaseException as error:
                await self._rollback_quietly()
                group.committed.set_exception(
                    error if isinstance(error, Exception) else StorageTimeout("the commit")
                )
                if not isinstance(error, Exception):
                    raise
            else:
                group.committed.set_result(None)

    async def _roll_back(self, statements: str) -> bool:
        """Queue ``statements`` (a ROLLBACK) behind whatever statement still runs (one whose
        wait ran out), before the write lock lets another change run; wait for it within
        the time left. False if it failed."""
        rollback = asyncio.ensure_future(self._script_quietly(statements))
        self._rollbacks.add(rollback)
        rollback.add_done_callback(self._rollbacks.discard)
        await asyncio.sleep(0)  # its first step puts it in the connection's queue
        await asyncio.wait({rollback}, timeout=max(remaining(), 0.0))
        return not rollback.done() or rollback.result()

    async def _script_quietly(self, statements: str) -> bool:
        """Run ``;``-separated statements in turn (one hand-over); False if one failed."""
        try:
            await _in_thread(self._db, _run_each, statements)
        except sqlite3.Error:
            return False
        return True

    async def _rollback_quietly(self) -> None:
        with suppress(sqlite3.OperationalError):  # BEGIN failed: nothing to roll back
            await self._statement("ROLLBACK")

    async def _statement(self, sql: str) -> None:
        """Run one statement and close its cursor at once (open cursors block COMMIT)."""
        await _in_thread(self._db, _changed, sql, ())

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await _bounded_rows(self._db, sql, params)

    async def _game_rows(self, sql: str, params: Sequence[Any]) -> tuple[Any, list[Any]]:
        return await _bounded(_in_thread(self._db, _game_and_seats, sql, params), sql)

    async def backup(self, destination: str | Path) -> None:
        """A consistent copy while the bot runs (SQLite's backup API)."""
        target = await aiosqlite.connect(str(destination))
        try:
            await self._db.backup(target)
        finally:
            await target.close()

    async def tables(self) -> list[str]:
        names = [
            r[0]
            for r in await self._rows(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        parents = {
            name: {r["table"] for r in await self._rows(f"PRAGMA foreign_key_list({name})")}
            for name in names
        }
        return parents_first(parents)

    async def import_rows(
        self, tx: Tx, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        marks = ", ".join("?" for _ in columns)
        for row in rows:
            await tx.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", row)


@dataclass(eq=False)
class _Group:
    """One SQLite transaction that several changes share, and how its commit went."""

    committed: asyncio.Future[None]
    commit: asyncio.Task[None] | None = None
    broken: bool = False
    """A change of it could not be rolled back alone: the whole group is rolled back."""

    def __post_init__(self) -> None:
        # every change may have given up waiting: the outcome is then nobody's to read
        self.committed.add_done_callback(lambda done: done.cancelled() or done.exception())


class _SQLiteTx(Tx):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self.announced: list[int] = []
        self.announced_tournaments: list[int] = []

    async def announce(self, game_id: int) -> None:
        self.announced.append(game_id)

    async def announce_tournament(self, tournament_id: int) -> None:
        self.announced_tournaments.append(tournament_id)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return await _bounded_statement(self._db, sql, params)
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return await _bounded_rows(self._db, sql, params)
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def execute_many(self, sql: str, params: Sequence[Sequence[Any]]) -> None:
        try:
            await _bounded(_in_thread(self._db, _each, sql, params), sql)
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc


async def _bounded_statement(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Run a statement within the time left; returns the number of rows it changed."""
    return await _bounded(_in_thread(db, _changed, sql, params), sql)


async def _bounded_rows(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    """Every row of a query, within the time left."""
    return await _bounded(_in_thread(db, _all_rows, sql, params), sql)


async def _in_thread(db: aiosqlite.Connection, work: Any, *args: Any) -> Any:
    """``work(connection, *args)`` in the connection's thread, queued behind what is there:
    one hand-over each way however many steps it takes (execute, fetch, close)."""
    return await db._execute(work, db._conn, *args)


def _changed(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> int:
    """Run a statement; the rows it changed (its cursor closed: open cursors block COMMIT)."""
    cursor = conn.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _each(conn: sqlite3.Connection, sql: str, params: Sequence[Sequence[Any]]) -> None:
    """Run a statement for each parameter row (its cursor closed at once)."""
    conn.executemany(sql, params).close()


def _run_each(conn: sqlite3.Connection, statements: str) -> None:
    for statement in statements.split(";"):
        conn.execute(statement).close()


def _all_rows(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    cursor = conn.execute(sql, params)
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


def _game_and_seats(
    conn: sqlite3.Connection, sql: str, params: Sequence[Any]
) -> tuple[Any, list[Any]]:
    """The game row ``sql`` finds and its seats' rows, read at once."""
    found = _all_rows(conn, sql, params)
    if not found:
        return None, []
    return found[0], _all_rows(conn, SEATS_SQL, (found[0]["id"],))


async def _bounded(call: Any, sql: str) -> Any:
    """``call`` within the time left; a lock that stayed busy is a timeout too."""
    try:
        return await bounded(call, sql[:60])
    except sqlite3.OperationalError as exc:
        if str(exc) in LOCKED:
            raise StorageTimeout(str(exc)) from exc
        raise


def _translated(exc: sqlite3.IntegrityError) -> Exception:
    return UniqueViolation(str(exc)) if "UNIQUE" in str(exc) else exc
