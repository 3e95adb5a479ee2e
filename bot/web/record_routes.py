"""A server's leaderboards, one page per game, found by the server's own token.

The same ranking ``/leaderboard`` shows for the server (all time, computers included), the
first hundred places; a forgotten player is not on it (``/forget-me`` deletes ratings).
"""

from __future__ import annotations

from aiohttp import web

from engine import all_games
from locales import _, speaking

from ..records_texts import title_of
from ..service import GameService
from ..store import shown_player
from .html import languages, link, page
from .lookup import guild_of, page_language

PLACES = 100


def game_names() -> set[str]:
    """The games with a leaderboard: every registered one, read when a page is asked for."""
    return {game.info.name for game in all_games()}


class RecordRoutes:
    """The leaderboards of one server."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/s/{token}/leaderboard/{game}", self.leaderboard, allow_head=False)

    async def leaderboard(self, request: web.Request) -> web.Response:
        token, game = request.match_info["token"], request.match_info["game"]
        guild_id = await guild_of(self.service, token)
        games = game_names()
        if game not in games:
            raise web.HTTPNotFound()
        lang = page_language(request)
        total, rows = await self.service.store.leaderboard(guild_id, game, limit=PLACES)
        here = f"/s/{token}/leaderboard/{game}"
        with speaking(lang):
            title = _("{game} leaderboard", game=title_of(game))
            html = page(
                "table.html",
                title=title,
                lang=lang,
                heading=title,
                languages=languages(here, lang),
                count=_("{count} rated players", count=total),
                columns=(_("Place"), _("Player"), _("Rating"), _("Games"), _("Wins")),
                rows=[
                    (r.place, shown_player(r.name), r.skill.shown, r.skill.games, r.skill.wins)
                    for r in rows
                ],
                empty=_("Nobody has a rating in this game here yet."),
                others=[
                    {
                        "href": link(f"/s/{token}/leaderboard/{other}", {"lang": lang}),
                        "text": title_of(other),
                    }
                    for other in sorted(games)
                    if other != game
                ],
            )
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )
