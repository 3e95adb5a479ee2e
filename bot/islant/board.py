"""The public face of an Islant race: one message per round, kept up to date.

Each round has one public message (the roll, "37 of 99 done", the race picture and its
buttons). A new round gets a new message, so the new roll notifies the channel; the old one
shrinks to a line of history. Progress is shown by editing the message, at most once per
:attr:`RoundBoard.interval` per game with the latest state (99 submissions in a second make
one or two edits, not 99), and always from a background task: a submitting player's
acknowledgement never waits for it. When the race ends the final ranking is posted.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from engine.islant.state import IslantState

from ..service import GameService, MoveResult
from ..store import GameRecord
from .messages import (
    FINAL_TEMPLATE,
    ROUND_TEMPLATE,
    closed_embed,
    final_message,
    round_embed,
    round_file,
    round_items,
    round_pings,
)

log = logging.getLogger(__name__)
ISLANT_COG = "Islant"
EDIT_SECONDS = 3.0
FINAL = 0  # the "round" of a final ranking message
NEW_ROUND_EVENTS = frozenset({"roll", "game_over"})
ViewMaker = Callable[[Sequence[discord.ui.Item[Any]]], discord.ui.View]


@dataclass(frozen=True, slots=True)
class Shown:
    """The message a race shows now: its id, its round (FINAL for the ranking), the dice."""

    message_id: int
    round: int
    dice: str


def needs_new_message(result: MoveResult) -> bool:
    """Whether a change started the race, rolled for a new round or ended the race."""
    if result.finished or result.record.board_message_id is None:
        return True
    return any(e.kind in NEW_ROUND_EVENTS for e in result.events)


class RoundBoard:
    """Posts and edits the round messages of every Islant race of one bot."""

    interval: float = EDIT_SECONDS

    def __init__(self, bot: commands.Bot, service: GameService, make_view: ViewMaker) -> None:
        self.bot = bot
        self.service = service
        self._make_view = make_view
        self._shown: dict[int, Shown] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._dirty: set[int] = set()
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._last_edit: dict[int, float] = {}
        self._notes: dict[int, str] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # ----- what callers use -----------------------------------------------------------------
    def after(self, result: MoveResult, note: str = "") -> None:
        """Show a change: at once for a new round or the end, else with the next edit."""
        if needs_new_message(result):
            self.show_soon(result.record.id, note)
        else:
            self.changed(result.record.id)

    def changed(self, game_id: int) -> None:
        """Progress to show: one edit per interval at most, with the latest state."""
        self._dirty.add(game_id)
        if game_id not in self._workers:
            self._workers[game_id] = self._spawn(self._drain(game_id))

    def show_soon(self, game_id: int, note: str = "") -> None:
        """Bring the race's message up to date now (in the background)."""
        if note:
            self._notes[game_id] = note
        self._spawn(self._guarded(game_id))

    async def post_change(
        self, channel: discord.abc.Messageable, result: MoveResult, headline: str
    ) -> None:
        """The bot's update poster for Islant: a change no interaction made (a round timer)."""
        self.after(result, headline)

    # ----- the work ---------------------------------------------------------------------------
    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _drain(self, game_id: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            while game_id in self._dirty:
                wait = self._last_edit.get(game_id, -self.interval) + self.interval - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                self._dirty.discard(game_id)
                await self._guarded(game_id)
        finally:
            self._workers.pop(game_id, None)

    async def _guarded(self, game_id: int) -> None:
        try:
            await self.show(game_id)
        except Exception:  # a failed edit must not take the race down; the next one retries
            log.exception("showing Islant game %s failed", game_id)

    async def show(self, game_id: int) -> None:
        """Edit the round message, or close it and post the next round or the ranking."""
        async with self._locks.setdefault(game_id, asyncio.Lock()):
            record = await self.service.store.get_game(game_id)
            if record is None or record.status not in ("active", "finished"):
                return
            state: IslantState = self.service.state_of(record)
            self._last_edit[game_id] = asyncio.get_running_loop().time()
            channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
            shown = await self._current(record, channel)
            if shown is not None and shown.round == FINAL:
                return
            if shown is not None and shown.round == state.round and not state.finished:
                if await self._edit(channel, shown, record, state):
                    return
                shown = None
            note = self._notes.pop(game_id, "")
            if shown is not None:
                old = channel.get_partial_message(shown.message_id)
                embed = closed_embed(record, shown.round, shown.dice, note)
                await old.edit(embed=embed, attachments=[], view=None)
                note = ""
            message = await self._post(channel, record, state, note)
            dice = " ".join(map(str, state.roll))
            self._shown[game_id] = Shown(message.id, FINAL if state.finished else state.round, dice)
            await self.service.store.set_board_message(game_id, message.id)

    async def _edit(
        self,
        channel: discord.PartialMessageable,
        shown: Shown,
        record: GameRecord,
        state: IslantState,
    ) -> bool:
        """Refresh the round's message in place; False if it is gone."""
        try:
            await channel.get_partial_message(shown.message_id).edit(
                embed=round_embed(record, state),
                attachments=[await round_file(record, state)],
                view=self._make_view(round_items(record, state)),
            )
        except discord.NotFound:
            return False
        return True

    async def _post(
        self, channel: discord.PartialMessageable, record: GameRecord, state: IslantState, note: str
    ) -> discord.Message:
        if state.finished:
            embed, file, items = await final_message(record, state)
            return await channel.send(embed=embed, file=file, view=self._make_view(items))
        pings = round_pings(record, state, await self.service.quiet_users(record))
        content, mentions = pings[0] if pings else (None, discord.AllowedMentions.none())
        message = await channel.send(
            content=content,
            embed=round_embed(record, state, note),
            file=await round_file(record, state),
            view=self._make_view(round_items(record, state)),
            allowed_mentions=mentions,
        )
        for more, more_mentions in pings[1:]:
            await channel.send(more, allowed_mentions=more_mentions)
        return message

    async def _current(
        self, record: GameRecord, channel: discord.PartialMessageable
    ) -> Shown | None:
        """The race's message now (after a restart, read back from its buttons)."""
        shown = self._shown.get(record.id)
        if shown is not None or record.board_message_id is None:
            return shown
        try:
            message = await channel.fetch_message(record.board_message_id)
        except discord.NotFound:
            return None
        for row in message.components:
            for item in getattr(row, "children", ()):
                custom_id = getattr(item, "custom_id", None) or ""
                if re.fullmatch(FINAL_TEMPLATE, custom_id):
                    return Shown(message.id, FINAL, "")
                found = re.fullmatch(ROUND_TEMPLATE, custom_id)
                if found:
                    dice = _dice_of(message)
                    return Shown(message.id, int(found["round"]), dice)
        return None


def _dice_of(message: discord.Message) -> str:
    """The roll written in a round message's text (for its line of history)."""
    text = (message.embeds[0].description or "") if message.embeds else ""
    found = re.search(r"Roll \*\*([\d ]+)\*\*", text)
    return found[1] if found else ""


def board_of(client: discord.Client) -> RoundBoard | None:
    """The round board of a bot with the Islant cog loaded."""
    cog = client.get_cog(ISLANT_COG) if isinstance(client, commands.Bot) else None
    board = getattr(cog, "board", None)
    return board if isinstance(board, RoundBoard) else None
