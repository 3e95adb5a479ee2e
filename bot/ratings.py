"""Ratings: the Weng-Lin Bayesian model (``openskill``'s Plackett-Luce), one match per game.

Plackett-Luce is the library's default and the model meant for free-for-all games: a match of
n players costs O(n) per player rather than Bradley-Terry's O(n²) pairwise terms, so a
99-player Islant race is one cheap update, and tied ranks are shared places.

Ranks come from the final standings: the outcome's winners first (a tie among them), then
the others by score, equal scores tied. A tiggar islanote player who "cannot build" has lost
even with more points, because the winners are ranked before any score is compared.

The number shown is conservative: ``(mu - 3 sigma) × 40 + 1000``. A new player shows 1000
(mu 25, sigma 25/3), climbs as games make the estimate both higher and surer, and a strong
regular player reaches about 1800-2000, a familiar range for chess-like ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
DISPLAY_SCALE = 40
DISPLAY_BASE = 1000


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one scope and game."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> int:
        """The conservative rating people see."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    """``(mu - 3 sigma) × 40 + 1000``, rounded."""
    return round((mu - 3 * sigma) * DISPLAY_SCALE + DISPLAY_BASE)


def standings(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """1-based places by seat: winners share first place, then the rest by score (equal
    scores share a place, and the next place skips: 1, 2, 2, 4)."""
    won = set(winners)

    def key(seat: int) -> tuple[bool, int]:
        return (seat not in won, -scores[seat])

    order = sorted(range(len(scores)), key=key)
    places = [0] * len(scores)
    for position, seat in enumerate(order):
        before = order[position - 1]
        tied = position > 0 and key(before) == key(seat)
        places[seat] = places[before] if tied else position + 1
    return places


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Every player's skill after one match (one player per team), by its places."""
    teams = [[MODEL.create_rating([s.mu, s.sigma])] for s in skills]
    after = MODEL.rate(teams, ranks=list(places))
    return [
        Skill(team[0].mu, team[0].sigma, skill.games + 1, skill.wins + (place == 1))
        for team, skill, place in zip(after, skills, places, strict=True)
    ]
