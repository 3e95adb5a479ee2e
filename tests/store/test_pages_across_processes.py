"""Two bot processes on one PostgreSQL database: a page served by one follows the moves the
other saves (the store's NOTIFY reaches every process serving pages)."""

from __future__ import annotations

import asyncio

import aiohttp

from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages
from tests.bot.resilience.test_islant_concurrency import CHANNEL, open_race

PUBLIC = "https://pages.example.org"


async def test_a_page_served_by_one_process_shows_a_move_saved_by_another(postgres_url) -> None:
    here, there = await Store.open(postgres_url), await Store.open(postgres_url)
    serving, moving = GameService(here), GameService(there, seed_source=lambda: 3)
    pages = WebPages(serving, WebConfig(PUBLIC, 0), RateLimit(per_second=100, burst=100))
    await pages.start()
    try:
        await open_race(moving, 3, level=2)
        record = await moving.running_record(CHANNEL)
        url = (await pages.link(record)).replace(PUBLIC, f"http://127.0.0.1:{pages.port}")
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{url}/events") as stream:
                await asyncio.sleep(0.2)  # the page is watching
                await moving.play(CHANNEL, 1, "STOP")  # saved by the other process
                seen = b""
                async with asyncio.timeout(10):
                    while b"stopped" not in seen:
                        seen += await stream.content.readline()
            async with session.get(url) as page:
                assert page.status == 200 and "stopped" in await page.text()
    finally:
        await pages.stop()
        await here.close()
        await there.close()


async def test_the_change_listener_comes_back_and_pages_catch_up(postgres_url, monkeypatch) -> None:
    """The listening connection is cut (as a database restart or a network cut would): a
    move saved while it is away still reaches an open page, and once it listens again the
    announcements come through it as before."""
    monkeypatch.setattr("bot.store.postgres.LISTEN_RETRY_SECONDS", (0.05, 0.2))
    here, there = await Store.open(postgres_url), await Store.open(postgres_url)
    serving, moving = GameService(here), GameService(there, seed_source=lambda: 3)
    pages = WebPages(serving, WebConfig(PUBLIC, 0), RateLimit(per_second=100, burst=100))
    heard: list[int] = []
    here.changes.subscribe(heard.append)
    await pages.start()
    try:
        await open_race(moving, 3, level=2)
        record = await moving.running_record(CHANNEL)
        url = (await pages.link(record)).replace(PUBLIC, f"http://127.0.0.1:{pages.port}")
        cut = here._listener
        async with aiohttp.ClientSession() as session, session.get(f"{url}/events") as stream:
            await asyncio.sleep(0.2)  # the page is watching
            await there._rows("SELECT pg_terminate_backend(?)", (cut.get_server_pid(),))
            await moving.play(CHANNEL, 1, "STOP")  # saved while nobody listens
            seen = b""
            async with asyncio.timeout(10):
                while b"stopped" not in seen:
                    seen += await stream.content.readline()
        async with asyncio.timeout(10):
            while here._listener is None or here._listener is cut:
                await asyncio.sleep(0.05)
        heard.clear()
        await moving.play(CHANNEL, 2, "STOP")
        async with asyncio.timeout(10):
            while record.id not in heard:
                await asyncio.sleep(0.05)
    finally:
        await pages.stop()
        await here.close()
        await there.close()
