"""What open pages are told: nothing moves with an unsubmitted Islant draft step (the page,
its stamp, its picture addresses and its live stream stay as they were until the turn is
submitted), and pages open when their server turns its pages off are told they are gone."""

from __future__ import annotations

import asyncio
import random

import aiohttp
import pytest

from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages
from engine.islant import GAME as ISLANT
from tests.bot.resilience.test_islant_concurrency import CHANNEL, open_race

PUBLIC = "https://pages.example.org"


@pytest.fixture
async def race(tmp_path):
    store = await Store.open(tmp_path / "drafts.db")
    service = GameService(store, seed_source=lambda: 3)
    pages = WebPages(service, WebConfig(PUBLIC, 0), RateLimit(1000, 1000))
    await pages.start()
    await open_race(service, 3, level=2)
    yield service, pages
    await pages.stop()
    service.computers.close()
    service.pictures.close()
    await store.close()


async def next_change(stream: aiohttp.ClientResponse, seconds: float) -> bytes:
    async with asyncio.timeout(seconds):
        await stream.content.readuntil(b"event: change\n")
        return await stream.content.readuntil(b"\n\n")


async def test_draft_steps_move_nothing_a_page_receives(race) -> None:
    service, pages = race
    record = await service.running_record(CHANNEL)
    url = (await pages.link(record)).replace(PUBLIC, f"http://127.0.0.1:{pages.port}")
    async with aiohttp.ClientSession() as session:
        before = await (await session.get(url)).text()
        stamp = pages.games.stamp(record)
        async with session.get(f"{url}/events") as stream:
            await next_change(stream, 5)  # what the page shows, on connecting
            _record, state = await service.running(CHANNEL)
            rnd, steps = random.Random(2), 0
            while True:  # seat 0 drafts its whole turn, short of SUBMIT
                action = ISLANT.choose_ai_action(state, 0, rnd)
                if ISLANT.format(action) == "SUBMIT":
                    break
                state = (await service.play(CHANNEL, 1, ISLANT.format(action))).state
                steps += 1
            drafted = await service.running_record(CHANNEL)
            assert steps and drafted.version == record.version + steps  # saved, each step
            assert pages.games.stamp(drafted) == stamp
            assert await (await session.get(url)).text() == before
            with pytest.raises(TimeoutError):
                await next_change(stream, 0.5)  # the open page is not even told
            await service.play(CHANNEL, 1, "SUBMIT")
            submitted = await next_change(stream, 5)
    assert stamp.encode() not in submitted and b"done" in submitted


async def test_pages_open_when_the_server_turns_them_off_are_told_they_are_gone(
    tmp_path,
) -> None:
    store = await Store.open(tmp_path / "off.db")
    service = GameService(store, seed_source=lambda: 3)
    pages = WebPages(service, WebConfig(PUBLIC, 0), RateLimit(1000, 1000))
    await pages.start()
    try:
        await open_race(service, 3, level=2)  # on server 1
        record = await service.running_record(CHANNEL)
        url = (await pages.link(record)).replace(PUBLIC, f"http://127.0.0.1:{pages.port}")
        async with aiohttp.ClientSession() as session, session.get(f"{url}/events") as stream:
            await next_change(stream, 5)
            await pages.feed.look()  # what the feed knows of the watched game
            await store.update_guild_settings(1, {"web_pages": "off"})  # no change of the game
            await pages.feed.look()
            async with asyncio.timeout(5):
                await stream.content.readuntil(b"event: gone\n")
    finally:
        await pages.stop()
        service.computers.close()
        service.pictures.close()
        await store.close()
