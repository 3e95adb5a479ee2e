"""The page server as a process of its own: ``islandbot web``, which ``islandbot run`` starts
by itself on one machine (Compose can run it as a service of its own instead).

Pages then cannot touch the bot's event loop, its open-file limit or its database connection:
however many clients come, Discord answers are made elsewhere. The page process runs at a
lower scheduling priority than the bot, reads the store and hears its changes
(:mod:`bot.web.feed`), and ends with the bot: on the bot's stop (SIGTERM, then SIGKILL after
:data:`STOP_SECONDS`), and within seconds of the bot's death however it died
(:func:`bot.lifeline.die_with_parent`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import time
from pathlib import Path

from ..lifeline import die_with_parent, reap
from .config import WebConfig

log = logging.getLogger(__name__)
STOP_SECONDS = 3.0
RESTART_SECONDS = (1.0, 60.0)
"""The first and the longest wait before a page process that ended is started again."""
HEALTHY_SECONDS = 60.0
"""A page process that ran this long before it ended is started again after the first wait."""
"""How long the bot's stop waits for the page process to end before killing it."""
NICENESS = 19
"""How much lower the page process's scheduling priority is than the bot's."""
CHILD_FLAG = "--with-parent"
"""``islandbot web``'s flag for a page process started by the bot: it ends with it."""
PRIVATE_VARIABLES = ("DISCORD_TOKEN",)
DATABASE_VARIABLE = "ISLANDBOT_DATABASE"
"""What the page process is not given: it never talks to Discord."""


class PageProcess:
    """The page server started by the bot (``islandbot web --with-parent``), started again
    if it ends while the bot runs (after a wait doubling from 1 s to a minute)."""

    def __init__(self, database: str | Path) -> None:
        self.database = database
        self._process: asyncio.subprocess.Process | None = None
        self._keeping: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def start(self) -> None:
        await self._start()
        self._keeping = asyncio.get_running_loop().create_task(self._keep())

    async def _start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k not in PRIVATE_VARIABLES}
        env[DATABASE_VARIABLE] = str(self.database)  # the bot's, however it was given
        here = str(Path(__file__).resolve().parents[2])  # the bot's own code, wherever it is
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, env.get("PYTHONPATH")]))
        self._process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "web",
            CHILD_FLAG,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
        )
        log.info("started the page server (process %s)", self._process.pid)

    async def _keep(self) -> None:
        """Start the page process again whenever it ends by itself."""
        first, longest = RESTART_SECONDS
        wait = first
        while self._process is not None:
            started = time.monotonic()
            code = await self._process.wait()
            log.warning("the page server ended (exit %s): starting it again in %.0f s", code, wait)
            await asyncio.sleep(wait)
            wait = first if time.monotonic() - started > HEALTHY_SECONDS else min(wait * 2, longest)
            await self._start()

    async def stop(self) -> None:
        """End the page process: SIGTERM, then SIGKILL if it is still there after a while."""
        if self._keeping is not None:
            self._keeping.cancel()
            await asyncio.gather(self._keeping, return_exceptions=True)
            self._keeping = None
        process, self._process = self._process, None
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM)
        await reap(process, STOP_SECONDS, "the page server")


async def serve(database: str | Path, config: WebConfig, *, with_parent: bool = False) -> None:
    """Serve the pages until SIGTERM or SIGINT (``islandbot web``)."""
    if with_parent:
        die_with_parent()
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    from ..service import GameService
    from ..store import Store
    from .server import WebPages

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    store = await Store.open(database)
    service = GameService(store)
    pages = WebPages(service, config)
    try:
        await pages.start()
        await stop.wait()
        log.info("stop signal received: the page server stops")
    finally:
        try:
            await pages.stop()
        finally:
            service.computers.close()
            service.pictures.close()
            await store.close()
