"""Tournaments in the store: one row each, a row per table of every round, the running
round's deadline as a job with a lease.

A tournament's pairing state is JSON (``tournament.Tournament``) saved with a version check
in the UPDATE itself, so two processes working from the same version never both land. A
table's result is recorded in the transaction that saves the tournament with it and marks the
table recorded (only if it was not: a result is recorded exactly once, also when two
processes see the same finished game). Pairing the next round writes its tables in that same
transaction; opening their games happens after, driven by the tables still without one.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..shards import Shards
from .records import FORMER_PLAYER, StoreError, UniqueViolation, VersionConflict, stamp_of

OPEN = ("open", "running")
COLUMNS = (
    "id, guild_id, channel_id, host_id, game, status, options, state, names, version,"
    " message_id, deadline_at, announced"
)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament as stored: where it lives, its pairing state and its people's names."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    status: str
    options: dict[str, Any]
    state: dict[str, Any]
    names: dict[int, str]
    version: int
    message_id: int | None
    deadline_at: str | None
    announced: int


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table of one round: its thread and game once opened, and whether its result is
    recorded."""

    tournament_id: int
    round: int
    index: int
    channel_id: int | None
    game_id: int | None
    recorded: bool


@dataclass(frozen=True, slots=True)
class TournamentSave:
    """What one checked save writes besides the state: a new status, deadline (None keeps
    it, "" clears it), the tables of a round just paired, the table just recorded."""

    status: str | None = None
    deadline: datetime | None = None
    clear_deadline: bool = False
    new_tables: tuple[tuple[int, int], ...] = ()
    recorded: tuple[int, int] | None = None


def _record(row: Any) -> TournamentRecord:
    return TournamentRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        game=row[4],
        status=row[5],
        options=json.loads(row[6]),
        state=json.loads(row[7]),
        names={int(k): v for k, v in json.loads(row[8]).items()},
        version=row[9],
        message_id=row[10],
        deadline_at=row[11],
        announced=row[12],
    )


def _table(row: Any) -> TableRow:
    return TableRow(row[0], row[1], row[2], row[3], row[4], bool(row[5]))


def served_guilds(shards: Shards | None, column: str = "guild_id") -> tuple[str, tuple[int, ...]]:
    """`` AND <column> is a server of those shards`` (nothing for None: every server)."""
    if shards is None:
        return "", ()
    marks = ", ".join("?" for _ in shards.ids)
    return f" AND (({column} >> 22) % ?) IN ({marks})", (shards.count, *shards.ids)


class TournamentStore(ABC):
    """The tournaments' queries, mixed into :class:`bot.store.Store`."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def create_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        state: dict[str, Any],
        names: dict[int, str],
        now: datetime,
    ) -> TournamentRecord:
        """A new tournament, open for registration; StoreError if the channel has one."""
        stamp = stamp_of(now)
        try:
            async with self.transaction() as tx:
                found = await tx.rows(
                    "INSERT INTO tournaments (guild_id, channel_id, host_id, game, status,"
                    " options, state, names, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        game,
                        json.dumps(options),
                        json.dumps(state),
                        json.dumps({str(k): v for k, v in names.items()}),
                        stamp,
                        stamp,
                    ),
                )
        except UniqueViolation:  # the channel has an open tournament
            raise StoreError("tournament_busy", "This channel has a tournament.") from None
        made = await self.get_tournament(found[0][0])
        assert made is not None
        return made

    async def tournament_marks(self, tournament_ids: Sequence[int]) -> dict[int, tuple[Any, ...]]:
        """Of each tournament, what moves with any change its page could show: its version,
        status, names (a ``/forget-me``), tables with a game, and its server's settings."""
        if not tournament_ids:
            return {}
        marks = ", ".join("?" for _ in tournament_ids)
        rows = await self._rows(
            "SELECT t.id, t.version, t.status, t.names, COALESCE(s.settings, ''),"
            " (SELECT COUNT(*) FROM tournament_tables b"
            "  WHERE b.tournament_id = t.id AND b.game_id IS NOT NULL)"
            " FROM tournaments t LEFT JOIN guild_settings s ON s.guild_id = t.guild_id"
            f" WHERE t.id IN ({marks})",
            tournament_ids,
        )
        return {int(r[0]): (int(r[1]), str(r[2]), str(r[3]), str(r[4]), int(r[5])) for r in rows}

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._rows(
            f"SELECT {COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return _record(found[0]) if found else None

    async def open_tournament_in(self, channel_id: int) -> TournamentRecord | None:
        """The channel's tournament that is open for registration or running, if any."""
        found = await self._rows(
            f"SELECT {COLUMNS} FROM tournaments WHERE channel_id = ?"
            " AND status IN ('open', 'running')",
            (channel_id,),
        )
        return _record(found[0]) if found else None

    async def last_tournament_in(self, channel_id: int) -> TournamentRecord | None:
        """The channel's newest tournament, whatever its status."""
        found = await self._rows(
            f"SELECT {COLUMNS} FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _record(found[0]) if found else None

    async def save_tournament(
        self,
        record: TournamentRecord,
        state: dict[str, Any],
        names: dict[int, str],
        now: datetime,
        save: TournamentSave = TournamentSave(),
    ) -> TournamentRecord:
        """Save ``state`` over ``record``'s version (VersionConflict if it moved on) with
        what ``save`` says, in one transaction."""
        stamp = stamp_of(now)
        deadline = record.deadline_at
        if save.deadline is not None:
            deadline = stamp_of(save.deadline)
        if save.clear_deadline:
            deadline = None
        async with self.transaction() as tx:
            if save.recorded is not None:
                marked = await tx.execute(
                    "UPDATE tournament_tables SET recorded = 1 WHERE tournament_id = ?"
                    " AND round = ? AND table_index = ? AND recorded = 0",
                    (record.id, *save.recorded),
                )
                if marked != 1:
                    raise VersionConflict()
            changed = await tx.execute(
                "UPDATE tournaments SET state = ?, names = ?, status = ?, version = version + 1,"
                " deadline_at = ?, claimed_at = NULL, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (
                    json.dumps(state),
                    json.dumps({str(k): v for k, v in names.items()}),
                    save.status or record.status,
                    deadline,
                    stamp,
                    record.id,
                    record.version,
                ),
            )
            if changed != 1:
                raise VersionConflict()
            await tx.announce_tournament(record.id)
            for number, index in save.new_tables:
                await tx.execute(
                    "INSERT INTO tournament_tables (tournament_id, round, table_index)"
                    " VALUES (?, ?, ?)",
                    (record.id, number, index),
                )
        fresh = await self.get_tournament(record.id)
        assert fresh is not None
        return fresh

    async def set_tournament_message(self, tournament_id: int, message_id: int | None) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )

    async def set_announced(self, tournament_id: int, number: int) -> None:
        """Remember that round ``number`` (one past the last: the final standings) was
        announced in the tournament's channel."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE tournaments SET announced = ? WHERE id = ? AND announced < ?",
                (number, tournament_id, number),
            )

    async def tournament_tables(self, tournament_id: int, number: int | None = None):
        """The tables of a tournament (of round ``number`` only, if given), in order."""
        where, params = ("", ()) if number is None else (" AND round = ?", (number,))
        found = await self._rows(
            "SELECT tournament_id, round, table_index, channel_id, game_id, recorded"
            f" FROM tournament_tables WHERE tournament_id = ?{where}"
            " ORDER BY round, table_index",
            (tournament_id, *params),
        )
        return [_table(row) for row in found]

    async def table_of_game(self, game_id: int) -> TableRow | None:
        """The tournament table a game is played at, if it is one."""
        found = await self._rows(
            "SELECT tournament_id, round, table_index, channel_id, game_id, recorded"
            " FROM tournament_tables WHERE game_id = ?",
            (game_id,),
        )
        return _table(found[0]) if found else None

    async def set_table_place(
        self, table: TableRow, *, channel_id: int | None = None, game_id: int | None = None
    ) -> None:
        """Remember a table's thread (before its game is opened) or its game."""
        async with self.transaction() as tx:
            if channel_id is not None:
                await tx.execute(
                    "UPDATE tournament_tables SET channel_id = ? WHERE tournament_id = ?"
                    " AND round = ? AND table_index = ?",
                    (channel_id, table.tournament_id, table.round, table.index),
                )
            if game_id is not None:
                await tx.execute(
                    "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ?"
                    " AND round = ? AND table_index = ?",
                    (game_id, table.tournament_id, table.round, table.index),
                )
                await tx.announce_tournament(table.tournament_id)  # its page links the game

    async def tournament_work(self, shards: Shards | None = None) -> list[int]:
        """Running tournaments with a table to open or a finished game to record."""
        mine, params = served_guilds(shards, "t.guild_id")
        found = await self._rows(
            "SELECT DISTINCT t.id FROM tournaments t"
            " JOIN tournament_tables tt ON tt.tournament_id = t.id AND tt.recorded = 0"
            " LEFT JOIN games g ON g.id = tt.game_id"
            " WHERE t.status = 'running'"
            f" AND (tt.game_id IS NULL OR g.status IN ('finished', 'cancelled')){mine}",
            params,
        )
        return sorted(row[0] for row in found)

    async def claim_due_deadlines(
        self, now: datetime, stale_before: datetime, shards: Shards | None = None
    ) -> list[int]:
        """Take a lease on every running tournament whose round deadline has passed (and
        those whose lease ran out); one UPDATE, so two processes never both get one."""
        mine, params = served_guilds(shards)
        stamp = stamp_of(now)
        async with self.transaction() as tx:
            found = await tx.rows(
                "UPDATE tournaments SET claimed_at = ? WHERE status = 'running'"
                " AND deadline_at IS NOT NULL AND deadline_at <= ?"
                f" AND (claimed_at IS NULL OR claimed_at < ?){mine} RETURNING id",
                (stamp, stamp, stamp_of(stale_before), *params),
            )
        return sorted(row[0] for row in found)

    async def forget_in_tournaments(self, tx: Any, user_id: int) -> None:
        """``/forget-me`` in ``tx``: the user's name becomes "a former player" in every
        tournament (their id stays, so a running tournament still pairs their seat)."""
        found = await tx.rows(
            "SELECT id, names FROM tournaments WHERE names LIKE ?", (f'%"{user_id}"%',)
        )
        for tournament_id, text in found:
            names = json.loads(text)
            if str(user_id) in names:
                names[str(user_id)] = FORMER_PLAYER
                await tx.execute(
                    "UPDATE tournaments SET names = ? WHERE id = ?",
                    (json.dumps(names), tournament_id),
                )
                await tx.announce_tournament(int(tournament_id))

    async def release_deadline(self, tournament_id: int, later: datetime) -> None:
        """Give a claimed deadline back, due again at ``later`` (its games not all decided)."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE tournaments SET claimed_at = NULL, deadline_at = ? WHERE id = ?",
                (stamp_of(later), tournament_id),
            )
