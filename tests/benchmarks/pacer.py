"""Players' pauses kept off the bot's event loop.

simcord puts every timer of the loop it runs on onto its virtual clock: each one that fires
in real time makes it settle, a walk over every task alive. With 99 players each pausing
before each tap on that loop, settling took most of the loop's time (about 45 of 63 s in a
99-player round), and the bot's answers waited behind it, which a real bot, whose Discord is
another computer, never does. Here the players pause on an event loop of their own, in a
thread, and hand each tap to the bot's loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class Pacer:
    """Runs the players on a loop of their own; :meth:`on_bot` runs a step on the bot's."""

    def __init__(self, bot_loop: asyncio.AbstractEventLoop) -> None:
        self.bot_loop = bot_loop

    async def on_bot(self, step: Coroutine[Any, Any, T]) -> T:
        """``step`` run on the bot's loop (called from the players' loop)."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(step, self.bot_loop))

    async def play(self, players: Awaitable[Any]) -> None:
        """Run ``players`` (a coroutine) to its end on the players' loop, in a thread of its
        own; awaited on the bot's loop."""
        done = self.bot_loop.create_future()

        def settle(error: BaseException | None) -> None:
            if done.done():
                return
            if error is None:
                done.set_result(None)
            else:
                done.set_exception(error)

        def run() -> None:
            try:
                asyncio.run(players)  # type: ignore[arg-type]
            except BaseException as error:  # the benchmark fails with the players' error
                self.bot_loop.call_soon_threadsafe(settle, error)
            else:
                self.bot_loop.call_soon_threadsafe(settle, None)

        threading.Thread(target=run, name="players", daemon=True).start()
        await done
