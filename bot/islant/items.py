"""Islant's persistent components and what they do.

- The private panel's buttons and selects (:class:`PanelButton`, :class:`PanelSelect`): each
  one either sends one engine action through the game service or only changes what the panel
  shows. A panel drawn for another state of the player's turn is refreshed with a note.
- The round message's buttons (:class:`RoundButton`): Play my turn, Standings, Close round.
- The final ranking's select of sheets (:class:`FinalSelect`).

Every custom id carries the game id, so all of them keep working after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from engine.islant import GAME, sheet_view
from engine.islant.state import PLAYING, IslantState

from ..components import ExplainsErrors, is_moderator, picked, service_of
from ..errors import UserError
from ..presenter import COLOUR
from ..service import Check, GameService, MoveResult
from ..store import GameRecord
from .board import board_of
from .messages import (
    FINAL_TEMPLATE,
    ROUND_TEMPLATE,
    sheet_file,
    sheet_message,
    standings_reply,
)
from .panel import (
    BUTTON_TEMPLATE,
    PANEL_FILE,
    SELECT_TEMPLATE,
    PanelState,
    button_effect,
    panel_layout,
    select_effect,
    turn_token,
)

GAME_NAME = GAME.info.name
HOST_CLOSED = "Closed by the host: whoever had not submitted draws nothing this round."


# ----- one player's turn --------------------------------------------------------------------
@dataclass(slots=True)
class Turn:
    """A player's seat in a running race, loaded for one interaction."""

    service: GameService
    record: GameRecord
    state: IslantState
    seat: int

    @classmethod
    async def load(cls, interaction: discord.Interaction, game_id: int) -> Turn:
        service = service_of(interaction)
        record = await service.game_named_by(game_id, GAME_NAME, interaction.channel_id)
        if record.status != "active":
            raise UserError("islant_race_over")
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_playing")
        return cls(service, record, service.state_of(record), seat)

    @property
    def token(self) -> str:
        return turn_token(self.state, self.seat)

    def panel(self, sheet: dict[str, Any], ui: PanelState, note: str = "") -> dict[str, Any]:
        """The panel's message parts (without the picture)."""
        layout = panel_layout(self.record.id, self.state, self.seat, sheet, ui)
        embed = discord.Embed(
            title=layout.title, description="\n".join(layout.lines), colour=COLOUR
        )
        embed.set_image(url=f"attachment://{PANEL_FILE}")
        embed.set_footer(text=f"Game #{self.record.id} · {self.record.names[self.seat]}")
        view = live_view(layout.items) if layout.items else None
        return {"content": note or None, "embed": embed, "view": view}

    async def open(self, interaction: discord.Interaction, note: str = "") -> None:
        """Send a new panel (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        sheet, file = await sheet_file(self.record, self.state, self.seat)
        parts = self.panel(sheet, PanelState(), note)
        view = parts.pop("view") or discord.utils.MISSING
        await interaction.followup.send(**parts, file=file, view=view, ephemeral=True)

    async def show(self, interaction: discord.Interaction, ui: PanelState) -> None:
        """Change what the panel offers; the sheet is unchanged, so is its picture."""
        sheet = sheet_view(self.state, self.seat)
        await interaction.response.edit_message(**self.panel(sheet, ui))

    async def refresh(
        self, interaction: discord.Interaction, ui: PanelState | None = None, note: str = ""
    ) -> None:
        """Redraw the panel in place, picture included."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        sheet, file = await sheet_file(self.record, self.state, self.seat)
        parts = self.panel(sheet, ui or PanelState(), note)
        await interaction.edit_original_response(**parts, attachments=[file])

    async def follow(
        self,
        interaction: discord.Interaction,
        shown: str,
        ui: PanelState,
        effect: str | PanelState,
    ) -> None:
        """Do what a panel component asked, unless the panel is stale (then redraw it)."""
        if self.token != shown:
            await self.refresh(interaction, note=UserError("board_changed").message)
        elif isinstance(effect, PanelState):
            await self.show(interaction, effect)
        else:
            await self.act(interaction, effect, ui)

    async def act(self, interaction: discord.Interaction, notation: str, ui: PanelState) -> None:
        """Apply one action of this turn, then redraw the panel (acknowledged first)."""
        await interaction.response.defer()
        try:
            result = await self.service.play(
                self.record.channel_id,
                interaction.user.id,
                notation,
                interaction_id=interaction.id,
                check=same_turn(interaction.user.id, self.token),
            )
        except UserError as err:
            if err.code != "board_changed":
                raise
            fresh = await Turn.load(interaction, self.record.id)
            await fresh.refresh(interaction, note=err.message)
            return
        board = board_of(interaction.client)
        if board is not None and not result.duplicate:
            board.after(result)
        after = Turn(self.service, result.record, result.state, self.seat)
        await after.refresh(interaction, PanelState(focus=ui.focus), _round_note(self, result))


def _round_note(before: Turn, result: MoveResult) -> str:
    state = result.state
    if result.finished or state.round == before.state.round:
        return ""
    return f"Everyone is done with round {before.state.round}: here is round {state.round}."


def same_turn(user_id: int, token: str) -> Check:
    """The service check that the player's turn is still the one the panel showed."""

    def check(record: GameRecord, state: Any) -> None:
        seat = record.seat_of(user_id)
        if seat is None or turn_token(state, seat) != token:
            raise UserError("board_changed")

    return check


def round_open(round_number: int) -> Check:
    """The service check that a round has not been closed in the meantime."""

    def check(record: GameRecord, state: Any) -> None:
        if state.finished or state.round != round_number:
            raise UserError("islant_round_over", round=round_number)

    return check


# ----- the panel's components ---------------------------------------------------------------
class PanelButton(
    ExplainsErrors, discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE
):
    """Undo, Submit, Stop my game (and its confirmation), Cross out, and the tile buttons."""

    def __init__(self, item: discord.ui.Button) -> None:
        super().__init__(item)
        found = self.template.fullmatch(self.custom_id)
        assert found is not None
        self.game_id, self.turn, self.op = int(found["game"]), found["turn"], found["op"]
        self.ui = PanelState.parse(found["ui"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PanelButton:
        return cls(item)

    async def run(self, interaction: discord.Interaction) -> None:
        turn = await Turn.load(interaction, self.game_id)
        await turn.follow(interaction, self.turn, self.ui, button_effect(self.ui, self.op))


class PanelSelect(
    ExplainsErrors, discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE
):
    """The dice assignment, wild values, cells (by column when many) and rotations."""

    def __init__(self, item: discord.ui.Select) -> None:
        super().__init__(item)
        found = self.template.fullmatch(self.custom_id)
        assert found is not None
        self.game_id, self.turn, self.kind = int(found["game"]), found["turn"], found["kind"]
        self.ui = PanelState.parse(found["ui"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> PanelSelect:
        return cls(item)

    async def run(self, interaction: discord.Interaction) -> None:
        turn = await Turn.load(interaction, self.game_id)
        value = picked(self.item)[0]
        effect = select_effect(turn.state, turn.seat, self.ui, self.kind, value)
        await turn.follow(interaction, self.turn, self.ui, effect)


# ----- the round message and the final ranking ---------------------------------------------
async def show_standings(
    interaction: discord.Interaction, record: GameRecord, state: IslantState
) -> None:
    """The top of the table and the asker's own rank (ephemeral)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    line, file = await standings_reply(record, state, record.seat_of(interaction.user.id))
    await interaction.followup.send(line, file=file, ephemeral=True)


async def show_sheet(
    interaction: discord.Interaction,
    record: GameRecord,
    state: IslantState,
    seat: int,
    *,
    public: bool = False,
) -> None:
    """A player's sheet with its score breakdown (sheets are public)."""
    await interaction.response.defer(ephemeral=not public, thinking=True)
    embed, file = await sheet_message(record, state, seat)
    await interaction.followup.send(embed=embed, file=file, ephemeral=not public)


class RoundButton(
    ExplainsErrors, discord.ui.DynamicItem[discord.ui.Button], template=ROUND_TEMPLATE
):
    """Play my turn, Standings and Close round (with its confirmation) on a round message."""

    def __init__(self, item: discord.ui.Button) -> None:
        super().__init__(item)
        found = self.template.fullmatch(self.custom_id)
        assert found is not None
        self.game_id, self.round, self.action = (
            int(found["game"]),
            int(found["round"]),
            found["action"],
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> RoundButton:
        return cls(item)

    async def run(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        record = await service.game_named_by(self.game_id, GAME_NAME, interaction.channel_id)
        if record.status != "active":
            raise UserError("islant_race_over")
        state: IslantState = service.state_of(record)
        if self.action == "standings":
            await show_standings(interaction, record, state)
        elif self.action == "play":
            turn = await Turn.load(interaction, self.game_id)
            moved_on = state.round != self.round
            note = f"Round {self.round} is over: here is round {state.round}." if moved_on else ""
            await turn.open(interaction, note)
        elif self.action == "close":
            await self._ask(interaction, record, state)
        else:
            await self._close(interaction, service, record)

    async def _ask(
        self, interaction: discord.Interaction, record: GameRecord, state: IslantState
    ) -> None:
        if interaction.user.id != record.host_id and not is_moderator(interaction):
            raise UserError("not_host_or_mod")
        if state.round != self.round:
            raise UserError("islant_round_over", round=self.round)
        waiting = len(state.seats(PLAYING))
        confirm = discord.ui.Button(
            label=f"Close round {self.round} now",
            style=discord.ButtonStyle.danger,
            custom_id=f"isl:r:{record.id}:{self.round}:confirm",
        )
        await interaction.response.send_message(
            f"Close round {self.round}? {waiting} player{'s have' if waiting != 1 else ' has'} "
            "not submitted: they draw nothing this round.",
            view=live_view([confirm]),
            ephemeral=True,
        )

    async def _close(
        self, interaction: discord.Interaction, service: GameService, record: GameRecord
    ) -> None:
        result = await service.play_as_system(
            record.channel_id,
            "CLOSE",
            by_user=interaction.user.id,
            is_moderator=is_moderator(interaction),
            interaction_id=interaction.id,
            check=round_open(self.round),
        )
        board = board_of(interaction.client)
        if board is not None:
            board.after(result, HOST_CLOSED)
        await interaction.response.edit_message(content=f"Round {self.round} is closed.", view=None)


class FinalSelect(
    ExplainsErrors, discord.ui.DynamicItem[discord.ui.Select], template=FINAL_TEMPLATE
):
    """The final ranking's select: anyone may look at a player's sheet and breakdown."""

    def __init__(self, item: discord.ui.Select) -> None:
        super().__init__(item)
        found = self.template.fullmatch(self.custom_id)
        assert found is not None
        self.game_id = int(found["game"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> FinalSelect:
        return cls(item)

    async def run(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        record = await service.game_named_by(self.game_id, GAME_NAME, interaction.channel_id)
        if record.state is None:
            raise UserError("islant_race_over")
        state = service.state_of(record)
        await show_sheet(interaction, record, state, int(picked(self.item)[0]))


LIVE_ITEMS = (PanelButton, PanelSelect, RoundButton, FinalSelect)


def live_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view of plain components made live: each becomes the dynamic item its id names."""
    view = discord.ui.View(timeout=None)
    for item in items:
        custom_id = getattr(item, "custom_id", "")
        kind = next(
            k for k in LIVE_ITEMS if k.__discord_ui_compiled_template__.fullmatch(custom_id)
        )
        view.add_item(kind(item))  # type: ignore[arg-type]
    return view
