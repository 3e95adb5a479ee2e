"""Islant races: /islant play, sheet, name, standings and end, and the round messages' controls;
/islant daily and today for Islant of the day (:mod:`bot.daily`).

A race is opened with ``/game new game:islant options:"level=5 round_minutes=10 cap=99"``
(Join, computer players, Start are the lobby's). From then on the channel shows one message
per round (:mod:`bot.islant.presentation`, through the board publisher) and each player plays
in the private panel (:mod:`bot.panel`), which shows their sheet and their turn's summary.
"""

from __future__ import annotations

import io
from datetime import date

import discord
from discord import app_commands
from discord.ext import commands

from engine.islant import GAME, PLAYING, IslantState, SheetView, sheet_view
from locales import N_, _, speaking

from ..cards import Card
from ..choices import MAX_CHOICES, storage_note
from ..components import IdItem, acknowledge, is_moderator, picked, service_of
from ..custom_ids import NUMBER, IdFormat
from ..daily.panel import open_daily, show_board
from ..discord_requests import defer
from ..errors import UserError
from ..faces import GameFace, PanelLook, register_face
from ..i18n import Phrase, as_written, game_title, public_language, written
from ..islant.pictures import SEAT_SHEET, SEAT_STANDINGS, sheet_of
from ..islant.presentation import RaceBoard
from ..islant.texts import (
    HOST_CLOSED,
    PLAY_LABEL,
    SHEET_FILE,
    STANDINGS_FILE,
    close_question,
    panel_lines,
    rank_line,
    sheet_card,
    totals,
)
from ..panel import PanelOpen, open_panel
from ..presenter import COLOUR
from ..reach import Reach, group_extras, works
from ..store import GameRecord, StorageTimeout

ROUND = IdFormat(
    "isl-round", (("game", NUMBER), ("round", NUMBER), ("action", "standings|close|confirm"))
)
FINAL = IdFormat("isl-final", (("game", NUMBER),))
ROUND_BUTTONS = {
    "standings": (N_("Standings"), discord.ButtonStyle.secondary),
    "close": (N_("Close round"), discord.ButtonStyle.secondary),
}


async def race_here(interaction: discord.Interaction) -> tuple[GameRecord, IslantState]:
    """The channel's latest Islant race (running or over) and its state."""
    service = service_of(interaction)
    record = await service.store.last_game_in(interaction.channel_id or 0)
    if record is None:
        raise UserError("no_game")
    if record.game != GAME.info.name:
        wanted = game_title(GAME.info.name)
        raise UserError("wrong_game", game=game_title(record.game), wanted=wanted)
    if record.state_text is None:
        raise UserError("not_started")
    return record, service.state_of(record)


async def race_by_id(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """The race a control belongs to (refused if it is another channel's or game's)."""
    service = service_of(interaction)
    return await service.game_named_by(game_id, GAME.info.name, interaction.channel_id)


def _png(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def show_standings(
    interaction: discord.Interaction, record: GameRecord, state: IslantState
) -> None:
    """The top of the table and the asker's own rank (ephemeral)."""
    await acknowledge(interaction)
    service, seat = service_of(interaction), record.seat_of(interaction.user.id)
    png = await service.render(record, state, seat, SEAT_STANDINGS)
    line = rank_line(written(record.names), totals(state), seat)
    card = Card(_("Standings"), line, COLOUR, image=STANDINGS_FILE)
    await interaction.followup.send(**card.send(files=[_png(png, STANDINGS_FILE)]), ephemeral=True)


async def show_sheet(
    interaction: discord.Interaction,
    record: GameRecord,
    state: IslantState,
    seat: int,
    *,
    public: bool = False,
) -> None:
    """A player's sheet with its score breakdown (sheets are public; a turn in progress is
    shown to its own player only, and never in the channel)."""
    await acknowledge(interaction, ephemeral=not public)
    own = not public and record.seat_of(interaction.user.id) == seat
    viewer = seat if own else None
    drawer = sheet_of(seat)
    png = await service_of(interaction).render(record, state, viewer, drawer, drawer.name)
    sheet = SheetView.from_data(sheet_view(state, seat, draft=own))
    card = sheet_card(record, state, sheet, totals(state))
    await interaction.followup.send(
        **card.send(files=[_png(png, SHEET_FILE)]), ephemeral=not public
    )


class RoundButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=ROUND):
    """Standings and Close round (with its confirmation) on a round message."""

    def __init__(self, game_id: int, round_number: int, action: str) -> None:
        label, style = ROUND_BUTTONS.get(action, ("", discord.ButtonStyle.secondary))
        if action == "confirm":
            label, style = (
                _("Close round {round} now", round=round_number),
                discord.ButtonStyle.danger,
            )
        custom_id = ROUND.make(game=game_id, round=round_number, action=action)
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=custom_id))
        self.game_id, self.round, self.action = game_id, round_number, action

    async def run(self, interaction: discord.Interaction) -> None:
        if self.action == "confirm":
            await defer(interaction)  # the confirmation message becomes the answer
        else:
            await acknowledge(interaction)
        record = await race_by_id(interaction, self.game_id)
        if record.status != "active":
            raise UserError("islant_race_over")
        state: IslantState = service_of(interaction).state_of(record)
        if self.action == "standings":
            await show_standings(interaction, record, state)
            return
        if interaction.user.id != record.host_id and not is_moderator(interaction):
            raise UserError("not_host_or_mod")
        if state.round != self.round:
            raise UserError("islant_round_over", round=self.round)
        if self.action == "close":
            view = discord.ui.View(timeout=None)
            view.add_item(RoundButton(record.id, self.round, "confirm"))
            question = close_question(self.round, len(state.seats(PLAYING)))
            await interaction.followup.send(question, view=view, ephemeral=True)
            return
        await self._close(interaction, record)

    async def _close(self, interaction: discord.Interaction, record: GameRecord) -> None:
        def still_open(_: GameRecord, state: IslantState) -> None:
            if state.finished or state.round != self.round:
                raise UserError("islant_round_over", round=self.round)

        result = await service_of(interaction).play_as_system(
            record.channel_id,
            "CLOSE",
            by_user=interaction.user.id,
            is_moderator=is_moderator(interaction),
            interaction_id=interaction.id,
            check=still_open,
            headline=Phrase(HOST_CLOSED),
        )
        await interaction.edit_original_response(
            content=_("Round {round} is closed.", round=self.round), view=None
        )
        await service_of(interaction).sink.show(result, Phrase(HOST_CLOSED))


class FinalSelect(IdItem, discord.ui.DynamicItem[discord.ui.Select], id_format=FINAL):
    """The final ranking's select: anyone may look at a player's sheet and breakdown."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=FINAL.make(game=game_id),
            placeholder=_("See a player's sheet"),
            options=options or [],
        )
        super().__init__(select)
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        record = await race_by_id(interaction, self.game_id)
        if record.state_text is None:
            raise UserError("islant_race_over")
        state = service_of(interaction).state_of(record)
        await show_sheet(interaction, record, state, int(picked(self.item)[0]))


def round_controls(game_id: int, round_number: int) -> discord.ui.View:
    """Play my turn (the panel), Standings, Close round."""
    view = discord.ui.View(timeout=None)
    view.add_item(PanelOpen(game_id, PLAY_LABEL))
    for action in ROUND_BUTTONS:
        view.add_item(RoundButton(game_id, round_number, action))
    return view


def final_controls(game_id: int, options: list[discord.SelectOption]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(FinalSelect(game_id, options))
    return view


class IslantCog(commands.Cog, name="Islant"):
    """Sheets, island names, standings and the end of a race; the race's look in public and
    in the panel."""

    islant = app_commands.Group(
        name="islant",
        description="Islant races: your turn, sheets, standings",
        extras=group_extras(Reach.GAMES),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @islant.command(name="play", description="Open your private panel for this round")
    async def play(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        record = (await race_here(interaction))[0]
        if record.status != "active":
            raise UserError("islant_race_over")
        await open_panel(interaction, record.id)

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
        await acknowledge(interaction, ephemeral=not public)
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
        await acknowledge(interaction)
        record, state = await race_here(interaction)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_playing")
        if seat not in GAME.to_move(state):
            raise UserError("islant_name_later")
        await service_of(interaction).play(
            record.channel_id,
            interaction.user.id,
            f"NAME {cell} {name}",
            interaction_id=interaction.id,
        )
        await interaction.followup.send(
            _(
                "The island at {cell} is now called **{name}**.",
                cell=cell.upper(),
                name=as_written(name),
            ),
            ephemeral=True,
        )

    @name.autocomplete("cell")
    async def name_cells(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            record, state = await race_here(interaction)
        except UserError:
            return []
        except StorageTimeout:
            return storage_note(interaction)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            return []
        choices = []
        for island in sheet_view(state, seat)["islands"]:
            cells = island["cells"]
            size = (
                _("island of {count} cells", count=len(cells))
                if len(cells) > 1
                else _("island of 1 cell")
            )
            label = f"{cells[0]} · {size}"
            if island["name"]:
                label += f" · {island['name']}"
            if current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=cells[0]))
        return choices[:MAX_CHOICES]

    @islant.command(name="standings", description="The top of the race and your own rank")
    async def standings(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        record, state = await race_here(interaction)
        await show_standings(interaction, record, state)

    @islant.command(
        name="daily", description="Play today's Islant of the day: the same rolls for everyone"
    )
    @works(Reach.ANYWHERE)
    @app_commands.describe(level="Sheet level, 1 (easiest) to 5")
    async def daily(
        self, interaction: discord.Interaction, level: app_commands.Range[int, 1, 5] = 1
    ) -> None:
        await open_daily(interaction, level)

    @islant.command(
        name="today", description="The Islant of the day's leaderboard, your streak and bests"
    )
    @works(Reach.ANYWHERE)
    @app_commands.describe(
        level="Sheet level, 1 to 5", day="An earlier day (YYYY-MM-DD) to see its best sheets"
    )
    async def today(
        self,
        interaction: discord.Interaction,
        level: app_commands.Range[int, 1, 5] = 1,
        day: str | None = None,
    ) -> None:
        await show_board(interaction, level, _parse_day(day))

    @islant.command(name="end", description="End the race now and rank it (host or Manage Channel)")
    async def end(self, interaction: discord.Interaction) -> None:
        record = (await race_here(interaction))[0]
        if record.status != "active":
            raise UserError("islant_race_over")
        result = await service_of(interaction).play_as_system(
            record.channel_id,
            "END",
            by_user=interaction.user.id,
            is_moderator=is_moderator(interaction),
            interaction_id=interaction.id,
        )
        with speaking(await public_language(interaction)):
            await interaction.response.send_message(
                _(
                    "**{name}** ended the race: the final ranking follows.",
                    name=as_written(interaction.user.display_name),
                )
            )
        await service_of(interaction).sink.show(result)  # its end reason says who ended it


def _parse_day(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise UserError("daily_bad_day", day=text.strip()[:20]) from None


FACE = register_face(
    GameFace(
        GAME.info.name,
        RaceBoard(round_controls, final_controls),
        PanelLook(SEAT_SHEET, panel_lines, own_part=True),
        (RoundButton, FinalSelect),
    )
)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(IslantCog(bot))
