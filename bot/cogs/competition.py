"""Island competition: /islands hand, trick, reveal and score, and the game's own board.

Most play happens through the buttons of the public board and the private panels they open;
the commands reach the same panels for players who prefer typing.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .. import ui
from ..competition import controls, dialogs
from ..competition.access import COG_NAME, GAME_NAME
from ..competition.hand import DYNAMIC_ITEMS as HAND_ITEMS
from ..competition.hand import open_hand
from ..competition.keeper import BoardKeeper, post_for_interaction
from ..service import MoveResult


class CompetitionCog(commands.Cog, name=COG_NAME):
    """Hidden hands in private panels; the reveal, tricks and scores on the public board."""

    islands = app_commands.Group(
        name="islands", description="Play Island competition (Inseln toppen!)", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.keeper = BoardKeeper(bot, controls.board_view)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(controls.BoardControl, *HAND_ITEMS, *dialogs.DYNAMIC_ITEMS)
        ui.BOARD_POSTERS[GAME_NAME] = post_for_interaction
        self.bot.update_posters[GAME_NAME] = self._post_update  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.keeper.stop()
        ui.BOARD_POSTERS.pop(GAME_NAME, None)
        self.bot.update_posters.pop(GAME_NAME, None)  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.keeper.resume()

    async def _post_update(
        self, channel: discord.abc.Messageable, result: MoveResult, headline: str
    ) -> None:
        """Show a change a timer made (a timeout played for an absent player, say)."""
        await self.keeper.after(result, None, headline=headline)

    @islands.command(name="hand", description="Your cards and your placement, privately")
    async def hand(self, interaction: discord.Interaction) -> None:
        await open_hand(interaction)

    @islands.command(name="trick", description="Split your trick, or steal for national borders")
    async def trick(self, interaction: discord.Interaction) -> None:
        await dialogs.open_dialog(interaction)

    @islands.command(name="reveal", description="Turn over the next slot for everyone")
    async def reveal(self, interaction: discord.Interaction) -> None:
        await controls.reveal_next(interaction, expected_version=None)

    @islands.command(name="score", description="Everyone's sea piles and face-down cards")
    async def score(self, interaction: discord.Interaction) -> None:
        await controls.show_scores(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CompetitionCog(bot))
