"""A bounded memo shared by threads: the engines' caches of work done for immutable values."""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedMemo(Generic[K, V]):
    """At most ``capacity`` entries; the oldest goes first. Safe to use from several threads
    (the bot draws and plans menus in threads when it runs without worker processes)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._entries: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries.pop(key, None)
            while len(self._entries) >= self.capacity:
                self._entries.pop(next(iter(self._entries)))
            self._entries[key] = value

    def at_least(self, capacity: int) -> None:
        """Grow to hold ``capacity`` entries (a memo is sized from the largest game it serves)."""
        self.capacity = max(self.capacity, capacity)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
