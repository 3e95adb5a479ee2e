"""A whole tournament of computer players offline (``islandbot tournament simulate``): the
same pairing code the bot runs, each table played by the engine like an arena game, the
standings picture and the results as JSON."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import find_game
from engine.core import Budget, Level
from locales import SOURCE, current, speaking, tr, translate
from tournament import (
    Result,
    Settings,
    Tournament,
    advance,
    finished,
    join,
    new,
    pending,
    record,
    start,
)

from ..arena import Seating, play
from .cards import STANDINGS_FILE
from .service import check_fits
from .standings import STANDINGS_PICTURE, results_json, standings_view


@dataclass(frozen=True, slots=True)
class OfflineTournament:
    """What a simulated tournament produced."""

    tournament: Tournament
    game: str
    picture: Path
    data: dict[str, Any]

    def text(self) -> str:
        """The final standings as a small table."""
        lines = [
            f"{self.game}, {self.tournament.settings.format.value}: "
            f"{len(self.tournament.entrants)} players, {len(self.tournament.rounds)} rounds;"
            f" standings in {self.picture}"
        ]
        for line in self.data["standings"]:
            breaks = ", ".join(f"{k} {v:g}" for k, v in line["tiebreaks"].items())
            lines.append(f"  {line['player']:>4}  {line['points']:>5g}  {breaks}")
        return "\n".join(lines)


def simulate_tournament(
    game_name: str,
    settings: Settings,
    *,
    players: int,
    seed: int,
    out: Path,
    level: Level = Level.NORMAL,
    options: Mapping[str, Any] | None = None,
    budget: Budget | None = None,
    locale: str = SOURCE,
) -> OfflineTournament:
    """Play a tournament of ``players`` computers at ``level``; the standings PNG goes into
    ``out``. Players are numbered 1..N; their ratings are all equal, so round 1 pairs them in
    that order. Each table is a game seeded from ``seed``, the round and the table."""
    game = find_game(game_name)
    check_fits(game.info.name, settings)
    tournament = new(settings)
    for player in range(1, players + 1):
        tournament = join(tournament, player)
    tournament = start(tournament)
    while not finished(tournament):
        playing = tournament.current
        assert playing is not None
        for index, table in pending(tournament):
            result = play_table(
                game.info.name, table.seats, seed, playing.number, index, level, options, budget
            )
            tournament = record(tournament, playing.number, index, result)
        tournament = advance(tournament)
    out.mkdir(parents=True, exist_ok=True)
    picture = out / STANDINGS_FILE
    with speaking(locale):
        names = {p: tr("Player {number}", number=p) for p in range(1, players + 1)}
        game_title = translate(current(), game.info.title)
        title = tr("{game} tournament", game=game_title)
        view = standings_view(tournament, names, title, game_title)
        picture.write_bytes(STANDINGS_PICTURE(view, ()))
    return OfflineTournament(
        tournament, game.info.name, picture, results_json(tournament, game.info.name)
    )


def play_table(
    game: str,
    seats: tuple[int, ...],
    seed: int,
    round_number: int,
    table: int,
    level: Level,
    options: Mapping[str, Any] | None,
    budget: Budget | None,
) -> Result:
    """One table's game between computers; the result names players, not seats."""
    table_seed = random.Random(f"{seed}/{round_number}/{table}").randrange(2**31)
    played = play(
        Seating(
            game, table, table_seed, (level,) * len(seats), dict(options or {}), budget or Budget()
        )
    )
    return Result(tuple(played.scores), tuple(seats[s] for s in played.winners))


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


__all__ = ["OfflineTournament", "simulate_tournament", "write_json"]
