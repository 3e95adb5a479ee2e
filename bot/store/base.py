"""The store's meaning, written once for every back-end: games, seats, the action log, jobs
and settings.

Every write happens in one transaction, so a move is either saved whole (new state, its log
lines, the version bump) or not at all. Saving a state checks the version it was loaded at:
two moves computed from the same state can never both land, in one process or in several.
SQL here uses ``?`` placeholders; a back-end rewrites them if its driver wants another style.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from ..shards import Shards
from .changes import Changes
from .daily import DailyStore
from .history import FinishedGame, HistoryReads, record_finished
from .kept import KeptSettings
from .links import LinksStore
from .outbox import Notice, OutboxStore, finish_job_in, write_notice
from .records import (
    DECODED,
    MAX_ID,
    OPEN_STATUSES,
    DuplicateInteraction,
    GameRecord,
    Job,
    LoggedAction,
    PlayerRecord,
    Scheduled,
    StoreError,
    UniqueViolation,
    VersionConflict,
    encoded_state,
    stamp_of,
)
from .schema import migrations
from .served import served_games
from .tournaments import TournamentStore
from .urls import is_postgres_url

SEATS_SQL = "SELECT seat, user_id, name, is_ai, level FROM players WHERE game_id = ? ORDER BY seat"
OPEN_IN_CHANNEL = "channel_id = ? AND status IN ('lobby', 'active')"
"""Where a channel's open game (its lobby or running game) is found."""
SEATS_KEPT = 256
"""Games whose seats' records are kept from their last read (see :meth:`Store._players_of`)."""


class Tx(ABC):
    """Statements inside one transaction (only :meth:`Store.transaction` makes these)."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; returns the number of rows it changed."""

    @abstractmethod
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run a statement and return every row (rows read by column name or index)."""

    @abstractmethod
    async def execute_many(self, sql: str, params: Sequence[Sequence[Any]]) -> None:
        """Run a statement once for each parameter row, in order (one round trip where the
        driver allows)."""

    @abstractmethod
    async def announce(self, game_id: int) -> None:
        """Tell the store's subscribers that the game changed, once this transaction commits."""

    @abstractmethod
    async def announce_tournament(self, tournament_id: int) -> None:
        """Tell the store's tournament subscribers that it changed, once this commits."""

    async def later(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run a statement whose outcome nobody waits for: a back-end may send it with the
        next statement (its failure is then that one's, or the transaction's end's)."""
        await self.execute(sql, params)

    async def later_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """:meth:`execute_many`, as :meth:`later` runs a statement (nothing for no rows)."""
        if rows:
            await self.execute_many(sql, rows)

    async def later_checked(
        self, sql: str, params: Sequence[Any], *, changes: int, otherwise: type[Exception]
    ) -> None:
        """:meth:`later`, for a statement that must change ``changes`` rows: ``otherwise`` is
        raised if it did not (by this call, or by the statement that took it along)."""
        if await self.execute(sql, params) != changes:
            raise otherwise()

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        found = await self.rows(sql, params)
        return found[0][0] if found else None

    async def run_script(self, script: str) -> None:
        """Run a migration script statement by statement."""
        for statement in split_sql(script):
            await self.execute(statement)

    async def add_player(self, game_id: int, player: PlayerRecord, stamp: str) -> None:
        await self.later(
            "INSERT INTO players (game_id, seat, user_id, name, is_ai, level, joined_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, player.seat, player.user_id, player.name, player.is_ai, player.level, stamp),
        )

    async def bump(
        self,
        game_id: int,
        expected_version: int,
        stamp: str,
        *,
        status_in: Sequence[str],
        setting: dict[str, Any] | None = None,
    ) -> None:
        """Advance the game's version, with the columns of ``setting`` set in the same
        statement, or raise VersionConflict if it moved on or closed (on SQLite, with the
        change's next statement that is waited for)."""
        columns = "".join(f", {column} = ?" for column in setting or {})
        marks = ", ".join("?" for _ in status_in)
        await self.later_checked(
            f"UPDATE games SET version = version + 1, updated_at = ?{columns}"
            f" WHERE id = ? AND version = ? AND status IN ({marks})",
            (stamp, *(setting or {}).values(), game_id, expected_version, *status_in),
            changes=1,
            otherwise=VersionConflict,
        )

    async def log_actions(self, game_id: int, actions: Sequence[LoggedAction], stamp: str) -> None:
        """Append ``actions`` to the game's log, each numbered after the last (the game's row
        is locked by :meth:`bump`, so no other change numbers them at once)."""
        if not actions:
            return
        await self.later_many(
            "INSERT INTO actions (game_id, seq, seat, user_id, notation, interaction_id,"
            " created_at) SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?"
            " FROM actions WHERE game_id = ?",
            [
                (
                    game_id,
                    action.seat,
                    action.user_id,
                    action.notation,
                    action.interaction_id,
                    stamp,
                    game_id,
                )
                for action in actions
            ],
        )


BACKEND_MODULES = {"sqlite": ".sqlite", "postgresql": ".postgres"}
"""Each back-end's module, imported when first opened (a SQLite bot never loads asyncpg)."""


class Store(HistoryReads, DailyStore, OutboxStore, LinksStore, TournamentStore, ABC):
    """Async access to the database. Open with :meth:`open`, close with :meth:`close`."""

    backend: str  # the migrations folder: "sqlite" or "postgresql"
    backends: ClassVar[dict[str, type[Store]]] = {}
    """Each back-end's class by its name, filled in by the package (``bot.store``)."""
    for_update = ""  # the clause that locks a row read in a transaction, where needed

    @classmethod
    @abstractmethod
    async def connect(cls, target: str) -> Store:
        """A connected store of this back-end (no migrations applied yet)."""

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """Open a SQLite file (a path) or a PostgreSQL database (a ``postgresql://`` URL),
        creating the schema or applying pending migrations."""
        kind = "postgresql" if is_postgres_url(str(target)) else "sqlite"
        if kind not in cls.backends:  # a back-end's module joins Store.backends when imported
            importlib.import_module(BACKEND_MODULES[kind], __package__)
        store = await cls.backends[kind].connect(str(target))
        try:
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @abstractmethod
    async def close(self) -> None: ...

    @cached_property
    def changes(self) -> Changes:
        """Who hears of each saved change of a game (see :mod:`bot.store.changes`)."""
        return Changes()

    @cached_property
    def tournament_changes(self) -> Changes:
        """Who hears of each saved change of a tournament (its pages)."""
        return Changes()

    async def watch(self) -> None:
        """Hear the changes other processes save too (a back-end shared by several)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One write transaction: COMMIT at the end, ROLLBACK on any error."""

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of a read outside any write transaction."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def _begin_migrations(self, tx: Tx) -> int:
        """Take the migration lock inside ``tx``; returns the version it found."""

    @abstractmethod
    async def _record_version(self, tx: Tx, number: int) -> None: ...

    @abstractmethod
    async def backup(self, destination: str | Path) -> None:
        """A consistent copy of the database while it is in use."""

    @abstractmethod
    async def tables(self) -> list[str]:
        """The application's tables, each after the tables it refers to."""

    @abstractmethod
    async def import_rows(
        self, tx: Tx, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert copied rows as they are (ids included) and move id counters past them."""

    # ----- schema ---------------------------------------------------------------------------
    async def _migrate(self) -> None:
        if await self.schema_version() >= latest_migration(self.backend):
            return
        async with self.transaction() as tx:
            current = await self._begin_migrations(tx)
            for number, sql in migrations(self.backend):
                if number > current:
                    await tx.run_script(sql)
                    await self._record_version(tx, number)

    # ----- reads ----------------------------------------------------------------------------
    async def _row(self, sql: str, params: Sequence[Any] = ()) -> Any:
        found = await self._rows(sql, params)
        return found[0] if found else None

    async def game_marks(self, game_ids: Sequence[int]) -> dict[int, tuple[Any, ...]]:
        """Of each game, what moves with any change a page could show: its version, status,
        its server's settings (``web_pages:off`` takes its pages away) and players' names (a
        ``/forget-me`` renames without a new version)."""
        marks = ", ".join("?" for _ in game_ids)
        games = await self._rows(
            "SELECT g.id, g.version, g.status, COALESCE(s.settings, '') FROM games g"
            " LEFT JOIN guild_settings s ON s.guild_id = g.guild_id"
            f" WHERE g.id IN ({marks})",
            game_ids,
        )
        names = await self._rows(
            f"SELECT game_id, seat, name FROM players WHERE game_id IN ({marks})"
            " ORDER BY game_id, seat",
            game_ids,
        )
        found: dict[int, list[Any]] = {int(r[0]): [int(r[1]), str(r[2]), str(r[3])] for r in games}
        for row in names:
            found.get(int(row[0]), []).append(str(row[2]))
        return {game_id: tuple(mark) for game_id, mark in found.items()}

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game with this id (None for a number no game can have, e.g. a typed one
        beyond what the database holds)."""
        if not 0 < game_id <= MAX_ID:
            return None
        return await self._one("SELECT * FROM games WHERE id = ?", (game_id,))

    async def open_game_in(self, channel_id: int) -> GameRecord | None:
        """The lobby or running game of a channel, if any."""
        return await self._one(f"SELECT * FROM games WHERE {OPEN_IN_CHANNEL}", (channel_id,))

    async def open_game_seeing(
        self, channel_id: int, interaction_ids: Sequence[int]
    ) -> tuple[GameRecord | None, set[int]]:
        """:meth:`open_game_in`, and which of ``interaction_ids`` already made a logged action,
        read together in one statement (`EXISTS` on the log's unique index of interaction
        ids, one column each): a move's first read, or a batch of panel moves'."""
        checks = "".join(
            f", EXISTS (SELECT 1 FROM actions WHERE interaction_id = ?) AS seen_{k}"
            for k in range(len(interaction_ids))
        )
        row, seats = await self._game_rows(
            f"SELECT *{checks} FROM games WHERE {OPEN_IN_CHANNEL}",
            (*interaction_ids, channel_id),
        )
        if row is None:
            return None, set()
        seen = {i for k, i in enumerate(interaction_ids) if row[f"seen_{k}"]}
        return self._record_of(row, seats), seen

    async def last_game_in(self, channel_id: int) -> GameRecord | None:
        """The most recent game of a channel, open or finished."""
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    async def last_finished_in(self, channel_id: int) -> GameRecord | None:
        """The most recent finished game of a channel (cancelled ones are not finished)."""
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'finished'"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )

    async def active_games(self) -> list[GameRecord]:
        ids = [row[0] for row in await self._rows("SELECT id FROM games WHERE status = 'active'")]
        return [g for g in [await self.get_game(i) for i in ids] if g is not None]

    async def actions(self, game_id: int) -> list[LoggedAction]:
        """The action log of a game, in order."""
        rows = await self._rows(
            "SELECT seat, user_id, notation, interaction_id FROM actions"
            " WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [LoggedAction(r[0], r[1], r[2], r[3]) for r in rows]

    async def count_rows(self, table: str) -> int:
        row = await self._row(f"SELECT COUNT(*) FROM {table}")  # a name from tables()
        return int(row[0])

    async def export_rows(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Every row of a table with its column names (for moving to another database)."""
        rows = await self._rows(f"SELECT * FROM {table}")  # a name from tables()
        if not rows:
            return [], []
        return list(rows[0].keys()), [tuple(r) for r in rows]

    async def _one(self, sql: str, params: Sequence[Any]) -> GameRecord | None:
        row, seats = await self._game_rows(sql, params)
        return None if row is None else self._record_of(row, seats)

    def _record_of(self, row: Any, seats: list[Any]) -> GameRecord:
        """The record of a game's row and its seats' rows."""
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            status=row["status"],
            host_id=row["host_id"],
            options=self._decoded(row["options"]),
            seed=row["seed"],
            state_text=row["state"] or None,
            version=row["version"],
            board_message_id=row["board_message_id"],
            result=self._decoded(row["result"]) if row["result"] else None,
            players=self._players_of(row["id"], seats),
            table_options=self._decoded(row["table_options"]),
        )

    async def _game_rows(self, sql: str, params: Sequence[Any]) -> tuple[Any, list[Any]]:
        """The game row ``sql`` finds (None if none) and its seats' rows (:data:`SEATS_SQL`);
        a back-end may read both in one call."""
        row = await self._row(sql, params)
        if row is None:
            return None, []
        return row, await self._rows(SEATS_SQL, (row["id"],))

    def _players_of(self, game_id: int, seats: list[Any]) -> tuple[PlayerRecord, ...]:
        """The seats' records of the rows read for a game: the ones made at its last read
        while its rows are the same (a race's 99 seats change rarely, and are read at every
        tap)."""
        kept = self._seats_read.get(game_id)
        if kept is not None and kept[0] == seats:
            return kept[1]
        players = tuple(PlayerRecord(r[0], r[1], r[2], bool(r[3]), r[4]) for r in seats)
        if len(self._seats_read) >= SEATS_KEPT:
            self._seats_read.pop(next(iter(self._seats_read)))
        self._seats_read[game_id] = (seats, players)
        return players

    @cached_property
    def _seats_read(self) -> dict[int, tuple[list[Any], tuple[PlayerRecord, ...]]]:
        return {}

    @staticmethod
    def _decoded(text: str) -> Any:
        """A stored JSON text, decoded once while it stays the same (see :class:`DecodedTexts`)."""
        return DECODED.read(text)

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
                game_id = await tx.scalar(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, options,"
                    " table_options, seed, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id",
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
        except UniqueViolation:
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
            await tx.later("DELETE FROM players WHERE game_id = ?", (game_id,))
            for player in players:
                await tx.add_player(game_id, player, stamp)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        async with self.transaction() as tx:
            await tx.later(
                "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
            )
            await tx.later(
                "UPDATE history SET board_message_id = ? WHERE game_id = ?", (message_id, game_id)
            )

    async def board_calls(self, game_id: int) -> list[int]:
        """The game's calls to act posted under its board (ids, oldest first)."""
        rows = await self._rows("SELECT message_id FROM board_calls WHERE game_id = ?", (game_id,))
        return sorted(int(r[0]) for r in rows)

    # ----- play -----------------------------------------------------------------------------
    async def save_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        state: dict[str, Any] | str,
        actions: Sequence[LoggedAction],
        now: datetime,
        status: str = "active",
        result: dict[str, Any] | None = None,
        players: Sequence[PlayerRecord] | None = None,
        finished: FinishedGame | None = None,
        notice: Notice | None = None,
        job_id: int | None = None,
        drop: Sequence[str] | None = (),
        then: Sequence[Scheduled] = (),
    ) -> int:
        """Save a new state (or its stored text, :func:`encoded_state`) with the actions that
        produced it; returns the new version.

        ``finished`` (the final move) is written to history, and rates its players, in the
        same transaction: a finished game is recorded exactly once. So are ``notice`` (what
        the channel must show of the change, in the outbox), the end of the job ``job_id``
        that made the change, the kinds of pending jobs it ``drop``s (None: every kind) and
        the jobs ``then`` that the change leaves to do (each replacing a pending one of its
        kind).

        Raises VersionConflict if the game moved on since ``expected_version`` and
        DuplicateInteraction if an action's interaction id was already logged.
        """
        stamp = stamp_of(now)
        try:
            async with self.transaction() as tx:
                await tx.bump(
                    game_id,
                    expected_version,
                    stamp,
                    status_in=OPEN_STATUSES,
                    setting={
                        "state": state if isinstance(state, str) else encoded_state(state),
                        "status": status,
                        "result": json.dumps(result) if result is not None else None,
                    },
                )
                await tx.announce(game_id)
                if players is not None:
                    await tx.later("DELETE FROM players WHERE game_id = ?", (game_id,))
                    for player in players:
                        await tx.add_player(game_id, player, stamp)
                await tx.log_actions(game_id, actions, stamp)
                if finished is not None:
                    await record_finished(tx, game_id, finished, stamp, self.for_update)
                if notice is not None:
                    await write_notice(tx, game_id, expected_version + 1, notice)
                if job_id is not None:
                    await finish_job_in(tx, job_id, now)
                await replace_jobs_in(tx, game_id, drop, then)
        except UniqueViolation as exc:
            if "interaction_id" in exc.detail:
                raise DuplicateInteraction() from None
            raise
        return expected_version + 1

    async def close_game(
        self, game_id: int, expected_version: int, status: str, now: datetime
    ) -> None:
        """Mark an open game finished or cancelled without a new state."""
        async with self.transaction() as tx:
            await tx.bump(game_id, expected_version, stamp_of(now), status_in=OPEN_STATUSES)
            await tx.announce(game_id)
            await tx.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))

    # ----- settings -------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's settings (a copy: the caller may change it), read again at most every
        few seconds (:class:`KeptSettings`): a server's settings are changed by the process
        serving it, which sees its change at once."""
        settings = self._guild_settings_read.get(guild_id)
        if settings is None:
            settings = await self._settings("guild_settings", "guild_id", guild_id)
            self._guild_settings_read.keep(guild_id, settings)
        return settings

    async def update_guild_settings(self, guild_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        return await self._update_kept(self._guild_settings_read, "guild", guild_id, changes)

    @cached_property
    def _guild_settings_read(self) -> KeptSettings:
        return KeptSettings()

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._settings("user_settings", "user_id", user_id)

    async def users_settings(self, user_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """The settings of each of ``user_ids`` who has any, those not read lately in one
        query (:class:`KeptSettings`: a board asks for its players' at every post; a user's
        change made through another process is seen within a few seconds)."""
        found: dict[int, dict[str, Any]] = {}
        unread = []
        for user_id in user_ids:
            settings = self._user_settings_read.get(user_id)
            if settings is None:
                unread.append(user_id)
            elif settings:
                found[user_id] = settings
        if unread:
            marks = ", ".join("?" for _ in unread)
            rows = await self._rows(
                f"SELECT user_id, settings FROM user_settings WHERE user_id IN ({marks})",
                tuple(unread),
            )
            read = {int(row[0]): json.loads(row[1]) for row in rows}
            for user_id in unread:
                self._user_settings_read.keep(user_id, read.get(user_id, {}))
            found.update((user_id, settings) for user_id, settings in read.items() if settings)
        return found

    async def update_user_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        return await self._update_kept(self._user_settings_read, "user", user_id, changes)

    async def _update_kept(
        self, kept: KeptSettings, owner_kind: str, owner: int, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """:meth:`_update_settings` of a ``"guild"`` or ``"user"``, kept as changed."""
        table, key = f"{owner_kind}_settings", f"{owner_kind}_id"
        settings = await self._update_settings(table, key, owner, changes)
        kept.keep(owner, settings)
        return settings

    @cached_property
    def _user_settings_read(self) -> KeptSettings:
        return KeptSettings()

    async def _settings(self, table: str, key: str, owner: int) -> dict[str, Any]:
        row = await self._row(f"SELECT settings FROM {table} WHERE {key} = ?", (owner,))
        return json.loads(row[0]) if row else {}

    async def _update_settings(
        self, table: str, key: str, owner: int, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Merge ``changes`` into one owner's settings (the row is locked while merging)."""
        async with self.transaction() as tx:
            await tx.execute(
                f"INSERT INTO {table} ({key}, settings) VALUES (?, '{{}}')"
                f" ON CONFLICT ({key}) DO NOTHING",
                (owner,),
            )
            raw = await tx.scalar(
                f"SELECT settings FROM {table} WHERE {key} = ?{self.for_update}", (owner,)
            )
            settings = {**json.loads(raw), **changes}
            await tx.execute(
                f"UPDATE {table} SET settings = ? WHERE {key} = ?", (json.dumps(settings), owner)
            )
        return settings

    # ----- scheduled jobs -------------------------------------------------------------------
    async def schedule_job(
        self, game_id: int, kind: str, due: datetime, payload: dict[str, Any]
    ) -> int:
        """Schedule a job, replacing any pending job of the same kind for that game."""
        async with self.transaction() as tx:
            return await schedule_job_in(tx, game_id, Scheduled(kind, due, payload))

    async def cancel_jobs(self, game_id: int, kind: str | None = None) -> None:
        """Drop a game's pending jobs (of one kind, or all)."""
        async with self.transaction() as tx:
            await drop_jobs_in(tx, game_id, (kind,) if kind else None)

    async def claim_due_jobs(
        self, now: datetime, stale_before: datetime, shards: Shards | None = None
    ) -> list[Job]:
        """Take a lease on every due job: unclaimed ones, and those whose lease ran out
        (claimed before ``stale_before``: the process that held it died).

        With ``shards``, only the jobs of games in servers those shards serve. One UPDATE
        claims and returns the rows, so two processes claiming at once never both get a job;
        handlers are idempotent besides (their actions carry the job id in the log, which
        refuses a repeat).
        """
        due = stamp_of(now)
        mine, mine_params = served_games(shards)
        probe = await self._row(
            f"SELECT 1 FROM jobs WHERE done_at IS NULL AND due_at <= ?{mine} LIMIT 1",
            (due, *mine_params),
        )
        if probe is None:  # the common case: a cheap read, no transaction
            return []
        async with self.transaction() as tx:
            rows = await tx.rows(
                "UPDATE jobs SET claimed_at = ? WHERE done_at IS NULL AND due_at <= ?"
                f" AND (claimed_at IS NULL OR claimed_at < ?){mine}"
                " RETURNING id, game_id, kind, due_at, payload",
                (due, due, stamp_of(stale_before), *mine_params),
            )
        jobs = [Job(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]
        return sorted(jobs, key=lambda job: (job.due_at, job.id))

    async def finish_job(
        self, job: Job, now: datetime, notice: Notice | None = None, version: int = 0
    ) -> None:
        """Mark a job done; with ``notice`` (a reminder to post about the game's
        ``version``) in the same transaction."""
        async with self.transaction() as tx:
            await finish_job_in(tx, job.id, now)
            if notice is not None:
                await write_notice(tx, job.game_id, version, notice)

    async def pending_jobs(self, game_id: int) -> list[Job]:
        """A game's jobs that have not run yet, soonest first."""
        rows = await self._rows(
            "SELECT id, game_id, kind, due_at, payload FROM jobs"
            " WHERE game_id = ? AND done_at IS NULL ORDER BY due_at, id",
            (game_id,),
        )
        return [Job(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]


async def drop_jobs_in(tx: Tx, game_id: int, kinds: Sequence[str] | None) -> None:
    """Drop the game's pending jobs of ``kinds`` (None: of every kind) inside ``tx``."""
    if kinds is None:
        await tx.execute("DELETE FROM jobs WHERE game_id = ? AND done_at IS NULL", (game_id,))
    elif kinds:
        marks = ", ".join("?" for _ in kinds)
        await tx.later(
            f"DELETE FROM jobs WHERE game_id = ? AND kind IN ({marks}) AND done_at IS NULL",
            (game_id, *kinds),
        )


async def replace_jobs_in(
    tx: Tx, game_id: int, drop: Sequence[str] | None, then: Sequence[Scheduled]
) -> None:
    """Drop the game's pending jobs of ``drop`` (None: of every kind) and schedule ``then``,
    each replacing a pending job of its kind (a later one of a kind the earlier), inside
    ``tx``: one statement for what goes, one for what comes."""
    latest = {job.kind: job for job in then}
    await drop_jobs_in(tx, game_id, None if drop is None else [*dict.fromkeys([*drop, *latest])])
    if latest:
        await tx.later_many(
            "INSERT INTO jobs (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
            [
                (game_id, job.kind, stamp_of(job.due), json.dumps(job.payload))
                for job in latest.values()
            ],
        )


async def schedule_job_in(tx: Tx, game_id: int, job: Scheduled) -> int:
    """Schedule ``job`` inside the transaction ``tx``, replacing any pending job of its kind
    for that game; returns its id."""
    await tx.execute(
        "DELETE FROM jobs WHERE game_id = ? AND kind = ? AND done_at IS NULL",
        (game_id, job.kind),
    )
    return await tx.scalar(
        "INSERT INTO jobs (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?) RETURNING id",
        (game_id, job.kind, stamp_of(job.due), json.dumps(job.payload)),
    )


def latest_migration(backend: str) -> int:
    return max(number for number, _ in migrations(backend))


def split_sql(script: str) -> list[str]:
    """A script's statements; a ``;`` inside a ``$$``-quoted body does not end one."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    statements, current = [], ""
    for part in "\n".join(lines).split(";"):
        current += part
        if current.count("$$") % 2:  # inside a function's body
            current += ";"
            continue
        if current.strip():
            statements.append(current.strip())
        current = ""
    return statements


def parents_first(parents: dict[str, set[str]]) -> list[str]:
    """Table names ordered so that each comes after the tables it refers to."""
    done: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        for parent in sorted(parents.get(name, set()) - {name}):
            visit(parent)
        done.append(name)

    for name in sorted(parents):
        visit(name)
    return done
