"""A server's Islant of the day leaderboard, once the day is over: its own players only.

Found by the server's own token (as its leaderboards are), so a page's address cannot be
guessed from a date, and gone when the server turns its pages off. An attempt played in direct
messages belongs to no server: its page shows that player alone, found by the player's own
token (given only to them, with their result), and goes when they are forgotten. While a day
is being played its results stay unpublished (as ``/islant today`` keeps its sheets hidden): a
day not over yet, like a day before the first or a level that does not exist, answers 404.
"""

from __future__ import annotations

from datetime import date

from aiohttp import web

from engine.islant import LEVELS
from locales import _, speaking

from ..daily.rolls import FIRST_DAY, day_of
from ..daily.texts import title
from ..service import GameService
from .html import languages, page
from .lookup import guild_of, page_language

PLACES = 100


class DailyRoutes:
    """Past days' leaderboards of the Islant of the day, one server's each."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(
            "/s/{token}/daily/{level:\\d}/{day:\\d{4}-\\d{2}-\\d{2}}",
            self.leaderboard,
            allow_head=False,
        )
        app.router.add_get(
            "/p/{token}/daily/{level:\\d}/{day:\\d{4}-\\d{2}-\\d{2}}",
            self.own,
            allow_head=False,
        )

    def _day(self, request: web.Request) -> tuple[date, int]:
        level = int(request.match_info["level"])
        try:
            day = date.fromisoformat(request.match_info["day"])
        except ValueError:
            raise web.HTTPNotFound() from None
        if level not in LEVELS or not FIRST_DAY <= day < day_of(self.service.now()):
            raise web.HTTPNotFound()
        return day, level

    async def leaderboard(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        guild_id = await guild_of(self.service, token)
        day, level = self._day(request)
        lang = page_language(request)
        best = await self.service.store.daily_top(day.isoformat(), level, PLACES, guild_id)
        here = f"/s/{token}/daily/{level}/{day.isoformat()}"
        rows = [
            (1 + sum(1 for a in best if a.score > attempt.score), attempt.shown_name, attempt.score)
            for attempt in best
        ]
        with speaking(lang):
            html = day_table(
                here,
                day,
                level,
                lang,
                (_("Place"), _("Player"), _("Points")),
                rows,
                empty=_("Nobody finished this day's Islant at this level."),
            )
        return web.Response(text=html, content_type="text/html")

    async def own(self, request: web.Request) -> web.Response:
        """One player's attempt played in direct messages: that player alone."""
        token = request.match_info["token"]
        user_id = await self.service.store.player_of(token)
        if user_id is None:
            raise web.HTTPNotFound()
        day, level = self._day(request)
        attempt = await self.service.store.daily_attempt(user_id, day.isoformat(), level)
        if attempt is None or not attempt.finished or attempt.guild_id is not None:
            raise web.HTTPNotFound()
        place, _count = await self.service.store.daily_rank(attempt.day, level, attempt.score)
        lang = page_language(request)
        here = f"/p/{token}/daily/{level}/{day.isoformat()}"
        with speaking(lang):
            columns = (_("Everywhere"), _("Player"), _("Points"))
            html = day_table(
                here, day, level, lang, columns, [(place, attempt.shown_name, attempt.score)]
            )
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )


def day_table(
    here: str,
    day: date,
    level: int,
    lang: str,
    columns: tuple[str, ...],
    rows: list[tuple[int, str, int]],
    *,
    empty: str = "",
) -> str:
    """A day's results as a table page (in the current language), linked to its other
    languages."""
    heading = title(day, level)
    return page(
        "table.html",
        title=heading,
        lang=lang,
        heading=heading,
        languages=languages(here, lang),
        columns=columns,
        rows=rows,
        empty=empty,
    )
