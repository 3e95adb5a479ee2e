"""The PostgreSQL back-end (asyncpg): one database shared by several bot processes.

Each transaction runs on its own pooled connection at READ COMMITTED. The guarantees come
from the rows themselves, not from a lock in this process: a save's ``UPDATE … WHERE
version = ?`` waits for any other writer of the game and then finds the version moved on;
unique indexes refuse a second open game in a channel and a repeated interaction id; a job is
claimed by one ``UPDATE … RETURNING`` whose conditions are checked again after any wait.

Every wait is bounded (:mod:`.waits`). A connection whose wait ran out is closed, not reused,
so the server drops its transaction; a COMMIT goes with a deadline the database enforces
(migration 0009), so a change the bot stopped waiting for is never applied later.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import asyncpg

from .base import Store, Tx, parents_first
from .changes import CHANNEL, TOURNAMENT_MARK
from .records import StoreError, UniqueViolation
from .turns import Turns
from .urls import without_password
from .waits import StorageTimeout, bounded, deadline, remaining

log = logging.getLogger(__name__)
POOL_SIZE = 10
LISTEN_RETRY_SECONDS = (0.5, 10.0)
"""The first and the longest wait before the listening connection is opened again."""
LISTEN_CHECK_SECONDS = 30.0
"""How often a quiet listening connection is asked whether it is still there."""
FLUSH_SECONDS = 0.5
"""Time kept for a commit to finish after the database checked its deadline."""
START_SECONDS = FLUSH_SECONDS + 0.05
"""The time a transaction needs left when its turn for a connection comes: with less, its
commit would be refused once its work is done, so it is refused before it starts (a
crowded pool then serves the calls that can still finish)."""
CLOCK_SECONDS = 0.1
"""How far the bot's and the database's clocks may disagree."""
SEATS_COLUMN = "seat_rows"
SEAT_ROWS = (
    "ARRAY(SELECT ROW(p.seat, p.user_id, p.name, p.is_ai, p.level) FROM players p"
    " WHERE p.game_id = g.id ORDER BY p.seat)"
)
"""A game's seats as :data:`~.base.SEATS_SQL` reads them, as one column of the game's row."""
MIGRATION_LOCK = 0x151A_4D0B  # pg_advisory_xact_lock key: one process migrates at a time
VERSION_TABLE = "schema_migrations"
BACKUP_ADVICE = (
    "islandbot backup copies SQLite files. For PostgreSQL use its own tool, e.g. "
    "pg_dump --format=custom --file=islandbot.dump DATABASE_URL (restore with pg_restore)."
)


class PostgresStore(Store):
    """The store on a PostgreSQL database, through a pool of connections."""

    backend = "postgresql"
    for_update = " FOR UPDATE"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._turns = Turns(pool.get_max_size())
        self._url = url
        self._listener: asyncpg.Connection | None = None
        self._listening: asyncio.Task[None] | None = None

    @classmethod
    async def connect(cls, url: str) -> PostgresStore:
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, reset=_nothing_to_reset
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(
                "unreachable", f"Cannot open the database {without_password(url)}: {exc}"
            ) from exc
        return cls(pool, url)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)
            self._listening = None
        if self._listener is not None:
            self._listener.terminate()
            self._listener = None
        await self._pool.close()

    async def watch(self) -> None:
        """Listen on a connection of its own: every process's changes reach the subscribers.

        A lost connection is opened again, after a wait that doubles up to 10 s. What was
        saved meanwhile is not announced by the database: whoever needs it looks again (the
        pages do, :mod:`bot.web.feed`)."""
        if self._listening is not None:
            return
        lost = await self._listen()
        self._listening = asyncio.get_running_loop().create_task(self._keep_listening(lost))

    async def _listen(self) -> asyncio.Event:
        """Open the listening connection; the event is set once it is lost."""
        lost = asyncio.Event()
        conn = await asyncpg.connect(self._url)
        conn.add_termination_listener(lambda _conn: lost.set())
        await conn.add_listener(CHANNEL, self._heard)
        self._listener = conn
        return lost

    async def _keep_listening(self, lost: asyncio.Event) -> None:
        first, longest = LISTEN_RETRY_SECONDS
        wait = first
        while True:
            await self._until_lost(lost)
            log.warning("the database's change announcements were lost: listening again")
            if self._listener is not None:
                self._listener.terminate()
                self._listener = None
            while True:
                await asyncio.sleep(wait)
                try:
                    lost = await self._listen()
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                    log.warning("listening again failed (%s): retrying", exc)
                    wait = min(wait * 2, longest)
                    continue
                wait = first
                break

    async def _until_lost(self, lost: asyncio.Event) -> None:
        """Return once the listening connection is lost (or stops answering)."""
        while True:
            try:
                await asyncio.wait_for(lost.wait(), LISTEN_CHECK_SECONDS)
                return
            except TimeoutError:
                pass
            try:
                assert self._listener is not None
                await asyncio.wait_for(self._listener.execute("SELECT 1"), 5.0)
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                return

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        if payload.isdigit():
            self.changes.publish(int(payload))
        elif payload.startswith(TOURNAMENT_MARK) and payload[1:].isdigit():
            self.tournament_changes.publish(int(payload[1:]))

    async def schema_version(self) -> int:
        try:
            row = await self._row(f"SELECT COALESCE(MAX(version), 0) FROM {VERSION_TABLE}")
        except asyncpg.UndefinedTableError:
            return 0
        return int(row[0])

    async def _begin_migrations(self, tx: Tx) -> int:
        await tx.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        await tx.execute(
            f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE}"
            " (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        return int(await tx.scalar(f"SELECT COALESCE(MAX(version), 0) FROM {VERSION_TABLE}"))

    async def _record_version(self, tx: Tx, number: int) -> None:
        await tx.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES (?)", (number,))

    @asynccontextmanager
    async def _connection(self, needs: float = 0.0) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection for one read or transaction, taken in turn (:mod:`.turns`),
        if more than ``needs`` seconds are left when the turn comes (else StorageTimeout,
        no connection used). One whose wait ran out is closed rather than reused: the server
        drops whatever it had not committed."""
        await bounded(self._turns.take(deadline()), "a connection")
        try:
            if remaining() <= needs:
                raise StorageTimeout("too little time left when its turn came")
            conn = await bounded(self._pool.acquire(), "a connection")
            try:
                yield conn
            except _NoTimeToCommit:
                raise  # rolled back: the connection is as good as new
            except (StorageTimeout, asyncio.CancelledError):
                conn.terminate()
                raise
            finally:
                await self._pool.release(conn)
        finally:
            self._turns.give_back()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """BEGIN … COMMIT on one connection, ROLLBACK on any error. Not begun at all when
        its turn comes with too little time left to commit (``START_SECONDS``)."""
        async with self._connection(needs=START_SECONDS) as conn:
            await bounded(conn.execute("BEGIN"), "BEGIN")
            tx = _PostgresTx(conn)
            try:
                yield tx
                await _commit(conn, tx.announcements)
            except _NoTimeToCommit:
                # nothing is running on the connection: a ROLLBACK keeps it (one that runs
                # out of time raises StorageTimeout, and the connection is closed instead)
                await bounded(conn.execute("ROLLBACK"), "ROLLBACK", seconds=max(remaining(), 0.0))
                raise
            except (StorageTimeout, asyncio.CancelledError):
                raise  # the connection is closed: the server rolls back
            except BaseException:
                if conn.is_in_transaction():
                    await bounded(conn.execute("ROLLBACK"), "ROLLBACK")
                raise

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._connection() as conn:
            return await bounded(conn.fetch(numbered(sql), *params), sql[:60])

    async def _game_rows(self, sql: str, params: Sequence[Any]) -> tuple[Any, list[Any]]:
        """The game row with its seats, in one statement (one wait for the pool, one round
        trip): the seats come as an array of rows beside the game's columns."""
        found = await self._rows(
            f"SELECT g.*, {SEAT_ROWS} AS {SEATS_COLUMN} FROM ({sql}) g", params
        )
        if not found:
            return None, []
        return found[0], found[0][SEATS_COLUMN]

    async def backup(self, destination: str | Path) -> None:
        raise StoreError("backup_postgres", BACKUP_ADVICE)

    async def tables(self) -> list[str]:
        names = [
            r[0]
            for r in await self._rows(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                f" AND tablename <> '{VERSION_TABLE}'"
            )
        ]
        links = await self._rows(
            "SELECT c.conrelid::regclass::text, c.confrelid::regclass::text"
            " FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
            " WHERE c.contype = 'f' AND n.nspname = current_schema()"
        )
        parents: dict[str, set[str]] = {name: set() for name in names}
        for child, parent in links:
            parents.setdefault(child, set()).add(parent)
        return parents_first(parents)

    async def import_rows(
        self, tx: Tx, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        assert isinstance(tx, _PostgresTx)
        kinds = {
            r[0]: (r[1], r[2])
            for r in await tx.rows(
                "SELECT column_name, data_type, is_identity FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = ?",
                (table,),
            )
        }
        missing = [c for c in columns if c not in kinds]
        if missing:
            raise StoreError("schema_mismatch", f"{table}.{missing[0]} is missing on the target.")
        flags = [kinds[c][0] == "boolean" for c in columns]
        records = [_typed(row, flags) for row in rows]
        await tx.conn.copy_records_to_table(table, records=records, columns=list(columns))
        for column, (_, identity) in kinds.items():
            if identity == "YES":
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                    f" (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)"
                )


async def _commit(conn: asyncpg.Connection, announcements: Sequence[str]) -> None:
    """COMMIT with a deadline: the database refuses it once the bot would have stopped
    waiting for its answer (``islandbot.commit_by``, migration 0009), and a commit with too
    little time left is not sent at all. The one window left is a commit that passed its
    check and then took ``FLUSH_SECONDS`` more to finish. The transaction's announcements
    go in the same round trip (the database delivers them once it is committed)."""
    left = remaining()
    if left <= FLUSH_SECONDS:
        raise _NoTimeToCommit("no time left to commit")
    commit_by = datetime.now(UTC) + timedelta(seconds=left - FLUSH_SECONDS)
    notify = "".join(f"SELECT pg_notify('{CHANNEL}', '{payload}'); " for payload in announcements)
    commit = conn.execute(
        f"SELECT set_config('islandbot.commit_by', '{commit_by.isoformat()}', true); {notify}COMMIT"
    )
    try:
        await bounded(commit, "COMMIT", seconds=left + CLOCK_SECONDS)
    except asyncpg.QueryCanceledError as exc:  # it came after its deadline: not applied
        raise StorageTimeout("COMMIT after its deadline") from exc


class _NoTimeToCommit(StorageTimeout):
    """A transaction whose statements are done, refused before its COMMIT was sent."""


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """Connections go back to the pool as they are: the store sets no session state, and a
    reset would be one more round trip (one more wait) per call."""


class _PostgresTx(Tx):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn
        self.announcements: list[str] = []
        """What the commit announces on :data:`CHANNEL` (game ids, marked tournament ids:
        digits and a letter, nothing to quote)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await bounded(self.conn.execute(numbered(sql), *params), sql[:60])
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(f"{exc.constraint_name}: {exc}") from exc
        count = status.rsplit(" ", 1)[-1]
        return int(count) if count.isdigit() else 0

    async def announce(self, game_id: int) -> None:
        self.announcements.append(str(int(game_id)))

    async def announce_tournament(self, tournament_id: int) -> None:
        self.announcements.append(f"{TOURNAMENT_MARK}{int(tournament_id)}")

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return await bounded(self.conn.fetch(numbered(sql), *params), sql[:60])
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(f"{exc.constraint_name}: {exc}") from exc

    async def execute_many(self, sql: str, params: Sequence[Sequence[Any]]) -> None:
        """One round trip however many rows (asyncpg sends them all before reading)."""
        try:
            await bounded(self.conn.executemany(numbered(sql), params), sql[:60])
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(f"{exc.constraint_name}: {exc}") from exc


def _typed(row: Sequence[Any], flags: Sequence[bool]) -> tuple[Any, ...]:
    """A copied row with SQLite's 0 and 1 turned into booleans where the column wants them."""
    return tuple(
        bool(value) if flag and value is not None else value
        for value, flag in zip(row, flags, strict=True)
    )


@cache
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (the store's SQL has no ``?``
    inside literals)."""
    first, *rest = sql.split("?")
    return first + "".join(f"${n}{part}" for n, part in enumerate(rest, start=1))


Store.backends[PostgresStore.backend] = PostgresStore
