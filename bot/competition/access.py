"""Finding the channel's Island competition game and the player behind an interaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from engine import find_game
from engine.competition import CompetitionGame
from render.competition.model import Table, parse_table

from ..errors import UserError
from ..service import GameService
from ..store import GameRecord
from ..ui import service_of

if TYPE_CHECKING:
    from .keeper import BoardKeeper

GAME_NAME = "competition"
COG_NAME = "IslandCompetition"
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
    if record.game != GAME_NAME:
        raise UserError(
            "wrong_game", game=find_game(record.game).info.title, wanted=GAME.info.title
        )
    return Here(service, record, state)


def keeper_of(client: discord.Client) -> BoardKeeper:
    """The board keeper of the bot's Island competition cog."""
    cog = client.get_cog(COG_NAME) if isinstance(client, discord.ext.commands.Bot) else None
    keeper = getattr(cog, "keeper", None)
    assert keeper is not None, "the Island competition cog is not loaded"
    return keeper
