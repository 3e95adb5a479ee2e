"""An Islant round closing at 10, 33 and 99 players: how long the event loop is held.

The host closes round 1 of a level-5 race (``CLOSE``: the new roll, every sheet checked for a
tile it can still draw). Measured through the service as the bot runs it, with a 1 ms timer
ticking on the event loop meanwhile: the wall time of the close, the event loop's processor
time, and the timer's worst lateness (what an acknowledgement arriving then would wait). The
baseline, in the same run: the same close applied by the engine on the event loop itself.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.store import Store
from engine import find_game
from tests.bot.resilience.test_islant_concurrency import CHANNEL, open_race

SIZES = (10, 33, 99)
TICK = 0.001


async def worst_lateness(work: Callable[[], Awaitable[Any]]) -> tuple[float, float, float]:
    """Run ``work`` with a 1 ms timer ticking: (wall ms, event loop processor ms, the timer's
    worst lateness in ms)."""
    done = False
    late = 0.0

    async def ticker() -> None:
        nonlocal late
        while not done:
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            late = max(late, (time.perf_counter() - start - TICK) * 1000)

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(TICK * 3)
    wall, cpu = time.perf_counter(), time.thread_time()
    await work()
    wall, cpu = (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000
    done = True
    await ticking
    return wall, cpu, late


async def close_rows(players: int) -> list[tuple[str, ...]]:
    """Round 1 closing at ``players``: on the event loop (the baseline), then as the bot does."""
    game = find_game("islant")
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "close.db")
        try:
            service = GameService(store, seed_source=lambda: 5)
            await open_race(service, players, level=5)
            _, state = await service.running(CHANNEL)
            close = game.close_round_action(state)

            async def on_loop() -> None:
                game.apply(state, None, close)

            async def through_service() -> None:
                await service.play_as_system(CHANNEL, "CLOSE", by_user=1)

            rows = []
            for label, work in (
                ("engine on the loop (baseline)", on_loop),
                ("bot", through_service),
            ):
                wall, cpu, late = await worst_lateness(work)
                rows.append(
                    (f"{players} players: {label}", f"{wall:.1f}", f"{cpu:.1f}", f"{late:.1f}")
                )
            return rows
        finally:
            await store.close()


def bench_round_close() -> list[tuple[str, ...]]:
    """Rows for every race size: wall ms, event loop processor ms, worst timer lateness ms."""
    rows: list[tuple[str, ...]] = []
    for players in SIZES:
        rows += asyncio.run(close_rows(players))
    return rows
