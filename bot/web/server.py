"""The pages' web server, run by the bot itself (aiohttp, in the bot's event loop).

It serves a game's page to anyone holding its link, live, and listens to the store's change
announcements (every process's, on PostgreSQL), so any process serves any game.
"""

from __future__ import annotations

import logging
from importlib import resources

from aiohttp import web

from ..service import GameService
from ..store import GameRecord
from .config import WebConfig
from .daily_routes import DailyRoutes
from .game_routes import GameRoutes
from .guard import guard, secure_headers
from .lookup import pages_on
from .ratelimit import RateLimit
from .record_routes import RecordRoutes
from .replay_routes import ReplayRoutes
from .tournament_routes import TournamentRoutes

log = logging.getLogger(__name__)
SHUTDOWN_SECONDS = 2.0


class WebPages:
    """The pages of every game; :meth:`start` serves them, :meth:`stop` ends that."""

    def __init__(
        self, service: GameService, config: WebConfig, limit: RateLimit | None = None
    ) -> None:
        self.service = service
        self.config = config
        limit = limit or RateLimit()
        self.games = GameRoutes(service, limit)
        self.app = web.Application(
            middlewares=[guard(limit, config.trust_proxy)],
            client_max_size=1024,
        )
        self.app.on_response_prepare.append(secure_headers)
        self.games.add_to(self.app)
        ReplayRoutes(service).add_to(self.app)
        RecordRoutes(service).add_to(self.app)
        DailyRoutes(service).add_to(self.app)
        TournamentRoutes(service).add_to(self.app)
        static = resources.files("bot") / "web" / "static"
        self.app.router.add_static("/static/", str(static), append_version=False)
        self._runner: web.AppRunner | None = None
        self._unsubscribe = lambda: None

    @property
    def port(self) -> int:
        """The port listened on (the configured one, or the one given for port 0)."""
        assert self._runner is not None
        return int(self._runner.addresses[0][1])

    async def start(self) -> None:
        self._unsubscribe = self.service.store.changes.subscribe(self.games.live.changed)
        await self.service.store.watch()
        self._runner = web.AppRunner(  # a page closed ends its stream's handler at once
            self.app,
            shutdown_timeout=SHUTDOWN_SECONDS,
            access_log=None,
            handle_signals=False,
            handler_cancellation=True,
        )
        await self._runner.setup()
        await web.TCPSite(self._runner, self.config.host, self.config.port).start()
        log.info("serving game pages on %s:%s", self.config.host, self.port)

    async def stop(self) -> None:
        """Close every open page's stream and stop listening (again: nothing more)."""
        if self._runner is None:
            return
        self._unsubscribe()
        self.games.live.close()
        runner, self._runner = self._runner, None
        await runner.cleanup()

    async def link(self, record: GameRecord) -> str | None:
        """The public address of a game's page (None when its server turned pages off)."""
        if not await pages_on(self.service, record.guild_id):
            return None
        return f"{self.config.url}/g/{await self.service.store.game_token(record.id)}"

    async def leaderboard_link(self, guild_id: int, game: str) -> str | None:
        """The public address of a server's leaderboard of ``game`` (None: pages are off)."""
        if not await pages_on(self.service, guild_id):
            return None
        token = await self.service.store.guild_token(guild_id)
        return f"{self.config.url}/s/{token}/leaderboard/{game}"
