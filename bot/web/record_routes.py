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
from .html import document, esc, language_switch, link, name
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
            head = "".join(
                f"<th>{esc(text)}</th>"
                for text in (_("Place"), _("Player"), _("Rating"), _("Games"), _("Wins"))
            )
            body_rows = "".join(
                f'<tr><td class="place">{row.place}</td><td>{name(shown_player(row.name))}</td>'
                f'<td class="points">{row.skill.shown}</td><td class="points">{row.skill.games}'
                f'</td><td class="points">{row.skill.wins}</td></tr>'
                for row in rows
            )
            others = " · ".join(
                f'<a href="{link(f"/s/{token}/leaderboard/{other}", {"lang": lang})}">'
                f"{esc(title_of(other))}</a>"
                for other in sorted(games)
                if other != game
            )
            empty = _("Nobody has a rating in this game here yet.")
            table = (
                f'<table class="standings"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body_rows}</tbody></table>"
                if rows
                else f'<p class="empty">{esc(empty)}</p>'
            )
            count = _("{count} rated players", count=total)
            body = (
                f"<main><header><h1>{esc(title)}</h1>{language_switch(here, lang)}</header>"
                f"<p>{esc(count)}</p>{table}<nav>{others}</nav></main>"
            )
            html = document(title=title, body=body, lang=lang)
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )
