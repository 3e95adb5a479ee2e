"""Islant of the day in the store, on SQLite and PostgreSQL: the secret is made once, one
attempt per user, day and level, version-checked saves, ranks with ties, the day's end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.store import Store, VersionConflict

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
DAY, NEXT_DAY = "2026-03-01", "2026-03-02"


@pytest.fixture
async def store(database):
    store = await Store.open(database)
    yield store
    await store.close()


async def _start(store: Store, user: int, guild: int = 1, day: str = DAY, level: int = 3):
    return await store.start_daily(
        user_id=user,
        day=day,
        level=level,
        guild_id=guild,
        user_name=f"user {user}",
        state={"round": 1},
        breakdown={"total": -2},
        now=NOW,
    )


async def _finish(store: Store, attempt, score: int) -> None:
    await store.save_daily(
        attempt.id,
        expected_version=attempt.version,
        state={"round": 2},
        status="stopped",
        score=score,
        breakdown={"total": score},
        now=NOW,
    )


async def test_the_secret_is_made_once(store: Store) -> None:
    first = await store.daily_secret("one")
    assert first == "one"
    assert await store.daily_secret("two") == "one"


async def test_one_attempt_per_user_day_and_level(store: Store) -> None:
    first = await _start(store, 7)
    again = await _start(store, 7, guild=2)  # from another server: the same attempt
    assert again.id == first.id and again.guild_id == 1
    other_level = await _start(store, 7, level=4)
    next_day = await _start(store, 7, day=NEXT_DAY)
    assert len({first.id, other_level.id, next_day.id}) == 3
    assert await store.count_rows("daily_attempts") == 3


async def test_saves_check_the_version(store: Store) -> None:
    attempt = await _start(store, 7)
    version = await store.save_daily(
        attempt.id,
        expected_version=attempt.version,
        state={"round": 2},
        status="playing",
        score=4,
        breakdown={"total": 4},
        now=NOW,
    )
    with pytest.raises(VersionConflict):  # a second save computed from the same version
        await _finish(store, attempt, 9)
    saved = await store.daily_attempt_by_id(attempt.id)
    assert saved is not None and saved.version == version and saved.score == 4
    await _finish(store, saved, 5)
    done = await store.daily_attempt_by_id(attempt.id)
    assert done is not None and done.finished and done.finished_at is not None
    with pytest.raises(VersionConflict):  # a finished attempt takes no more saves
        await _finish(store, done, 50)


async def test_ranks_share_ties_on_a_server_and_everywhere(store: Store) -> None:
    scores = {1: 10, 2: 8, 3: 8, 4: 5}
    for user, score in scores.items():
        await _finish(store, await _start(store, user, guild=1 if user < 4 else 2), score)
    await _start(store, 5)  # unfinished: not ranked
    ranks = [await store.daily_rank(DAY, 3, s) for s in scores.values()]
    assert ranks == [(1, 4), (2, 4), (2, 4), (4, 4)]
    assert await store.daily_rank(DAY, 3, 5, guild_id=2) == (1, 1)
    assert await store.daily_rank(DAY, 3, 8, guild_id=1) == (2, 3)
    top = await store.daily_top(DAY, 3, 10)
    assert [a.score for a in top] == [10, 8, 8, 5]
    assert [a.user_id for a in await store.daily_top(DAY, 3, 10, guild_id=2)] == [4]
    assert await store.daily_best(1) == {3: 10}


async def test_the_day_end_stops_unfinished_attempts_of_earlier_days(store: Store) -> None:
    old = await _start(store, 7)
    today = await _start(store, 8, day=NEXT_DAY)
    assert await store.expire_daily(NEXT_DAY, "stopped", NOW) == 1
    ended = await store.daily_attempt_by_id(old.id)
    still = await store.daily_attempt_by_id(today.id)
    assert ended is not None and ended.status == "stopped" and ended.version == old.version + 1
    assert ended.score == -2 and ended.breakdown == {"total": -2}
    assert still is not None and not still.finished
    assert await store.daily_days(7) == [DAY]
