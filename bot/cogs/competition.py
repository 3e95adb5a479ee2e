"""Island competition: /islands hand, trick, reveal and score, and the board's own buttons.

Most play happens through the buttons of the public board and the private panel **My moves**
opens; the commands reach the same panel for players who prefer typing.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.competition import Table
from locales import _

from ..competition.presentation import CompetitionBoard
from ..competition.scores import scoreboard_card
from ..competition.texts import next_step, table_of
from ..components import IdItem, service_of
from ..custom_ids import NUMBER, IdFormat
from ..discord_requests import defer
from ..errors import UserError
from ..faces import GameFace, register_face
from ..i18n import game_title
from ..panel import open_panel
from ..reach import Reach, group_extras
from ..store import GameRecord
from ..ui import BoardButton

GAME_NAME = "competition"
REVEAL = "REVEAL"
CONTROL = IdFormat("cmp", (("game", NUMBER), ("version", NUMBER), ("action", "reveal|score")))


class BoardControl(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=CONTROL):
    """Reveal next or Scores on the public board message."""

    def __init__(self, game_id: int, version: int, action: str, *, enabled: bool = True) -> None:
        label, style = (
            (_("Reveal next"), discord.ButtonStyle.success)
            if action == "reveal"
            else (_("Scores"), discord.ButtonStyle.secondary)
        )
        custom_id = CONTROL.make(game=game_id, version=version, action=action)
        button = discord.ui.Button(
            label=label, style=style, custom_id=custom_id, disabled=not enabled
        )
        super().__init__(button)
        self.game_id, self.version, self.action = game_id, version, action

    async def run(self, interaction: discord.Interaction) -> None:
        if self.action == "score":
            await show_scores(interaction)
        else:
            await reveal_next(interaction, expected_version=self.version)


async def show_scores(interaction: discord.Interaction) -> None:
    """The scoreboard (public information) of the channel's running or last game, privately."""
    service = service_of(interaction)
    record = await service.store.last_game_in(interaction.channel_id or 0)
    if record is None or record.status in ("cancelled", "lobby"):
        raise UserError("no_game")
    _check_game(record)
    table = table_of(record, service.state_of(record))
    card = scoreboard_card(table, record.names)
    await interaction.response.send_message(**card.send(), ephemeral=True)


async def reveal_next(interaction: discord.Interaction, *, expected_version: int | None) -> None:
    """Turn the next slot over for everyone (any player may); the board shows the result."""
    service = service_of(interaction)
    record, state = await service.running(interaction.channel_id or 0)
    _check_game(record)
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise UserError("not_playing")
    table = table_of(record, state)
    if table.phase != "reveal":
        raise UserError("islands_not_yet", waiting=next_step(table, record.names))
    from_button = interaction.type is discord.InteractionType.component
    if from_button:
        await defer(interaction)
    else:
        await defer(interaction, ephemeral=True, thinking=True)
    try:
        result = await service.play(
            record.channel_id,
            interaction.user.id,
            REVEAL,
            interaction_id=interaction.id,
            expected_version=expected_version,
        )
    except UserError as error:
        if error.code == "board_changed":
            raise UserError("islands_board_moved") from None
        raise
    await service_of(interaction).sink.show(result, actor=seat, interaction=interaction)
    if not from_button:
        await interaction.followup.send(_("Revealed: the board shows it."), ephemeral=True)


def _check_game(record: GameRecord) -> None:
    if record.game != GAME_NAME:
        title = game_title(record.game)
        raise UserError("wrong_game", game=title, wanted=game_title(GAME_NAME))


def board_view(game_id: int, version: int, table: Table) -> discord.ui.View | None:
    """The buttons under the board of ``table`` (none once the game is over)."""
    if table.outcome is not None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton(game_id, version, "moves"))
    view.add_item(BoardControl(game_id, version, "reveal", enabled=table.phase == "reveal"))
    view.add_item(BoardControl(game_id, version, "score"))
    view.add_item(BoardButton(game_id, version, "resign"))
    view.stop()
    return view


class CompetitionCog(commands.Cog, name="IslandCompetition"):
    """Hidden hands in private panels; the reveal, tricks and scores on the public board."""

    islands = app_commands.Group(
        name="islands",
        description="Play Island competition (Inseln toppen!)",
        extras=group_extras(Reach.GAMES),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

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


FACE = register_face(GameFace(GAME_NAME, CompetitionBoard(board_view), items=(BoardControl,)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CompetitionCog(bot))
