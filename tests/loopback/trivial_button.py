"""The baseline bot's one button, which only acknowledges (kept apart from the benchmarks'
drivers, so that a bot process that registers it loads nothing else of them)."""

from __future__ import annotations

from typing import Any

import discord

TRIVIAL = "bench-trivial"


class Trivial(discord.ui.DynamicItem[discord.ui.Button], template=TRIVIAL):
    """The baseline: a button that only acknowledges."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Trivial", custom_id=TRIVIAL))

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, match: Any) -> Trivial:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
