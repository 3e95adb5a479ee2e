"""/forget-me reaches the pages as it reaches the history: after it, no page answer (HTML,
live event, board, sheet, replay frame, leaderboard, the Islant of the day) holds the name,
and every picture is drawn again from the renamed seats."""

from __future__ import annotations

import asyncio
import html
import re

import aiohttp
import pytest

from bot.rendering import Pictures

from ..flow_helpers import finish_by_resigning, latest_game
from ..web_helpers import (
    fetch,
    game_link,
    local,
    pages,  # noqa: F401  (a fixture)
)

pytestmark = pytest.mark.usefixtures("pages")
PAST_DAY = "2026-01-02"
NAME = b"alice"


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """What every drawing in the picture workers was given (names included), as text."""
    calls: list[str] = []
    run = Pictures.run

    async def spied(self, fn, *args):
        calls.append(repr(args))
        return await run(self, fn, *args)

    monkeypatch.setattr(Pictures, "run", spied)
    return calls


async def daily_result(world) -> None:
    """alice's finished Islant of the day on a day long over."""
    store = world.env.bot.store
    started = await store.start_daily(
        user_id=world.alice.id,
        day=PAST_DAY,
        level=3,
        guild_id=world.guild.id,
        user_name="alice",
        state={},
        breakdown={"total": 0},
        now=world.env.bot.service.now(),
    )
    await store.save_daily(
        started.id,
        expected_version=started.version,
        state={},
        status="stopped",
        score=12,
        breakdown={"total": 12},
        now=world.env.bot.service.now(),
    )


async def page_urls(world, game: str) -> list[str]:
    """Every page of the channel's last game and of its server, in both languages."""
    record = await latest_game(world)
    url = await game_link(world, record.id)
    paths = ["", "/board.png", "/replay"]
    replay = (await fetch(url + "/replay"))[1].decode()
    frames = int(re.search(r'data-frames="(\d+)"', replay).group(1))
    paths += [f"/replay/{k}.png" for k in range(frames)]
    if game == "islant":
        paths += [f"/sheet/{seat}{end}" for seat in range(2) for end in ("", ".png")]
    served = world.env.bot.pages
    board = local(world, await served.leaderboard_link(world.guild.id, game))
    server = board.split("/leaderboard/")[0]
    daily = f"{server}/daily/3/{PAST_DAY}"
    every = [url + path for path in paths] + [board, daily]
    return every + [f"{u}?lang=de" for u in every]


async def answers(urls: list[str]) -> dict[str, bytes]:
    got = {}
    for url in urls:
        status, body, _headers = await fetch(url)
        assert status == 200, url
        got[url] = body
    return got


async def next_event(stream: aiohttp.ClientResponse, seconds: float) -> bytes:
    async with asyncio.timeout(seconds):
        await stream.content.readuntil(b"event: change\n")
        return await stream.content.readuntil(b"\n\n")


@pytest.mark.parametrize("game", ["tigerisland", "islant"])
async def test_forget_me_removes_the_name_from_every_page(world, game, drawn) -> None:
    await finish_by_resigning(world, game)
    await daily_result(world)
    urls = await page_urls(world, game)
    before = await answers(urls)
    for url in urls:  # the pages in words name her (a race's replay does not; a sheet: its own)
        if not any(part in url for part in (".png", "/sheet/1", "/replay")):
            assert NAME in before[url], url
    assert "alice" in "".join(drawn)
    page = before[urls[0]].decode()
    events = html.unescape(re.search(r'data-events="([^"]+)"', page).group(1))
    version = re.search(r'data-version="([0-9a-f]+)"', page).group(1)
    base = urls[0].split("/g/")[0]
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{base}{events}&v={version}") as stream,
    ):
        with pytest.raises(TimeoutError):  # the open page is up to date: nothing is sent
            await next_event(stream, 0.3)
        asked = await world.alice.slash(world.channel, "forget-me")
        await world.alice.click(asked.response.message, label="Delete my records")
        event = await next_event(stream, 5)  # the open page is told at once
    assert NAME not in event and b"a former player" in event
    drawn.clear()
    after = await answers(urls)
    for url, body in after.items():
        assert NAME not in body, url
    assert drawn and "alice" not in "".join(drawn)  # every picture drawn again, without her
    assert "a former player" in "".join(drawn) and "ehemalige" in "".join(drawn)
    assert after[urls[1]] != before[urls[1]]  # the board shows the players' names
    # and the page asks for it under a new address: a copy the browser kept is not shown
    picture = re.compile(rb'src="([^"]*board\.png[^"]*)"')
    assert picture.search(after[urls[0]]).group(1) != picture.search(before[urls[0]]).group(1)
