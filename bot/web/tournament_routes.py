"""A tournament's page: its standings with every tiebreak explained and every round's tables
with their results, each table linked to its game's page. Found by the server's token and
the tournament's number, like the server's leaderboards; it reloads itself while the
tournament runs."""

from __future__ import annotations

from typing import Any

from aiohttp import web

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
from .html import languages, page
from .lookup import guild_of, page_language


class TournamentRoutes:
    """Every tournament of a server, by its number."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/s/{token}/tournament/{id:\\d{1,18}}", self.page, allow_head=False)

    async def page(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        guild_id = await guild_of(self.service, token)
        found = await self.service.store.get_tournament(int(request.match_info["id"]))
        if found is None or found.guild_id != guild_id:
            raise web.HTTPNotFound()
        lang = page_language(request)
        games = await self._game_links(found)
        here = f"/s/{token}/tournament/{found.id}"
        with speaking(lang):
            title = _("{game} tournament", game=game_title(found.game))
            running = found.status in ("open", "running")
            html = page(
                "tournament.html",
                title=title,
                lang=lang,
                live=running,
                scripts=("refresh.js",) if running else (),
                heading=title,
                languages=languages(here, lang),
                **page_values(found, games),
            )
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

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
