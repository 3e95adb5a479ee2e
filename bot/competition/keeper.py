"""Showing every change on the public board, and turning slots over at a steady pace.

The reveal runs slot by slot: any player may press **Reveal next**, and when nobody does, the
keeper reveals the next slot itself a few seconds after the table became ready for it (all
placements confirmed, the last trick split). The pause lives in an asyncio task of the bot;
it is not saved, so after a restart :meth:`BoardKeeper.resume` starts it again for every game
waiting for a reveal, and the button works all the time. A paced reveal carries the version
it was planned for, so it never turns over a second slot after someone pressed the button.

With computer players at the table there is nothing to pace: computers reveal at once (every
seat may reveal), so the board shows each slot up to the next human decision, line by line.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord.ext import commands

from engine.core import IllegalAction, fill_names
from render.competition.model import Table

from ..errors import UserError
from ..service import GameService, MoveResult
from .access import COG_NAME, GAME_NAME, REVEAL
from .publish import public_table, publish
from .texts import QUIET_EVENTS, event_lines

REVEAL_PAUSE_SECONDS = 5.0
"""How long the board rests on a finished trick before the next slot turns over by itself."""
MAX_BOARD_LINES = 16
"""Lines of what happened kept on one board message as it is edited (the newest ones)."""
log = logging.getLogger(__name__)


Controls = Callable[[int, int, Table], discord.ui.View | None]
"""The buttons under a board (game id, version, table): given by the cog, so the keeper that
draws them and the buttons that call the keeper do not import each other."""


def keeper_of(client: discord.Client) -> BoardKeeper:
    """The board keeper of the bot's Island competition cog."""
    cog = client.get_cog(COG_NAME) if isinstance(client, commands.Bot) else None
    keeper = getattr(cog, "keeper", None)
    assert isinstance(keeper, BoardKeeper), "the Island competition cog is not loaded"
    return keeper


class BoardKeeper:
    """Keeps each Island competition game's public board up to date and paces its reveals."""

    def __init__(
        self, bot: commands.Bot, controls: Controls, *, pause: float | None = None
    ) -> None:
        self.bot = bot
        self._controls = controls
        self.pause = REVEAL_PAUSE_SECONDS if pause is None else pause
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, int] = {}
        self._lines: dict[int, list[str]] = {}
        self._planned: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def service(self) -> GameService:
        service = getattr(self.bot, "service", None)
        assert isinstance(service, GameService)
        return service

    async def after(
        self, result: MoveResult, actor: int | None, *, headline: str | None = None
    ) -> None:
        """Show a saved change publicly (unless it was a private placement), then pace.

        ``actor`` is the seat whose action it was (None: the system or a timer). A new board
        message is posted when someone else must now be pinged; an edited one keeps its
        earlier lines (a slot's reveal, then its split and steals), in this process's memory.
        """
        if result.applied and all(event.kind in QUIET_EVENTS for event in result.events):
            return
        record = result.record
        table = public_table(self.service, result)
        lines = [headline] if headline else []
        lines += event_lines(result.events, record.names)
        fresh = needs_new_message(result, table, actor)
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        async with self._locks.setdefault(record.id, asyncio.Lock()):
            if self._shown.get(record.id, -1) > record.version:
                return
            if not fresh:
                lines = [*self._lines.get(record.id, []), *lines][-MAX_BOARD_LINES:]
            await publish(
                self.service,
                channel,
                result,
                lines,
                fresh=fresh,
                view=self._controls(record.id, record.version, table),
                paced=self.pause > 0,
            )
            self._shown[record.id] = record.version
            self._lines[record.id] = lines
        self._pace(record.channel_id, record.version, table)

    async def resume(self) -> None:
        """Pace again every game that waits for a reveal (after a start or a restart)."""
        for record in await self.service.store.active_games():
            if record.game == GAME_NAME:
                state = self.service.state_of(record)
                table = public_table(self.service, MoveResult(record, state))
                self._pace(record.channel_id, record.version, table)

    def stop(self) -> None:
        """Cancel every planned reveal (the cog is unloading)."""
        for task in self._planned.values():
            task.cancel()
        self._planned.clear()

    def _pace(self, channel_id: int, version: int, table: Table) -> None:
        """Plan the next reveal of a table waiting for one (replacing an earlier plan)."""
        if self.pause <= 0 or table.outcome is not None or table.phase != "reveal":
            return
        planned = self._planned.pop(channel_id, None)
        if planned is not None:
            planned.cancel()
        task = asyncio.create_task(self._reveal_later(channel_id, version))
        self._planned[channel_id] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _reveal_later(self, channel_id: int, version: int) -> None:
        await asyncio.sleep(self.pause)
        if self._planned.get(channel_id) is asyncio.current_task():
            del self._planned[channel_id]  # from here on, a newer plan does not cancel this
        try:
            result = await self.service.play_as_system(
                channel_id, REVEAL, by_user=None, expected_version=version
            )
        except (UserError, IllegalAction):
            return  # somebody was quicker, or the game is over
        try:
            await self.after(result, None)
        except Exception:  # a lost board post must not stop the game; the buttons still work
            log.exception("showing a paced reveal in channel %s failed", channel_id)


def needs_new_message(result: MoveResult, table: Table, actor: int | None) -> bool:
    """Whether a change deserves a new board message (someone to ping) rather than an edit."""
    if table.outcome is not None or any(event.kind == "deal" for event in result.events):
        return True
    if not table.pending:
        return False
    head = table.pending[0].seat
    return head != actor and result.record.players[head].user_id is not None


async def post_for_interaction(
    interaction: discord.Interaction, result: MoveResult, headline: str | None
) -> None:
    """The game's board poster for changes made through shared commands (``/game move``,
    Start, Resign): a private acknowledgement, then the public board.

    The shared ``headline`` describes the player's action, which may name a card placed
    secretly: it goes into the private acknowledgement, and the board shows public events.
    """
    record = result.record
    if not interaction.response.is_done():
        done = fill_names(headline, record.names) if headline else "Done."
        await interaction.response.send_message(f"✓ {done}", ephemeral=True)
    await keeper_of(interaction.client).after(result, record.seat_of(interaction.user.id))
