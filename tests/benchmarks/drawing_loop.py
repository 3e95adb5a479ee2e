"""How late the event loop answers while the bot draws pictures: in a thread or in workers.

A 1 ms timer ticks on the loop while the service's picture maker draws a batch of different
boards (no cache hits); each tick's lateness is how long an interaction would wait for its
acknowledgement. The baseline is the same timer on an idle loop, in the same run.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable

from bot.rendering import PictureKey, Pictures
from engine.core import View
from tests.render import competition_views, tigerisland_views, wars_views
from tests.render.islant_states import NAMES, crowd_view

TICK_S = 0.001
ROUNDS = 3  # each board drawn this many times, under different versions
LoopRow = tuple[str, str, str, str]


def boards() -> list[tuple[View, list[str]]]:
    """Public boards of every game, with their players' names."""
    two, six = ["Alice", "Bob"], [f"Captain {k}" for k in range(6)]
    five = [f"Islander {k}" for k in range(5)]
    table = competition_views.view(competition_views.mid_reveal(5, seed=7))
    return [
        (tigerisland_views.mid_view(), two),
        (tigerisland_views.big_view(), two),
        (wars_views.mid_view(6), six),
        (wars_views.finished_view(6), six),
        (crowd_view(99), NAMES),
        (table, five),
    ]


async def lateness(work: Callable[[], Awaitable[object]]) -> tuple[list[float], float]:
    """Each tick's lateness (ms) while ``work`` runs, and how long it took (ms)."""
    late: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK_S)
            late.append((time.perf_counter() - start - TICK_S) * 1000)

    ticker = asyncio.create_task(tick())
    start = time.perf_counter()
    await work()
    took = (time.perf_counter() - start) * 1000
    done.set()
    await ticker
    return late, took


async def draw_all(pictures: Pictures, batch: list[tuple[View, list[str]]], first: int) -> None:
    """Every board of ``batch`` ``ROUNDS`` times, each under its own version."""
    await asyncio.gather(
        *(
            pictures.draw(PictureKey(1, first + k, None), view, names)
            for k, (view, names) in enumerate(batch * ROUNDS)
        )
    )


async def bench_drawing_loop() -> list[LoopRow]:
    """Timer lateness p50 / p99 on an idle loop, then while drawing in a thread and in workers."""
    batch = boards()
    rows: list[LoopRow] = []
    idle, _ = await lateness(lambda: asyncio.sleep(1.0))
    rows.append(("idle loop (baseline)", *spread(idle), "—"))
    for label, workers in (("drawing in a thread", 0), ("drawing in worker processes", None)):
        pictures = Pictures(workers=workers)
        try:
            await draw_all(pictures, batch[:1], first=10_000)  # start the workers untimed
            late, took = await lateness(lambda p=pictures: draw_all(p, batch, first=0))
        finally:
            pictures.close()
        rows.append((f"{label} ({len(batch) * ROUNDS} boards)", *spread(late), f"{took:.0f} ms"))
    return rows


def spread(late: list[float]) -> tuple[str, str]:
    ordered = sorted(late)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{statistics.median(ordered):.2f}", f"{p99:.2f}"
