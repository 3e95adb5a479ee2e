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
import time
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
OPEN_GROUP = ("BEGIN IMMEDIATE", "SAVEPOINT change")
"""What a change that opens the transaction runs before its first statement."""
OPEN_CHANGE = ("SAVEPOINT change",)
"""What a change that joins an open transaction runs before its first statement."""
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
        self._waiting = 0
        """Changes waiting for the write lock (a change alone commits at once)."""
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

        A change's statements go to the connection's thread together (see :class:`_SQLiteTx`):
        the transaction's opening with its first statement that is waited for, and a change
        that no other is waiting to join is committed in the same hand-over as its last
        statements. A move's save is then one hand-over, not four.
        """
        self._waiting += 1
        try:
            await bounded(self._write_lock.acquire(), "the write lock")
        finally:
            self._waiting -= 1
        group, began = self._group_to_join()
        tx = _SQLiteTx(self._db, opening=OPEN_GROUP if began else OPEN_CHANGE)
        alone = rolled_back = False
        try:
            yield tx
            alone = began and not self._waiting
            if alone:
                await asyncio.shield(self._finish_alone(tx, group))
            else:
                await asyncio.shield(tx.finish("RELEASE change"))
        except BaseException:
            if not began:
                await self._undo_change(group)
            elif not alone:  # (one finished alone was rolled back in the thread)
                rolled_back = True
                await self._roll_back("ROLLBACK")  # the transaction holds this change alone
            raise
        finally:
            if alone or rolled_back:
                self._group = None
                if rolled_back:
                    group.committed.cancel()
            else:
                self._commit_soon(group)
            self._write_lock.release()
        await asyncio.shield(group.committed)
        for game_id in tx.announced:
            self.changes.publish(game_id)
        for tournament_id in tx.announced_tournaments:
            self.tournament_changes.publish(tournament_id)

    def _group_to_join(self) -> tuple[_Group, bool]:
        """The open transaction, and whether the change holding the lock begins it now."""
        if self._group is not None:
            return self._group, False
        self._group = _Group(asyncio.get_running_loop().create_future())
        return self._group, True

    async def _finish_alone(self, tx: _SQLiteTx, group: _Group) -> None:
        """The change's last statements, its savepoint's release and the COMMIT, in one
        hand-over awaited to its end (on any error the thread rolls the transaction back);
        ``group`` hears how it went."""
        try:
            await tx.finish_and_commit()
        except BaseException as error:
            group.failed(error)
            raise
        group.committed.set_result(None)

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
                group.failed(error)
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

    def failed(self, error: BaseException) -> None:
        """The group was not committed because of ``error`` (a cut wait: a timeout)."""
        self.committed.set_exception(
            error if isinstance(error, Exception) else StorageTimeout("the commit")
        )


class _SQLiteTx(Tx):
    """One change's statements. Those whose outcome nobody waits for (:meth:`later`,
    :meth:`later_checked`), and the ``opening`` (BEGIN, the savepoint), go to the
    connection's thread with the next statement that is waited for, or with the savepoint's
    release: a save is one hand-over, not one per statement."""

    def __init__(self, db: aiosqlite.Connection, opening: Sequence[str]) -> None:
        self._db = db
        self._pending: list[_Later] = [_Later(sql, ()) for sql in opening]
        self.announced: list[int] = []
        self.announced_tournaments: list[int] = []

    async def announce(self, game_id: int) -> None:
        self.announced.append(game_id)

    async def announce_tournament(self, tournament_id: int) -> None:
        self.announced_tournaments.append(tournament_id)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        changed: int = await self._after_pending(_changed, sql, params)
        return changed

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        found: list[Any] = await self._after_pending(_all_rows, sql, params)
        return found

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._after_pending(_each_row, sql, rows)

    async def later(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._pending.append(_Later(sql, params))

    async def later_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._pending.append(_Later(sql, rows, many=True))

    async def later_checked(
        self, sql: str, params: Sequence[Any], *, changes: int, otherwise: type[Exception]
    ) -> None:
        self._pending.append(_Later(sql, params, changes=changes, otherwise=otherwise))

    async def finish(self, sql: str) -> None:
        """Run the statements still pending, then ``sql`` (the savepoint's release)."""
        await self._after_pending(_changed, sql, ())

    async def finish_and_commit(self) -> None:
        """Run the statements still pending, release the savepoint and COMMIT, in one
        hand-over awaited to its end: the thread commits only within the time left, and
        rolls the transaction back on any error."""
        pending, self._pending = self._pending, []
        try:
            await _in_thread(self._db, _committed, pending, time.perf_counter() + remaining())
        except sqlite3.OperationalError as exc:
            if str(exc) in LOCKED:
                raise StorageTimeout(str(exc)) from exc
            raise
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def _after_pending(self, work: Any, sql: str, params: Any) -> Any:
        """``work(connection, sql, params)`` after the pending statements, in one hand-over
        within the time left; a pending statement's failure is this call's."""
        pending, self._pending = self._pending, []
        try:
            return await _bounded(_in_thread(self._db, _after, pending, work, sql, params), sql)
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc


@dataclass(frozen=True, slots=True)
class _Later:
    """A statement whose outcome nobody waits for (with ``many``: once per parameter row);
    with ``changes``, a statement that raises ``otherwise`` unless it changed that many rows."""

    sql: str
    params: Any
    many: bool = False
    changes: int | None = None
    otherwise: type[Exception] | None = None

    def run(self, conn: sqlite3.Connection) -> None:
        cursor = (conn.executemany if self.many else conn.execute)(self.sql, self.params)
        changed = cursor.rowcount
        cursor.close()
        if self.otherwise is not None and changed != self.changes:
            raise self.otherwise()


def _after(
    conn: sqlite3.Connection, pending: Sequence[_Later], work: Any, sql: str, params: Any
) -> Any:
    """Run ``pending`` in order, then ``work(conn, sql, params)``."""
    for statement in pending:
        statement.run(conn)
    return work(conn, sql, params)


def _committed(conn: sqlite3.Connection, pending: Sequence[_Later], by: float) -> None:
    """Run ``pending`` in order, release the change's savepoint and COMMIT, within the time
    left until ``by`` on ``time.perf_counter()`` (a clock no test double turns): a lock
    another program holds is waited for that long at most, and no COMMIT starts after it.
    On any error the whole transaction is rolled back (it holds this change alone)."""
    left_ms = int((by - time.perf_counter()) * 1000)
    conn.execute(f"PRAGMA busy_timeout = {min(max(left_ms, 0), BUSY_TIMEOUT_MS)}").close()
    try:
        if left_ms <= 0:
            raise StorageTimeout("the commit")  # (its BEGIN may have run with an earlier step)
        for statement in pending:
            statement.run(conn)
        conn.execute("RELEASE change").close()
        if time.perf_counter() > by:
            raise StorageTimeout("the commit")
        conn.execute("COMMIT").close()
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK").close()
        raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}").close()


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


def _each_row(conn: sqlite3.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    """Run ``sql`` once per parameter row, in order."""
    conn.executemany(sql, rows).close()


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
    return found[0], _seat_rows(conn, found[0]["id"])


def _seat_rows(conn: sqlite3.Connection, game_id: int) -> list[tuple[Any, ...]]:
    """A game's seats' rows as plain tuples: each read is compared with the last one
    (:meth:`~.base.Store._players_of`), and a race's 99 tuples compare several times faster
    than its 99 :class:`sqlite3.Row` objects."""
    cursor = conn.execute(SEATS_SQL, (game_id,))
    cursor.row_factory = None
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


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
