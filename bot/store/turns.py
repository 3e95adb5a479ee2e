"""Pooled connections handed out in turn: the call that must be answered first goes first.

A move makes several calls to the database one after the other (its game read, the server's
settings, its save). A pool serving waiters first come first served sends each of those calls
to the back of the queue, behind the moves that arrived since: with 150 games at once a
move waits for the whole queue three times over, each call against the move's own deadline,
and the unlucky ones run out. :class:`Turns` admits at most ``size`` holders; the others wait
in a queue ordered by their deadline (:func:`.waits.deadline`), first come first served among
equal deadlines. A turn given back goes straight to the first waiter, never to a newcomer. An
interaction's calls are thus served in the order the interactions arrived: its save comes
before the calls of the moves that arrived after it, so work begun is finished before new
work starts and the waits stay short for everyone instead of running out for a few.
Background work (no interaction) is ordered by the end of its own bound, ``CALL_SECONDS``
after its call: interactions go before it only while their deadlines are earlier, so it is
never starved.
"""

from __future__ import annotations

import asyncio
import heapq
from itertools import count


class Turns:
    """At most ``size`` holders at once; the waiters served earliest deadline first."""

    def __init__(self, size: int) -> None:
        self._free = size
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._arrivals = count()

    @property
    def waiting(self) -> int:
        """How many calls are waiting for a turn."""
        return sum(not future.done() for _, _, future in self._waiting)

    async def take(self, deadline: float) -> None:
        """Wait for a turn (at once if one is free and nobody waits). ``deadline`` is the
        loop time by which the caller must be done: the earliest is served first. Cancelled
        (its bound ran out) while a turn was being handed to it, it gives that turn on."""
        if self._free:
            self._free -= 1
            return
        future = asyncio.get_running_loop().create_future()
        entry = (deadline, next(self._arrivals), future)
        heapq.heappush(self._waiting, entry)
        try:
            await future
        except asyncio.CancelledError:
            if not future.cancelled():
                self.give_back()  # handed over as it was cancelled: the next one has it
            elif entry in self._waiting:  # not skipped by a give_back yet
                self._waiting.remove(entry)
                heapq.heapify(self._waiting)
            raise

    def give_back(self) -> None:
        """End a turn: the first waiter has it now, or it is free."""
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self._free += 1
