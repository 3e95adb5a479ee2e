"""The SQLite back-end (aiosqlite, WAL): the default, a file and nothing to install.

Writes are serialized by one lock and ``BEGIN IMMEDIATE``; the schema version is
``PRAGMA user_version``. Every commit reaches the disk before it returns
(``synchronous=FULL``), so a move a player saw answered survives a power failure;
``ISLANDBOT_SQLITE_SYNCHRONOUS=NORMAL`` trades that for faster commits (the last ones may be
lost when the machine, not the bot, goes down).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Store, Tx, parents_first
from .records import UniqueViolation

BUSY_TIMEOUT_MS = 5000
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

    @classmethod
    async def connect(cls, path: str | Path) -> SQLiteStore:  # type: ignore[override]
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        store = cls(db)
        for pragma in (*PRAGMAS, f"synchronous = {synchronous()}"):
            await store._statement(f"PRAGMA {pragma}")
        return store

    async def close(self) -> None:
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
        """BEGIN IMMEDIATE … COMMIT, ROLLBACK on any error."""
        async with self._write_lock:
            await self._statement("BEGIN IMMEDIATE")
            tx = _SQLiteTx(self._db)
            try:
                yield tx
            except BaseException:
                await self._statement("ROLLBACK")
                raise
            await self._statement("COMMIT")
        for game_id in tx.announced:
            self.changes.publish(game_id)

    async def _statement(self, sql: str) -> None:
        """Run one statement and close its cursor at once (open cursors block COMMIT)."""
        async with self._db.execute(sql):
            pass

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

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


class _SQLiteTx(Tx):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self.announced: list[int] = []

    async def announce(self, game_id: int) -> None:
        self.announced.append(game_id)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            async with self._db.execute(sql, params) as cur:
                return cur.rowcount
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            async with self._db.execute(sql, params) as cur:
                return list(await cur.fetchall())
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc


def _translated(exc: sqlite3.IntegrityError) -> Exception:
    return UniqueViolation(str(exc)) if "UNIQUE" in str(exc) else exc
