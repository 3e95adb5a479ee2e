"""A tournament's page: its standings with every tiebreak explained and every round's tables
with their results, each table linked to its game's page. Found by the server's token and
the tournament's number, like the server's leaderboards. While the tournament runs, its live
part (everything under the heading) is sent again with each change, like a game page's
(server-sent events, :mod:`bot.web.stream`); without JavaScript the page reloads itself."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from markupsafe import Markup

from locales import _, speaking
from locales.tournament import (
    format_name,
    points_text,
    tiebreak_explanation,
    tiebreak_short,
    tiebreak_text,
    tiebreak_title,
)
from tournament import Format, Tournament, standings, tiebreaks_of

from ..i18n import game_title
from ..service import GameService
from ..store import TournamentRecord, shown_player
from .guard import ADDRESS
from .html import fragment, languages, link, page
from .links import pages_on
from .live import Live, shows
from .lookup import guild_of, page_language
from .ratelimit import RateLimit
from .stream import stream_changes


class TournamentRoutes:
    """Every tournament of a server, by its number, and its live updates."""

    def __init__(
        self, service: GameService, limit: RateLimit, stream_seconds: float = 300.0
    ) -> None:
        self.service = service
        self.limit = limit
        self.stream_seconds = stream_seconds
        self.live = Live(self.fragment_of)

    def add_to(self, app: web.Application) -> None:
        here = "/s/{token}/tournament/{id:\\d{1,18}}"
        app.router.add_get(here, self.page, allow_head=False)
        app.router.add_get(f"{here}/events", self.events, allow_head=False)

    async def _found(self, request: web.Request) -> TournamentRecord:
        """The tournament a request names, or 404 (another server's, pages off, none)."""
        guild_id = await guild_of(self.service, request.match_info["token"])
        found = await self.service.store.get_tournament(int(request.match_info["id"]))
        if found is None or found.guild_id != guild_id:
            raise web.HTTPNotFound()
        return found

    async def page(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        found = await self._found(request)
        lang = page_language(request)
        live = await self.fragment(found, lang)
        here = f"/s/{token}/tournament/{found.id}"
        with speaking(lang):
            title = _("{game} tournament", game=game_title(found.game))
            running = found.status in ("open", "running")
            html = page(
                "tournament.html",
                title=title,
                lang=lang,
                live=running,
                scripts=("live.js",) if running else (),
                heading=title,
                languages=languages(here, lang),
                events=link(f"{here}/events", {"lang": lang, "s": shows(live)}) if running else "",
                away=_("Not connected: trying again in {seconds} s.", seconds="{seconds}"),
                live_part=Markup(live),
            )
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the page's live part each time the tournament changes."""
        found = await self._found(request)
        with self.limit.stream(request[ADDRESS]) as allowed:
            if not allowed:
                raise web.HTTPTooManyRequests(headers={"Retry-After": "30"})
            return await stream_changes(request, self.live, found.id, self.stream_seconds)

    async def fragment(self, found: TournamentRecord, lang: str) -> str:
        """The live part of the page: standings, tiebreaks and rounds, in ``lang``."""
        games = await self._game_links(found)
        with speaking(lang):
            return str(fragment("live_tournament.html", **page_values(found, games)))

    async def fragment_of(self, tournament_id: int, lang: str) -> str | None:
        """The newest live part of a watched tournament (None once its page is gone)."""
        found = await self.service.store.get_tournament(tournament_id)
        if found is None or not await pages_on(self.service, found.guild_id):
            return None
        return await self.fragment(found, lang)

    async def _game_links(self, found: TournamentRecord) -> dict[tuple[int, int], str]:
        """Each opened table's game page, by (round, table)."""
        links = {}
        for row in await self.service.store.tournament_tables(found.id):
            if row.game_id is not None:
                links[(row.round, row.index)] = (
                    f"/g/{await self.service.store.game_token(row.game_id)}"
                )
        return links


def page_values(found: TournamentRecord, games: dict[tuple[int, int], str]) -> dict[str, Any]:
    """What ``tournament.html`` shows, in the current language."""
    tournament = Tournament.from_json(found.state)
    parts = [format_name(tournament.settings.format.value)]
    if found.status == "finished":
        parts.append(_("final standings"))
    elif tournament.started:
        parts.append(
            _("round {round} of {rounds}", round=len(tournament.rounds), rounds=tournament.planned)
        )
    else:
        parts.append(_("registration open"))
    return {
        "summary": " · ".join(parts),
        **standings_values(tournament, found.names),
        "ties": _("Ties are broken in this order:"),
        "legend": [
            {
                "short": tiebreak_short(t.name),
                "title": tiebreak_title(t.name),
                "explanation": tiebreak_explanation(t.name),
            }
            for t in tiebreaks_of(tournament)
        ],
        "rounds": rounds_values(tournament, found.names, games),
        "versus": _(" vs "),
        "bye": _("Bye"),
    }


def standings_values(tournament: Tournament, names: dict[int, str]) -> dict[str, Any]:
    """Rank, player, points and tiebreaks (a knockout's rounds won before the points)."""
    breaks = tiebreaks_of(tournament)
    lead = 1 if tournament.settings.format is Format.KNOCKOUT else 0
    shorts = [tiebreak_short(t.name) for t in breaks]
    rows = []
    for line in standings(tournament):
        values = [tiebreak_text(line.tiebreaks[t.name]) for t in breaks]
        rows.append(
            {
                "rank": line.rank,
                "name": player_name(names, line.player),
                "dropped": line.dropped,
                "numbers": [*values[:lead], points_text(line.points), *values[lead:], line.played],
            }
        )
    return {
        "columns": ["#", _("Player"), *shorts[:lead], _("Points"), *shorts[lead:], _("Games")],
        "rows": rows,
        "dropped": _("dropped"),
    }


def rounds_values(
    tournament: Tournament, names: dict[int, str], games: dict[tuple[int, int], str]
) -> list[dict[str, Any]]:
    """Every round, newest first: each table's players (winners in bold) and scores."""
    rounds = []
    for rnd in reversed(tournament.rounds):
        tables = []
        for index, table in enumerate(rnd.tables):
            won = set(table.result.winners) if table.result else set()
            tables.append(
                {
                    "label": _("Table {table}", table=index + 1),
                    "href": games.get((rnd.number, index)),
                    "players": [
                        {"name": player_name(names, p), "won": p in won} for p in table.seats
                    ],
                    "scores": " : ".join(f"{s:g}" for s in table.result.scores)
                    if table.result
                    else _("being played"),
                }
            )
        rounds.append(
            {
                "heading": _("Round {round}", round=rnd.number),
                "tables": tables,
                "byes": [player_name(names, p) for p in rnd.byes],
            }
        )
    return rounds


def player_name(names: dict[int, str], player: int) -> str:
    """A player's name as the page shows it (a forgotten player's in the reader's words)."""
    return shown_player(names.get(player, str(player)))
