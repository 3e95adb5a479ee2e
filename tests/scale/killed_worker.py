"""A bot process that is killed between loading a game and saving it (run by a test).

``python -m tests.scale.killed_worker URL CHANNEL``: it plays one move for the player to move
(saved), then, four hours later by its clock, runs the due jobs; the timeout job's save never
happens: the worker says ``loaded`` and waits to be killed.
"""

from __future__ import annotations

import asyncio
import sys

from bot.jobs import JobRunner
from bot.service import GameService
from bot.store import Store

from .helpers import Clock, play_moves


async def main(url: str, channel_id: int) -> None:
    store = await Store.open(url)
    clock = Clock()
    clock.advance(hours=2)
    service = GameService(store, now=clock)
    await play_moves(service, channel_id, 1)
    print("saved", flush=True)

    async def killed_here(*args: object, **kwargs: object) -> int:
        print("loaded", flush=True)
        await asyncio.Event().wait()  # until SIGKILL
        raise AssertionError("unreachable")

    store.save_move = killed_here  # type: ignore[method-assign]
    clock.advance(hours=2)
    await JobRunner(service).run_due()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
