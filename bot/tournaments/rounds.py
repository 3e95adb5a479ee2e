"""Keeping tournaments going in Discord: each round's tables opened in threads with their
players pinged, results recorded as games end, deadlines enforced, rounds and the final
standings announced in the tournament's channel.

One pass (:meth:`RoundKeeper.tick`) runs in each round of the bot's job loop. Everything it does is
driven by rows (tables without a game, games finished but not recorded, deadlines due, the
last round announced), so a pass cut short by a restart is finished by the next one.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import zlib

import discord

from locales import _, speaking

from ..i18n import game_title, say, server_language
from ..rendering import PictureKey
from ..store import TableRow, TournamentRecord
from .cards import STANDINGS_FILE, round_card, standings_card, timestamp, title
from .service import TournamentService, tournament_of
from .standings import STANDINGS_PICTURE, standings_view

log = logging.getLogger(__name__)
THREAD_ARCHIVE_MINUTES = 10080  # a week: a round's thread stays open as long as it is played
NOT_TAKEN = (discord.HTTPException, discord.ClientException, TimeoutError)


class RoundKeeper:
    """Opens tables, records results, enforces deadlines and announces rounds."""

    def __init__(self, client: discord.Client, tournaments: TournamentService) -> None:
        self.client = client
        self.tournaments = tournaments
        self.store = tournaments.store
        self._busy: dict[int, asyncio.Lock] = {}

    async def tick(self) -> None:
        """One pass over every tournament with something to do (never raises: a failure is
        logged, and the rows it left are the next pass's work)."""
        try:
            for tournament_id in await self.store.tournament_work(self.tournaments.shards):
                await self._guarded(self.progress, tournament_id)
            for tournament_id in await self.tournaments.due_deadlines():
                await self._guarded(self.tournaments.decide_unfinished, tournament_id)
                await self._guarded(self.progress, tournament_id)
        except Exception:
            log.exception("keeping tournaments' rounds failed")

    async def _guarded(self, step, tournament_id: int) -> None:
        try:
            await step(tournament_id)
        except Exception:  # one tournament's trouble must not stop the others
            log.exception("tournament %s: %s failed", tournament_id, step.__name__)

    async def progress(self, tournament_id: int) -> None:
        """Record finished games, open the round's tables, announce what is new (one pass at
        a time per tournament: a Start tap and the job loop never open a table twice)."""
        async with self._busy.setdefault(tournament_id, asyncio.Lock()):
            await self.tournaments.record_finished(tournament_id)
            await self.open_tables(tournament_id)
            await self.announce(tournament_id)

    async def open_tables(self, tournament_id: int) -> None:
        found = await self.store.get_tournament(tournament_id)
        if found is None or found.status != "running":
            return
        lang = await server_language(self.client, found.guild_id)
        for row, seats in await self.tournaments.tables_to_open(tournament_id):
            thread_id = row.channel_id or await self._thread(found, row, lang)
            if thread_id is None:
                continue
            result = await self.tournaments.open_game(found, row, seats, thread_id)
            if result is None:
                continue
            await self.tournaments.games.sink.show(
                result,
                say(
                    "Round {round}, table {table}: the game begins!",
                    round=row.round,
                    table=row.index + 1,
                ),
            )
            await self._ping(found, row, seats, thread_id, lang)

    async def _thread(self, found: TournamentRecord, row: TableRow, lang: str) -> int | None:
        """A public thread for the table in the tournament's channel (None if the bot may not
        make one there: the table waits, and the organiser is told why)."""
        channel = self.client.get_channel(found.channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(found.channel_id)
            except NOT_TAKEN:
                log.warning("tournament %s: its channel is gone", found.id)
                return None
        if not isinstance(channel, discord.TextChannel):
            return None
        with speaking(lang):
            name = _(
                "{title} · round {round} · table {table}",
                title=title(found),
                round=row.round,
                table=row.index + 1,
            )
        try:
            thread = await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.Forbidden:
            log.warning("tournament %s: no permission to make threads", found.id)
            return None
        await self.store.set_table_place(row, channel_id=thread.id)
        return thread.id

    async def _ping(
        self,
        found: TournamentRecord,
        row: TableRow,
        seats: tuple[int, ...],
        thread_id: int,
        lang: str,
    ) -> None:
        """Tell the table's players their game is here, and until when."""
        thread = self.client.get_partial_messageable(thread_id, guild_id=found.guild_id)
        with speaking(lang):
            text = _(
                "{players}: your round {round} game of the {title} is here. Deadline: {when}.",
                players=" ".join(f"<@{p}>" for p in seats),
                round=row.round,
                title=title(found),
                when=timestamp(found.deadline_at),
            )
        try:
            await thread.send(
                text,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(p) for p in seats]),
            )
        except NOT_TAKEN:
            log.warning("tournament %s: could not ping table %s", found.id, row)

    async def announce(self, tournament_id: int) -> None:
        """Post the round just paired (once all its tables are open) or the final standings."""
        found = await self.store.get_tournament(tournament_id)
        if found is None:
            return
        tournament = tournament_of(found)
        number = len(tournament.rounds)
        channel = self.client.get_partial_messageable(found.channel_id, guild_id=found.guild_id)
        lang = await server_language(self.client, found.guild_id)
        if found.status == "finished" and found.announced <= number:
            png = await self.standings_picture(found, lang)
            link = await self.page_link(found)
            with speaking(lang):
                card = standings_card(found, link)
            try:
                await channel.send(
                    **card.send(files=[discord.File(io.BytesIO(png), STANDINGS_FILE)])
                )
            except NOT_TAKEN:
                return
            await self.store.set_announced(found.id, number + 1)
            return
        if found.status != "running" or found.announced >= number:
            return
        rows = await self.store.tournament_tables(found.id, number)
        if any(row.game_id is None for row in rows):
            return
        threads = {row.index: row.channel_id for row in rows if row.channel_id is not None}
        link = await self.page_link(found)
        with speaking(lang):
            card = round_card(found, threads, link)
        try:
            await channel.send(**card.send())
        except NOT_TAKEN:
            return
        await self.store.set_announced(found.id, number)

    async def page_link(self, found: TournamentRecord) -> str | None:
        """The tournament's page, where the bot serves pages."""
        pages = getattr(self.client, "pages", None)
        return None if pages is None else await pages.tournament_link(found)

    async def standings_picture(
        self, found: TournamentRecord, lang: str, highlight: int | None = None
    ) -> bytes:
        """The standings PNG (``highlight``'s row marked), drawn in the worker pool (cached
        by its content)."""
        with speaking(lang):
            game = game_title(found.game)
            tournament = tournament_of(found)
            view = standings_view(tournament, found.names, title(found), game, highlight)
        digest = zlib.crc32(json.dumps(view.data, sort_keys=True, default=str).encode())
        key = PictureKey(0, digest, None, STANDINGS_PICTURE.name, lang)
        pictures = self.tournaments.games.pictures
        return await pictures.draw(key, view, (), STANDINGS_PICTURE)
