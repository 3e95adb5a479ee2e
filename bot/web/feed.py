"""The change feed as the pages use it: every watched game's (or tournament's) changes,
whoever saved them.

The store announces its own process's changes (and on PostgreSQL, through LISTEN, every
process's, see :meth:`bot.store.Store.watch`). A page server in a process of its own saves
nothing, so it also looks at the watched games now and then: a game whose version, status,
players' names or server settings moved is announced (a server turning its pages off ends
its open pages). This is SQLite's only way to hear another process, and on
PostgreSQL it catches up on what was saved while the listening connection was away.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, Hashable, Mapping, Sequence

log = logging.getLogger(__name__)
POLL_SECONDS = 0.5


Marks = Callable[[Sequence[int]], Awaitable[Mapping[int, Hashable]]]
"""What moves with any change a page could show, of each of the ids asked about (the store's
``game_marks`` or ``tournament_marks``)."""


class Feed:
    """Looks at the items ``watched()`` names every ``every`` seconds; ``changed(item_id)``
    for each one whose mark moved since the last look."""

    def __init__(
        self,
        marks_of: Marks,
        watched: Callable[[], Collection[int]],
        changed: Callable[[int], None],
        every: float = POLL_SECONDS,
    ) -> None:
        self.marks_of = marks_of
        self.watched = watched
        self.changed = changed
        self.every = every
        self._marks: dict[int, Hashable] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def look(self) -> None:
        """One look at the watched items."""
        ids = sorted(self.watched())
        marks = await self.marks_of(ids) if ids else {}
        for item_id, mark in marks.items():  # an item seen first may have moved meanwhile too
            if self._marks.get(item_id) != mark:
                self.changed(item_id)
        self._marks = dict(marks)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.look()
            except Exception:
                log.warning("could not look at the watched games", exc_info=True)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
