"""Worked examples of every format's pairings, points and tiebreaks."""

from __future__ import annotations

import pytest

from tournament import (
    Format,
    LateJoin,
    Result,
    Settings,
    Tournament,
    TournamentError,
    advance,
    champion,
    drop,
    finished,
    join,
    leave,
    new,
    placings,
    planned_rounds,
    record,
    standings,
    start,
)

from .helpers import first_seat_wins, lower_id_wins, play_out, play_round


def entered(settings: Settings, players: int) -> Tournament:
    """Players 1..N, rated so that player 1 is the best seed."""
    tournament = new(settings)
    for player in range(1, players + 1):
        tournament = join(tournament, player, rating=float(100 - player))
    return tournament


def seats(tournament: Tournament, number: int) -> list[tuple[int, ...]]:
    return [table.seats for table in tournament.rounds[number - 1].tables]


def as_sets(tournament: Tournament, number: int) -> set[frozenset[int]]:
    return {frozenset(s) for s in seats(tournament, number)}


def test_swiss_pairs_by_rating_then_score_and_never_repeats() -> None:
    t = start(entered(Settings(Format.SWISS, rounds=3), 4))
    assert as_sets(t, 1) == {frozenset({1, 2}), frozenset({3, 4})}
    t = play_round(t, lower_id_wins)  # 1 and 3 win
    assert as_sets(t, 2) == {frozenset({1, 3}), frozenset({2, 4})}
    t = play_round(t, lower_id_wins)  # 1: 2, 2: 1, 3: 1, 4: 0
    assert as_sets(t, 3) == {frozenset({1, 4}), frozenset({2, 3})}


def test_an_odd_swiss_gives_the_lowest_player_the_bye_and_never_twice() -> None:
    t = start(entered(Settings(Format.SWISS, rounds=3), 5))
    assert t.rounds[0].byes == (5,)
    t = play_round(t, lower_id_wins)  # 5 has 1 point from the bye; 2 and 4 have 0
    assert t.rounds[1].byes == (4,)
    t = play_round(t, lower_id_wins)
    byes = [b for r in t.rounds for b in r.byes]
    assert len(byes) == len(set(byes)) == 3
    card = {s.player: s for s in standings(t)}
    assert card[5].played == 1  # round 2 (round 3 is paired, not played)


def test_a_bye_is_a_win_in_swiss() -> None:
    t = start(entered(Settings(Format.SWISS, rounds=1), 3))
    t = play_round(t, lower_id_wins)
    points = {s.player: s.points for s in standings(t)}
    assert points == {1: 1.0, 2: 0.0, 3: 1.0}


def test_round_robin_meets_everyone_once_by_the_circle_method() -> None:
    t = start(entered(Settings(Format.ROUND_ROBIN), 5))
    assert t.planned == 5
    t = play_out(t, lower_id_wins)
    meetings = [frozenset(s) for r in t.rounds for s in (tb.seats for tb in r.tables)]
    assert len(meetings) == len(set(meetings)) == 10
    assert sorted(b for r in t.rounds for b in r.byes) == [1, 2, 3, 4, 5]
    assert [s.player for s in standings(t)] == [1, 2, 3, 4, 5]
    assert [s.points for s in standings(t)] == [4.0, 3.0, 2.0, 1.0, 0.0]


def test_round_robin_alternates_who_sits_first() -> None:
    t = play_out(start(entered(Settings(Format.ROUND_ROBIN), 6)), lower_id_wins)
    firsts = [tb.seats[0] for r in t.rounds for tb in r.tables]
    assert (
        max(firsts.count(p) for p in range(1, 7)) - min(firsts.count(p) for p in range(1, 7)) <= 2
    )


def test_knockout_byes_go_to_the_top_seeds_in_round_one_only() -> None:
    t = start(entered(Settings(Format.KNOCKOUT), 6))
    assert t.planned == 3
    assert t.rounds[0].byes == (1, 2)
    assert as_sets(t, 1) == {frozenset({3, 6}), frozenset({4, 5})}
    t = play_round(t, first_seat_wins)  # 3 and 4 go on
    assert t.rounds[1].byes == ()
    assert as_sets(t, 2) == {frozenset({1, 4}), frozenset({2, 3})}
    t = play_out(t, lower_id_wins)
    assert finished(t) and champion(t) == 1
    assert [s.player for s in standings(t)][:2] == [1, 2]


def test_in_knockout_the_first_winner_goes_on() -> None:
    t = start(entered(Settings(Format.KNOCKOUT), 2))
    a, b = t.rounds[0].tables[0].seats
    t = record(t, 1, 0, Result((3.0, 3.0), (b, a)))
    assert champion(t) == b


def test_knockout_tables_of_three_fill_a_power_of_three() -> None:
    t = start(entered(Settings(Format.KNOCKOUT, table_size=3), 5))
    # 5 → 3: one table of 3 (2 leave), two byes; then a final of 3.
    assert len(t.rounds[0].byes) == 2 and [len(s) for s in seats(t, 1)] == [3]
    t = play_out(t, first_seat_wins)
    assert len(t.rounds) == 2 and len(seats(t, 2)[0]) == 3


def test_buchholz_and_sonneborn_berger_worked_example() -> None:
    # Round 1: 1 beats 2, 3 draws 4. Round 2: 1 draws 3, 2 beats 4.
    t = start(entered(Settings(Format.SWISS, rounds=2), 4))
    assert as_sets(t, 1) == {frozenset({1, 2}), frozenset({3, 4})}
    t = record(
        t, 1, 0, Result((1.0, 0.0), (1,)) if seats(t, 1)[0][0] == 1 else Result((0.0, 1.0), (1,))
    )
    t = advance(record(t, 1, 1, Result((1.0, 1.0), seats(t, 1)[1])))
    t = play_round(t, table_result)
    lines = {s.player: s for s in standings(t)}
    # points: 1: 1.5, 3: 1, 2: 1, 4: 0.5
    assert lines[1].points == 1.5 and lines[3].points == 1.0
    assert lines[2].points == 1.0 and lines[4].points == 0.5
    # Buchholz of 1: 2 (1) + 3 (1) = 2; SB of 1: beat 2 (1 × 1) + drew 3 (½ × 1) = 1.5
    assert lines[1].tiebreaks == {"buchholz": 2.0, "sonneborn_berger": 1.5}
    # 3 and 2 share 1 point: 3 played 4 (½) and 1 (1½) = 2; 2 played 1 (1½) and 4 (½) = 2
    # SB of 3: drew 4 (½ × ½) + drew 1 (½ × 1½) = 1; SB of 2: beat 4 (½) = 0.5
    assert lines[3].tiebreaks == {"buchholz": 2.0, "sonneborn_berger": 1.0}
    assert lines[2].tiebreaks == {"buchholz": 2.0, "sonneborn_berger": 0.5}
    assert [s.player for s in standings(t)] == [1, 3, 2, 4]


def table_result(table) -> Result:
    pair = set(table.seats)
    if pair == {1, 3}:
        return Result((1.0, 1.0), table.seats)
    return Result(tuple(1.0 if p == 2 else 0.0 for p in table.seats), (2,))


def test_swiss_tables_sit_neighbours_together_and_avoid_a_repeated_table() -> None:
    t = start(entered(Settings(Format.SWISS, table_size=4, rounds=3), 8))
    assert as_sets(t, 1) == {frozenset({1, 2, 3, 4}), frozenset({5, 6, 7, 8})}
    t = play_round(t, lower_id_wins)
    assert not as_sets(t, 2) & as_sets(t, 1)


def test_tables_points_placings_and_opponents() -> None:
    t = start(entered(Settings(Format.SWISS, table_size=3, rounds=1), 3))
    table = t.rounds[0].tables[0]
    order = {p: i for i, p in enumerate(table.seats)}
    scores = [0.0, 0.0, 0.0]
    scores[order[1]], scores[order[2]], scores[order[3]] = 9, 5, 5
    t = record(t, 1, 0, Result(tuple(scores), (1,)))
    lines = {s.player: s for s in standings(t)}
    assert (lines[1].points, lines[2].points, lines[3].points) == (2.0, 0.5, 0.5)
    assert lines[1].tiebreaks == {"placings": 1.0, "opponents": 1.0}
    assert lines[2].tiebreaks == {"placings": 2.0, "opponents": 2.5}
    assert lines[2].rank == lines[3].rank == 2


def test_placings_share_places_and_skip() -> None:
    assert placings((5, 3, 3, 1), (), (10, 11, 12, 13)) == [1, 2, 2, 4]
    assert placings((1, 9, 3), (10,), (10, 11, 12)) == [1, 2, 3]


@pytest.mark.parametrize(("late", "points"), [(LateJoin.LOSS, 0.0), (LateJoin.HALF, 0.5)])
def test_a_late_join_before_round_two_scores_the_missed_round(
    late: LateJoin, points: float
) -> None:
    t = start(entered(Settings(Format.SWISS, rounds=3, late_join=late), 4))
    t = join(t, 9, rating=0)
    for index, table in enumerate(t.rounds[0].tables):
        t = record(t, 1, index, lower_id_wins(table))
    line = next(s for s in standings(t) if s.player == 9)
    assert line.points == points and line.played == 0
    t = advance(t)
    assert any(9 in tb.seats for tb in t.rounds[1].tables) or 9 in t.rounds[1].byes
    with pytest.raises(TournamentError) as refused:
        join(t, 10)
    assert refused.value.code == "closed"


def test_late_joins_are_refused_where_the_format_cannot_take_them() -> None:
    for fmt in (Format.ROUND_ROBIN, Format.KNOCKOUT):
        t = start(entered(Settings(fmt), 4))
        with pytest.raises(TournamentError):
            join(t, 9)


def test_a_drop_keeps_the_games_played_and_is_not_paired_again() -> None:
    t = start(entered(Settings(Format.SWISS, rounds=3), 6))
    for index, table in enumerate(t.rounds[0].tables):
        t = record(t, 1, index, lower_id_wins(table))
    before = next(s for s in standings(t) if s.player == 1)
    t = advance(drop(t, 1))
    t = play_out(t, lower_id_wins)
    after = next(s for s in standings(t) if s.player == 1)
    assert after.points == before.points == 1.0 and after.played == 1 and after.dropped
    assert all(1 not in tb.seats for r in t.rounds[1:] for tb in r.tables)


def test_registration_rules() -> None:
    t = entered(Settings(Format.SWISS), 2)
    with pytest.raises(TournamentError):
        join(t, 1)
    t = leave(t, 2)
    with pytest.raises(TournamentError) as refused:
        start(t)
    assert refused.value.code == "too_few"
    t = start(join(t, 3))
    with pytest.raises(TournamentError):
        leave(t, 1)
    with pytest.raises(TournamentError) as twice:
        record(
            record(t, 1, 0, lower_id_wins(t.rounds[0].tables[0])),
            1,
            0,
            lower_id_wins(t.rounds[0].tables[0]),
        )
    assert twice.value.code == "recorded"


def test_a_tournament_reads_back_from_json() -> None:
    t = play_round(
        start(entered(Settings(Format.SWISS, table_size=3, rounds=2), 7)), first_seat_wins
    )
    assert Tournament.from_json(t.to_json()) == t


def test_planned_rounds() -> None:
    assert planned_rounds(Settings(Format.SWISS), 16) == 4
    assert planned_rounds(Settings(Format.SWISS, rounds=6), 16) == 6
    assert planned_rounds(Settings(Format.ROUND_ROBIN), 6) == 5
    assert planned_rounds(Settings(Format.KNOCKOUT), 16) == 4
    assert planned_rounds(Settings(Format.KNOCKOUT), 17) == 5
