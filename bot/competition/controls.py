"""The buttons under the public board: My hand, Reveal next, Split trick / Steal cards, Scores.

Custom ids carry the game id and the state version. **Reveal next** refuses a stale click
(two players pressing at once reveal one slot, not two); the other buttons always open the
clicker's own, current panel or dialog, whatever message they sit on.
"""

from __future__ import annotations

import re

import discord

from render.competition.model import Table

from ..components import ExplainsErrors
from ..errors import UserError
from ..ui import BoardButton
from .access import REVEAL, detached_view, here, last_here
from .dialogs import open_dialog
from .hand import open_hand
from .keeper import keeper_of
from .scores import scoreboard_embed
from .texts import next_step


class BoardControl(
    ExplainsErrors,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmp:(?P<game>\d+):(?P<version>\d+):(?P<action>hand|reveal|trick|score)",
):
    """One of the game's buttons on the public board message."""

    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        enabled: bool = True,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                custom_id=f"cmp:{game_id}:{version}:{action}",
                disabled=not enabled,
            )
        )
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> BoardControl:
        return cls(int(match["game"]), int(match["version"]), match["action"])

    async def run(self, interaction: discord.Interaction) -> None:
        if self.action == "hand":
            await open_hand(interaction)
        elif self.action == "trick":
            await open_dialog(interaction)
        elif self.action == "score":
            await show_scores(interaction)
        else:
            await reveal_next(interaction, expected_version=self.version)


async def show_scores(interaction: discord.Interaction) -> None:
    """The scoreboard (public information) of the channel's running or last game, privately
    to whoever asked."""
    found = await last_here(interaction)
    embed = scoreboard_embed(found.table(), found.record.names)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def reveal_next(interaction: discord.Interaction, *, expected_version: int | None) -> None:
    """Turn the next slot over for everyone (any player may); the board shows the result."""
    found = await here(interaction)
    seat = found.seat(interaction.user.id)
    table = found.table()
    if table.phase != "reveal":
        raise UserError(
            "islands_not_yet", waiting=next_step(table, found.record.names, paced=False)
        )
    from_button = interaction.type is discord.InteractionType.component
    if from_button:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        result = await found.service.play(
            found.record.channel_id,
            interaction.user.id,
            REVEAL,
            interaction_id=interaction.id,
            expected_version=expected_version,
        )
    except UserError as error:
        if error.code == "board_changed":
            raise UserError("islands_board_moved") from None
        raise
    await keeper_of(interaction.client).after(result, seat)
    if not from_button:
        await interaction.followup.send("Revealed: the board shows it.", ephemeral=True)


def board_view(game_id: int, version: int, table: Table) -> discord.ui.View | None:
    """The buttons for the board of ``table`` (none once the game is over)."""
    if table.outcome is not None:
        return None
    steal = bool(table.pending) and table.pending[0].kind == "steal"
    buttons = (
        BoardControl(game_id, version, "hand", label="My hand", style=discord.ButtonStyle.primary),
        BoardControl(
            game_id,
            version,
            "reveal",
            label="Reveal next",
            style=discord.ButtonStyle.success,
            enabled=table.phase == "reveal",
        ),
        BoardControl(
            game_id,
            version,
            "trick",
            label="Steal cards" if steal else "Split trick",
            style=discord.ButtonStyle.success,
            enabled=bool(table.pending),
        ),
        BoardControl(game_id, version, "score", label="Scores"),
        BoardButton(game_id, version, "resign"),
    )
    return detached_view(*buttons)
