"""Island Wars: /wars place, /wars move and /wars pass, with only legal hexes suggested."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..choices import Prefix, legal_move_choices
from ..reach import Reach, group_extras
from ..ui import play_move

PIECES = [
    app_commands.Choice(name="Barracks (converts neighbouring land)", value="BARRACKS"),
    app_commands.Choice(name="Defense tower (protects your land)", value="TOWER"),
    app_commands.Choice(name="Port (secures water)", value="PORT"),
]


class WarsCog(commands.Cog):
    """A turn is one of: place a piece, move a barracks and/or a port, or pass."""

    wars = app_commands.Group(
        name="wars", description="Play Island Wars", extras=group_extras(Reach.GAMES)
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @wars.command(name="place", description="Place one of your free pieces")
    @app_commands.describe(
        piece="Which piece", where="Where: pick one of the suggested hexes (q r)"
    )
    @app_commands.choices(piece=PIECES)
    async def place(self, interaction: discord.Interaction, piece: str, where: str) -> None:
        await play_move(
            interaction, where if where.upper().startswith("PLACE") else f"PLACE {piece} {where}"
        )

    @place.autocomplete("where")
    async def place_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        piece = getattr(interaction.namespace, "piece", None) or ""
        prefix = f"PLACE {piece}".strip()
        return await legal_move_choices(interaction, current, Prefix(prefix))

    @wars.command(name="move", description="Move a barracks and/or a port instead of placing")
    @app_commands.describe(move="Which pieces where: pick one of the suggested moves")
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        await play_move(interaction, move)

    @move.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_move_choices(interaction, current, Prefix("MOVE"))

    @wars.command(name="pass", description="Do nothing this turn")
    async def pass_turn(self, interaction: discord.Interaction) -> None:
        await play_move(interaction, "PASS")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WarsCog(bot))
