"""A finished game's replay: every frame of the replay GIF, with a scrubber.

Without JavaScript the page shows frame ``?frame=k`` with links to the first, previous, next
and last frames; with it, a slider, play/pause and the arrow keys change the frame in place.
A game still running has no replay (404): its frames would be made while it is played.
"""

from __future__ import annotations

from aiohttp import web

from locales import _, speaking

from ..errors import UserError
from ..i18n import game_title
from ..replays import Frames
from ..service import GameService
from ..store import GameRecord
from .html import languages, link, page
from .lookup import game_of, page_language

FRAME_SECONDS = 0.8


class ReplayRoutes:
    """The replay page and its frames."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/g/{token}/replay", self.page, allow_head=False)
        app.router.add_get("/g/{token}/replay/{k:\\d{1,5}}.png", self.frame, allow_head=False)

    async def _frames(self, request: web.Request, lang: str) -> tuple[GameRecord, Frames]:
        record = await game_of(self.service, request.match_info["token"])
        if record.status != "finished":
            raise web.HTTPNotFound()
        try:
            return record, await self.service.replays.frames(record, lang)
        except UserError:
            raise web.HTTPNotFound() from None

    async def frame(self, request: web.Request) -> web.Response:
        _record, frames = await self._frames(request, page_language(request))
        k = int(request.match_info["k"])
        if k >= len(frames):
            raise web.HTTPNotFound()
        return web.Response(
            body=frames[k][0],
            content_type="image/png",
            headers={"Cache-Control": "private, max-age=86400"},
        )

    async def page(self, request: web.Request) -> web.Response:
        lang = page_language(request)
        token = request.match_info["token"]
        record, frames = await self._frames(request, lang)
        last = len(frames) - 1
        asked = request.query.get("frame", "")
        k = min(int(asked), last) if asked.isdigit() and len(asked) < 6 else 0
        here = f"/g/{token}/replay"
        with speaking(lang):
            title = _("{game}: replay", game=game_title(record.game))
            steps = [
                ("first", 0, _("First")),
                ("previous", max(k - 1, 0), _("Previous")),
                ("next", min(k + 1, last), _("Next")),
                ("last", last, _("Last")),
            ]
            html = page(
                "replay.html",
                title=title,
                lang=lang,
                scripts=["replay.js"],
                heading=title,
                languages=languages(here, lang),
                frames=frames,
                k=k,
                here=here,
                seconds=FRAME_SECONDS,
                src=link(f"{here}/{k}.png", {"lang": lang}),
                frame_word=_("Frame"),
                play=_("Play"),
                pause=_("Pause"),
                steps=[
                    {"name": step, "href": link(here, {"frame": i, "lang": lang}), "text": text}
                    for step, i, text in steps
                ],
                back=link(f"/g/{token}", {"lang": lang}),
                back_text=_("Back to the game"),
            )
        return web.Response(text=html, content_type="text/html")
