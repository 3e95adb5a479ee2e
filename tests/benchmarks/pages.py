"""The game pages: load time and bytes in a real browser, how soon 100 open pages show a
saved move, and the memory an open page costs the server.

- **Load**: headless Chromium (the system's) opens a 2-player tiggar islanote page and a
  99-player Islant race page, each in a fresh browser context (nothing cached), until the
  load event; bytes are everything transferred. Baseline in the same run: the same browser
  loading the pages' style sheet alone (one small request).
- **Saved → shown**: 100 pages (server-sent event streams) watch one 99-player race while
  its players submit their turns one by one through the game service; for each submission,
  the time from the save returning to each page receiving the new live part, and for one of
  them until it has also fetched the new race picture. Beside it, the bot's own work to make
  the Discord board message for the same move (the race presentation, no network).
- **Memory**: what the server process allocated for 100 open pages, per page (tracemalloc,
  the server's files only).
"""

from __future__ import annotations

import asyncio
import random
import re
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

import aiohttp

from bot.islant.presentation import RaceBoard
from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages
from bot.web.gate import Limits
from engine import find_game
from engine.islant import GAME as ISLANT
from tests.benchmarks.stats import p
from tests.bot.resilience.test_islant_concurrency import CHANNEL, open_race
from tests.bot.web_helpers import BROWSER_ARGS, CHROMIUM

WATCHERS = 100
LOADS = 8
PUBLIC = "http://bench.invalid"


async def started(service: GameService) -> tuple[WebPages, str]:
    limit = RateLimit(per_second=1e6, burst=10**6, streams=WATCHERS)
    pages = WebPages(service, WebConfig(PUBLIC, 0), limit, Limits(per_address=2 * WATCHERS))
    await pages.start()
    return pages, f"http://127.0.0.1:{pages.port}"


async def tiger_game(service: GameService) -> int:
    """A 2-player tiggar islanote game 20 moves in, in channel 2."""
    await service.open_lobby(
        guild_id=1, channel_id=2, game_name="tigerisland", host_id=1, host_name="Ann", options={}
    )
    await service.join(2, 2, "Ben")
    await service.start(2, 1)
    game, rnd = find_game("tigerisland"), random.Random(4)
    for _ in range(20):
        _record, state = await service.running(2)
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, rnd)
        await service.play(2, seat + 1, game.format(action))
    return (await service.running_record(2)).id


async def page_loads(urls: dict[str, str], baseline: str) -> list[tuple[str, ...]]:
    from playwright.async_api import async_playwright

    script = (
        "() => { const n = performance.getEntriesByType('navigation')[0];"
        " const r = performance.getEntriesByType('resource');"
        " return [n.loadEventEnd, n.transferSize + r.reduce((a, e) => a + e.transferSize, 0)]; }"
    )
    rows = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            for label, url in {"style sheet alone (baseline)": baseline, **urls}.items():
                times, sizes = [], []
                for _ in range(LOADS):
                    context = await browser.new_context(viewport={"width": 400, "height": 800})
                    page = await context.new_page()
                    await page.goto(url, wait_until="load")
                    loaded, size = await page.evaluate(script)
                    times.append(loaded)
                    sizes.append(size)
                    await context.close()
                rows.append((label, f"{statistics.median(times):.0f}", f"{max(sizes):,}"))
        finally:
            await browser.close()
    base = float(rows[0][1]) or 1.0
    return [(*row, f"{float(row[1]) / base:.1f}×") for row in rows]


STAMP = re.compile(rb'data-version="([0-9a-f]+)"')


class Watching:
    """One open page's event stream, noting when each stamp (what it shows) arrives."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session, self.url = session, url
        self.arrivals: dict[str, float] = {}
        self.newest = ""
        self.connected = asyncio.Event()

    async def run(self) -> None:
        async with self.session.get(self.url) as stream:
            assert stream.status == 200, stream.status
            self.connected.set()
            async for line in stream.content:
                found = STAMP.search(line)
                if found:
                    self.newest = found[1].decode()
                    self.arrivals[self.newest] = time.perf_counter()


async def saved_to_shown(
    service: GameService, pages: WebPages, base: str, token: str
) -> list[tuple[str, ...]]:
    """A race's 99 submissions, one by one, watched by 100 pages."""
    rnd = random.Random(2)
    record, state = await service.running(CHANNEL)
    connector = aiohttp.TCPConnector(limit=0)
    session = aiohttp.ClientSession(connector=connector)
    tracemalloc.start()
    before = server_bytes(tracemalloc.take_snapshot())
    watchers = [Watching(session, f"{base}/g/{token}/events")]
    watchers += [Watching(session, watchers[0].url) for _ in range(WATCHERS - 1)]
    tasks = [asyncio.create_task(w.run()) for w in watchers]
    await asyncio.gather(*(w.connected.wait() for w in watchers))
    await asyncio.sleep(0.2)
    per_page = (server_bytes(tracemalloc.take_snapshot()) - before) / WATCHERS
    tracemalloc.stop()
    shown, pictured, discord = [], [], []
    commits: list[float] = []
    service.store.changes.subscribe(lambda _game: commits.append(time.perf_counter()))
    style = RaceBoard(lambda *_: None, lambda *_: None)  # type: ignore[arg-type,return-value]
    for seat in range(len(record.players)):
        while True:
            action = ISLANT.choose_ai_action(state, seat, rnd)
            if ISLANT.format(action) == "SUBMIT":
                break
            state = (await service.play(CHANNEL, seat + 1, ISLANT.format(action))).state
        committed = len(commits)
        result = await service.play(CHANNEL, seat + 1, "SUBMIT")
        saved, stamp = commits[committed], pages.games.stamp(result.record)
        while any(w.newest != stamp for w in watchers):
            await asyncio.sleep(0.001)
        shown += [(w.arrivals[stamp] - saved) * 1000 for w in watchers]
        async with session.get(f"{base}/g/{token}/board.png?v={stamp}") as picture:
            await picture.read()
        pictured.append((time.perf_counter() - saved) * 1000)
        start = time.perf_counter()
        await style.board(service, result, None)
        discord.append((time.perf_counter() - start) * 1000)
        state = result.state
    for task in tasks:
        task.cancel()
    await session.close()
    assert len(shown) == WATCHERS * len(record.players)
    return [
        ("saved → 100 pages have the new live part", *quantiles(shown)),
        ("saved → one page also has the new picture", *quantiles(pictured)),
        ("bot makes the Discord board message (same move)", *quantiles(discord)),
        ("server memory per open page", f"{per_page / 1024:.1f} KB", ""),
    ]


def server_bytes(snapshot: tracemalloc.Snapshot) -> int:
    """Bytes allocated by the server's side (the pages, aiohttp's server, asyncio)."""
    server = ("/bot/", "aiohttp/web", "aiohttp/http_writer", "asyncio/")
    return sum(
        stat.size
        for stat in snapshot.statistics("filename")
        if any(part in stat.traceback[0].filename for part in server)
    )


def quantiles(values: list[float]) -> tuple[str, str]:
    return f"{p(values, 0.5):.1f}", f"{p(values, 0.99):.1f}"


async def run_pages() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "pages.db")
        service = GameService(store, seed_source=lambda: 5)
        pages, base = await started(service)
        try:
            await open_race(service, 99, level=5)
            race = await service.running_record(CHANNEL)
            tiger = await service.store.get_game(await tiger_game(service))
            assert tiger is not None
            race_url = await pages.link(race)
            tiger_url = await pages.link(tiger)
            assert race_url is not None and tiger_url is not None
            local = {
                "tiggar islanote page (2 players, 20 moves)": tiger_url.replace(PUBLIC, base),
                "Islant race page (99 players)": race_url.replace(PUBLIC, base),
            }
            loads = await page_loads(local, f"{base}/static/style.css")
            token = race_url.rsplit("/", 1)[1]
            live = await saved_to_shown(service, pages, base, token)
        finally:
            await pages.stop()
            await store.close()
    return loads, live


def bench_pages() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    return asyncio.run(run_pages())
