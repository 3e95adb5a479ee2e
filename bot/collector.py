"""How the garbage collector runs in the bot's processes.

Python collects its youngest generation every 700 allocations of tracked objects, and each
collection walks what survived: in the bot's process that was a collection every few
interactions (a tap makes thousands of short-lived objects: parsed events, requests, menus,
records), and the older generations' collections walked every cache kept since start-up.
Measured through the bot's process in a 99-player race, the collector took about a twelfth
of the event loop's processor time (some 700 collections in two rounds). Collecting the
youngest generation every :data:`YOUNG_ALLOCATIONS` allocations instead takes a quarter of
that: most of a tap's objects are freed by reference counting long before, so a collection
walks hardly more survivors, and there are 70 times fewer of them (about 11 ms each).
"""

from __future__ import annotations

import gc
from functools import cache

YOUNG_ALLOCATIONS = 20_000
"""Allocations (less frees) of tracked objects between collections of the youngest
generation (Python's default: 700)."""
OLDER_EVERY = 20
"""Collections of a generation between collections of the next one (Python's default: 10)."""


@cache
def settle() -> None:
    """After start-up: what it loaded (modules, catalogs, commands) lives as long as the
    process, so it is kept out of the collector's generations (a full collection does not
    walk it again while interactions wait); from now on the collector runs less often.
    Once per process (a bot started again in the same process finds it done)."""
    gc.collect()  # start-up's own cycles are freed, not kept for good
    gc.freeze()
    gc.set_threshold(YOUNG_ALLOCATIONS, OLDER_EVERY, OLDER_EVERY)
