"""The SQLite store: games, seats, the action log, jobs and settings (aiosqlite, WAL).

Every write happens in one transaction under the store's write lock, so a move is either
saved whole (new state, its log lines, the version bump) or not at all. Saving a state checks
the version it was loaded at: two moves computed from the same state can never both land.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

OPEN_STATUSES = ("lobby", "active")
BUSY_TIMEOUT_MS = 5000


class StoreError(Exception):
    """A write the store refused; ``code`` says why (the bot maps it to wording)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class VersionConflict(StoreError):
    """The game changed since it was loaded; nothing was written."""

    def __init__(self) -> None:
        super().__init__("version_conflict", "The game changed while your move was made.")


class DuplicateInteraction(StoreError):
    """This interaction was already applied once; nothing was written again."""

    def __init__(self) -> None:
        super().__init__("duplicate_interaction", "That move was already made.")


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One seat of a game; a computer seat has the level it plays at."""

    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game row with its seats."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_id: int
    options: dict[str, Any]
    seed: int
    state: dict[str, Any] | None
    version: int
    board_message_id: int | None
    result: dict[str, Any] | None
    players: tuple[PlayerRecord, ...] = field(default=())
    table_options: dict[str, Any] = field(default_factory=dict)

    def seat_of(self, user_id: int) -> int | None:
        """The seat held by a Discord user, if any."""
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    @property
    def names(self) -> list[str]:
        return [p.name for p in sorted(self.players, key=lambda p: p.seat)]


@dataclass(frozen=True, slots=True)
class Job:
    """A scheduled job: a reminder, a timeout, a round timer."""

    id: int
    game_id: int
    kind: str
    due_at: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One line of a game's action log."""

    seat: int | None
    user_id: int | None
    notation: str
    interaction_id: int | None = None


class Store:
    """Async access to the database. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) the database and apply pending migrations."""
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        store = cls(db)
        for pragma in (
            f"busy_timeout = {BUSY_TIMEOUT_MS}",
            "journal_mode = WAL",
            "foreign_keys = ON",
            "synchronous = NORMAL",
        ):
            await store._statement(f"PRAGMA {pragma}")
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    # ----- schema ---------------------------------------------------------------------------
    async def _migrate(self) -> None:
        current = await self.schema_version()
        for number, sql in migrations():
            if number <= current:
                continue
            async with self.transaction() as tx:
                await tx.run_script(sql)
                await tx.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Tx]:
        """One write transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK on any error)."""
        async with self._write_lock:
            await self._statement("BEGIN IMMEDIATE")
            try:
                yield _Tx(self._db)
            except BaseException:
                await self._statement("ROLLBACK")
                raise
            await self._statement("COMMIT")

    async def _statement(self, sql: str) -> None:
        """Run one statement and close its cursor at once (open cursors block COMMIT)."""
        async with self._db.execute(sql):
            pass

    # ----- reads ----------------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRecord | None:
        return await self._one("SELECT * FROM games WHERE id = ?", (game_id,))

    async def open_game_in(self, channel_id: int) -> GameRecord | None:
        """The lobby or running game of a channel, if any."""
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )

    async def last_game_in(self, channel_id: int) -> GameRecord | None:
        """The most recent game of a channel, open or finished."""
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    async def active_games(self) -> list[GameRecord]:
        async with self._db.execute("SELECT id FROM games WHERE status = 'active'") as cur:
            ids = [row[0] for row in await cur.fetchall()]
        return [g for g in [await self.get_game(i) for i in ids] if g is not None]

    async def actions(self, game_id: int) -> list[LoggedAction]:
        """The action log of a game, in order."""
        async with self._db.execute(
            "SELECT seat, user_id, notation, interaction_id FROM actions"
            " WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [LoggedAction(r[0], r[1], r[2], r[3]) for r in rows]

    async def interaction_seen(self, interaction_id: int) -> bool:
        async with self._db.execute(
            "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)
        ) as cur:
            return await cur.fetchone() is not None

    async def _one(self, sql: str, params: Sequence[Any]) -> GameRecord | None:
        async with self._db.execute(sql, params) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        async with self._db.execute(
            "SELECT seat, user_id, name, is_ai, level FROM players WHERE game_id = ? ORDER BY seat",
            (row["id"],),
        ) as cur:
            players = tuple(
                PlayerRecord(r[0], r[1], r[2], bool(r[3]), r[4]) for r in await cur.fetchall()
            )
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            status=row["status"],
            host_id=row["host_id"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            state=json.loads(row["state"]) if row["state"] else None,
            version=row["version"],
            board_message_id=row["board_message_id"],
            result=json.loads(row["result"]) if row["result"] else None,
            players=players,
            table_options=json.loads(row["table_options"]),
        )

    # ----- lobby ----------------------------------------------------------------------------
    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host: PlayerRecord,
        options: dict[str, Any],
        seed: int,
        now: datetime,
        table_options: dict[str, Any] | None = None,
    ) -> GameRecord:
        """A new lobby with the host in seat 0; refused if the channel has an open game."""
        stamp = stamp_of(now)
        try:
            async with self.transaction() as tx:
                game_id = await tx.insert(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, options,"
                    " table_options, seed, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        host.user_id,
                        json.dumps(options),
                        json.dumps(table_options or {}),
                        seed,
                        stamp,
                        stamp,
                    ),
                )
                await tx.add_player(game_id, host, stamp)
        except sqlite3.IntegrityError:
            raise StoreError("channel_busy", "This channel already has a game.") from None
        record = await self.get_game(game_id)
        assert record is not None
        return record

    async def set_seats(
        self, game_id: int, expected_version: int, players: Iterable[PlayerRecord], now: datetime
    ) -> None:
        """Replace the lobby's seats (join, leave, add a computer player)."""
        stamp = stamp_of(now)
        async with self.transaction() as tx:
            await tx.bump(game_id, expected_version, stamp, status_in=("lobby",))
            await tx.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
            for player in players:
                await tx.add_player(game_id, player, stamp)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
            )

    # ----- play -----------------------------------------------------------------------------
    async def save_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        state: dict[str, Any],
        actions: Sequence[LoggedAction],
        now: datetime,
        status: str = "active",
        result: dict[str, Any] | None = None,
        players: Sequence[PlayerRecord] | None = None,
    ) -> int:
        """Save a new state with the actions that produced it; returns the new version.

        Raises VersionConflict if the game moved on since ``expected_version`` and
        DuplicateInteraction if an action's interaction id was already logged.
        """
        stamp = stamp_of(now)
        try:
            async with self.transaction() as tx:
                await tx.bump(game_id, expected_version, stamp, status_in=OPEN_STATUSES)
                await tx.execute(
                    "UPDATE games SET state = ?, status = ?, result = ? WHERE id = ?",
                    (
                        json.dumps(state, separators=(",", ":")),
                        status,
                        json.dumps(result) if result is not None else None,
                        game_id,
                    ),
                )
                if players is not None:
                    await tx.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
                    for player in players:
                        await tx.add_player(game_id, player, stamp)
                seq = await tx.scalar(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
                )
                for offset, action in enumerate(actions, start=1):
                    await tx.execute(
                        "INSERT INTO actions (game_id, seq, seat, user_id, notation,"
                        " interaction_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            game_id,
                            seq + offset,
                            action.seat,
                            action.user_id,
                            action.notation,
                            action.interaction_id,
                            stamp,
                        ),
                    )
        except sqlite3.IntegrityError as exc:
            if "interaction_id" in str(exc):
                raise DuplicateInteraction() from None
            raise
        return expected_version + 1

    async def close_game(
        self, game_id: int, expected_version: int, status: str, now: datetime
    ) -> None:
        """Mark an open game finished or cancelled without a new state."""
        async with self.transaction() as tx:
            await tx.bump(game_id, expected_version, stamp_of(now), status_in=OPEN_STATUSES)
            await tx.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))

    # ----- settings -------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._db.execute(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else {}

    async def update_guild_settings(self, guild_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        async with self.transaction() as tx:
            raw = await tx.scalar(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
            settings = {**(json.loads(raw) if raw else {}), **changes}
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings)),
            )
        return settings

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        async with self._db.execute(
            "SELECT settings FROM user_settings WHERE user_id = ?", (user_id,)
        ) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else {}

    async def update_user_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        async with self.transaction() as tx:
            raw = await tx.scalar(
                "SELECT settings FROM user_settings WHERE user_id = ?", (user_id,)
            )
            settings = {**(json.loads(raw) if raw else {}), **changes}
            await tx.execute(
                "INSERT INTO user_settings (user_id, settings) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings",
                (user_id, json.dumps(settings)),
            )
        return settings

    # ----- scheduled jobs -------------------------------------------------------------------
    async def schedule_job(
        self, game_id: int, kind: str, due: datetime, payload: dict[str, Any]
    ) -> int:
        """Schedule a job, replacing any pending job of the same kind for that game."""
        async with self.transaction() as tx:
            await tx.execute(
                "DELETE FROM jobs WHERE game_id = ? AND kind = ? AND done_at IS NULL",
                (game_id, kind),
            )
            return await tx.insert(
                "INSERT INTO jobs (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
                (game_id, kind, stamp_of(due), json.dumps(payload)),
            )

    async def cancel_jobs(self, game_id: int, kind: str | None = None) -> None:
        """Drop a game's pending jobs (of one kind, or all)."""
        async with self.transaction() as tx:
            await tx.execute(
                "DELETE FROM jobs WHERE game_id = ? AND done_at IS NULL"
                " AND (? IS NULL OR kind = ?)",
                (game_id, kind, kind),
            )

    async def claim_due_jobs(self, now: datetime, stale_before: datetime) -> list[Job]:
        """Claim every job that is due (and jobs whose claim went stale, e.g. in a crash).

        A claimed job is not handed out again until its claim goes stale, so with one
        dispatcher a job runs once; handlers are idempotent besides (their actions carry the
        job id in the log, which refuses a repeat).
        """
        async with self._db.execute(
            "SELECT 1 FROM jobs WHERE done_at IS NULL AND due_at <= ? LIMIT 1", (stamp_of(now),)
        ) as cur:
            if await cur.fetchone() is None:  # the common case: a cheap read, no transaction
                return []
        async with self.transaction() as tx:
            rows = await tx.rows(
                "SELECT id, game_id, kind, due_at, payload FROM jobs"
                " WHERE done_at IS NULL AND due_at <= ?"
                " AND (claimed_at IS NULL OR claimed_at < ?) ORDER BY due_at, id",
                (stamp_of(now), stamp_of(stale_before)),
            )
            for row in rows:
                await tx.execute(
                    "UPDATE jobs SET claimed_at = ? WHERE id = ?", (stamp_of(now), row[0])
                )
        return [Job(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    async def finish_job(self, job_id: int, now: datetime) -> None:
        async with self.transaction() as tx:
            await tx.execute("UPDATE jobs SET done_at = ? WHERE id = ?", (stamp_of(now), job_id))

    async def pending_jobs(self, game_id: int) -> list[Job]:
        """A game's jobs that have not run yet, soonest first."""
        async with self._db.execute(
            "SELECT id, game_id, kind, due_at, payload FROM jobs"
            " WHERE game_id = ? AND done_at IS NULL ORDER BY due_at, id",
            (game_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [Job(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    async def backup(self, destination: str | Path) -> None:
        """A consistent copy of the database while it is in use (SQLite's backup API)."""
        target = await aiosqlite.connect(str(destination))
        try:
            await self._db.backup(target)
        finally:
            await target.close()


class _Tx:
    """Statements inside one transaction (only :meth:`Store.transaction` makes these)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._db.execute(sql, params) as cur:
            return cur.rowcount

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        async with self._db.execute(sql, params) as cur:
            return int(cur.lastrowid or 0)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._db.execute(sql, params) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def run_script(self, script: str) -> None:
        """Run a migration script statement by statement (executescript would COMMIT)."""
        for statement in _split_sql(script):
            await self.execute(statement)

    async def add_player(self, game_id: int, player: PlayerRecord, stamp: str) -> None:
        await self._db.execute(
            "INSERT INTO players (game_id, seat, user_id, name, is_ai, level, joined_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                player.seat,
                player.user_id,
                player.name,
                int(player.is_ai),
                player.level,
                stamp,
            ),
        )

    async def bump(
        self, game_id: int, expected_version: int, stamp: str, *, status_in: Sequence[str]
    ) -> None:
        """Advance the game's version, or raise VersionConflict if it moved on or closed."""
        marks = ", ".join("?" for _ in status_in)
        changed = await self.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?"
            f" WHERE id = ? AND version = ? AND status IN ({marks})",
            (stamp, game_id, expected_version, *status_in),
        )
        if changed != 1:
            raise VersionConflict()


def stamp_of(moment: datetime) -> str:
    """A UTC timestamp in one fixed format, so that text order is time order."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def migrations() -> list[tuple[int, str]]:
    """The numbered SQL migrations shipped in ``bot/migrations`` (``0001_name.sql``…)."""
    folder = resources.files("bot") / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def _split_sql(script: str) -> list[str]:
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
