"""Islant races: /islant play, sheet, name, standings and end, plus the race's messages.

A race is opened with ``/game new game:islant options:"level=5 round_minutes=10 cap=99"``
(Join, computer players, Start are the lobby's). From then on the channel shows one message
per round (see :mod:`bot.islant.board`) and each player works in a private panel (see
:mod:`bot.islant.panel` and :mod:`bot.islant.items`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine import find_game
from engine.islant import GAME, sheet_view
from engine.islant.state import IslantState

from .. import ui
from ..choices import MAX_CHOICES
from ..components import is_moderator, service_of
from ..errors import UserError
from ..islant.board import ISLANT_COG, RoundBoard, board_of
from ..islant.items import LIVE_ITEMS, Turn, live_view, show_sheet, show_standings
from ..service import GameService, MoveResult
from ..store import GameRecord

HOST_ENDED = "The host ended the race."


async def race_here(interaction: discord.Interaction) -> tuple[GameRecord, IslantState]:
    """The channel's latest Islant race (running or over) and its state."""
    service = service_of(interaction)
    record = await service.store.last_game_in(interaction.channel_id or 0)
    if record is None:
        raise UserError("no_game")
    if record.game != GAME.info.name:
        wanted = GAME.info.title
        raise UserError("wrong_game", game=find_game(record.game).info.title, wanted=wanted)
    if record.state is None:
        raise UserError("not_started")
    return record, service.state_of(record)


async def post_for_interaction(
    interaction: discord.Interaction, result: MoveResult, headline: str | None
) -> None:
    """Show a change made through a generic command (Start, /game move, /game resign): the
    round message follows it, the interaction gets a private acknowledgement."""
    if not interaction.response.is_done():
        await interaction.response.send_message(headline or "Done.", ephemeral=True)
    board = board_of(interaction.client)
    if board is not None:
        board.after(result, headline or "")


class IslantCog(commands.Cog, name=ISLANT_COG):
    """The private panel, sheets, island names, standings, and the race's round messages."""

    islant = app_commands.Group(
        name="islant", description="Islant races: your turn, sheets, standings", guild_only=True
    )

    def __init__(self, bot: commands.Bot, service: GameService) -> None:
        self.bot = bot
        self.board = RoundBoard(bot, service, live_view)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*LIVE_ITEMS)
        ui.BOARD_POSTERS[GAME.info.name] = post_for_interaction
        self.bot.update_posters[GAME.info.name] = self.board.post_change  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*LIVE_ITEMS)
        ui.BOARD_POSTERS.pop(GAME.info.name, None)
        self.bot.update_posters.pop(GAME.info.name, None)  # type: ignore[attr-defined]

    @islant.command(name="play", description="Open your private panel for this round")
    async def play(self, interaction: discord.Interaction) -> None:
        record, _ = await race_here(interaction)
        if record.status != "active":
            raise UserError("islant_race_over")
        await (await Turn.load(interaction, record.id)).open(interaction)

    @islant.command(name="sheet", description="Show a player's sheet and score (yours by default)")
    @app_commands.describe(
        player="Whose sheet (sheets are public)", public="Post it in the channel for everyone"
    )
    async def sheet(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        public: bool = False,
    ) -> None:
        record, state = await race_here(interaction)
        seat = record.seat_of((player or interaction.user).id)
        if seat is None:
            raise UserError("not_a_player_here" if player else "not_playing")
        await show_sheet(interaction, record, state, seat, public=public)

    @islant.command(name="name", description="Name one of your islands")
    @app_commands.describe(
        cell="A cell of the island (pick one of your islands)", name="The island's name"
    )
    async def name(self, interaction: discord.Interaction, cell: str, name: str) -> None:
        record, state = await race_here(interaction)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_playing")
        if seat not in GAME.to_move(state):
            raise UserError("islant_name_later")
        service = service_of(interaction)
        await service.play(
            record.channel_id,
            interaction.user.id,
            f"NAME {cell} {name}",
            interaction_id=interaction.id,
        )
        await interaction.response.send_message(
            f"The island at {cell.upper()} is now called **{name}**.", ephemeral=True
        )

    @name.autocomplete("cell")
    async def name_cells(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            record, state = await race_here(interaction)
        except UserError:
            return []
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            return []
        choices = []
        for island in sheet_view(state, seat)["islands"]:
            cells = island["cells"]
            label = f"{cells[0]} · island of {len(cells)} cell{'s' if len(cells) > 1 else ''}"
            if island["name"]:
                label += f" · {island['name']}"
            if current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=cells[0]))
        return choices[:MAX_CHOICES]

    @islant.command(name="standings", description="The top of the race and your own rank")
    async def standings(self, interaction: discord.Interaction) -> None:
        record, state = await race_here(interaction)
        await show_standings(interaction, record, state)

    @islant.command(name="end", description="End the race now and rank it (host or Manage Channel)")
    async def end(self, interaction: discord.Interaction) -> None:
        record, _ = await race_here(interaction)
        if record.status != "active":
            raise UserError("islant_race_over")
        service = service_of(interaction)
        result = await service.play_as_system(
            record.channel_id,
            "END",
            by_user=interaction.user.id,
            is_moderator=is_moderator(interaction),
            interaction_id=interaction.id,
        )
        board = board_of(interaction.client)
        if board is not None:
            board.after(result, HOST_ENDED)
        await interaction.response.send_message(
            f"**{interaction.user.display_name}** ended the race: the final ranking follows."
        )


async def setup(bot: commands.Bot) -> None:
    service = getattr(bot, "service", None)
    assert isinstance(service, GameService)
    await bot.add_cog(IslantCog(bot, service))
