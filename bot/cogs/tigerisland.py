"""tiggar islanote: /tiger place and /tiger build, with only legal moves suggested."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..choices import Prefix, legal_move_choices
from ..reach import Reach, group_extras
from ..ui import play_move

PLACE_WORD = "PLACE"


class TigerIslandCog(commands.Cog):
    """Slash commands for the two halves of a turn: place the tile, then build."""

    tiger = app_commands.Group(
        name="tiger",
        description="Play tiggar islanote (TigerIsland)",
        extras=group_extras(Reach.GAMES),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @tiger.command(name="place", description="Place the tile in your hand")
    @app_commands.describe(
        placement="Where: type a coordinate like '1 -1 0' or 'on top' and pick a suggestion"
    )
    async def place(self, interaction: discord.Interaction, placement: str) -> None:
        await play_move(interaction, placement)

    @place.autocomplete("placement")
    async def place_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_move_choices(interaction, current, Prefix(PLACE_WORD))

    @tiger.command(name="build", description="Found, expand or build a totoro sanctuary")
    @app_commands.describe(build="What to build: type 'found', 'expand' or 'totoro' and a hex")
    async def build(self, interaction: discord.Interaction, build: str) -> None:
        await play_move(interaction, build)

    @build.autocomplete("build")
    async def build_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_move_choices(interaction, current, Prefix(PLACE_WORD, keep=False))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TigerIslandCog(bot))
