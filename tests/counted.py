"""Counting a store's calls, for the tests that say how many reads and writes a step takes."""

from __future__ import annotations

from typing import Any

from bot.store import Store


class Counted:
    """Counts the calls of some of a store's async methods (the store itself is wrapped)."""

    def __init__(self, store: Store, names: tuple[str, ...]) -> None:
        self.calls: dict[str, int] = dict.fromkeys(names, 0)
        for name in names:
            setattr(store, name, self._counting(name, getattr(store, name)))

    def _counting(self, name: str, method: Any) -> Any:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return await method(*args, **kwargs)

        return counted
