"""The bot: opens the store, builds the service, loads the cogs and the persistent buttons."""

from __future__ import annotations

import asyncio
import logging
import re
import signal
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from engine import all_games
from locales import N_, language, speaking, translate

from . import reach
from .answers import answer_failure, arrived, reply_error, tell_restarting
from .clicks import parse_clicks_lazily, route_clicks_directly
from .collector import settle
from .commands_i18n import CatalogTranslator
from .courier import Courier, Credentials, route_requests
from .daily.panel import DAILY_ITEMS
from .daily.service import DailyService
from .delivery import Delivery
from .errors import UserError
from .faces import all_faces
from .i18n import user_language
from .jobs import JobRunner
from .lobby_edits import LobbyEdits
from .publisher import PlainBoard, Publisher
from .rematch import RematchButton
from .request_deadlines import bound_requests, deadline
from .rounds import RoundBoard
from .service import SHOW_GRACE, GameService, MoveResult
from .shards import Shards
from .store import Store
from .ui import DYNAMIC_ITEMS, board_view
from .web import PageLinks, RateLimit, WebConfig
from .web.process import PageProcess

if TYPE_CHECKING:
    from .web import WebPages

HEARTBEAT_SECONDS = 30
JOB_POLL_SECONDS = 5  # paced reveals are due 5 s after a table is ready; one indexed query
RECENT_INTERACTIONS = 4096  # interaction ids remembered to drop a repeated delivery
IN_FLIGHT_SECONDS = 10.0  # a stop waits this long for the interactions being handled
DRAIN_SECONDS = 5.0  # and this long for the boards still to show (the outbox keeps the rest)
THINKING_WAIT_SECONDS = 60.0  # a panel waits this long for the computers' moves to update
log = logging.getLogger(__name__)
CANNOT_USE_HERE = N_("You cannot use that command here.")
GENERAL_COGS = ("bot.cogs.games", "bot.cogs.settings", "bot.cogs.records", "bot.cogs.tournament")
"""The commands of every game; a game's own commands are in ``bot.cogs.<game>`` if it has any."""


def extensions() -> tuple[str, ...]:
    """The cogs the bot loads: the general ones, then each registered game's own, if any."""
    own = (f"bot.cogs.{game.info.name}" for game in all_games())
    return GENERAL_COGS + tuple(name for name in own if find_spec(name) is not None)


def tasks_started_by(call: Callable[[Any], None], data: Any) -> list[asyncio.Task[Any]]:
    """``call(data)``, and the tasks it started (seen by the loop's task factory while it ran:
    no walk over every task of the bot, which grows with the games in play)."""
    loop = asyncio.get_running_loop()
    previous = loop.get_task_factory()
    started: list[asyncio.Task[Any]] = []

    def recording(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
        task = (
            previous(loop, coro, **kwargs) if previous else asyncio.Task(coro, loop=loop, **kwargs)
        )
        started.append(task)
        return task

    loop.set_task_factory(recording)
    try:
        call(data)
    finally:
        loop.set_task_factory(previous)
    return started


INTENTS = discord.Intents(guilds=True)
"""The gateway events the bot asks for: its servers and their channels, nothing else.
Interactions reach every bot whatever its intents; the messages, reactions and typing of its
servers would only cost the event loop a parse each (its own boards' and calls' echoes
included, three or four a move), with nothing to do."""


class IslandBot(commands.Bot):
    """A slash-command-only bot (no privileged intents, no message content, no message
    events: :data:`INTENTS`)."""

    def __init__(
        self,
        database: str | Path,
        *,
        dev_guild: int | None = None,
        heartbeat: Path | None = None,
        job_poll_seconds: float = JOB_POLL_SECONDS,
        service_kwargs: dict[str, Any] | None = None,
        shards: Shards | None = None,
        web: WebConfig | None = None,
        **client_options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.database = database
        self.served_shards = shards  # None: one process serves every server
        self.dev_guild = dev_guild
        self.heartbeat = heartbeat
        self.run_jobs.change_interval(seconds=job_poll_seconds)
        self._service_kwargs = service_kwargs or {}
        self.store: Store | None = None
        self.lobby_edits = LobbyEdits()
        """Lobby messages edited after joins and leaves in the lobbies' order."""
        self.publisher = Publisher(
            self, PlainBoard(board_view), RematchButton, rounds=RoundBoard(board_view)
        )
        self.delivery = Delivery(self.publisher, shards)
        self.publisher.failed = self.delivery.recover  # shown once Discord answers again
        self.publisher.then = self._computers_after
        self._thinking: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        """Games whose computers were left to move again while their task was running."""
        """Per game, the task playing its computers' moves (the latest one)."""
        self.stopping = False
        self._in_flight: set[asyncio.Task[Any]] = set()
        self.handling: dict[asyncio.Task[Any], discord.Interaction] = {}
        """The interaction each running handler serves (see :func:`bot.answers.arrived`)."""
        self._drained_at_start = False
        self._job_round = asyncio.Lock()  # held while due jobs run and the outbox drains
        self.service: GameService | None = None
        self.daily: DailyService | None = None
        self.web = web
        self.pages: PageLinks | WebPages | None = None
        """What gives out page links (and serves them, when served in this process)."""
        self.served_pages: WebPages | None = None
        """The page server running in this process (:meth:`serve_pages`), if any."""
        self.page_process: PageProcess | None = None
        """The page server's own process, when this bot started it."""
        self.courier: Courier | None = None
        """Sends the bot's requests to Discord (None: the bot sends them itself, as under a
        test double, which has no HTTP session)."""
        self.tree.on_error = self.on_app_command_error
        self.tree.interaction_check = self._on_arrival
        self._component_templates: dict[type, re.Pattern[str]] = {}
        self._closing: asyncio.Task[None] | None = None
        """The stop under way (see :meth:`close`)."""
        self._expired_forms: set[str] = set()
        """Interactions sending a form that had expired (answered by :meth:`on_interaction`)."""
        self._ignore_repeated_interactions()
        route_clicks_directly(self._connection._view_store)

    def _ignore_repeated_interactions(self) -> None:
        """Drop an interaction that Discord delivers again (same id) before any handler runs.

        The first delivery answers it; a second answer would only be refused by Discord
        (40060). The action log's unique interaction ids still guard the game itself, across
        restarts too. Its handlers start in the user's language (:func:`locales.current`).
        """
        parsers = self._connection.parsers
        parse = parse_clicks_lazily(self._connection, parsers["INTERACTION_CREATE"])
        seen: OrderedDict[str, None] = OrderedDict()

        def parse_once(data: Any) -> None:
            key = str(data.get("id"))
            if key in seen:
                log.info("ignored a repeated delivery of interaction %s", key)
                return
            if self.stopping:
                log.info("ignored interaction %s: the bot is stopping", key)
                return
            seen[key] = None
            if len(seen) > RECENT_INTERACTIONS:
                seen.popitem(last=False)
            if self._is_expired_form(data):
                self._expired_forms.add(key)
            with speaking(language(data.get("locale"))):  # its handlers' tasks copy it
                handlers = tasks_started_by(parse, data)
            for task in handlers:  # awaited by a stop
                self._in_flight.add(task)
                task.add_done_callback(self._in_flight.discard)

        parsers["INTERACTION_CREATE"] = parse_once

    def add_dynamic_items(self, *items: Any) -> None:
        super().add_dynamic_items(*items)
        for item in items:
            self._component_templates[item] = item.__discord_ui_compiled_template__

    def remove_dynamic_items(self, *items: Any) -> None:
        super().remove_dynamic_items(*items)
        for item in items:
            self._component_templates.pop(item, None)

    def _is_expired_form(self, data: Any) -> bool:
        """Whether an interaction sends a form this process no longer holds: discord.py keeps
        forms in memory only, until their timeout (read before it dispatches the form)."""
        if data.get("type") != discord.InteractionType.modal_submit.value:
            return False
        custom_id = str((data.get("data") or {}).get("custom_id", ""))
        return custom_id not in self._connection._view_store._modals  # discord.py's forms

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click on a component, or a form, that no handler of this bot recognises.

        Every component the bot draws is a dynamic item; an id matching none of them is
        outdated (an older version's button) or forged, and gets a clear answer instead of
        Discord's "This interaction failed". So does a form sent after it expired.
        """
        if str(interaction.id) in self._expired_forms:
            self._expired_forms.discard(str(interaction.id))
            await reply_error(
                interaction, UserError("form_expired").text(user_language(interaction))
            )
            return
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if any(t.fullmatch(custom_id) for t in self._component_templates.values()):
            return
        log.info("unknown component %r from user %s", custom_id[:100], interaction.user.id)
        await reply_error(interaction, UserError("unknown_button").text(user_language(interaction)))

    async def setup_hook(self) -> None:
        if bound_requests(self.http):  # logged in by now: its session exists
            http = self.http
            assert http.token is not None
            credentials = Credentials(http.token, http.proxy, http.proxy_auth)
            self.courier = Courier(deadline(), credentials)
            route_requests(http, self.courier)
        self.store = await Store.open(self.database)
        kwargs = {"now": lambda: discord.utils.utcnow(), **self._service_kwargs}
        self.service = GameService(self.store, sink=self.publisher, **kwargs)
        await self.tree.set_translator(CatalogTranslator())
        self.daily = DailyService(self.service)
        if self.web is not None:
            await self.link_pages(self.web)
        self.add_dynamic_items(*DYNAMIC_ITEMS, RematchButton, *DAILY_ITEMS)
        for extension in extensions():
            await self.load_extension(extension)
        for face in all_faces():  # registered by the games' extensions just loaded
            self.add_dynamic_items(*face.items)
            if face.presentation is not None:
                self.publisher.register(face.game, face.presentation)
        reach.declare(self.tree)
        if self.dev_guild is not None and self.syncs_commands:
            await self.sync_commands(self.dev_guild)
        if self.heartbeat is not None:
            self.beat.start()
        self.run_jobs.start()
        settle()

    async def link_pages(self, config: WebConfig) -> None:
        """Give every board a Watch link to its game's page, served by a process of its own:
        one started now (``child``), or an ``islandbot web`` run apart."""
        assert self.service is not None
        self.pages = PageLinks(self.service, config.url)
        self.publisher.watch_link = self.pages.link
        if config.server == "child":
            self.page_process = PageProcess(self.database)
            await self.page_process.start()

    async def serve_pages(self, config: WebConfig, limit: RateLimit | None = None) -> WebPages:
        """Serve the game pages in this process (``limit``: each address's, default 60 at
        once then 2 a second), and give every board a Watch link to its game's page."""
        from .web.server import WebPages  # the page server's modules: only where it runs

        assert self.service is not None
        pages = WebPages(self.service, config, limit)
        self.pages = self.served_pages = pages
        await pages.start()
        self.publisher.watch_link = pages.link
        return pages

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the commands: one alone, or the shard 0 one."""
        return self.served_shards is None or self.served_shards.syncs_commands

    @tasks.loop(seconds=JOB_POLL_SECONDS)
    async def run_jobs(self) -> None:
        """Run due reminders, timeouts and round timers, show what they did, and deliver
        what the outbox still holds (at start-up: everything a stopped process left)."""
        async with self._job_round:
            await self._job_round_once()

    async def _job_round_once(self) -> None:
        assert self.service is not None
        try:  # the service shows each change a job makes
            await JobRunner(self.service, self.served_shards).run_due()
        except Exception:
            log.exception("running due jobs failed")
        keeper = getattr(self, "round_keeper", None)  # set by bot.cogs.tournament
        if keeper is not None:
            await keeper.tick()
        ahead = timedelta() if self._drained_at_start else SHOW_GRACE
        try:
            await self.delivery.drain(ahead)
            self._drained_at_start = True
        except Exception:
            log.exception("delivering the outbox failed")

    def _computers_after(self, result: MoveResult) -> None:
        """Play the moves of the computers a shown change left to move, in a task of its own
        (a stop waits for it like for an interaction)."""
        game_id = result.record.id
        running = self._thinking.get(game_id)
        if running is not None and not running.done():  # its computers are thinking still:
            self._again.add(game_id)  # that task plays the game's job once more when done
            return
        task = asyncio.get_running_loop().create_task(self._play_computers(game_id))
        self._thinking[game_id] = task
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)
        task.add_done_callback(lambda done: self._forget_thinking(game_id, done))

    def _forget_thinking(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._thinking.get(game_id) is task:
            del self._thinking[game_id]

    async def _play_computers(self, game_id: int) -> None:
        """Play the game's computers job; again while changes shown meanwhile left them to
        move (one task per game: who waits for it waits for all its computers' moves)."""
        assert self.service is not None
        while True:
            self._again.discard(game_id)
            try:  # shown by the service once saved
                await JobRunner(self.service, self.served_shards).run_computers(game_id)
            except Exception:  # the job stays: the job runner plays it after its grace
                log.exception("computers of game %s could not move", game_id)
            if game_id not in self._again:
                return

    async def computers_moved(self, game_id: int) -> None:
        """Wait (a bounded time) until the game's computers have moved and been shown."""
        task = self._thinking.get(game_id)
        if task is not None:
            await asyncio.wait({task}, timeout=THINKING_WAIT_SECONDS)

    @run_jobs.before_loop
    async def _before_jobs(self) -> None:
        await self.wait_until_ready()

    @tasks.loop(seconds=HEARTBEAT_SECONDS)
    async def beat(self) -> None:
        """Refresh the heartbeat file while connected (the container's health check)."""
        if self.heartbeat is not None and self.is_ready() and not self.is_closed():
            self.heartbeat.touch()

    async def close(self) -> None:
        """Stop gracefully: take no more interactions, let those being handled finish and
        the boards still to show be shown (each for a bounded time; the outbox keeps what is
        left for the next start), then stop the worker processes and close the store.

        Once: a second call while the stop is under way (discord.py's own, when the gateway
        closes under it) waits for that stop to end instead of starting another."""
        if self._closing is None:
            self._closing = asyncio.get_running_loop().create_task(self._stop())
        await asyncio.shield(self._closing)

    async def _stop(self) -> None:
        if not self.stopping:
            self.stopping = True
            if self._in_flight:
                await asyncio.wait(set(self._in_flight), timeout=IN_FLIGHT_SECONDS)
            await self._cut_short()
            try:  # a round of jobs under way ends first
                await asyncio.wait_for(self._job_round.acquire(), IN_FLIGHT_SECONDS)
            except TimeoutError:
                log.warning("stopping in the middle of due jobs: their leases run out")
            self.run_jobs.cancel()
            self.delivery.stop()
            try:
                await asyncio.wait_for(self.publisher.settle(), DRAIN_SECONDS)
            except TimeoutError:
                log.warning("stopping with boards still to show: the next start shows them")
        self.publisher.close()
        await super().close()
        await self.release()

    async def release(self) -> None:
        """Free what the bot holds besides its Discord connection: the web pages' server,
        the worker pools and the store's connection. :meth:`close` ends with it; a bot that is
        dropped without a goodbye (as a killed process would be) is freed by it alone."""
        # taken first: a second call finds nothing
        pages, self.served_pages, self.pages = self.served_pages, None, None
        process, self.page_process = self.page_process, None
        courier, self.courier = self.courier, None
        store, self.store = self.store, None
        try:
            if courier is not None:
                await courier.stop()
            if process is not None:
                await process.stop()
            if pages is not None:
                await pages.stop()
        finally:
            if self.service is not None:
                self.service.computers.close()
                self.service.pictures.close()
            if store is not None:
                await store.close()

    async def _cut_short(self) -> None:
        """Handlers still running when the stop stopped waiting are cancelled, and their
        users told the bot is restarting, while Discord can still be reached: nobody is
        left with a "thinking…" that never ends."""
        left = {task: i for task, i in self.handling.items() if not task.done()}
        for task in left:
            task.cancel()
        if left:
            log.warning("stopping: %d interactions cut short", len(left))
            told = asyncio.gather(*(tell_restarting(i) for i in left.values()))
            try:
                await asyncio.wait_for(told, DRAIN_SECONDS)
            except TimeoutError:
                log.warning("stopping: not every interaction cut short could be told")

    async def sync_commands(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        """Register the slash commands with Discord: to one server (instant) or globally."""
        if guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    @staticmethod
    async def _on_arrival(interaction: discord.Interaction) -> bool:
        """Every command and autocomplete starts here: its database work is bounded until it
        is answered (:func:`~bot.answers.arrived`), and a command used where it does not work
        is refused, whatever Discord let through (its installs and contexts are a hint to
        clients, not a guarantee; see :mod:`bot.reach`)."""
        arrived(interaction)
        reach.check(interaction)
        return True

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """User-fixable errors get their message; anything else is logged with context."""
        if isinstance(error, app_commands.CheckFailure):
            lang = user_language(interaction)
            if isinstance(error, reach.NotHere):
                await reply_error(interaction, error.error.text(lang))
            else:
                await reply_error(interaction, translate(lang, CANNOT_USE_HERE))
            return
        await answer_failure(interaction, error)


class ShardedIslandBot(IslandBot, commands.AutoShardedBot):
    """The bot as one of several processes, serving some of Discord's shards.

    Discord sends a server's interactions to the shard ``(guild_id >> 22) % shard_count``, so
    each game's lock stays in its process; the database's version check guards the rest. Its
    timers are the jobs of its own shards' servers; the process serving shard 0 syncs commands.
    """

    def __init__(self, database: str | Path, *, shards: Shards, **options: Any) -> None:
        super().__init__(
            database,
            shards=shards,
            shard_ids=list(shards.ids),
            shard_count=shards.count,
            **options,
        )


def stop_on_signals(bot: IslandBot) -> None:
    """SIGTERM and SIGINT stop the bot gracefully (see :meth:`IslandBot.close`)."""
    loop = asyncio.get_running_loop()
    stops: set[asyncio.Task[None]] = set()

    def stop() -> None:
        log.info("stop signal received: stopping gracefully")
        task = loop.create_task(bot.close())
        stops.add(task)
        task.add_done_callback(stops.discard)

    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop)


def make_bot(database: str | Path, *, shards: Shards | None = None, **options: Any) -> IslandBot:
    """One bot for every server, or a sharded one when ``shards`` says which it serves."""
    if shards is None:
        return IslandBot(database, **options)
    return ShardedIslandBot(database, shards=shards, **options)
