"""What the Island competition panels share: the channel's game, the player, the keeper."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from engine import find_game
from engine.competition import CompetitionGame
from render.competition.model import Table, parse_table

from ..components import service_of
from ..errors import UserError
from ..service import GameService
from ..store import GameRecord

GAME_NAME = "competition"
COG_NAME = "IslandCompetition"
REVEAL = "REVEAL"  # the system action that turns over the next slot
GAME = find_game(GAME_NAME)
assert isinstance(GAME, CompetitionGame)


@dataclass(frozen=True, slots=True)
class Here:
    """The channel's running Island competition game, as one interaction sees it."""

    service: GameService
    record: GameRecord
    state: Any

    def table(self, seat: int | None = None) -> Table:
        """The view of ``seat`` (None: the public view), read into typed records."""
        return parse_table(self.service.view(self.record, self.state, seat).data)

    def seat(self, user_id: int) -> int:
        """The seat of a player still in the game; a UserError for anyone else."""
        seat = self.record.seat_of(user_id)
        if seat is None:
            raise UserError("not_playing")
        if self.state.seats[seat].resigned:
            raise UserError("islands_left")
        return seat


async def here(interaction: discord.Interaction) -> Here:
    """The channel's running Island competition game (a UserError if there is none)."""
    service = service_of(interaction)
    record, state = await service.running(interaction.channel_id or 0)
    _check_game(record)
    return Here(service, record, state)


async def last_here(interaction: discord.Interaction) -> Here:
    """The channel's running Island competition game, or its last one once it is over."""
    service = service_of(interaction)
    record = await service.store.last_game_in(interaction.channel_id or 0)
    if record is None or record.status == "cancelled":
        raise UserError("no_game")
    if record.status == "lobby":
        raise UserError("not_started")
    _check_game(record)
    return Here(service, record, service.state_of(record))


def _check_game(record: GameRecord) -> None:
    if record.game != GAME_NAME:
        raise UserError(
            "wrong_game", game=find_game(record.game).info.title, wanted=GAME.info.title
        )


def detached_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view that only carries components.

    Every item is a dynamic item the bot dispatches by its custom id, so the view is stopped
    at once: discord.py then keeps no listener for it, nor the 15-minute expiry it gives every
    ephemeral view (panels are redrawn at each pick).
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
