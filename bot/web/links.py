"""The public addresses of pages, as the bot gives them out (it needs no page server for it)."""

from __future__ import annotations

from ..service import GameService
from ..settings import effective
from ..store import DailyAttempt, GameRecord, TournamentRecord


async def pages_on(service: GameService, guild_id: int | None) -> bool:
    """Whether a server lets its games and records have pages (they do unless turned off)."""
    if guild_id is None:
        return True
    return effective({}, await service.store.guild_settings(guild_id), "web_pages") == "on"


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

    async def daily_link(self, attempt: DailyAttempt) -> str | None:
        """The public address of the page an Islant of the day attempt will be on once its
        day is over: its server's leaderboard (None: pages are off), or for one played in
        direct messages, its player's own page (give it to that player only)."""
        where = f"daily/{attempt.level}/{attempt.day}"
        if attempt.guild_id is None:
            return f"{self.url}/p/{await self.service.store.player_token(attempt.user_id)}/{where}"
        if not await pages_on(self.service, attempt.guild_id):
            return None
        return f"{self.url}/s/{await self.service.store.guild_token(attempt.guild_id)}/{where}"
