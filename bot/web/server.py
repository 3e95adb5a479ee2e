"""The pages' web server (aiohttp): in a process of its own (``islandbot web``), or in the
process that asks for it (the offline demonstration, tests).

It serves a game's page to anyone holding its link, live: it hears the store's change
announcements and looks at the watched games now and then (:mod:`bot.web.feed`), so changes
saved by any process reach its pages. Its door (:mod:`bot.web.gate`) and its guard
(:mod:`bot.web.guard`) bound what any number of clients can make it hold or do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from importlib import resources

from aiohttp import web
from aiohttp_remotes import XForwardedRelaxed

from ..service import GameService
from ..store import DailyAttempt, GameRecord, TournamentRecord
from .config import WebConfig
from .daily_routes import DailyRoutes
from .errors import error_pages
from .feed import Feed
from .game_routes import GameRoutes
from .gate import Gate, Limits
from .guard import HEADERS, Guard, secure_headers
from .links import PageLinks
from .ratelimit import RateLimit
from .record_routes import RecordRoutes
from .replay_routes import ReplayRoutes
from .tournament_routes import TournamentRoutes

log = logging.getLogger(__name__)
SHUTDOWN_SECONDS = 2.0
"""How long a stop waits for the requests being answered (open pages' streams end at once)."""


class WebPages:
    """The pages of every game; :meth:`start` serves them, :meth:`stop` ends that."""

    def __init__(
        self,
        service: GameService,
        config: WebConfig,
        limit: RateLimit | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.service = service
        self.config = config
        self.links = PageLinks(service, config.url)
        limit = limit or RateLimit()
        self.gate = Gate(limits or Limits(), per_address=not config.trust_proxy)
        self.guard = Guard(limit, self.gate.limits, self.gate)
        self.games = GameRoutes(service, limit, self.gate.limits.stream_seconds)
        proxied = [XForwardedRelaxed().middleware] if config.trust_proxy else []
        self.app = web.Application(
            middlewares=[*proxied, error_pages, self.guard.middleware()],
            client_max_size=1024,
        )
        self.app.on_response_prepare.append(secure_headers)
        self.games.add_to(self.app)
        ReplayRoutes(service).add_to(self.app)
        RecordRoutes(service).add_to(self.app)
        DailyRoutes(service).add_to(self.app)
        self.tournaments = TournamentRoutes(service, limit, self.gate.limits.stream_seconds)
        self.tournaments.add_to(self.app)
        static = resources.files("bot") / "web" / "static"
        self.app.router.add_static("/static/", str(static), append_version=False)
        self.feed = Feed(
            service.store.game_marks, lambda: self.games.live.watched, self.games.live.changed
        )
        self.tournament_feed = Feed(
            service.store.tournament_marks,
            lambda: self.tournaments.live.watched,
            self.tournaments.live.changed,
        )
        self._runner: web.AppRunner | None = None
        self._server: asyncio.Server | None = None
        self._unsubscribe: list[Callable[[], None]] = []

    @property
    def port(self) -> int:
        """The port listened on (the configured one, or the one given for port 0)."""
        assert self._server is not None
        return int(self._server.sockets[0].getsockname()[1])

    async def start(self) -> None:
        store = self.service.store
        self._unsubscribe = [
            store.changes.subscribe(self.games.live.changed),
            store.tournament_changes.subscribe(self.tournaments.live.changed),
        ]
        await store.watch()
        for feed in (self.feed, self.tournament_feed):
            feed.start()
        self._runner = web.AppRunner(  # a page closed ends its stream's handler at once
            self.app,
            shutdown_timeout=SHUTDOWN_SECONDS,
            access_log=None,
            handle_signals=False,
            handler_cancellation=True,
        )
        await self._runner.setup()
        assert self._runner.server is not None
        factory = self.gate.protocol_factory(self._runner.server, HEADERS)
        self._server = await asyncio.get_running_loop().create_server(
            factory, self.config.host, self.config.port, reuse_address=True, backlog=128
        )
        log.info("serving game pages on %s:%s", self.config.host, self.port)

    async def stop(self) -> None:
        """Close every open page's stream and stop listening, within a few seconds whatever
        the clients do (again: nothing more)."""
        if self._runner is None:
            return
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
        for feed in (self.feed, self.tournament_feed):
            await feed.stop()
        self.games.live.close()
        self.tournaments.live.close()
        runner, self._runner = self._runner, None
        server, self._server = self._server, None
        if server is not None:
            server.close()
        try:
            await asyncio.wait_for(runner.cleanup(), SHUTDOWN_SECONDS * 2)
        except TimeoutError:
            log.warning("the page server's connections did not close in time: dropped")
        self.gate.close()

    async def link(self, record: GameRecord) -> str | None:
        """The public address of a game's page (None when its server turned pages off)."""
        return await self.links.link(record)

    async def leaderboard_link(self, guild_id: int, game: str) -> str | None:
        """The public address of a server's leaderboard of ``game`` (None: pages are off)."""
        return await self.links.leaderboard_link(guild_id, game)

    async def tournament_link(self, found: TournamentRecord) -> str | None:
        """The public address of a tournament's page (None when its server turned pages off)."""
        return await self.links.tournament_link(found)

    async def daily_link(self, attempt: DailyAttempt) -> str | None:
        """The public address of an Islant of the day attempt's page (see PageLinks)."""
        return await self.links.daily_link(attempt)
