"""A server's Islant of the day leaderboard page: published once the day is over, best first,
its own players only (not another server's, not one played in direct messages), under the
server's token and gone when the server turns its pages off."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages

from ..web_helpers import fetch

NOW = datetime(2026, 11, 25, 12, tzinfo=UTC)


@pytest.fixture
async def served(tmp_path):
    store = await Store.open(tmp_path / "daily.db")
    service = GameService(store, now=lambda: NOW)
    pages = WebPages(service, WebConfig("https://pages.example.org", 0), RateLimit(100, 100))
    await pages.start()
    token = await store.guild_token(1)
    yield store, f"http://127.0.0.1:{pages.port}/s/{token}"
    await pages.stop()
    await store.close()


async def attempt(
    store: Store, user: int, name: str, day: str, score: int, guild_id: int | None = 1
) -> None:
    started = await store.start_daily(
        user_id=user,
        day=day,
        level=3,
        guild_id=guild_id,
        user_name=name,
        state={},
        breakdown={"total": 0},
        now=NOW,
    )
    await store.save_daily(
        started.id,
        expected_version=started.version,
        state={},
        status="stopped",
        score=score,
        breakdown={"total": score},
        now=NOW,
    )


async def test_a_past_days_leaderboard_is_published_and_todays_is_not(served) -> None:
    store, base = served
    await attempt(store, 1, "ann <i>", "2026-11-24", 30)
    await attempt(store, 2, "ben", "2026-11-24", 42)
    await attempt(store, 3, "cy", "2026-11-25", 99)
    await attempt(store, 4, "dora", "2026-11-24", 50, guild_id=2)
    await attempt(store, 5, "emil", "2026-11-24", 60, guild_id=None)
    status, body, _ = await fetch(f"{base}/daily/3/2026-11-24")
    text = body.decode()
    assert status == 200 and "#" in text
    names = re.findall(r"<bdi>(.*?)</bdi>", text)  # (a random link token may hold any letters)
    assert names == ["ben", "ann &lt;i&gt;"]  # not cy's other day, dora's other server or
    # emil's direct messages
    for hidden in (
        "/daily/3/2026-11-25",
        "/daily/3/2026-11-26",
        "/daily/9/2026-11-24",
        "/daily/3/2025-12-31",
    ):
        assert (await fetch(base + hidden))[0] == 404, hidden
    german = (await fetch(f"{base}/daily/3/2026-11-24?lang=de"))[1].decode()
    assert "Islant des Tages" in german


async def test_the_days_page_is_under_the_servers_token_and_obeys_its_setting(served) -> None:
    store, base = served
    await attempt(store, 2, "ben", "2026-11-24", 42)
    root = base.split("/s/")[0]
    assert (await fetch(f"{root}/daily/3/2026-11-24"))[0] == 404  # no page guessable by date
    assert (await fetch(f"{root}/s/{'B' * 24}/daily/3/2026-11-24"))[0] == 404
    await store.update_guild_settings(1, {"web_pages": "off"})
    assert (await fetch(f"{base}/daily/3/2026-11-24"))[0] == 404
