"""The PostgreSQL back-end (asyncpg): one database shared by several bot processes.

Each transaction runs on its own pooled connection at READ COMMITTED. The guarantees come
from the rows themselves, not from a lock in this process: a save's ``UPDATE … WHERE
version = ?`` waits for any other writer of the game and then finds the version moved on;
unique indexes refuse a second open game in a channel and a repeated interaction id; a job is
claimed by one ``UPDATE … RETURNING`` whose conditions are checked again after any wait.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

import asyncpg

from .base import Store, Tx, parents_first
from .changes import CHANNEL
from .records import StoreError, UniqueViolation
from .urls import without_password

POOL_SIZE = 10
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
        self._url = url
        self._listener: asyncpg.Connection | None = None

    @classmethod
    async def connect(cls, url: str) -> PostgresStore:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(
                "unreachable", f"Cannot open the database {without_password(url)}: {exc}"
            ) from exc
        return cls(pool, url)

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        await self._pool.close()

    async def watch(self) -> None:
        """Listen on a connection of its own: every process's changes reach the subscribers."""
        if self._listener is not None:
            return
        self._listener = await asyncpg.connect(self._url)
        await self._listener.add_listener(CHANNEL, self._heard)

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        if payload.isdigit():
            self.changes.publish(int(payload))

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
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresTx(conn)

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._pool.fetch(numbered(sql), *params)

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


class _PostgresTx(Tx):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await self.conn.execute(numbered(sql), *params)
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(f"{exc.constraint_name}: {exc}") from exc
        count = status.rsplit(" ", 1)[-1]
        return int(count) if count.isdigit() else 0

    async def announce(self, game_id: int) -> None:
        await self.conn.execute("SELECT pg_notify($1, $2)", CHANNEL, str(game_id))

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return await self.conn.fetch(numbered(sql), *params)
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
