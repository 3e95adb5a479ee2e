"""A pool of worker processes, started on first use and stopped with the bot.

CPU work run here (a hard computer's search, drawing a picture) does not hold the event
loop's interpreter lock, so the loop keeps answering interactions meanwhile. A worker knows
the games this process knows: those under ``engine/`` it finds itself, and any game
registered from elsewhere is registered there too when the worker starts. A worker ends by
itself once the bot is gone, however it died (:mod:`bot.lifeline`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

from engine import all_games
from engine.core import Game, game_package, register

from .collector import settle
from .lifeline import die_with_parent

if TYPE_CHECKING:
    from render import GamePictures

T = TypeVar("T")
Plugged = tuple[tuple[type[Game], "GamePictures | None"], ...]
"""Games registered from outside ``engine/`` (by class: a game is a stateless object made
without arguments), each with its pictures if it has any."""


def plugged_in() -> Plugged:
    """The games (and their pictures) a worker would not find by importing ``engine``.

    Pictures are registered only in a process that imported the renderer's registry: the
    bot's own process does not (its workers draw), so it looks only if this one did."""
    registry = sys.modules.get("render.registry")
    drawn = registry.drawn_games() if registry is not None else frozenset()
    return tuple(
        (type(game), registry.pictures_for(game.info.name) if game.info.name in drawn else None)
        for game in all_games()
        if not game_package(game).startswith("engine.")
    )


def start_worker(parent: int, games: Plugged) -> None:
    """A new worker's first steps: end with the bot (``parent``), know the bot's games."""
    die_with_parent(parent)
    adopt(games)
    settle()


def adopt(games: Plugged) -> None:
    """In a new worker: register the games its parent registered from outside ``engine/``
    (the renderer is imported only for pictures to register: a computer's worker needs none)."""
    for kind, pictures in games:
        game = register(kind())
        if pictures is not None:
            from render import register_pictures

            register_pictures(game.info.name, pictures)


def machine_cores() -> int:
    """The cores this process may run on (at least one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class WorkerPool:
    """``workers`` spawned processes, started by the first :meth:`run`."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (``fn`` and its arguments must pickle).

        A worker that died (killed, out of memory) breaks the pool: this call fails, and
        the next one starts fresh workers.
        """
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=start_worker,
                initargs=(os.getpid(), plugged_in()),
            )
        pool = self._pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self.close()
            raise

    async def start(self) -> None:
        """Start a worker process now and wait until it takes work (else the first
        :meth:`run` waits for that: a process to spawn and import the games)."""
        await self.run(os.getpid)

    def close(self) -> None:
        """Stop the worker processes, if any were started."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
