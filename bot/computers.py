"""Computer seats: the level a table offers, and decisions taken off the event loop.

Easy and normal players answer in a few milliseconds and run in a thread. A hard player
searches for up to its budget of CPU time, so its decision runs in a worker process: the
event loop keeps answering interactions meanwhile, and the search does not hold its GIL.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from engine import find_game
from engine.core import OFFERED_LEVELS, Budget, Game, Level, OptionSpec
from locales import N_

from .workers import WorkerPool

COMPUTER_OPTION = OptionSpec(
    "computer",
    "the level offered first when the host adds a computer: easy, normal or hard",
    Level.NORMAL.value,
    choices=tuple(level.value for level in OFFERED_LEVELS),
)
THINKING_WORKERS = 1
MOVE_WALL_MS = 2500
"""A hard decision's ceiling on the clock on the wall: on a busy machine its CPU budget may
take longer to spend. A playout under way when it is reached ends first, so a move stays
within 3 s."""
LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""A computer level's name for people (a button's label; in lower case inside a line)."""


def take_computer_option(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The options without ``computer``, and the table setting it makes (checked)."""
    rest = {k: v for k, v in options.items() if k != COMPUTER_OPTION.name}
    if COMPUTER_OPTION.name not in options:
        return rest, {}
    return rest, {COMPUTER_OPTION.name: COMPUTER_OPTION.coerce(options[COMPUTER_OPTION.name])}


def decide(
    game_name: str, saved: dict[str, Any], seat: int, seed: str, level: str, budget: Budget
) -> str:
    """A computer's action (notation) from a serialized state; runs in a worker process."""
    game = find_game(game_name)
    state = game.deserialize(saved)
    return game.format(game.choose_ai_action(state, seat, random.Random(seed), level, budget))


def on_the_clock(budget: Budget) -> Budget:
    """``budget`` with the wall-clock ceiling of a move (:data:`MOVE_WALL_MS`), unless it
    counts playouts (then it does not depend on the machine's speed, as tests need)."""
    if budget.playouts is not None or budget.wall_ms is not None:
        return budget
    return replace(budget, wall_ms=max(budget.think_ms, MOVE_WALL_MS))


class Thinkers:
    """Where computer seats decide: in place, or in a worker process for hard players."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = on_the_clock(budget or Budget())
        self._pool = WorkerPool(THINKING_WORKERS)
        self._turns: dict[int, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def turn(self, game_id: int) -> AsyncIterator[None]:
        """Held while a game's computers think: one computers' turn per game at a time (a
        job that waited for it finds the game moved on and plays nothing twice). It is not
        the channel's lock: people's moves are saved meanwhile."""
        lock, users = self._turns.get(game_id, (asyncio.Lock(), 0))
        self._turns[game_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._turns[game_id]
            if users == 1:
                del self._turns[game_id]  # nobody waits: a game's lock lives while it is used
            else:
                self._turns[game_id] = (lock, users - 1)

    def busy(self, game_id: int) -> bool:
        """Whether the game's computers are thinking now (they play on the latest state)."""
        return game_id in self._turns

    async def choose(self, game: Game, state: Any, seat: int, seed: str, level: str) -> Any:
        """The action of the computer in ``seat``, playing at ``level``."""
        if Level(level) is not Level.HARD:  # in a thread: the event loop keeps answering
            rnd = random.Random(seed)
            return await asyncio.to_thread(game.choose_ai_action, state, seat, rnd, level)
        notation = await self._pool.run(
            decide,
            game.info.name,
            game.serialize(state),
            seat,
            seed,
            level,
            self.budget,
        )
        return game.parse(notation)

    async def start(self) -> None:
        """Start the hard players' worker process now (else their first decision does)."""
        await self._pool.start()

    def close(self) -> None:
        """Stop the worker process, if it was started."""
        self._pool.close()
