"""Whose work the event loop's thread does while the bot runs on simcord's Discord.

In production the bot's loop runs only the bot: its handlers, discord.py and the tasks they
start. In a benchmark the Discord double shares that loop, and its bookkeeping (settling,
tracking every task and executor call) grows with the tasks alive, so the loop's whole
processor time per tap says more about the double than about the bot. :class:`LoopShare`
splits it: every callback the loop runs is charged, by its processor time, to the bot, to
the double (code of ``simcord``) or to the benchmark's own players (code under ``tests``).
"""

from __future__ import annotations

import asyncio
import time
from asyncio import events
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

BOT, DOUBLE, PLAYERS = "bot", "double", "players"


def owner_file(callback: Callable[..., Any]) -> str:
    """The file of the code a loop callback runs: a task's outermost coroutine, else the
    callback's own function (unwrapping simcord's tracking wrapper)."""
    callback = getattr(callback, "__simcord_original_callback__", callback)
    holder = getattr(callback, "__self__", None)
    if isinstance(holder, asyncio.Task):
        code = getattr(holder.get_coro(), "cr_code", None)
        return code.co_filename if code is not None else ""
    function = getattr(callback, "__func__", callback)
    code = getattr(function, "__code__", None)
    if code is not None:
        return code.co_filename
    return getattr(type(holder), "__module__", "") or ""


def share_of(filename: str) -> str:
    """Whose work a callback from ``filename`` is."""
    if "simcord" in filename:
        return DOUBLE
    if "/tests/" in filename:
        return PLAYERS
    return BOT


@dataclass
class LoopShare:
    """Processor seconds of the loop's thread per share, counted while entered."""

    seconds: dict[str, float] = field(
        default_factory=lambda: dict.fromkeys((BOT, DOUBLE, PLAYERS), 0.0)
    )
    _original: Callable[[events.Handle], None] | None = None

    def __enter__(self) -> LoopShare:
        original = self._original = events.Handle._run
        seconds = self.seconds

        def run(handle: events.Handle) -> None:
            start = time.thread_time()
            original(handle)
            share = share_of(owner_file(handle._callback))  # type: ignore[attr-defined]
            seconds[share] += time.thread_time() - start

        events.Handle._run = run  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        if self._original is not None:
            events.Handle._run = self._original  # type: ignore[method-assign]
            self._original = None

    def ms_per(self, share: str, taps: int) -> float:
        """``share``'s processor ms per tap over ``taps`` taps."""
        return self.seconds[share] * 1000 / max(1, taps)
