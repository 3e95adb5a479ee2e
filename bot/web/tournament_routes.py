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
from .html import document, esc, language_switch, link, name
from .lookup import guild_of, page_language, pages_on


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
            body = page_body(found, games, here, lang)
            title = _("{game} tournament", game=game_title(found.game))
            running = found.status in ("open", "running")
            html = document(
                title=title,
                body=body,
                lang=lang,
                live=running,
                scripts=("refresh.js",) if running else (),
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


def page_body(
    found: TournamentRecord, games: dict[tuple[int, int], str], here: str, lang: str
) -> str:
    """The page's markup (in the current language)."""
    tournament = Tournament.from_json(found.state)
    names = found.names
    title = _("{game} tournament", game=game_title(found.game))
    parts = [format_name(tournament.settings.format.value)]
    if found.status == "finished":
        parts.append(_("final standings"))
    elif tournament.started:
        parts.append(
            _("round {round} of {rounds}", round=len(tournament.rounds), rounds=tournament.planned)
        )
    else:
        parts.append(_("registration open"))
    return (
        f"<main><header><h1>{esc(title)}</h1>{language_switch(here, lang)}</header>"
        f"<p>{esc(' · '.join(parts))}</p>"
        + standings_table(tournament, names)
        + legend(tournament)
        + rounds_list(tournament, names, games)
        + "</main>"
    )


def standings_table(tournament: Tournament, names: dict[int, str]) -> str:
    """Rank, player, points and tiebreaks (a knockout's rounds won before the points)."""
    breaks = tiebreaks_of(tournament)
    lead = 1 if tournament.settings.format is Format.KNOCKOUT else 0
    shorts = [tiebreak_short(t.name) for t in breaks]
    titles = ["#", _("Player"), *shorts[:lead], _("Points"), *shorts[lead:], _("Games")]
    head = "".join(f"<th>{esc(text)}</th>" for text in titles)
    rows = []
    for line in standings(tournament):
        player = player_name(names, line.player)
        if line.dropped:
            player += f" <small>({esc(_('dropped'))})</small>"
        values = [
            f'<td class="points">{esc(tiebreak_text(line.tiebreaks[t.name]))}</td>' for t in breaks
        ]
        cells = [
            f'<td class="place">{line.rank}</td>',
            f"<td>{player}</td>",
            *values[:lead],
            f'<td class="points">{esc(points_text(line.points))}</td>',
            *values[lead:],
            f'<td class="points">{line.played}</td>',
        ]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<table class="standings"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def legend(tournament: Tournament) -> str:
    items = "".join(
        f"<li><b>{esc(tiebreak_short(t.name))}</b> = {esc(tiebreak_title(t.name))}: "
        f"{esc(tiebreak_explanation(t.name))}</li>"
        for t in tiebreaks_of(tournament)
    )
    return f"<p>{esc(_('Ties are broken in this order:'))}</p><ol>{items}</ol>"


def rounds_list(
    tournament: Tournament, names: dict[int, str], games: dict[tuple[int, int], str]
) -> str:
    """Every round, newest first: each table's players (winners in bold) and scores."""
    sections = []
    for rnd in reversed(tournament.rounds):
        items = []
        for index, table in enumerate(rnd.tables):
            won = set(table.result.winners) if table.result else set()
            players = _(" vs ").join(
                f"<b>{player_name(names, p)}</b>" if p in won else player_name(names, p)
                for p in table.seats
            )
            scores = (
                " · " + esc(" : ".join(f"{s:g}" for s in table.result.scores))
                if table.result
                else " · " + esc(_("being played"))
            )
            page = games.get((rnd.number, index))
            label = esc(_("Table {table}", table=index + 1))
            label = f'<a href="{link(page)}">{label}</a>' if page else label
            items.append(f"<li>{label}: {players}{scores}</li>")
        for player in rnd.byes:
            items.append(f"<li>{esc(_('Bye'))}: {player_name(names, player)}</li>")
        heading = esc(_("Round {round}", round=rnd.number))
        sections.append(f"<section><h2>{heading}</h2><ul>{''.join(items)}</ul></section>")
    return "".join(sections)


def player_name(names: dict[int, str], player: int) -> str:
    """A player's name as the page shows it (a forgotten player's in the reader's words)."""
    return name(shown_player(names.get(player, str(player))))


async def tournament_link(pages: Any, found: TournamentRecord) -> str | None:
    """The public address of a tournament's page (None when its server turned pages off)."""
    service = pages.service
    if not await pages_on(service, found.guild_id):
        return None
    token = await service.store.guild_token(found.guild_id)
    return f"{pages.config.url}/s/{token}/tournament/{found.id}"
