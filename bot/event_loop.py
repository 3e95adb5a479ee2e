"""The event loop the bot's processes run: uvloop's where it is installed, asyncio's own
otherwise or when ``ISLANDBOT_EVENT_LOOP=asyncio`` asks for it.

uvloop runs the same asyncio programs on a loop written in C over libuv: waking up, reading a
socket and running a callback cost the process less of its time than in asyncio's loop, which
is written in Python. The bot's process, its courier and its page server each spend much of a
tap's work there (a tap wakes the loop for Discord's event, the database's answer, the
picture's worker and the courier's answers).
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
LOOP_VARIABLE = "ISLANDBOT_EVENT_LOOP"
UVLOOP, ASYNCIO = "uvloop", "asyncio"


def uvloop_installed() -> bool:
    """Whether uvloop can be imported here (it is not installed on Windows)."""
    return importlib.util.find_spec(UVLOOP) is not None


def loop_named(value: str | None) -> str:
    """The loop ``value`` (the variable's text; empty: the default) asks for: ``"uvloop"``
    or ``"asyncio"``; by default uvloop when it is installed. A ValueError says why a value
    cannot be used."""
    name = (value or "").strip().lower()
    if name not in ("", UVLOOP, ASYNCIO):
        raise ValueError(f"{LOOP_VARIABLE} must be {UVLOOP} or {ASYNCIO}, not {value!r}")
    if name == UVLOOP and not uvloop_installed():
        raise ValueError(f"{LOOP_VARIABLE}={UVLOOP}, but uvloop is not installed")
    if name == ASYNCIO or not uvloop_installed():
        return ASYNCIO
    return UVLOOP


def run(main: Coroutine[Any, Any, T], loop: str | None = None) -> T:
    """Run ``main`` to its end, as :func:`asyncio.run` does, on the loop named (default: as
    :data:`LOOP_VARIABLE` in this process's environment asks)."""
    name = loop_named(os.environ.get(LOOP_VARIABLE)) if loop is None else loop
    with asyncio.Runner(loop_factory=_factory(name)) as runner:
        return runner.run(main)


def running_loop() -> str:
    """The name of the loop this code runs on (what a child process is asked to run)."""
    module = type(asyncio.get_running_loop()).__module__
    return UVLOOP if module.split(".")[0] == UVLOOP else ASYNCIO


def _factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    if name != UVLOOP:
        return None
    import uvloop

    return uvloop.new_event_loop
