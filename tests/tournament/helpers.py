"""Playing tournaments out in tests: results from a seeded generator or chosen by hand."""

from __future__ import annotations

import random
from collections.abc import Callable

from tournament import Result, Table, Tournament, advance, finished, pending, record

Decide = Callable[[Table], Result]


def random_results(rnd: random.Random) -> Decide:
    """Scores 0–5 per seat; the best score wins (equal best: all of them, a draw)."""

    def decide(table: Table) -> Result:
        scores = tuple(float(rnd.randint(0, 5)) for _ in table.seats)
        best = max(scores)
        return Result(
            scores, tuple(p for p, s in zip(table.seats, scores, strict=True) if s == best)
        )

    return decide


def first_seat_wins(table: Table) -> Result:
    return Result(
        tuple(float(len(table.seats) - i) for i in range(len(table.seats))), table.seats[:1]
    )


def play_round(tournament: Tournament, decide: Decide) -> Tournament:
    """Record every pending table of the current round, then pair the next one."""
    current = tournament.current
    assert current is not None
    for index, table in pending(tournament):
        tournament = record(tournament, current.number, index, decide(table))
    return advance(tournament)


def play_out(tournament: Tournament, decide: Decide) -> Tournament:
    while not finished(tournament):
        tournament = play_round(tournament, decide)
    return tournament


def lower_id_wins(table: Table) -> Result:
    winner = min(table.seats)
    return Result(tuple(1.0 if p == winner else 0.0 for p in table.seats), (winner,))
