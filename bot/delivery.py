"""Delivery from the outbox: what saved changes still owe their channels, shown until it is.

Each process delivers the entries of the servers its shards serve, oldest first, one game at
a time: the game's board as the change's own handler would have shown it (the latest state,
with the events and headline the entries kept), and its reminders. An entry is deleted only
once Discord accepted its message. A failure that may pass (Discord's 5xx or 429, a timeout,
a picture that could not be drawn) postpones the game's entries with a growing wait; a
refusal that will not pass (the channel is gone, the bot may not post there) drops them.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import timedelta

import discord

from engine.core import Event
from locales import speaking

from .i18n import Phrase, game_language
from .presenter import reminder_text
from .publisher import Publisher
from .service import MoveResult
from .shards import Shards
from .store import BOARD, REMIND, GameRecord, Outgoing

log = logging.getLogger(__name__)
FIRST_WAIT = timedelta(seconds=2)
LONGEST_WAIT = timedelta(minutes=10)
GIVE_UP_AFTER = 30  # attempts (about four hours of waits): a change that can never be drawn


def backoff(attempts: int) -> timedelta:
    """The wait before the next try after ``attempts`` failed ones (doubling, capped)."""
    return min(FIRST_WAIT * 2 ** min(attempts, 16), LONGEST_WAIT)


def lasting(error: Exception) -> bool:
    """Whether Discord refused for good (4xx other than 429): trying again cannot help."""
    return (
        isinstance(error, discord.HTTPException)
        and 400 <= error.status < 500
        and error.status != 429
    )


class Delivery:
    """Shows the due outbox entries of this process's servers through the publisher."""

    def __init__(self, publisher: Publisher, shards: Shards | None = None) -> None:
        self.publisher = publisher
        self.shards = shards

    async def drain(self, ahead: timedelta = timedelta()) -> int:
        """Deliver every entry due within ``ahead`` of now (at start-up: everything, since
        no handler of this process is still about to show it); returns how many games'
        entries were delivered."""
        service = self.publisher.service
        due = await service.store.due_notices(service.now() + ahead, self.shards)
        games: dict[int, list[Outgoing]] = defaultdict(list)
        for entry in due:
            games[entry.game_id].append(entry)
        delivered = 0
        for game_id, entries in games.items():
            if self.publisher.busy(game_id):  # being shown right now: that ends the entries
                continue
            try:
                await self._deliver(game_id, entries)
                delivered += 1
            except Exception as error:
                await self._failed(game_id, entries, error)
        return delivered

    async def _deliver(self, game_id: int, entries: list[Outgoing]) -> None:
        store = self.publisher.service.store
        record = await store.get_game(game_id)
        if record is None or record.state is None:
            await store.notices_done(e.id for e in entries)
            return
        for entry in entries:
            if entry.kind == REMIND:
                if entry.version == record.version and record.status == "active":
                    await self._remind(record, entry.payload["users"])
                await store.notices_done([entry.id])
        boards = [e for e in entries if e.kind == BOARD]
        if boards:
            await self.publisher.show_saved(*self._change(record, boards))

    def _change(
        self, record: GameRecord, boards: list[Outgoing]
    ) -> tuple[MoveResult, Phrase | None, int | None]:
        """The change the entries stand for: the game as it is now, with every entry's events,
        and the last entry's headline and actor."""
        events = [Event.from_json(event) for entry in boards for event in entry.payload["events"]]
        state = self.publisher.service.state_of(record)
        last = boards[-1].payload
        headline = Phrase.from_json(last["headline"]) if "headline" in last else None
        new_round = any(entry.payload.get("new_round") for entry in boards)
        return MoveResult(record, state, events, new_round=new_round), headline, last.get("actor")

    async def _remind(self, record: GameRecord, users: list[int]) -> None:
        """Post a reminder to the players to move (pinging those who did not opt out)."""
        client = self.publisher.client
        quiet = await self.publisher.service.quiet_users(record)
        with speaking(await game_language(client, record)):
            text = reminder_text(record, users)
        channel = client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        mentions = discord.AllowedMentions(
            users=[discord.Object(id=u) for u in users if u not in quiet]
        )
        await channel.send(text, allowed_mentions=mentions)

    async def _failed(self, game_id: int, entries: list[Outgoing], error: Exception) -> None:
        store = self.publisher.service.store
        attempts = max(e.attempts for e in entries) + 1
        if lasting(error) or attempts >= GIVE_UP_AFTER:
            log.error("gave up showing game %s's changes", game_id, exc_info=error)
            await store.notices_done(e.id for e in entries)
            return
        wait = backoff(attempts)
        log.warning(
            "showing game %s's changes failed (%s); trying again in %.0f s",
            game_id,
            error,
            wait.total_seconds(),
        )
        await store.postpone_notices((e.id for e in entries), self.publisher.service.now() + wait)
