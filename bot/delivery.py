"""Delivery from the outbox: what saved changes still owe their channels, shown until it is.

Each process delivers the entries of the servers its shards serve, oldest first, one game at
a time: the game's board as the change's own handler would have shown it (the latest state,
with the events and headline the entries kept), and its reminders. An entry is deleted only
once Discord accepted its message.

When Discord cannot be reached or answers that it cannot serve (5xx, no answer in time), the
game is recovered promptly: one task per process tries the games Discord failed, the oldest
first, after 1, 2, then every :data:`OUTAGE_WAIT` seconds; a first try that fails again ends
the pass (Discord is still down: one request per pass, not one per game), one that succeeds
shows every game waiting at once. Whatever the publisher failed to show (a post, an edit, an
interaction's answer) comes here too, so a change is shown within seconds of Discord's
return, not at the outbox's late pass. Any other failure that may pass (a 429, a picture that
could not be drawn) postpones the game's entries with a growing wait; a refusal that will not
pass (the channel is gone, the bot may not post there) drops them.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import timedelta

import discord
from discord.ext import tasks

from engine.core import Event
from locales import speaking

from .discord_requests import unavailable
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
OUTAGE_WAIT = 4.0
"""The longest wait, in seconds, between two tries while Discord is unavailable: a change is
shown at most this long (and the time to show it) after Discord answers again."""


def backoff(attempts: int) -> timedelta:
    """The wait before the next try after ``attempts`` failed ones (doubling, capped)."""
    return min(FIRST_WAIT * 2 ** min(attempts, 16), LONGEST_WAIT)


def outage_wait(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed ones while Discord is down."""
    return min(2.0 ** min(attempts, 8), OUTAGE_WAIT)


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
        self._delivering: set[int] = set()
        """Games whose entries are being delivered now (by a drain or the recovery)."""
        self._recovering: dict[int, None] = {}
        """Games to show once Discord answers again, oldest failure first."""
        self._recovery = tasks.loop(seconds=outage_wait(0))(self._recover)
        self._down = 0
        """The recovery's tries in a row that found Discord still down."""
        self._stopped = False

    def recover(self, game_id: int) -> None:
        """Discord could not show a change of the game: show its entries (the latest state)
        as soon as it answers again."""
        if self._stopped:  # the outbox keeps it for the next start
            return
        self._recovering.setdefault(game_id, None)
        if not self._recovery.is_running():
            self._down = 0
            self._recovery.change_interval(seconds=outage_wait(0))
            self._recovery.start()

    def stop(self) -> None:
        """Stop recovering (the bot is stopping: the outbox keeps what is left)."""
        self._stopped = True
        self._recovery.cancel()

    async def _recover(self) -> None:
        """One try of the games to recover (the loop's first turn only waits: the failure
        has just happened); the loop stops once every one is shown or handed to the outbox's
        ordinary waits, and waits longer (up to :data:`OUTAGE_WAIT`) while Discord is down."""
        if self._recovery.current_loop == 0:
            return
        try:
            down = await self._recovery_pass()
        except Exception:  # the store, most likely: the entries wait in the outbox
            log.exception("recovering the changes Discord did not take failed")
            down = True
        self._down = self._down + 1 if down else 0
        if not self._recovering:
            self._recovery.stop()
            return
        self._recovery.change_interval(seconds=outage_wait(self._down))

    async def _recovery_pass(self) -> bool:
        """One pass over the games to recover; whether Discord was still down."""
        store = self.publisher.service.store
        for game_id in list(self._recovering):
            if game_id in self._delivering or self.publisher.showing(game_id):
                continue  # being shown: a failure brings it back here
            entries = await store.notices_of(game_id)
            self._recovering.pop(game_id, None)
            if not entries:
                continue
            try:
                await self._deliver_once(game_id, entries)
            except Exception as error:
                if unavailable(error):
                    self._recovering = {game_id: None, **self._recovering}  # tried first
                    log.info("Discord is still unavailable (%s)", error)
                    return True
                await self._failed(game_id, entries, error)
        return False

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
            if game_id in self._delivering or self.publisher.busy(game_id):
                continue  # being shown right now: that ends the entries
            if game_id in self._recovering and self._recovery.is_running():
                continue  # the recovery shows it once Discord answers again
            try:
                await self._deliver_once(game_id, entries)
                delivered += 1
            except Exception as error:
                await self._failed(game_id, entries, error)
        return delivered

    async def _deliver_once(self, game_id: int, entries: list[Outgoing]) -> None:
        """Deliver a game's entries, never twice at once (a drain and the recovery)."""
        self._delivering.add(game_id)
        try:
            await self._deliver(game_id, entries)
        finally:
            self._delivering.discard(game_id)

    async def _deliver(self, game_id: int, entries: list[Outgoing]) -> None:
        store = self.publisher.service.store
        record = await store.get_game(game_id)
        if record is None or record.state_text is None:
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
        if unavailable(error):  # not the change's fault: no attempt counted, no giving up
            log.warning("showing game %s's changes failed (%s); recovering", game_id, error)
            self.recover(game_id)
            return
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
