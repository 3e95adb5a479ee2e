"""The real bot process with its page process and live pages open, on the loopback fake
Discord: a page process that dies is started again by the bot; SIGTERM ends both within 5 s
(exit 0, no process left); SIGKILL of the bot ends the page process within 10 s; and an open
page in Chromium reconnects by itself after either stop, once the bot is started again, and
shows the moves saved meanwhile without reloading."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiohttp
from playwright.async_api import expect

from bot.demo_page import CHANNEL, seat_players
from bot.service import GameService
from bot.store import Store
from engine import find_game
from engine.core import Level
from tests.bot.web_helpers import browser
from tests.loopback.fake_discord import FakeDiscord
from tests.loopback.race import READY_SECONDS, ROOT, listening
from tests.scale.test_stops import in_session

SIGTERM_SECONDS = 5.0  # the bound for a graceful stop with pages open
SIGKILL_SECONDS = 10.0  # the page process's bound after the bot is killed


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def bot_with_pages(fake: FakeDiscord, database: Path, port: int) -> AsyncIterator[Any]:
    """The bot (:mod:`tests.loopback.bot_main`) with its pages on ``port``, in a session of
    its own; whatever is left of the session is killed at the end."""
    env = {
        **os.environ,
        "ISLANDBOT_WEB_URL": f"http://127.0.0.1:{port}",
        "ISLANDBOT_WEB_PORT": str(port),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.loopback.bot_main", fake.url, "island", str(database)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), READY_SECONDS)
        assert line.startswith("ready"), line
        await listening(port)
        yield process
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def page_process_of(bot: subprocess.Popen[str]) -> int:
    """The page process the bot started (its child running ``bot web``)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with suppress(OSError):
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().split(b"\0")
            if int(stat[1]) == bot.pid and b"web" in command:
                return int(entry.name)
    raise AssertionError("the bot started no page process")


async def until_gone(pids: list[int], seconds: float) -> float:
    """Seconds until none of ``pids`` runs (fails after ``seconds``)."""
    start = time.monotonic()
    async with asyncio.timeout(seconds):
        while any(pid in in_session(os.getpgid(pid)) for pid in pids if alive(pid)):
            await asyncio.sleep(0.05)
    return time.monotonic() - start


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


async def one_move(database: Path) -> None:
    """Another process (this test) saves a move of the game, as a second bot would."""
    store = await Store.open(database)
    service = GameService(store)
    try:
        record = await service.running_record(CHANNEL)
        game = find_game(record.game)
        state = service.state_of(record)
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, __import__("random").Random(1), Level.NORMAL)
        user = record.players[seat].user_id
        await service.play(CHANNEL, user, game.format(action))
    finally:
        service.computers.close()
        service.pictures.close()
        await store.close()


async def a_game(database: Path) -> str:
    """A tiggar islanote game in the database, and the path of its page."""
    store = await Store.open(database)
    service = GameService(store, seed_source=lambda: 1)
    try:
        record = await seat_players(service, "tigerisland", 2)
        return f"/g/{await store.game_token(record.id)}"
    finally:
        service.computers.close()
        service.pictures.close()
        await store.close()


async def streams_open(url: str, session: aiohttp.ClientSession, count: int) -> list[Any]:
    return [await session.get(f"{url}/events") for _ in range(count)]


async def test_stops_with_live_pages_open_and_pages_that_come_back(tmp_path) -> None:
    database = tmp_path / "pages.db"
    path = await a_game(database)
    port = free_port()
    url = f"http://127.0.0.1:{port}{path}"
    fake = FakeDiscord()
    await fake.start()
    try:
        async with browser() as chromium, aiohttp.ClientSession() as session:
            page = await chromium.new_page()
            async with bot_with_pages(fake, database, port) as bot:
                await page.goto(url)
                await page.evaluate("window.notReloaded = true")
                crashed = page_process_of(bot)
                os.kill(crashed, signal.SIGKILL)  # the page process alone dies: it comes back
                await until_gone([crashed], SIGKILL_SECONDS)
                await listening(port)
                assert page_process_of(bot) != crashed and bot.poll() is None
                streams = await streams_open(url, session, 5)
                assert [s.status for s in streams] == [200] * 5
                pages = page_process_of(bot)
                started = time.monotonic()
                bot.send_signal(signal.SIGTERM)
                code = await asyncio.to_thread(bot.wait, SIGTERM_SECONDS)
                assert code == 0 and time.monotonic() - started < SIGTERM_SECONDS
                assert in_session(bot.pid) == []  # the page process (and workers) too
                assert not alive(pages)
            await expect(page.locator("#connection")).to_be_visible()  # says it is away
            before = await page.get_attribute("#live", "data-version")
            await one_move(database)  # saved while nothing serves the pages
            async with bot_with_pages(fake, database, port) as bot:
                live = page.locator("#live")
                await expect(live).not_to_have_attribute("data-version", before, timeout=40_000)
                await expect(page.locator("#connection")).to_be_hidden()
                assert await page.evaluate("window.notReloaded") is True
                moves = await page.locator("ol.moves li").count()
                assert moves >= 1
                pages = page_process_of(bot)
                streams = await streams_open(url, session, 5)
                bot.send_signal(signal.SIGKILL)
                await asyncio.to_thread(bot.wait, 5)
                assert await until_gone([pages], SIGKILL_SECONDS) < SIGKILL_SECONDS
                before = await page.get_attribute("#live", "data-version")
                await one_move(database)
            async with bot_with_pages(fake, database, port):
                await expect(page.locator("#live")).not_to_have_attribute(
                    "data-version", before, timeout=40_000
                )
                assert await page.evaluate("window.notReloaded") is True
                await page.set_viewport_size({"width": 400, "height": 800})
                shots = os.environ.get("ISLANDBOT_TEST_SHOTS", str(tmp_path))  # to look at it
                await page.screenshot(path=f"{shots}/back-on-a-phone.png")
    finally:
        await fake.stop()
