"""Pairing properties over many random tournaments: everyone placed once a round, no repeated
opponents or tables when avoidable, one bye a round and never twice to one player, drops
never paired again with their games kept, late joins, odd counts."""

from __future__ import annotations

import random
from itertools import combinations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import (
    Format,
    LateJoin,
    Settings,
    Tournament,
    advance,
    drop,
    finished,
    join,
    new,
    pending,
    record,
    standings,
    start,
)
from tournament.scoring import cards

from .helpers import random_results

RANDOM = settings(max_examples=80, deadline=None)


def entrants(settings_: Settings, players: int, rnd: random.Random) -> Tournament:
    tournament = new(settings_)
    for player in range(1, players + 1):
        tournament = join(tournament, player, rating=float(rnd.randint(800, 1200)))
    return tournament


def run(
    tournament: Tournament, rnd: random.Random, drops: float, late: int
) -> tuple[list[Tournament], Tournament]:
    """Play out with random results, random drops between rounds and ``late`` joins during
    round 1: every state just after a round was paired, and the finished tournament."""
    decide = random_results(rnd)
    tournament = start(tournament)
    paired = [tournament]
    for extra in range(late):
        tournament = join(tournament, 1000 + extra, rating=float(rnd.randint(800, 1200)))
    while not finished(tournament):
        current = tournament.current
        assert current is not None
        for index, table in pending(tournament):
            tournament = record(tournament, current.number, index, decide(table))
        for entrant in tournament.entrants:
            if entrant.dropped is None and rnd.random() < drops:
                tournament = drop(tournament, entrant.id)
        before = len(tournament.rounds)
        tournament = advance(tournament)
        if len(tournament.rounds) > before:
            paired.append(tournament)
    return paired, tournament


def met_before(tournament: Tournament) -> dict[int, set[int]]:
    earlier = tournament.rounds[:-1]
    met: dict[int, set[int]] = {e.id: set() for e in tournament.entrants}
    for rnd in earlier:
        for table in rnd.tables:
            for a, b in combinations(table.seats, 2):
                met[a].add(b)
                met[b].add(a)
    return met


def pairable_without_rematch(
    players: list[int], met: dict[int, set[int]], may_bye: set[int]
) -> bool:
    """Whether a pairing of ``players`` exists with no rematch (a bye to one of ``may_bye``
    when the count is odd)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from((a, b) for a, b in combinations(players, 2) if b not in met[a])
    if len(players) % 2:
        graph.add_edges_from(("bye", p) for p in may_bye)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return len(matching) == (len(players) + 1) // 2


def check_round(tournament: Tournament) -> None:
    rnd = tournament.current
    assert rnd is not None
    number = rnd.number
    playing = [e.id for e in tournament.entrants if e.plays_in(number)]
    seated = [p for table in rnd.tables for p in table.seats] + list(rnd.byes)
    assert sorted(seated) == sorted(playing), "everyone who plays is placed exactly once"
    size = tournament.settings.table_size
    assert all(2 <= len(t.seats) <= size for t in rnd.tables)


@RANDOM
@given(
    players=st.integers(2, 24),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 10**6),
    drops=st.sampled_from([0.0, 0.05, 0.15]),
    late=st.integers(0, 3),
    late_join=st.sampled_from(list(LateJoin)),
)
def test_swiss_duels(players, rounds, seed, drops, late, late_join) -> None:
    check_swiss_duels(players, rounds, seed, drops, late, late_join)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(25, 64),
    rounds=st.integers(5, 9),
    seed=st.integers(0, 10**6),
    drops=st.sampled_from([0.0, 0.05]),
)
def test_swiss_duels_in_big_fields_matched_among_neighbours_first(
    players, rounds, seed, drops
) -> None:
    check_swiss_duels(players, rounds, seed, drops, 0, LateJoin.LOSS)


def check_swiss_duels(players, rounds, seed, drops, late, late_join) -> None:
    rnd = random.Random(seed)
    t0 = entrants(Settings(Format.SWISS, 2, rounds, late_join), players, rnd)
    states, final = run(t0, rnd, drops, late)
    for state in states:
        check_round(state)
        current = state.current
        assert current is not None
        playing = [e.id for e in state.entrants if e.plays_in(current.number)]
        assert len(current.byes) == len(playing) % 2, "one bye exactly when the count is odd"
        previous = cards(state.__class__(state.settings, state.entrants, state.rounds[:-1]))
        may_bye = {p for p in playing if previous[p].byes == 0}
        for player in current.byes:
            if may_bye:
                assert player in may_bye, "never a second bye while someone has had none"
        met = met_before(state)
        rematches = [t for t in current.tables if t.seats[1] in met[t.seats[0]]]
        if rematches:
            assert not pairable_without_rematch(playing, met, may_bye), "rematch avoidable"
    for entrant in final.entrants:
        if entrant.dropped is not None:
            later = [r for r in final.rounds if r.number >= entrant.dropped]
            assert all(
                entrant.id not in t.seats and entrant.id not in r.byes
                for r in later
                for t in r.tables
            )


def fresh_partition(players: list[int], sizes: list[int], earlier: set[frozenset[int]]) -> bool:
    """Whether ``players`` split into tables of ``sizes`` with no table seen before."""
    if not sizes:
        return not players
    first, rest = players[0], players[1:]
    for size in set(sizes):
        others_sizes = [*sizes]
        others_sizes.remove(size)
        for others in combinations(rest, size - 1):
            table = frozenset((first, *others))
            left = [p for p in rest if p not in table]
            if table not in earlier and fresh_partition(left, others_sizes, earlier):
                return True
    return False


@RANDOM
@given(players=st.integers(2, 14), seed=st.integers(0, 10**6))
def test_round_robin_everyone_meets_once(players, seed) -> None:
    rnd = random.Random(seed)
    _, final = run(entrants(Settings(Format.ROUND_ROBIN), players, rnd), rnd, 0.0, 0)
    meetings = [frozenset(t.seats) for r in final.rounds for t in r.tables]
    assert len(meetings) == len(set(meetings)) == players * (players - 1) // 2
    assert all(len(r.byes) == players % 2 for r in final.rounds)


@RANDOM
@given(
    players=st.integers(3, 40),
    size=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    drops=st.sampled_from([0.1, 0.3]),
)
def test_knockout_with_drops_seats_everyone_still_in(players, size, seed, drops) -> None:
    rnd = random.Random(seed)
    states, _ = run(entrants(Settings(Format.KNOCKOUT, size), players, rnd), rnd, drops, 0)
    for state in states[1:]:
        current = state.current
        assert current is not None
        assert all(len(t.seats) >= 2 for t in current.tables)
        previous = state.rounds[-2]
        went_on = [*previous.byes, *(t.result.winners[0] for t in previous.tables)]
        still_in = [p for p in went_on if state.entrant(p).plays_in(current.number)]
        placed = [p for t in current.tables for p in t.seats] + list(current.byes)
        assert sorted(placed) == sorted(still_in)
        assert len(current.byes) <= (1 if size == 2 else 0)


@RANDOM
@given(players=st.integers(2, 40), size=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_knockout_byes_only_in_round_one_and_one_champion(players, size, seed) -> None:
    rnd = random.Random(seed)
    states, final = run(entrants(Settings(Format.KNOCKOUT, size), players, rnd), rnd, 0.0, 0)
    check_round(states[0])
    for state in states[1:]:
        current = state.current
        assert current is not None
        previous = state.rounds[-2]
        went_on = len(previous.byes) + len(previous.tables)
        assert sum(len(t.seats) for t in current.tables) == went_on
    assert all(not r.byes for r in final.rounds[1:])
    assert len(final.rounds) == final.planned
    assert len(final.rounds[-1].tables) == 1
    assert standings(final)[0].tiebreaks["reached"] == len(final.rounds)


@RANDOM
@given(
    players=st.integers(3, 40),
    size=st.integers(3, 6),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 10**6),
    drops=st.sampled_from([0.0, 0.1]),
)
def test_swiss_tables_avoid_repeated_tables(players, size, rounds, seed, drops) -> None:
    rnd = random.Random(seed)
    settings_ = Settings(Format.SWISS, size, rounds)
    states, _ = run(entrants(settings_, max(players, size), rnd), rnd, drops, 0)
    for state in states:
        check_round(state)
        current = state.current
        assert current is not None
        earlier = {frozenset(t.seats) for r in state.rounds[:-1] for t in r.tables}
        sizes = [len(t.seats) for t in current.tables]
        if earlier & {frozenset(t.seats) for t in current.tables}:
            players_now = sorted(p for t in current.tables for p in t.seats)
            assert len(players_now) <= 8, "a repeated table in a large field"
            assert not fresh_partition(players_now, sizes, earlier), "repeat avoidable"
        assert max(sizes) - min(sizes) <= 1
