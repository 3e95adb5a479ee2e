"""Players' records in the store: finished games, ratings, forgetting a player, and the
records of servers the bot has left.

A finished game is written by :func:`record_finished` inside the transaction that
saves its final move (the history's unique game id refuses a second write), with the ratings
of its players in that server and across servers (scope 0).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..ratings import START_MU, START_SIGMA, Skill, rate
from .daily import PLAYING
from .records import FORMER_PLAYER

GLOBAL = 0  # the ratings scope across every server


class Tx(Protocol):
    """The statements of a transaction that recording uses (:class:`bot.store.base.Tx`)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any: ...


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished game: who, their score and its breakdown, and their place."""

    seat: int
    user_id: int | None
    name: str
    level: str | None  # a computer's level; None for people
    score: int
    place: int
    breakdown: dict[str, Any] | None = None

    @property
    def key(self) -> str:
        """Who is rated: a person by user id, a computer by its level and name."""
        if self.user_id is not None:
            return str(self.user_id)
        return f"computer:{self.level}:{self.name}"


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What history keeps of a game that has just ended."""

    game: str
    options: dict[str, Any]
    end_code: str
    winners: tuple[int, ...]
    seats: tuple[SeatResult, ...]

    @property
    def rated(self) -> bool:
        """A game with a single participant is recorded but not rated."""
        return len(self.seats) > 1


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished game as history shows it."""

    id: int
    game_id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    board_message_id: int | None
    started_at: str
    ended_at: str
    moves: int
    end_code: str
    winners: tuple[int, ...]
    rated: bool
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A row of a leaderboard."""

    place: int
    player: str
    name: str
    skill: Skill


async def record_finished(
    tx: Tx, game_id: int, finished: FinishedGame, stamp: str, for_update: str
) -> None:
    """History of a game that just ended, and its players' ratings if it is rated."""
    game = await tx.rows(
        "SELECT guild_id, channel_id, board_message_id FROM games WHERE id = ?", (game_id,)
    )
    guild_id, channel_id, board_message_id = game[0]
    moves, started = (
        await tx.rows("SELECT COUNT(*), MIN(created_at) FROM actions WHERE game_id = ?", (game_id,))
    )[0]
    history_id = await tx.scalar(
        "INSERT INTO history (game_id, guild_id, channel_id, game, options,"
        " board_message_id, started_at, ended_at, moves, end_code, winners, rated)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            game_id,
            guild_id,
            channel_id,
            finished.game,
            json.dumps(finished.options),
            board_message_id,
            started or stamp,
            stamp,
            moves,
            finished.end_code,
            json.dumps(list(finished.winners)),
            finished.rated,
        ),
    )
    await insert_rows(
        tx,
        "history_seats (history_id, seat, user_id, name, level, score, breakdown, rank)",
        [
            (
                history_id,
                seat.seat,
                seat.user_id,
                seat.name,
                seat.level,
                seat.score,
                None if seat.breakdown is None else json.dumps(seat.breakdown),
                seat.place,
            )
            for seat in finished.seats
        ],
    )
    if finished.rated:
        for scope in (GLOBAL,) if guild_id is None else (guild_id, GLOBAL):
            await rate_match(tx, scope, finished, stamp, for_update)


async def rate_match(
    tx: Tx, scope: int, finished: FinishedGame, stamp: str, for_update: str
) -> None:
    """Update the ratings of a finished game's players in one scope.

    Missing rows are created first and every row is then read locked (in one order), so
    two games ending at once in different channels never lose an update.
    """
    keys = sorted(seat.key for seat in finished.seats)
    names = {seat.key: seat.name for seat in finished.seats}
    columns = "ratings (scope, game, player, name, mu, sigma, games, wins, updated_at)"
    await insert_rows(
        tx,
        columns,
        [(scope, finished.game, k, names[k], START_MU, START_SIGMA, 0, 0, stamp) for k in keys],
        " ON CONFLICT (scope, game, player) DO NOTHING",
    )
    marks = ", ".join("?" for _ in keys)
    found = await tx.rows(
        "SELECT player, mu, sigma, games, wins FROM ratings"
        f" WHERE scope = ? AND game = ? AND player IN ({marks}) ORDER BY player{for_update}",
        (scope, finished.game, *keys),
    )
    before = {r[0]: Skill(r[1], r[2], r[3], r[4]) for r in found}
    after = rate([before[s.key] for s in finished.seats], [s.place for s in finished.seats])
    rows = [
        (scope, finished.game, seat.key, seat.name, k.mu, k.sigma, k.games, k.wins, stamp)
        for seat, k in zip(finished.seats, after, strict=True)
    ]
    await insert_rows(
        tx,
        columns,
        rows,
        " ON CONFLICT (scope, game, player) DO UPDATE SET name = excluded.name,"
        " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
        " wins = excluded.wins, updated_at = excluded.updated_at",
    )


async def insert_rows(tx: Tx, into: str, rows: Sequence[Sequence[Any]], conflict: str = "") -> None:
    """One INSERT of many rows (a 99-player game's seats in one statement, not 99)."""
    if not rows:
        return
    marks = ", ".join("(" + ", ".join("?" for _ in row) + ")" for row in rows)
    await tx.execute(
        f"INSERT INTO {into} VALUES {marks}{conflict}", [v for row in rows for v in row]
    )


class HistoryReads:
    """Record reads and maintenance, mixed into :class:`~bot.store.base.Store`."""

    async def history(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> tuple[int, list[HistoryEntry]]:
        """A server's finished games (``GLOBAL``: every server's and those played in direct
        messages), newest first (optionally one game, one player's), with how many there are
        in all."""
        where, params = _history_filter(guild_id, game, user_id)
        total = (await self._rows(f"SELECT COUNT(*) FROM history h WHERE {where}", params))[0][0]
        rows = await self._rows(
            f"SELECT * FROM history h WHERE {where} ORDER BY h.ended_at DESC, h.id DESC"
            " LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return int(total), await self._entries(rows)

    async def history_of_game(self, game_id: int) -> HistoryEntry | None:
        rows = await self._rows("SELECT * FROM history WHERE game_id = ?", (game_id,))
        entries = await self._entries(rows)
        return entries[0] if entries else None

    async def all_history(self, guild_id: int | None = None) -> list[HistoryEntry]:
        """Every recorded game (of one server), oldest first: to replay ratings."""
        where, params = ("guild_id = ?", (guild_id,)) if guild_id else ("1 = 1", ())
        rows = await self._rows(f"SELECT * FROM history WHERE {where} ORDER BY id", params)
        return await self._entries(rows)

    async def _entries(self, rows: list[Any]) -> list[HistoryEntry]:
        if not rows:
            return []
        ids = [r["id"] for r in rows]
        marks = ", ".join("?" for _ in ids)
        seats: dict[int, list[SeatResult]] = {i: [] for i in ids}
        for s in await self._rows(
            "SELECT history_id, seat, user_id, name, level, score, rank, breakdown"
            f" FROM history_seats WHERE history_id IN ({marks}) ORDER BY history_id, seat",
            ids,
        ):
            breakdown = json.loads(s[7]) if s[7] else None
            seats[s[0]].append(SeatResult(s[1], s[2], s[3], s[4], s[5], s[6], breakdown))
        return [
            HistoryEntry(
                id=r["id"],
                game_id=r["game_id"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"],
                game=r["game"],
                options=json.loads(r["options"]),
                board_message_id=r["board_message_id"],
                started_at=r["started_at"],
                ended_at=r["ended_at"],
                moves=r["moves"],
                end_code=r["end_code"],
                winners=tuple(json.loads(r["winners"])),
                rated=bool(r["rated"]),
                seats=tuple(seats[r["id"]]),
            )
            for r in rows
        ]

    async def ratings_of(self, scope: int, player: str) -> dict[str, Skill]:
        """A player's rating per game in one scope."""
        rows = await self._rows(
            "SELECT game, mu, sigma, games, wins FROM ratings WHERE scope = ? AND player = ?",
            (scope, player),
        )
        return {r[0]: Skill(r[1], r[2], r[3], r[4]) for r in rows}

    async def all_ratings(self, scope: int) -> dict[tuple[str, str], Skill]:
        """Every rating of a scope by (game, player)."""
        rows = await self._rows(
            "SELECT game, player, mu, sigma, games, wins FROM ratings WHERE scope = ?", (scope,)
        )
        return {(r[0], r[1]): Skill(r[2], r[3], r[4], r[5]) for r in rows}

    async def leaderboard(
        self,
        scope: int,
        game: str,
        *,
        since: str | None = None,
        hide_computers: bool = False,
        offset: int = 0,
        limit: int = 10,
    ) -> tuple[int, list[Standing]]:
        """Players by conservative rating (those who played since ``since``), with the count."""
        where, params = _board_filter(scope, game, since, hide_computers)
        total = (await self._rows(f"SELECT COUNT(*) FROM ratings WHERE {where}", params))[0][0]
        rows = await self._rows(
            f"SELECT player, name, mu, sigma, games, wins FROM ratings WHERE {where}"
            " ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return int(total), [
            Standing(offset + i + 1, r[0], r[1], Skill(r[2], r[3], r[4], r[5]))
            for i, r in enumerate(rows)
        ]

    async def place_on_board(
        self,
        scope: int,
        game: str,
        player: str,
        *,
        since: str | None = None,
        hide_computers: bool = False,
    ) -> Standing | None:
        """One player's row of a leaderboard (None if they are not on it)."""
        where, params = _board_filter(scope, game, since, hide_computers)
        mine = await self._rows(
            f"SELECT player, name, mu, sigma, games, wins FROM ratings WHERE {where}"
            " AND player = ?",
            (*params, player),
        )
        if not mine:
            return None
        r = mine[0]
        ahead = await self._rows(
            f"SELECT COUNT(*) FROM ratings WHERE {where} AND (mu - 3 * sigma > ?"
            " OR (mu - 3 * sigma = ? AND (games > ? OR (games = ? AND player < ?))))",
            (*params, r[2] - 3 * r[3], r[2] - 3 * r[3], r[4], r[4], player),
        )
        return Standing(int(ahead[0][0]) + 1, r[0], r[1], Skill(r[2], r[3], r[4], r[5]))

    async def forget_user(self, user_id: int) -> None:
        """Delete a user's ratings, settings and own pages' link; in history, finished games,
        finished Islants of the day and tournaments they become "a former player" (the pages
        of those games are told)."""
        async with self.transaction() as tx:
            rows = await tx.rows(
                "SELECT DISTINCT p.game_id FROM players p JOIN games g ON g.id = p.game_id"
                " WHERE p.user_id = ? AND g.status IN ('finished', 'cancelled')",
                (user_id,),
            )
            await tx.execute("DELETE FROM ratings WHERE player = ?", (str(user_id),))
            await tx.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM player_links WHERE user_id = ?", (user_id,))
            await tx.execute(
                "UPDATE history_seats SET user_id = NULL, name = ? WHERE user_id = ?",
                (FORMER_PLAYER, user_id),
            )
            await tx.execute(
                "UPDATE players SET user_id = NULL, name = ? WHERE user_id = ? AND game_id IN"
                " (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))",
                (FORMER_PLAYER, user_id),
            )
            await tx.execute(
                "UPDATE daily_attempts SET user_name = ? WHERE user_id = ? AND status <> ?",
                (FORMER_PLAYER, user_id, PLAYING),
            )
            await self.forget_in_tournaments(tx, user_id)  # type: ignore[attr-defined]
            for row in rows:
                await tx.announce(int(row[0]))

    async def guild_removed(self, guild_id: int, stamp: str) -> None:
        """The bot left a server: its records go once the grace period has passed."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_removals (guild_id, removed_at) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, stamp),
            )

    async def guild_returned(self, guild_id: int) -> None:
        """The bot is back in a server: its records stay."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM guild_removals WHERE guild_id = ?", (guild_id,))

    async def purge_removed_guilds(self, removed_before: str) -> list[int]:
        """Delete the history and server ratings of servers left before ``removed_before``
        (global ratings stay as they are); returns those servers."""
        async with self.transaction() as tx:
            rows = await tx.rows(
                "SELECT guild_id FROM guild_removals WHERE removed_at < ?", (removed_before,)
            )
            gone = [int(r[0]) for r in rows]
            for guild_id in gone:
                await tx.execute("DELETE FROM history WHERE guild_id = ?", (guild_id,))
                await tx.execute("DELETE FROM ratings WHERE scope = ?", (guild_id,))
                await tx.execute("DELETE FROM guild_removals WHERE guild_id = ?", (guild_id,))
        return gone


def _history_filter(
    guild_id: int, game: str | None, user_id: int | None
) -> tuple[str, tuple[Any, ...]]:
    where, params = (["1 = 1"], []) if guild_id == GLOBAL else (["h.guild_id = ?"], [guild_id])
    if game is not None:
        where.append("h.game = ?")
        params.append(game)
    if user_id is not None:
        where.append(
            "EXISTS (SELECT 1 FROM history_seats s WHERE s.history_id = h.id AND s.user_id = ?)"
        )
        params.append(user_id)
    return " AND ".join(where), tuple(params)


def _board_filter(
    scope: int, game: str, since: str | None, hide_computers: bool
) -> tuple[str, tuple[Any, ...]]:
    where, params = ["scope = ?", "game = ?"], [scope, game]
    if since is not None:
        where.append("updated_at >= ?")
        params.append(since)
    if hide_computers:
        where.append("player NOT LIKE 'computer:%'")
    return " AND ".join(where), tuple(params)
