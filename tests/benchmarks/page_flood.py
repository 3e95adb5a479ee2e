"""Discord answers while the pages are flooded (``bench pages``): the race as people tap
(:mod:`tests.loopback.race`, the bot in its own process on a fake Discord over loopback) with
its pages served by the bot's page process, twice in one run: with nobody looking, and under a
bounded flood of page requests.

The flood comes from many loopback addresses (127.0.x.y), each within its own limits: every
address asks for the race's page, its picture and an unknown link in turn, a little under two
requests a second; besides, as many connections as there are addresses each send half a
request and wait. It lasts as long as the rounds (at most :data:`LONGEST_SECONDS`) and only
reaches 127.0.0.0/8. The figure is the acknowledgements' p99 under the flood beside the same
taps' p99 without it (the goal: at most 1.5×).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from bot.store import Store
from tests.benchmarks.burst import LEVEL, TRIVIAL_KIND
from tests.benchmarks.stats import p
from tests.loopback.race import During, Race, time_race

ADDRESSES = 250
HALF_OPEN = 250
REQUESTS_PER_SECOND = 1.8
"""Per address: under the pages' 2 a second (after a burst of 60)."""
LONGEST_SECONDS = 300.0
PLAYERS, ROUNDS = 30, 1
HALF_REQUEST = b"GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
FloodRow = tuple[str, str, str, str, str]


@dataclass
class Flood:
    """What the flood sent and got."""

    statuses: Counter[str] = field(default_factory=Counter)
    half_open: int = 0
    """Half-sent requests' connections opened (each dropped by the server in time is opened
    again)."""
    seconds: float = 0.0


def address(number: int) -> str:
    return f"127.0.{2 + number // 250}.{1 + number % 250}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def race_page(port: int, folder: Path) -> list[str]:
    """The race page's address, its picture's and an unknown link's."""
    store = await Store.open(folder / "loopback.db")
    try:
        rows = await store._rows("SELECT id FROM games ORDER BY id DESC LIMIT 1")
        token = await store.game_token(int(rows[0][0]))
    finally:
        await store.close()
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as session, session.get(f"{base}/g/{token}") as page:
        src = re.search(r'class="board" src="([^"]+)"', await page.text())
    picture = src.group(1).replace("&amp;", "&") if src else f"/g/{token}/board.png"
    return [f"{base}/g/{token}", base + picture, f"{base}/g/{'A' * 24}"]


async def one_address(number: int, urls: list[str], flood: Flood, until: float) -> None:
    connector = aiohttp.TCPConnector(local_addr=(address(number), 0), limit=1)
    timeout = aiohttp.ClientTimeout(total=10)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        k = number
        while time.monotonic() < until:
            started = time.monotonic()
            try:
                async with session.get(urls[k % len(urls)]) as answer:
                    await answer.read()
                    flood.statuses[str(answer.status)] += 1
            except (aiohttp.ClientError, TimeoutError) as error:
                flood.statuses[type(error).__name__] += 1
            k += 1
            await asyncio.sleep(max(0.0, 1 / REQUESTS_PER_SECOND - (time.monotonic() - started)))


async def half_open(number: int, port: int, flood: Flood, until: float) -> None:
    """A connection that sends half a request and waits (opened again once dropped)."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address(number), 0)
            )
        except OSError:
            await asyncio.sleep(1)
            continue
        flood.half_open += 1
        try:
            writer.write(HALF_REQUEST)
            with suppress(TimeoutError, OSError):
                await asyncio.wait_for(reader.read(), max(0.1, until - time.monotonic()))
        finally:
            writer.close()


async def flood_for(port: int, urls: list[str], seconds: float) -> Flood:
    """The flood itself: every address's requests and the half-sent ones, for ``seconds``."""
    flood = Flood()
    start = time.monotonic()
    until = start + seconds
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    tasks = [
        *(asyncio.create_task(one_address(n, urls, flood, until)) for n in range(ADDRESSES)),
        *(asyncio.create_task(half_open(n, port, flood, until)) for n in range(HALF_OPEN)),
    ]
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    flood.seconds = time.monotonic() - start
    return flood


def flooding(port: int, flood: Flood) -> During:
    """The flood as a race's ``during``: in a process of its own at the lowest priority (the
    clients stand for people elsewhere; their work is not the server's), until the rounds
    end; what it counted is put in ``flood``."""

    @asynccontextmanager
    async def during(folder: Path) -> AsyncIterator[None]:
        urls = await race_page(port, folder)
        command = [sys.executable, "-m", "tests.benchmarks.page_flood", str(port), *urls]
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, text=True, preexec_fn=lambda: os.nice(19)
        )
        try:
            yield
        finally:
            process.send_signal(signal.SIGTERM)
            out, _ = await asyncio.to_thread(process.communicate, timeout=60)
            counted = json.loads(out.strip().splitlines()[-1])
            flood.statuses.update(counted["statuses"])
            flood.half_open, flood.seconds = counted["half_open"], counted["seconds"]

    return during


def acks(race: Race) -> list[float]:
    return [ms for kind, each in race.latencies.ack.items() if kind != TRIVIAL_KIND for ms in each]


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {p(values, 0.99):.1f} / {max(values):.1f}"


def bench_page_flood(players: int = PLAYERS, rounds: int = ROUNDS) -> list[FloodRow]:
    """The race without and with the flood (pages served both times), in one run."""
    quiet = time_race(players=players, rounds=rounds, level=LEVEL, web_port=free_port())
    port, flood = free_port(), Flood()
    flooded = time_race(
        players=players, rounds=rounds, level=LEVEL, web_port=port, during=flooding(port, flood)
    )
    base = p(acks(quiet), 0.99)
    answered = sum(n for code, n in flood.statuses.items() if code.isdigit())
    got = ", ".join(f"{code}: {n}" for code, n in sorted(flood.statuses.items()))
    return [
        (
            "pages served, nobody looking (baseline)",
            str(len(acks(quiet))),
            spread(acks(quiet)),
            "1×",
            "",
        ),
        (
            f"{ADDRESSES} addresses flooding the pages",
            str(len(acks(flooded))),
            spread(acks(flooded)),
            f"{p(acks(flooded), 0.99) / base:.2f}×",
            f"{answered / max(flood.seconds, 1):.0f} answers/s over {flood.seconds:.0f} s ({got});"
            f" {flood.half_open} half-sent requests",
        ),
    ]


if __name__ == "__main__":  # the flood's own process: PORT URL...
    done = asyncio.run(flood_for(int(sys.argv[1]), sys.argv[2:], LONGEST_SECONDS))
    print(
        json.dumps(
            {"statuses": done.statuses, "half_open": done.half_open, "seconds": done.seconds}
        )
    )
