"""Island competition: /islands hand, trick, reveal and score, and the game's own board.

Most play happens through the buttons of the public board and the private panel **My moves**
opens; the commands reach the same panel for players who prefer typing.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..competition.controls import GAME_NAME, BoardControl, reveal_next, show_scores
from ..competition.presentation import CompetitionBoard
from ..panel import open_panel
from ..ui import publisher_of


class CompetitionCog(commands.Cog, name="IslandCompetition"):
    """Hidden hands in private panels; the reveal, tricks and scores on the public board."""

    islands = app_commands.Group(
        name="islands", description="Play Island competition (Inseln toppen!)", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BoardControl)
        publisher_of(self.bot).register(GAME_NAME, CompetitionBoard())

    async def cog_unload(self) -> None:
        publisher_of(self.bot).unregister(GAME_NAME)

    @islands.command(name="hand", description="Your cards and your placement, privately")
    async def hand(self, interaction: discord.Interaction) -> None:
        await open_panel(interaction)

    @islands.command(name="trick", description="Split your trick, or steal for national borders")
    async def trick(self, interaction: discord.Interaction) -> None:
        await open_panel(interaction)

    @islands.command(name="reveal", description="Turn over the next slot for everyone")
    async def reveal(self, interaction: discord.Interaction) -> None:
        await reveal_next(interaction, expected_version=None)

    @islands.command(name="score", description="Everyone's sea piles and face-down cards")
    async def score(self, interaction: discord.Interaction) -> None:
        await show_scores(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CompetitionCog(bot))
