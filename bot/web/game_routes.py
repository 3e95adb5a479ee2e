"""A game's page, its live updates (server-sent events), its board and, in a race, sheets.

Every picture is the public one (the board the channel shows, a sheet as of its player's last
submitted turn), drawn by the picture workers and cached like the channel's; every text comes
from the public view and the public events.
"""

from __future__ import annotations

from collections import OrderedDict

from aiohttp import web
from markupsafe import Markup

from engine.islant import GAME as ISLANT
from locales import _, speaking

from ..i18n import game_title
from ..islant.pictures import sheet_of
from ..replays import ReplayJob
from ..service import GameService
from ..store import GameRecord
from .fragments import live_fragment, tells_moves
from .game_page import Seen, stamp
from .guard import ADDRESS
from .html import fragment, languages, link, page
from .live import Live, shows
from .lookup import game_of, page_language
from .moves import move_lines
from .race_page import sheet_src
from .ratelimit import RateLimit
from .stream import stream_changes

FRAGMENTS_KEPT = 256
PNG = "image/png"


STAMPS_KEPT = 1024


class GameRoutes:
    """The pages of one game, found by its token."""

    def __init__(
        self, service: GameService, limit: RateLimit, stream_seconds: float = 300.0
    ) -> None:
        self.service = service
        self.limit = limit
        self.stream_seconds = stream_seconds
        self.live = Live(self.fragment_of)
        self._fragments: OrderedDict[tuple[int, int, str, tuple[str, ...]], str] = OrderedDict()
        self._stamps: OrderedDict[tuple[int, int, str, tuple[str, ...]], str] = OrderedDict()

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/g/{token}", self.page, allow_head=False)
        app.router.add_get("/g/{token}/events", self.events, allow_head=False)
        app.router.add_get("/g/{token}/board.png", self.board, allow_head=False)
        app.router.add_get("/g/{token}/sheet/{seat:\\d{1,2}}", self.sheet_page, allow_head=False)
        app.router.add_get("/g/{token}/sheet/{seat:\\d{1,2}}.png", self.sheet, allow_head=False)

    # ----- what a page shows --------------------------------------------------------------
    def seen(self, record: GameRecord, token: str) -> Seen:
        state = self.service.state_of(record)
        return Seen(token, record.game, self.stamp(record), record.status, record.names, state)

    def stamp(self, record: GameRecord) -> str:
        """The :func:`~bot.web.game_page.stamp` of a record (worked out once a version)."""
        key = (record.id, record.version, record.status, tuple(record.names))
        found = self._stamps.get(key)
        if found is None:
            state = self.service.state_of(record) if record.state_text is not None else None
            found = stamp(record.game, state, record.status, record.names)
            self._stamps[key] = found
            if len(self._stamps) > STAMPS_KEPT:
                self._stamps.popitem(last=False)
        return found

    async def fragment(self, record: GameRecord, token: str, lang: str) -> str:
        """The live part of the page at the record's version in ``lang`` (built once)."""
        names = tuple(record.names)
        key = (record.id, record.version, lang, names)
        cached = self._fragments.get(key)
        if cached is not None:
            return cached
        with speaking(lang):
            if record.state_text is None:
                text = lobby_fragment(self.stamp(record), names)
            else:
                lines = await self._move_lines(record, lang) if tells_moves(record.game) else []
                text = live_fragment(self.seen(record, token), lines)
        self._fragments[key] = text
        if len(self._fragments) > FRAGMENTS_KEPT:
            self._fragments.popitem(last=False)
        return text

    async def _move_lines(self, record: GameRecord, lang: str) -> list[str]:
        """The game's moves in words (from its public events), worked out by a worker."""
        job = ReplayJob.of(record, await self.service.store.actions(record.id), lang)
        return await self.service.pictures.run(move_lines, job)

    async def fragment_of(self, game_id: int, lang: str) -> str | None:
        """The newest fragment of a watched game (None once its pages are gone)."""
        record = await self.service.store.get_game(game_id)
        if record is None:
            return None
        token = await self.service.store.game_token(game_id)
        try:
            await game_of(self.service, token)
        except web.HTTPNotFound:
            return None
        return await self.fragment(record, token, lang)

    # ----- handlers -----------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        record = await game_of(self.service, token)
        lang = page_language(request)
        big = request.query.get("view") == "big"
        live = await self.fragment(record, token, lang)
        with speaking(lang):
            title = game_title(record.game)
            here = f"/g/{token}"
            query = {"view": "big"} if big else {}
            screen = link(here, {"lang": lang, "view": None if big else "big"})
            screen_text = _("Normal screen") if big else _("Big screen")
            events = link(f"{here}/events", {"lang": lang, "s": shows(live)})
            html = page(
                "game.html",
                title=_("{game}: live", game=title),
                lang=lang,
                scripts=["live.js"],
                live=True,
                classes="big" if big else "",
                heading=title,
                languages=languages(here, lang, query),
                screen=screen,
                screen_text=screen_text,
                events=events,
                away=_("Not connected: trying again in {seconds} s.", seconds="{seconds}"),
                missing=_("A picture could not be loaded: trying again."),
                live_part=Markup(live),
                close=_("Close"),
            )
        return web.Response(text=html, content_type="text/html", headers=NO_STORE)

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the page's live part each time the game changes."""
        record = await game_of(self.service, request.match_info["token"])
        with self.limit.stream(request[ADDRESS]) as allowed:
            if not allowed:
                raise web.HTTPTooManyRequests(headers={"Retry-After": "30"})
            return await stream_changes(request, self.live, record.id, self.stream_seconds)

    async def board(self, request: web.Request) -> web.Response:
        record = await game_of(self.service, request.match_info["token"])
        if record.state_text is None:
            raise web.HTTPNotFound()
        with speaking(page_language(request)):
            png = await self.service.render(record, self.service.state_of(record), None)
        return picture(png, request.query.get("v") == self.stamp(record))

    async def sheet(self, request: web.Request) -> web.Response:
        record, seat = await self._sheet_of(request)
        drawer = sheet_of(seat)
        state = self.service.state_of(record)
        with speaking(page_language(request)):
            png = await self.service.render(record, state, None, drawer, drawer.name)
        return picture(png, request.query.get("v") == self.stamp(record))

    async def sheet_page(self, request: web.Request) -> web.Response:
        """A player's sheet on a page of its own (the standings' links without JavaScript)."""
        token = request.match_info["token"]
        record, seat = await self._sheet_of(request)
        lang = page_language(request)
        seen = self.seen(record, token)
        with speaking(lang):
            who = record.names[seat]
            back = link(f"/g/{token}", {"lang": lang})
            alt, back_text = _("The sheet of {name}", name=who), _("Back to the race")
            html = page(
                "sheet.html",
                title=alt,
                lang=lang,
                who=who,
                src=sheet_src(seen, seat),
                alt=alt,
                back=back,
                back_text=back_text,
            )
        return web.Response(text=html, content_type="text/html", headers=NO_STORE)

    async def _sheet_of(self, request: web.Request) -> tuple[GameRecord, int]:
        record = await game_of(self.service, request.match_info["token"])
        seat = int(request.match_info["seat"])
        if (
            record.game != ISLANT.info.name
            or record.state_text is None
            or seat >= len(record.players)
        ):
            raise web.HTTPNotFound()
        return record, seat


NO_STORE = {"Cache-Control": "no-store"}


def picture(png: bytes, versioned: bool) -> web.Response:
    """A PNG; one asked for by its version never changes and may be kept by the browser."""
    cache = "private, max-age=86400, immutable" if versioned else "no-store"
    return web.Response(body=png, content_type=PNG, headers={"Cache-Control": cache})


def lobby_fragment(stamp: str, names: tuple[str, ...]) -> Markup:
    """A game still in its lobby: who has joined."""
    waiting = _("This game has not started yet.")
    return fragment("live_lobby.html", stamp=stamp, waiting=waiting, names=names)
