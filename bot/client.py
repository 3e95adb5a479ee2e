"""The bot: opens the store, builds the service, loads the cogs and the persistent buttons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from engine.core import IllegalAction

from .errors import UserError
from .service import GameService
from .store import Store
from .ui import APOLOGY, DYNAMIC_ITEMS, log_failure, reply_error

HEARTBEAT_SECONDS = 30
COGS = (
    "bot.cogs.games",
    "bot.cogs.tigerisland",
    "bot.cogs.wars",
)


class IslandBot(commands.Bot):
    """A slash-command-only bot (no privileged intents, no message content)."""

    def __init__(
        self,
        database: str | Path,
        *,
        dev_guild: int | None = None,
        heartbeat: Path | None = None,
        service_kwargs: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.database = database
        self.dev_guild = dev_guild
        self.heartbeat = heartbeat
        self._service_kwargs = service_kwargs or {}
        self.store: Store | None = None
        self.service: GameService | None = None
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.database)
        self.service = GameService(self.store, **self._service_kwargs)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for cog in COGS:
            await self.load_extension(cog)
        if self.dev_guild is not None:
            await self.sync_commands(self.dev_guild)
        if self.heartbeat is not None:
            self.beat.start()

    @tasks.loop(seconds=HEARTBEAT_SECONDS)
    async def beat(self) -> None:
        """Refresh the heartbeat file while connected (the container's health check)."""
        if self.heartbeat is not None and self.is_ready() and not self.is_closed():
            self.heartbeat.touch()

    async def close(self) -> None:
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def sync_commands(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        """Register the slash commands with Discord: to one server (instant) or globally."""
        if guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """User-fixable errors get their message; anything else is logged with context."""
        original = getattr(error, "original", error)
        if isinstance(original, IllegalAction | UserError):
            await reply_error(interaction, original.message)
            return
        if isinstance(error, app_commands.CheckFailure):
            await reply_error(interaction, str(error) or "You cannot use that command here.")
            return
        log_failure(interaction, original)
        await reply_error(interaction, APOLOGY)
