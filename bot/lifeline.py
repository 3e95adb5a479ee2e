"""A child process that ends by itself when the process that started it dies.

The bot starts children (picture and computer workers, the page server). A graceful stop ends
them, but a killed bot (SIGKILL, an out-of-memory kill, a container stop) cannot: without this
they would keep running as orphans. A child calls :func:`die_with_parent` first thing; a
watching thread then ends it within :data:`WATCH_SECONDS` of its parent's death, however the
parent died (an orphan is re-parented, so its parent id changes).
"""

from __future__ import annotations

import os
import threading
import time

WATCH_SECONDS = 1.0
"""How often the watching thread looks whether the parent is still there."""


def die_with_parent() -> None:
    """End this process soon after its current parent is gone."""
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent,), name="lifeline", daemon=True).start()


def _watch(parent: int) -> None:
    """Exit at once, with no clean-up (its owner is gone), once the parent has changed."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)
