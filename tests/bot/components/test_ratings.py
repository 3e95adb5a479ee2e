"""Ratings: the Weng-Lin Plackett-Luce update by hand and against the library, ties, places
from the final standings, and replaying a server's history giving the stored ratings."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from bot.ratings import START_MU, START_SIGMA, Skill, rate, shown, standings
from bot.store import GLOBAL, FinishedGame, LoggedAction, PlayerRecord, SeatResult, Store

BETA = START_MU / 6
TAU = START_MU / 300


def test_a_two_player_update_matches_the_formulas_worked_by_hand() -> None:
    winner, loser = Skill(30.0, 6.0), Skill(25.0, 8.0)
    # Weng & Lin (2011), Plackett-Luce, with the library's dynamics: sigma² grows by tau² first.
    var_w, var_l = 6.0**2 + TAU**2, 8.0**2 + TAU**2
    c = math.sqrt(var_w + var_l + 2 * BETA**2)
    p_w = math.exp(30.0 / c) / (math.exp(30.0 / c) + math.exp(25.0 / c))
    p_l = 1 - p_w
    mu_w = 30.0 + var_w / c * (1 - p_w)
    mu_l = 25.0 - var_l / c * p_l
    sigma_w = math.sqrt(var_w * (1 - math.sqrt(var_w) / c * var_w / c**2 * p_w * p_l))
    sigma_l = math.sqrt(var_l * (1 - math.sqrt(var_l) / c * var_l / c**2 * p_l * p_w))
    after = rate([winner, loser], [1, 2])
    assert after[0].mu == pytest.approx(mu_w) and after[0].sigma == pytest.approx(sigma_w)
    assert after[1].mu == pytest.approx(mu_l) and after[1].sigma == pytest.approx(sigma_l)
    assert (after[0].games, after[0].wins, after[1].wins) == (1, 1, 0)


def test_a_multi_player_update_matches_the_library() -> None:
    rnd = random.Random(3)
    skills = [Skill(rnd.uniform(15, 35), rnd.uniform(2, 8)) for _ in range(7)]
    places = [3, 1, 2, 5, 5, 4, 7]
    model = PlackettLuce()
    expected = model.rate([[model.create_rating([s.mu, s.sigma])] for s in skills], ranks=places)
    for got, want in zip(rate(skills, places), expected, strict=True):
        assert (got.mu, got.sigma) == pytest.approx((want[0].mu, want[0].sigma))


def test_a_shared_win_is_a_tie() -> None:
    a, b, c = rate([Skill(), Skill(), Skill()], [1, 1, 3])
    assert (a.mu, a.sigma) == pytest.approx((b.mu, b.sigma))
    assert a.mu > START_MU > c.mu and a.wins == b.wins == 1 and c.wins == 0


def test_winners_rank_first_whatever_their_points() -> None:
    # tiggar islanote: seat 1 could not build, so seat 0 wins with fewer points.
    assert standings([10, 30], [0]) == [1, 2]
    assert standings([5, 9, 9, 1], [1, 2]) == [3, 1, 1, 4]
    assert standings([4, 7, 7, 2], [1]) == [3, 1, 2, 4]
    assert standings([3, 3, 3], [0, 1, 2]) == [1, 1, 1]


def test_the_shown_rating_is_conservative_and_starts_at_1000() -> None:
    assert shown(START_MU, START_SIGMA) == 1000
    assert Skill(30.0, 2.0).shown == 1960


def test_a_99_player_race_is_one_match() -> None:
    after = rate([Skill()] * 99, list(range(1, 100)))
    assert after[0].mu > after[49].mu > after[98].mu
    assert all(s.games == 1 for s in after)


async def test_replaying_a_servers_history_gives_the_stored_ratings(tmp_path) -> None:
    store = await Store.open(tmp_path / "r.db")
    rnd = random.Random(8)
    people = [(100 + i, f"P{i}") for i in range(5)]
    now = datetime(2026, 3, 1, tzinfo=UTC)
    for number in range(12):
        table = rnd.sample(people, rnd.randint(2, 4))
        scores = [rnd.randint(0, 5) for _ in table]
        top = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == top)
        places = standings(scores, winners)
        seats = tuple(
            SeatResult(i, uid, name, None, scores[i], places[i])
            for i, (uid, name) in enumerate(table)
        )
        host = PlayerRecord(0, table[0][0], table[0][1], False)
        record = await store.create_lobby(
            guild_id=9, channel_id=number, game="wars", host=host, options={}, seed=1, now=now
        )
        await store.save_move(
            record.id,
            expected_version=record.version,
            state={},
            actions=[LoggedAction(0, host.user_id, "X")],
            now=now,
            status="finished",
            finished=FinishedGame("wars", {}, "rounds_over", winners, seats),
        )
    replayed: dict[str, Skill] = {}
    for entry in await store.all_history(9):
        before = [replayed.get(s.key, Skill()) for s in entry.seats]
        after = rate(before, [s.place for s in entry.seats])
        replayed.update({s.key: a for s, a in zip(entry.seats, after, strict=True)})
    stored = await store.all_ratings(9)
    assert stored.keys() == {("wars", key) for key in replayed}
    for (_, key), skill in stored.items():
        assert (skill.mu, skill.sigma, skill.games, skill.wins) == pytest.approx(
            (replayed[key].mu, replayed[key].sigma, replayed[key].games, replayed[key].wins)
        )
    assert (await store.all_ratings(GLOBAL)).keys() == stored.keys()
    await store.close()
