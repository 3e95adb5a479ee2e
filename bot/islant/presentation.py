"""The public face of an Islant race, for the one board publisher.

Each round has one public message (the roll, "37 of 99 done", the race picture and its
buttons). A new round or the end of the race gets a new message, so the new roll notifies the
channel, with the pings of the players still racing (over several messages when they do not
fit in one); the previous message shrinks to a line of history without buttons. In between,
the message is edited at most once per :attr:`RaceBoard.edit_interval` with the latest state.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import discord

from engine.islant import IslantState

from ..cards import Card
from ..publisher import Board
from ..service import GameService, MoveResult
from ..store import GameRecord
from .pictures import STANDINGS
from .texts import (
    ROUND_FILE,
    STANDINGS_FILE,
    closed_card,
    final_card,
    final_options,
    round_card,
    round_pings,
    totals,
)

EDIT_SECONDS = 3.0
NEW_ROUND_EVENTS = frozenset({"roll", "game_over"})
RoundControls = Callable[[int, int], discord.ui.View]
"""The buttons of a round message, for a game id and round."""
FinalControls = Callable[[int, list[discord.SelectOption]], discord.ui.View]
"""The select of sheets under the final ranking, for a game id and its options."""


def png_file(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


class RaceBoard:
    """How an Islant race shows itself: a message per round, then the final ranking."""

    edit_interval = EDIT_SECONDS
    answers_with_board = False

    def __init__(self, round_controls: RoundControls, final_controls: FinalControls) -> None:
        self._round_controls = round_controls
        self._final_controls = final_controls
        self._rolls: dict[tuple[int, int], str] = {}  # (game, round) → its dice, for history

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        return result.finished or any(e.kind in NEW_ROUND_EVENTS for e in result.events)

    async def board(self, service: GameService, result: MoveResult, headline: str | None) -> Board:
        record, state = result.record, result.state
        new = self.fresh(result, None) or record.board_message_id is None
        note = (headline or "") if new else ""
        if result.finished:
            return await self._final(service, record, state, note)
        self._rolls[(record.id, state.round)] = " ".join(map(str, state.roll))
        png = await service.render(record, state, None)
        board = Board(
            card=round_card(record, state, note),
            files=[png_file(png, ROUND_FILE)],
            view=self._round_controls(record.id, state.round),
        )
        if new:
            board.pings = round_pings(record, state, await service.quiet_users(record))
        return board

    async def _final(
        self, service: GameService, record: GameRecord, state: IslantState, note: str
    ) -> Board:
        scores = totals(state)
        png = await service.render(record, state, None, STANDINGS)
        return Board(
            card=final_card(record, state, scores, note),
            files=[png_file(png, STANDINGS_FILE)],
            view=self._final_controls(record.id, final_options(record, scores)),
        )

    async def retire(
        self, service: GameService, record: GameRecord, message: Any, shown: Card | None
    ) -> None:
        """The previous round's message becomes a line of history, its buttons gone."""
        state: IslantState = service.state_of(record)
        over = state.round if state.finished else state.round - 1
        dice = self._rolls.pop((record.id, over), "")
        await message.edit(**closed_card(record.id, over, dice).edit(files=[]))
