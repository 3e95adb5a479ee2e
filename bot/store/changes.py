"""Who wants to hear that a game (or a tournament) changed: an in-process publish/subscribe
of ids.

The store announces every saved change of a game once its transaction has committed: on
SQLite directly to this process's subscribers; on PostgreSQL through ``NOTIFY`` in the
change's own transaction, which every process listening (:meth:`Store.watch`) hears, this one
included. Subscribers must not block: they are called from the event loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger(__name__)
CHANNEL = "islandbot_games"
"""The PostgreSQL notification channel; the payload is the game's id, or a tournament's id
after :data:`TOURNAMENT_MARK`."""
TOURNAMENT_MARK = "t"

Subscriber = Callable[[int], None]


class Changes:
    """The subscribers of a store's changes of one kind (games, or tournaments)."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber(game_id)`` after each change; returns how to stop."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber)

    def publish(self, item_id: int) -> None:
        """Tell every subscriber that ``item_id`` changed (one failing stops no other)."""
        for subscriber in list(self._subscribers):
            try:
                subscriber(item_id)
            except Exception:
                log.exception("a subscriber to changes failed on %s", item_id)
