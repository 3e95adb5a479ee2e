"""Scoring: sea majorities plus face-down cards (standard), or most cards (simple)."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any

from engine.core import EndReason, Outcome, seats_with_best

from .state import SEA_ORDER, SIMPLE, CompetitionState

FACE_DOWN_POINTS = 1
"""Points per card on the face-down pile."""


@dataclass(frozen=True, slots=True)
class SeaScore:
    """One sea's row of the score table: face-up cards and points per seat."""

    sea: str
    counts: tuple[int, ...]
    points: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"sea": self.sea, "counts": list(self.counts), "points": list(self.points)}


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The whole score table: sea rows in scoring order, face-down cards, totals per seat."""

    variant: str
    seas: tuple[SeaScore, ...]
    face_down: tuple[int, ...]
    cards: tuple[int, ...]
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seas": [row.to_json() for row in self.seas],
            "face_down": list(self.face_down),
            "cards": list(self.cards),
            "totals": list(self.totals),
        }

    def seat_parts(self, seat: int) -> dict[str, int]:
        """One seat's column of the table: face-down cards, cards won and total."""
        return {
            "face_down": self.face_down[seat],
            "cards": self.cards[seat],
            "totals": self.totals[seat],
        }


def sea_points(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Points of one sea: the most face-up cards score that many; tied leaders split them,
    rounded up (7 cards, 2 tied: 4 each; 3 tied: 3 each); nobody scores an empty sea."""
    most = max(counts, default=0)
    if most == 0:
        return (0,) * len(counts)
    leaders = counts.count(most)
    share = ceil(most / leaders)
    return tuple(share if count == most else 0 for count in counts)


def final_scoring(state: CompetitionState) -> tuple[SeaScore, ...]:
    """The sea rows of the score table, in scoring order (North & Baltic Sea first)."""
    rows = []
    for index, sea in enumerate(SEA_ORDER):
        counts = tuple(len(seat.face_up[index]) for seat in state.seats)
        rows.append(SeaScore(sea, counts, sea_points(counts)))
    return tuple(rows)


def score_breakdown(state: CompetitionState) -> ScoreBreakdown:
    """Scores so far (final once the game is over). Standard: sea points plus one per
    face-down card. Simple evaluation: one point per card won (all are face down)."""
    seas = final_scoring(state)
    face_down = tuple(len(seat.face_down) for seat in state.seats)
    cards = tuple(len(seat.face_down) + sum(map(len, seat.face_up)) for seat in state.seats)
    if state.variant == SIMPLE:
        totals = cards
    else:
        totals = tuple(
            FACE_DOWN_POINTS * face_down[seat] + sum(row.points[seat] for row in seas)
            for seat in range(state.num_players)
        )
    return ScoreBreakdown(state.variant, seas, face_down, cards, totals)


def outcome(state: CompetitionState) -> Outcome | None:
    """Final scores and winners (every active seat with the top score) once the game is over."""
    if not state.finished:
        return None
    totals = score_breakdown(state).totals
    active = state.active()
    winners = seats_with_best(totals, active)
    if len(active) > 1:
        return Outcome(totals, winners, "final scoring", EndReason.ROUNDS_OVER)
    return Outcome(totals, winners, "the other players resigned", EndReason.RESIGNED)
