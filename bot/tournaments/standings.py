"""A tournament's standings as the picture's view and as JSON (what the page and the
offline simulation write)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import View
from locales import tr
from locales.tournament import format_name
from tournament import Format, Tournament, finished, standings, tiebreaks_of

from ..rendering import Named
from ..store import shown_player

PICTURE = "tournament"
STANDINGS_PICTURE = Named("render.tournament:draw_standings")
"""The standings picture of a :func:`standings_view`."""


def subtitle(tournament: Tournament, game_title: str) -> str:
    """``Swiss · tiggar islanote · round 2 of 4`` (or ``… · final standings``)."""
    parts = [format_name(tournament.settings.format.value), game_title]
    if finished(tournament):
        parts.append(tr("final standings"))
    elif tournament.started:
        parts.append(
            tr("round {round} of {rounds}", round=len(tournament.rounds), rounds=tournament.planned)
        )
    else:
        parts.append(tr("registration open"))
    return " · ".join(parts)


def standings_view(
    tournament: Tournament,
    names: Mapping[int, str],
    title: str,
    game_title: str,
    highlight: int | None = None,
) -> View:
    """The standings picture's view (:data:`STANDINGS_PICTURE`); ``highlight``
    is a player whose row is marked (the one who asked)."""
    rows = [
        {
            "rank": line.rank,
            "name": shown_player(names.get(line.player, str(line.player))),
            "points": line.points,
            "tiebreaks": line.tiebreaks,
            "played": line.played,
            "dropped": line.dropped,
        }
        for line in standings(tournament)
    ]
    data: dict[str, Any] = {
        "title": title,
        "subtitle": subtitle(tournament, game_title),
        "tiebreaks": [t.name for t in tiebreaks_of(tournament)],
        "lead": 1 if tournament.settings.format is Format.KNOCKOUT else 0,
        "rows": rows,
        "more": 0,
        "highlight": next(
            (i for i, line in enumerate(standings(tournament)) if line.player == highlight), None
        ),
    }
    return View(PICTURE, None, data)


def results_json(tournament: Tournament, game: str) -> dict[str, Any]:
    """The tournament as the offline simulation writes it: format, game, players, every
    round's tables (seats, winners, scores) and byes, and the standings with tiebreaks."""
    return {
        "format": tournament.settings.format.value,
        "game": game,
        "players": [e.id for e in tournament.entrants],
        "rounds": [
            {
                "round": rnd.number,
                "tables": [
                    {
                        "seats": list(table.seats),
                        "winners": [] if table.result is None else list(table.result.winners),
                        "scores": [] if table.result is None else list(table.result.scores),
                    }
                    for table in rnd.tables
                ],
                "byes": list(rnd.byes),
            }
            for rnd in tournament.rounds
        ],
        "standings": [line.to_json() for line in standings(tournament)],
    }
