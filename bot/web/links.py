"""The public addresses of pages, as the bot gives them out (it needs no page server for it)."""

from __future__ import annotations

from ..service import GameService
from ..store import GameRecord, TournamentRecord
from .lookup import pages_on


class PageLinks:
    """Links to a game's page, a server's leaderboards and its tournaments, under the public
    address."""

    def __init__(self, service: GameService, url: str) -> None:
        self.service = service
        self.url = url

    async def link(self, record: GameRecord) -> str | None:
        """The public address of a game's page (None when its server turned pages off)."""
        if not await pages_on(self.service, record.guild_id):
            return None
        return f"{self.url}/g/{await self.service.store.game_token(record.id)}"

    async def leaderboard_link(self, guild_id: int, game: str) -> str | None:
        """The public address of a server's leaderboard of ``game`` (None: pages are off)."""
        if not await pages_on(self.service, guild_id):
            return None
        token = await self.service.store.guild_token(guild_id)
        return f"{self.url}/s/{token}/leaderboard/{game}"

    async def tournament_link(self, found: TournamentRecord) -> str | None:
        """The public address of a tournament's page (None when its server turned pages off)."""
        if not await pages_on(self.service, found.guild_id):
            return None
        token = await self.service.store.guild_token(found.guild_id)
        return f"{self.url}/s/{token}/tournament/{found.id}"
