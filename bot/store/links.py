"""Page links in the store: the unguessable token of a game's pages, of a server's, and of a
player's own (their Islants of the day played in direct messages).

A token is made the first time a link is asked for and kept, so a link shared once keeps
working; pages find what a token names and nothing else (no id in a link can be counted).
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

TOKEN_BYTES = 18  # 24 URL-safe characters, 144 random bits


@dataclass(frozen=True, slots=True)
class Linked:
    """What a page token names: a game, or a server (its leaderboards)."""

    game_id: int | None
    guild_id: int | None


class LinksStore(ABC):
    """The page links' queries, mixed into :class:`bot.store.Store`."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def game_token(self, game_id: int) -> str:
        """The token of a game's pages (made now if it has none)."""
        return await self._token("game_id", game_id)

    async def guild_token(self, guild_id: int) -> str:
        """The token of a server's pages (made now if it has none)."""
        return await self._token("guild_id", guild_id)

    async def linked(self, token: str) -> Linked | None:
        """What ``token`` names, or None for a token nobody was given."""
        rows = await self._rows(
            "SELECT game_id, guild_id FROM web_links WHERE token = ?", (token[:64],)
        )
        return Linked(rows[0][0], rows[0][1]) if rows else None

    async def _token(self, column: str, owner: int) -> str:
        async with self.transaction() as tx:
            await tx.execute(
                f"INSERT INTO web_links (token, {column}) VALUES (?, ?)"
                f" ON CONFLICT ({column}) DO NOTHING",
                (secrets.token_urlsafe(TOKEN_BYTES), owner),
            )
            return str(await tx.scalar(f"SELECT token FROM web_links WHERE {column} = ?", (owner,)))

    async def player_token(self, user_id: int) -> str:
        """The token of a player's own pages (made now if they have none)."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO player_links (token, user_id) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (secrets.token_urlsafe(TOKEN_BYTES), user_id),
            )
            return str(
                await tx.scalar("SELECT token FROM player_links WHERE user_id = ?", (user_id,))
            )

    async def player_of(self, token: str) -> int | None:
        """The player whose own pages ``token`` names, or None (a forgotten player's too)."""
        rows = await self._rows("SELECT user_id FROM player_links WHERE token = ?", (token[:64],))
        return int(rows[0][0]) if rows else None
