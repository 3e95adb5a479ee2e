"""Islant of the day in the store: the secret its rolls come from, and the players' attempts.

An attempt is keyed by (user, UTC day, level): one per player per day per level. Saves check
the version the attempt was loaded at in the UPDATE itself, so two processes (or two taps)
computing from the same version never both land. Rankings read finished attempts only.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .records import UniqueViolation, VersionConflict, shown_player, stamp_of

PLAYING = "playing"
COLUMNS = (
    "id, user_id, day, level, guild_id, user_name, status, state, version, score, breakdown,"
    " started_at, finished_at"
)


@dataclass(frozen=True, slots=True)
class DailyAttempt:
    """One player's Islant of the day at one level: its engine state and how it stands."""

    id: int
    user_id: int
    day: str
    level: int
    guild_id: int | None
    user_name: str
    status: str
    state: dict[str, Any]
    version: int
    score: int
    breakdown: dict[str, int]
    started_at: str
    finished_at: str | None

    @property
    def finished(self) -> bool:
        return self.status != PLAYING

    @property
    def shown_name(self) -> str:
        """The player's name in the reader's words (a forgotten player's too)."""
        return shown_player(self.user_name)


def _attempt(row: Any) -> DailyAttempt:
    return DailyAttempt(
        id=row["id"],
        user_id=row["user_id"],
        day=row["day"],
        level=row["level"],
        guild_id=row["guild_id"],
        user_name=row["user_name"],
        status=row["status"],
        state=json.loads(row["state"]),
        version=row["version"],
        score=row["score"],
        breakdown=json.loads(row["breakdown"]),
        started_at=row["started_at"],
        finished_at=row["finished_at"],
    )


def _on_server(guild_id: int | None) -> tuple[str, tuple[int, ...]]:
    """The clause keeping one server's attempts (None: every server)."""
    return ("", ()) if guild_id is None else (" AND guild_id = ?", (guild_id,))


class DailyStore(ABC):
    """The daily game's queries, mixed into :class:`bot.store.Store`."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def daily_secret(self, fresh: str) -> str:
        """The secret the daily rolls are derived from; ``fresh`` is kept if there is none yet
        (the first process to store one wins, every other reads it)."""
        found = await self._rows("SELECT secret FROM daily_secret WHERE id = 1")
        if found:
            return str(found[0][0])
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO daily_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
                (fresh,),
            )
            return str(await tx.scalar("SELECT secret FROM daily_secret WHERE id = 1"))

    async def daily_attempt(self, user_id: int, day: str, level: int) -> DailyAttempt | None:
        found = await self._rows(
            f"SELECT {COLUMNS} FROM daily_attempts WHERE user_id = ? AND day = ? AND level = ?",
            (user_id, day, level),
        )
        return _attempt(found[0]) if found else None

    async def daily_attempt_by_id(self, attempt_id: int) -> DailyAttempt | None:
        found = await self._rows(
            f"SELECT {COLUMNS} FROM daily_attempts WHERE id = ?", (attempt_id,)
        )
        return _attempt(found[0]) if found else None

    async def start_daily(
        self,
        *,
        user_id: int,
        day: str,
        level: int,
        guild_id: int | None,
        user_name: str,
        state: dict[str, Any],
        breakdown: dict[str, int],
        now: datetime,
    ) -> DailyAttempt:
        """The user's attempt of that day and level: a new one with ``state`` and its score
        ``breakdown`` (with its ``total``), or the one already there (an attempt is never
        started twice)."""
        try:
            async with self.transaction() as tx:
                await tx.execute(
                    "INSERT INTO daily_attempts (user_id, day, level, guild_id, user_name,"
                    " status, state, score, breakdown, started_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        user_id,
                        day,
                        level,
                        guild_id,
                        user_name,
                        PLAYING,
                        json.dumps(state, separators=(",", ":")),
                        breakdown["total"],
                        json.dumps(breakdown),
                        stamp_of(now),
                    ),
                )
        except UniqueViolation:
            pass  # started meanwhile (another tap, another process): that one stands
        found = await self.daily_attempt(user_id, day, level)
        assert found is not None
        return found

    async def save_daily(
        self,
        attempt_id: int,
        *,
        expected_version: int,
        state: dict[str, Any],
        status: str,
        score: int,
        breakdown: dict[str, int],
        now: datetime,
    ) -> int:
        """Save an attempt's new state; returns the new version. Raises VersionConflict if
        the attempt moved on (or ended) since ``expected_version``."""
        finished_at = None if status == PLAYING else stamp_of(now)
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE daily_attempts SET state = ?, status = ?, score = ?, breakdown = ?,"
                " finished_at = ?, version = version + 1"
                " WHERE id = ? AND version = ? AND status = ?",
                (
                    json.dumps(state, separators=(",", ":")),
                    status,
                    score,
                    json.dumps(breakdown),
                    finished_at,
                    attempt_id,
                    expected_version,
                    PLAYING,
                ),
            )
            if changed != 1:
                raise VersionConflict()
        return expected_version + 1

    async def expire_daily(self, today: str, status: str, now: datetime) -> int:
        """End every attempt of an earlier day that is still unfinished (its score is that of
        its last submitted turn); returns how many ended."""
        async with self.transaction() as tx:
            return await tx.execute(
                "UPDATE daily_attempts SET status = ?, finished_at = ?, version = version + 1"
                " WHERE status = ? AND day < ?",
                (status, stamp_of(now), PLAYING, today),
            )

    async def daily_rank(
        self, day: str, level: int, score: int, guild_id: int | None = None
    ) -> tuple[int, int]:
        """The rank of ``score`` among the day's finished attempts (ties share a rank) and
        how many finished, on one server or (None) everywhere."""
        where, params = _on_server(guild_id)
        row = (
            await self._rows(
                "SELECT COALESCE(SUM(CASE WHEN score > ? THEN 1 ELSE 0 END), 0), COUNT(*)"
                f" FROM daily_attempts WHERE day = ? AND level = ? AND status <> ?{where}",
                (score, day, level, PLAYING, *params),
            )
        )[0]
        return int(row[0]) + 1, int(row[1])

    async def daily_top(
        self, day: str, level: int, limit: int, guild_id: int | None = None
    ) -> list[DailyAttempt]:
        """The day's best finished attempts, best first (earlier finishers first on ties)."""
        where, params = _on_server(guild_id)
        rows = await self._rows(
            f"SELECT {COLUMNS} FROM daily_attempts WHERE day = ? AND level = ? AND status <> ?"
            f"{where} ORDER BY score DESC, finished_at, id LIMIT ?",
            (day, level, PLAYING, *params, limit),
        )
        return [_attempt(r) for r in rows]

    async def daily_days(self, user_id: int) -> list[str]:
        """The days the user played (any level), latest first."""
        rows = await self._rows(
            "SELECT DISTINCT day FROM daily_attempts WHERE user_id = ? ORDER BY day DESC",
            (user_id,),
        )
        return [str(r[0]) for r in rows]

    async def daily_best(self, user_id: int) -> dict[int, int]:
        """The user's best finished score per level."""
        rows = await self._rows(
            "SELECT level, MAX(score) FROM daily_attempts WHERE user_id = ? AND status <> ?"
            " GROUP BY level ORDER BY level",
            (user_id, PLAYING),
        )
        return {int(r[0]): int(r[1]) for r in rows}
