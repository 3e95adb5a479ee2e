"""Islant of the day without Discord: whose rolls, the share line, streaks, and two processes
saving one attempt at once."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from bot.daily.rolls import day_number, day_seed
from bot.daily.service import DailyResult, DailyService, Standing, streak
from bot.daily.texts import share_line
from bot.service import GameService
from bot.store import DailyAttempt, Store
from engine.core import Menu
from engine.islant import GAME

DAY = date(2026, 3, 1)
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_rolls_depend_on_the_secret_the_day_and_the_level() -> None:
    seed = day_seed("secret", DAY, 3)
    assert seed == day_seed("secret", DAY, 3)
    others = {day_seed("other", DAY, 3), day_seed("secret", date(2026, 3, 2), 3)}
    others.add(day_seed("secret", DAY, 4))
    assert seed not in others and len(others) == 3
    first = GAME.new(1, {"level": 3}, seed)
    assert GAME.new(1, {"level": 3}, seed).roll == first.roll
    assert day_number(date(2026, 1, 1)) == 1 and day_number(DAY) == 60


def test_the_share_line_tells_day_level_and_score_only() -> None:
    state = GAME.new(1, {"level": 5}, day_seed("secret", DAY, 5))
    attempt = DailyAttempt(
        id=1,
        user_id=7,
        day=DAY.isoformat(),
        level=5,
        guild_id=1,
        user_name="alice",
        status="stopped",
        state=GAME.serialize(state),
        version=3,
        score=-12,
        breakdown={"sides": 4, "lakes": 0, "islands": 8, "land": -12, "total": -12},
        started_at="",
        finished_at="",
    )
    line = share_line(DailyResult(attempt, Standing(2, 9), Standing(2, 40)))
    assert line.startswith("Islant of the day #60 · Level 5 · -12 points\n")
    assert "➖1️⃣2️⃣" in line
    words = set(re.findall(r"[A-Za-z]+", line))
    assert words <= {"Islant", "of", "the", "day", "Level", "points"}
    assert "alice" not in line and not re.search(r"[1-6] [1-6]", line)


def test_a_streak_counts_days_in_a_row_up_to_today() -> None:
    days = ["2026-03-01", "2026-02-28", "2026-02-27", "2026-02-25"]
    assert streak(days, DAY) == 3
    assert streak(days, date(2026, 3, 2)) == 3  # today not played yet: the streak holds
    assert streak(days, date(2026, 3, 3)) == 0
    assert streak([], DAY) == 0


async def test_two_processes_cannot_both_save_from_one_version(tmp_path) -> None:
    """Two bot processes share the database; the same tap reaches both."""
    stores = [await Store.open(tmp_path / "bot.db") for _ in range(2)]
    first, second = (DailyService(GameService(s, now=lambda: NOW)) for s in stores)
    try:
        opened = await first.open(7, "alice", 1, 3)
        assert isinstance(opened.panel.menu, Menu)
        version, path = opened.panel.version, ("0",)
        won = await first.choose(7, opened.attempt.id, version, path)
        lost = await second.choose(7, opened.attempt.id, version, path)
        assert won.played and not won.panel.stale
        assert lost.panel.stale and not lost.played
        saved = await stores[1].daily_attempt_by_id(opened.attempt.id)
        assert saved is not None and saved.version == opened.attempt.version + 1
        # the other process opens the same attempt, as the first left it
        again = await second.open(7, "alice", 2, 3)
        assert again.attempt.id == opened.attempt.id and again.attempt.state == saved.state
    finally:
        for service in (first, second):
            service.games.pictures.close()
        for store in stores:
            await store.close()
