"""Interaction plumbing shared by every cog: persistent buttons, posting boards, moves.

Custom ids carry the game id (and, where it matters, the state version), so every button
keeps working after a restart and a stale click is recognised.
"""

from __future__ import annotations

import io
from functools import partial
from typing import Any

import discord

from engine import find_game
from engine.core import BAD_NOTATION, OFFERED_LEVELS, IllegalAction
from locales import N_, _, speaking

from .cards import Card
from .components import IdItem, is_moderator, service_of
from .computers import LEVEL_LABELS
from .custom_ids import NUMBER, IdFormat, one_of
from .discord_requests import defer, edit_answer
from .errors import UserError
from .i18n import Phrase, as_written, game_title, public_language, say, written
from .lobby_edits import LobbyEdits
from .panel import PANEL_ITEMS, finished_game, open_panel
from .presenter import (
    accent,
    board_alt,
    closed_lobby_card,
    lobby_card,
    move_headline,
    to_move_line,
)
from .quickstart import QuickStartButton
from .service import GameService, MoveResult
from .store import GameRecord


async def post_board(
    interaction: discord.Interaction, result: MoveResult, *, headline: str | Phrase | None = None
) -> None:
    """Show a change made through an interaction, answering the interaction too."""
    actor = result.record.seat_of(interaction.user.id)
    await service_of(interaction).sink.show(result, headline, actor=actor, interaction=interaction)


async def play_move(interaction: discord.Interaction, notation: str) -> None:
    """Apply a move typed or picked by a player and post the new board.

    The move is applied and saved before anything is rendered; a refused move gets an
    ephemeral reason and changes nothing.
    """
    service = service_of(interaction)
    assert interaction.channel_id is not None
    try:
        result = await service.play(
            interaction.channel_id, interaction.user.id, notation, interaction_id=interaction.id
        )
    except IllegalAction as refused:
        if refused.code == BAD_NOTATION:  # a typed word, not a pick: no notation lecture
            raise UserError("not_a_move") from refused
        raise
    if result.duplicate:
        raise UserError("duplicate")
    headline = move_headline(result, interaction.user.id, interaction.user.display_name)
    await post_board(interaction, result, headline=headline)


LOBBY_BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "ai": (N_("Add computer"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
}

LOBBY_ID = IdFormat("lobby", (("game", NUMBER), ("action", one_of(LOBBY_BUTTONS))))


class LobbyButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=LOBBY_ID):
    """Join, Leave, Add computer, Start and Cancel on a lobby message."""

    def __init__(self, game_id: int, action: str) -> None:
        label, style = LOBBY_BUTTONS[action]
        super().__init__(
            discord.ui.Button(
                label=_(label), style=style, custom_id=LOBBY_ID.make(game=game_id, action=action)
            )
        )
        self.game_id = game_id
        self.action = action

    async def run(self, interaction: discord.Interaction) -> None:
        with speaking(await public_language(interaction)):  # the lobby is public
            await self._run(interaction)

    async def _run(self, interaction: discord.Interaction) -> None:
        service, channel_id, record = await lobby_here(interaction, self.game_id)
        user = interaction.user
        if self.action in ("join", "leave"):  # many at once: shown in the lobby's order
            check = service.may_join if self.action == "join" else service.may_leave
            check(record, user.id)  # refused at once, privately (checked again when saved)
            await defer(interaction)
            if self.action == "join":
                record = await service.join(channel_id, user.id, user.display_name)
            else:
                record = await service.leave(channel_id, user.id)
            edit = partial(edit_answer, interaction)
            await lobby_edits_of(interaction).show(record, edit, lobby_edit)
            return
        if self.action == "ai":  # (a full table is refused before the levels show)
            service.computer_seat(record, user.id)
            await interaction.response.edit_message(
                **lobby_card(record).edit(
                    computer_level_view(record.id, service.computer_level(record))
                )
            )
            return
        elif self.action == "cancel":
            record = await service.cancel_lobby(channel_id, user.id, is_moderator(interaction))
            lobby_edits_of(interaction).answered(record)
            closed = closed_lobby_card(record, _("The lobby was cancelled."))
            await interaction.response.edit_message(**closed.edit())
            return
        else:
            result = await service.start(channel_id, user.id)
            lobby_edits_of(interaction).answered(result.record)
            closed = closed_lobby_card(result.record, _("The game has started."))
            await interaction.response.edit_message(**closed.edit())
            await post_board(interaction, result, headline=say("The game begins!"))


def lobby_edit(record: GameRecord) -> dict[str, Any]:
    """The lobby message's edit showing ``record``'s seats, with its buttons."""
    return lobby_card(record).edit(lobby_view(record))


def lobby_edits_of(interaction: discord.Interaction) -> LobbyEdits:
    """The bot's lobby edits (see :mod:`bot.lobby_edits`)."""
    edits: LobbyEdits = interaction.client.lobby_edits
    return edits


async def show_lobby(interaction: discord.Interaction, record: GameRecord) -> None:
    """Edit the lobby's message (its id is kept as the game's board message until the game
    starts) to show ``record``'s seats, in order with the edits of the lobby's taps."""
    channel = interaction.channel
    if record.board_message_id is None or not isinstance(channel, discord.abc.Messageable):
        return
    message = channel.get_partial_message(record.board_message_id)  # type: ignore[attr-defined]
    await lobby_edits_of(interaction).show(record, message.edit, lobby_edit)


async def lobby_here(
    interaction: discord.Interaction, game_id: int
) -> tuple[GameService, int, GameRecord]:
    """The lobby a lobby button belongs to, still open in this channel (else a UserError)."""
    service = service_of(interaction)
    channel_id = interaction.channel_id or 0
    record = await service.store.open_game_in(channel_id)
    if record is None or record.id != game_id or record.status != "lobby":
        raise UserError("lobby_closed")
    return service, channel_id, record


HOST_BUTTONS = ("ai", "start", "cancel")
"""A lobby's buttons where nobody else can join: the bot's direct messages (no server)."""


def lobby_view(record: GameRecord) -> discord.ui.View:
    """The lobby's buttons; a lobby in direct messages with the bot has only the host's."""
    view = discord.ui.View(timeout=None)
    for action in LOBBY_BUTTONS if record.guild_id is not None else HOST_BUTTONS:
        view.add_item(LobbyButton(record.id, action))
    return view


COMPUTER_CHOICES = (*(level.value for level in OFFERED_LEVELS), "back")
COMPUTER_LABELS = {**LEVEL_LABELS, "back": N_("Back")}
COMPUTER_ID = IdFormat("lobbyai", (("game", NUMBER), ("level", one_of(COMPUTER_CHOICES))))


class ComputerLevelButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=COMPUTER_ID):
    """The level of the computer the host is adding (or Back to the lobby's buttons)."""

    def __init__(self, game_id: int, level: str, offered: bool = False) -> None:
        style = discord.ButtonStyle.primary if offered else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=_(COMPUTER_LABELS[level]),
                style=style,
                custom_id=COMPUTER_ID.make(game=game_id, level=level),
            )
        )
        self.game_id = game_id
        self.level = level

    async def run(self, interaction: discord.Interaction) -> None:
        service, channel_id, record = await lobby_here(interaction, self.game_id)
        if self.level != "back":
            record = await service.add_computer(channel_id, interaction.user.id, self.level)
            lobby_edits_of(interaction).answered(record)
        with speaking(await public_language(interaction)):
            await interaction.response.edit_message(**lobby_edit(record))


def computer_level_view(game_id: int, offered: str) -> discord.ui.View:
    """The lobby's question "which level for this computer?", the table's level highlighted."""
    view = discord.ui.View(timeout=None)
    for level in COMPUTER_CHOICES:
        view.add_item(ComputerLevelButton(game_id, level, level == offered))
    return view


BOARD_BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "moves": (N_("My moves"), discord.ButtonStyle.primary),
    "view": (N_("My view"), discord.ButtonStyle.secondary),
    "resign": (N_("Resign"), discord.ButtonStyle.danger),
}

BOARD_ID = IdFormat(
    "board", (("game", NUMBER), ("version", NUMBER), ("action", one_of(BOARD_BUTTONS)))
)


class BoardButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=BOARD_ID):
    """Buttons under a board picture: your legal moves, your own view, resign."""

    def __init__(self, game_id: int, version: int, action: str) -> None:
        label, style = BOARD_BUTTONS[action]
        super().__init__(
            discord.ui.Button(
                label=_(label),
                style=style,
                custom_id=BOARD_ID.make(game=game_id, version=version, action=action),
            )
        )
        self.game_id = game_id
        self.version = version
        self.action = action

    async def run(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        assert interaction.channel_id is not None
        try:
            record, state = await service.running(interaction.channel_id)
        except UserError as error:  # the channel has no running game: this one may be over
            await show_over(interaction, self.game_id, error)
            return
        if record.id != self.game_id:
            await show_over(interaction, self.game_id, UserError("wrong_game_button"))
            return
        seat = record.seat_of(interaction.user.id)
        if self.action == "resign":
            if seat is None:
                raise UserError("not_playing")
            await interaction.response.send_message(
                _("Do you really want to resign? This cannot be undone."),
                view=single_button_view(ResignButton(record.id)),
                ephemeral=True,
            )
            return
        if self.action == "moves":
            if seat is None:
                raise UserError("not_playing")
            await open_panel(interaction)
            return
        await defer(interaction, ephemeral=True, thinking=True)
        png = await service.render(record, state, seat)
        card = Card(
            title=_("Your view · {game}", game=game_title(record.game)),
            text=to_move_line(written(record.names), find_game(record.game).to_move(state)),
            colour=accent(record.game, state),
            image=VIEW_FILE,
            alt=board_alt(record, state, None),
        )
        files = [discord.File(io.BytesIO(png), filename=VIEW_FILE)]
        await interaction.followup.send(**card.send(files=files), ephemeral=True)


async def show_over(interaction: discord.Interaction, game_id: int, error: UserError) -> None:
    """A board button of game ``game_id`` that is over: "This game is over" with its final
    picture (``error`` when that game is not over)."""
    await defer(interaction, ephemeral=True, thinking=True)
    card, file = await finished_game(interaction, game_id, error)
    await interaction.followup.send(**card.send(files=[file]), ephemeral=True)


RESIGN_ID = IdFormat("resign", (("game", NUMBER),))
VIEW_FILE = "view.png"
GAME_OVER = N_("That game is over.")


def resigned(name: str) -> Phrase:
    """The headline of a resignation."""
    return say("**{name}** resigned.", name=name)


class ResignButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=RESIGN_ID):
    """The confirmation of a resignation."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Yes, resign"),
                style=discord.ButtonStyle.danger,
                custom_id=RESIGN_ID.make(game=game_id),
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        assert interaction.channel_id is not None
        record = await service.current(interaction.channel_id)
        if record.id != self.game_id:
            await interaction.response.send_message(_(GAME_OVER), ephemeral=True)
            return
        result = await service.resign(interaction.channel_id, interaction.user.id, interaction.id)
        await interaction.response.edit_message(content=_("You resigned."), view=None)
        await post_board(
            interaction, result, headline=resigned(as_written(interaction.user.display_name))
        )


def board_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in BOARD_BUTTONS:
        view.add_item(BoardButton(game_id, version, action))
    return view


def single_button_view(item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    return view


DYNAMIC_ITEMS = (
    LobbyButton,
    ComputerLevelButton,
    BoardButton,
    ResignButton,
    QuickStartButton,
    *PANEL_ITEMS,
)
