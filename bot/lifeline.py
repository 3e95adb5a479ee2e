"""A child process that ends by itself when the process that started it dies, and a child
the bot asked to end that is killed if it does not (:func:`reap`).

The bot starts children (picture and computer workers, the page server). A graceful stop ends
them, but a killed bot (SIGKILL, an out-of-memory kill, a container stop) cannot: without this
they would keep running as orphans. A child calls :func:`die_with_parent` first thing; a
watching thread then ends it within :data:`WATCH_SECONDS` of its parent's death, however the
parent died (an orphan is re-parented, so its parent id changes).

multiprocessing's resource tracker needs nothing of its own: it ends once every process
holding its pipe (the bot and these children) is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time

log = logging.getLogger(__name__)
WATCH_SECONDS = 1.0
"""How often the watching thread looks whether the parent is still there."""


def die_with_parent(parent: int | None = None) -> None:
    """End this process soon after its parent is gone.

    ``parent`` is the id of the process that started this one, as that process knew itself
    (``os.getpid()`` there): a child whose parent died before this call is re-parented
    already, and ends at once. Without it, the current parent is watched.
    """
    watched = os.getppid() if parent is None else parent
    if os.getppid() != watched:
        os._exit(0)
    threading.Thread(target=_watch, args=(watched,), name="lifeline", daemon=True).start()


def _watch(parent: int) -> None:
    """Exit at once, with no clean-up (its owner is gone), once the parent has changed."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


async def reap(process: asyncio.subprocess.Process, seconds: float, name: str) -> None:
    """Wait up to ``seconds`` for a child ``process`` asked to end (``name`` says which, in
    the log), then kill it."""
    try:
        await asyncio.wait_for(process.wait(), seconds)
    except TimeoutError:
        log.warning("%s did not stop in time: killed", name)
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
