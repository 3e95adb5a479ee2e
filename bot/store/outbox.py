"""The outbox: what a saved change still has to show in its channel, kept until it is shown.

An entry is written in the transaction of the change that asks for it (a move's new board, a
job's reminder), so a change is never saved without it. The publisher deletes an entry once
Discord accepted what it asked for; an entry whose publication failed is postponed (its
attempts counted) and tried again, also by the next process after a restart. A board entry
is done once the game's board shows its version or a later one.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..shards import Shards
from .records import stamp_of
from .served import served_games

BOARD = "board"
"""Show the game's board at this version (or a later one)."""
REMIND = "remind"
"""Remind the players named in the payload that it is their turn."""


@dataclass(frozen=True, slots=True)
class Notice:
    """What a change asks its channel to show, and from when on anyone may show it."""

    kind: str
    due: datetime
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One outbox entry not shown yet."""

    id: int
    game_id: int
    kind: str
    version: int
    payload: dict[str, Any]
    attempts: int


async def write_notice(tx: Any, game_id: int, version: int, notice: Notice) -> None:
    """Add ``notice`` for the game's ``version`` inside the change's transaction ``tx``."""
    await tx.later(
        "INSERT INTO outbox (game_id, kind, version, payload, due_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, notice.kind, version, json.dumps(notice.payload), stamp_of(notice.due)),
    )


async def finish_job_in(tx: Any, job_id: int, now: datetime) -> None:
    """Mark a job done inside the transaction of the change it made."""
    await tx.later("UPDATE jobs SET done_at = ? WHERE id = ?", (stamp_of(now), job_id))


class OutboxStore(ABC):
    """The outbox's queries, mixed into :class:`bot.store.Store`."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def due_notices(self, now: datetime, shards: Shards | None = None) -> list[Outgoing]:
        """Entries due by ``now`` of the games in the servers ``shards`` serve, oldest first."""
        mine, params = served_games(shards)
        rows = await self._rows(
            "SELECT id, game_id, kind, version, payload, attempts FROM outbox"
            f" WHERE due_at <= ?{mine} ORDER BY id",
            (stamp_of(now), *params),
        )
        return [_outgoing(row) for row in rows]

    async def notices_of(self, game_id: int) -> list[Outgoing]:
        """A game's entries not shown yet, oldest first."""
        rows = await self._rows(
            "SELECT id, game_id, kind, version, payload, attempts FROM outbox"
            " WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [_outgoing(row) for row in rows]

    async def board_shown(self, game_id: int, version: int) -> None:
        """The board shows ``version``: its entries up to it are done."""
        async with self.transaction() as tx:
            await _board_done(tx, game_id, version)

    async def board_posted(
        self,
        game_id: int,
        version: int,
        message_id: int,
        calls: Iterable[int],
        reminder: Notice | None = None,
    ) -> None:
        """A new board message showing ``version`` was accepted: remember it and its
        ``calls`` (the messages with the pings that did not fit on it) in place of the last
        board's, and its entries are done; a ``reminder`` (for the calls Discord refused) is
        kept in their place. One hand-over on SQLite: nothing here is waited for."""
        async with self.transaction() as tx:
            if reminder is not None:
                await write_notice(tx, game_id, version, reminder)
            await tx.later(
                "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
            )
            await tx.later(
                "UPDATE history SET board_message_id = ? WHERE game_id = ?", (message_id, game_id)
            )
            await tx.later("DELETE FROM board_calls WHERE game_id = ?", (game_id,))
            await tx.later_many(
                "INSERT INTO board_calls (game_id, message_id) VALUES (?, ?)",
                [(game_id, call) for call in calls],
            )
            await _board_done(tx, game_id, version)

    async def notices_done(self, ids: Iterable[int]) -> None:
        """Entries whose message Discord accepted (or that can never be shown)."""
        async with self.transaction() as tx:
            await tx.later_many("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])

    async def postpone_notices(self, ids: Iterable[int], due: datetime) -> None:
        """Entries whose publication failed: tried again from ``due`` on."""
        async with self.transaction() as tx:
            await tx.later_many(
                "UPDATE outbox SET due_at = ?, attempts = attempts + 1 WHERE id = ?",
                [(stamp_of(due), entry_id) for entry_id in ids],
            )


async def _board_done(tx: Any, game_id: int, version: int) -> None:
    await tx.later(
        "DELETE FROM outbox WHERE game_id = ? AND kind = ? AND version <= ?",
        (game_id, BOARD, version),
    )


def _outgoing(row: Any) -> Outgoing:
    return Outgoing(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5])
