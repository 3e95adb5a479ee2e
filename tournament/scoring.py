"""Points and tiebreaks from a tournament's results.

A table gives each player a point for every opponent placed below them and half a point for
every opponent sharing their place: in a two-player game a win is 1, a draw ½ and a loss 0,
and at a table of four the winner gets 3 and the last 0. A Swiss bye is worth a win; a round
robin's rest is worth nothing (everyone rests once); a knockout bye just goes on. A late
joiner gets a loss or half the points of a round for each round missed, as the organiser set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .model import Format, LateJoin, Tournament, placings


@dataclass(frozen=True, slots=True)
class Played:
    """One finished table from a player's side."""

    round: int
    opponents: tuple[int, ...]
    points: float
    place: int
    first: bool


@dataclass(slots=True)
class Card:
    """Everything a player's standing is made of."""

    player: int
    points: float = 0.0
    played: list[Played] = field(default_factory=list)
    byes: int = 0
    missed: int = 0
    advanced: int = 0

    @property
    def opponents(self) -> set[int]:
        return {o for game in self.played for o in game.opponents}


def bye_points(tournament: Tournament) -> float:
    """What a bye is worth in this format."""
    if tournament.settings.format is Format.SWISS:
        return float(tournament.settings.table_size - 1)
    return 0.0


def cards(tournament: Tournament) -> dict[int, Card]:
    """Each entrant's points and games so far, by player id."""
    settings = tournament.settings
    result: dict[int, Card] = {e.id: Card(e.id) for e in tournament.entrants}
    missed_worth = (settings.table_size - 1) / 2 if settings.late_join is LateJoin.HALF else 0.0
    for entrant in tournament.entrants:
        missed = max(0, min(entrant.joined, len(tournament.rounds) + 1) - 1)
        result[entrant.id].missed = missed
        result[entrant.id].points += missed * missed_worth
    worth = bye_points(tournament)
    for rnd in tournament.rounds:
        for player in rnd.byes:
            result[player].byes += 1
            result[player].points += worth
            result[player].advanced += 1
        for table in rnd.tables:
            if table.result is None:
                continue
            places = placings(table.result.scores, table.result.winners, table.seats)
            for seat, player in enumerate(table.seats):
                points = sum(
                    1.0 if places[seat] < places[other] else 0.5
                    for other in range(len(table.seats))
                    if other != seat and places[seat] <= places[other]
                )
                others = tuple(p for p in table.seats if p != player)
                result[player].played.append(
                    Played(rnd.number, others, points, places[seat], seat == 0)
                )
                result[player].points += points
            result[advancer(table.seats, table.result.scores, table.result.winners)].advanced += 1
    return result


def advancer(seats: tuple[int, ...], scores: tuple[float, ...], winners: tuple[int, ...]) -> int:
    """Who goes on from a knockout table: the first winner; with no winner, the best score
    (the earlier seat on equal scores)."""
    for winner in winners:
        if winner in seats:
            return winner
    best = max(range(len(seats)), key=lambda s: (scores[s], -s))
    return seats[best]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A named tiebreak: ``higher`` says whether more is better (its wording, title and
    explanation, is the reader's: ``locales.tournament``)."""

    name: str
    higher: bool = True


BUCHHOLZ = Tiebreak("buchholz")
"""The sum of the points of everyone a player met (a bye counts nothing)."""
SONNEBORN_BERGER = Tiebreak("sonneborn_berger")
"""The points of each opponent beaten, plus half of each one drawn with."""
PLACINGS = Tiebreak("placings", higher=False)
"""A player's places at their tables added up: lower is better."""
OPPONENTS = Tiebreak("opponents")
"""The points of everyone who sat at a player's tables, added up."""
REACHED = Tiebreak("reached")
"""How many rounds a player went on from in a knockout (a bye counts)."""


def tiebreaks_of(tournament: Tournament) -> tuple[Tiebreak, ...]:
    """The tiebreaks of this tournament, in the order they decide."""
    settings = tournament.settings
    pair = (BUCHHOLZ, SONNEBORN_BERGER) if settings.duel else (PLACINGS, OPPONENTS)
    return (REACHED, *pair) if settings.format is Format.KNOCKOUT else pair


def tiebreak_values(card: Card, all_cards: Mapping[int, Card]) -> dict[str, float]:
    """Every tiebreak's value for one player (the format picks which it shows)."""
    buchholz = 0.0
    berger = 0.0
    opponents = 0.0
    for game in card.played:
        faced = sum(all_cards[o].points for o in game.opponents)
        opponents += faced
        buchholz += faced
        if len(game.opponents) == 1:
            berger += all_cards[game.opponents[0]].points * game.points
    return {
        BUCHHOLZ.name: buchholz,
        SONNEBORN_BERGER.name: berger,
        PLACINGS.name: float(sum(game.place for game in card.played)),
        OPPONENTS.name: opponents,
        REACHED.name: float(card.advanced),
    }


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the standings; ``rank`` is shared when everything is equal."""

    rank: int
    player: int
    points: float
    tiebreaks: dict[str, float]
    played: int
    dropped: bool

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "points": self.points, "tiebreaks": self.tiebreaks}


def standings(tournament: Tournament) -> list[Standing]:
    """Everyone ranked: by the format's first key, points, the tiebreaks, then the rating."""
    all_cards = cards(tournament)
    shown = tiebreaks_of(tournament)
    knockout = tournament.settings.format is Format.KNOCKOUT
    lines = []
    for entrant in tournament.entrants:
        card = all_cards[entrant.id]
        values = tiebreak_values(card, all_cards)
        lines.append((entrant, card, {t.name: values[t.name] for t in shown}))

    def key(line: tuple) -> tuple[float, ...]:
        _entrant, card, values = line
        breaks = tuple(values[t.name] * (-1 if t.higher else 1) for t in shown)
        if knockout:  # rounds won first, then points
            return (breaks[0], -card.points, *breaks[1:])
        return (-card.points, *breaks)

    lines.sort(key=lambda line: (*key(line), -line[0].rating))
    ranked: list[Standing] = []
    for position, line in enumerate(lines):
        entrant, card, values = line
        tied = position > 0 and key(lines[position - 1]) == key(line)
        rank = ranked[-1].rank if tied else position + 1
        ranked.append(
            Standing(
                rank, entrant.id, card.points, values, len(card.played), entrant.dropped is not None
            )
        )
    return ranked
