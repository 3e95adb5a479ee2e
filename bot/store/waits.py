"""Bounded waits on the database: no call waits for ever, and an interaction hears in time.

Every wait of a back-end (a connection, a lock, a statement, a commit) goes through
:func:`bounded`. Outside an interaction a call may wait ``CALL_SECONDS``. While an
interaction is handled and not answered yet (:func:`answer_within`, set where it arrives),
its database work must end ``ANSWER_SECONDS`` after it arrived, so that the bot can still tell
the user, within Discord's 3 s, that the storage is not answering. A wait that runs out
raises :class:`StorageTimeout`; the back-ends make sure that a change whose wait ran out is
never applied afterwards (see ``commit_by``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
CALL_SECONDS = 10.0
"""The longest any one database call may wait (background work: jobs, the outbox)."""
ANSWER_SECONDS = 2.0
"""How long after an interaction arrived its database work may go on before it is answered
(Discord allows 3 s; the rest is for the answer itself)."""


class StorageTimeout(Exception):
    """The database did not answer in time; whatever the call was doing was not applied."""

    def __init__(self, what: str) -> None:
        super().__init__(f"the database did not answer in time ({what})")


@dataclass(frozen=True, slots=True)
class _Answering:
    """An interaction being handled: the loop time by which it must be answered, and
    whether it has been (acknowledged or replied to)."""

    by: float
    answered: Callable[[], bool]


_answering: ContextVar[_Answering | None] = ContextVar("answering", default=None)


def answer_within(answered: Callable[[], bool], seconds: float = ANSWER_SECONDS) -> None:
    """Bound the database work of the current task (an interaction's handler) until
    ``answered()`` says the interaction was answered: it ends ``seconds`` from now."""
    loop = asyncio.get_running_loop()
    _answering.set(_Answering(loop.time() + seconds, answered))


def remaining() -> float:
    """Seconds the current call may still wait (0 or less: none at all)."""
    answering = _answering.get()
    if answering is None or answering.answered():
        return CALL_SECONDS
    left = answering.by - asyncio.get_running_loop().time()
    return min(CALL_SECONDS, left)


def deadline() -> float:
    """The loop time by which the current call must be done (see :func:`remaining`)."""
    return asyncio.get_running_loop().time() + remaining()


async def bounded(call: Awaitable[T], what: str, seconds: float | None = None) -> T:
    """``call``'s result, or StorageTimeout once ``seconds`` (default: :func:`remaining`)
    have passed; ``call`` is cancelled then."""
    limit = remaining() if seconds is None else seconds
    if limit <= 0:
        if asyncio.iscoroutine(call):
            call.close()  # never started
        raise StorageTimeout(what)
    try:  # a deadline on this task, not a task of its own as wait_for makes on 3.11
        async with asyncio.timeout(limit):
            return await call
    except TimeoutError:
        raise StorageTimeout(what) from None
