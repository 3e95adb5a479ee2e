"""Counting a store's calls, for the tests that say how many reads and writes a step takes
(and any object's async calls, such as its hand-overs to the worker pool)."""

from __future__ import annotations

from typing import Any

from bot.store import Store


class Counted:
    """Counts the calls of some of a store's (or any object's) async methods, and keeps their
    positional arguments (the object itself is wrapped)."""

    def __init__(self, store: Store | Any, names: tuple[str, ...]) -> None:
        self.calls: dict[str, int] = dict.fromkeys(names, 0)
        self.args: dict[str, list[tuple[Any, ...]]] = {name: [] for name in names}
        for name in names:
            setattr(store, name, self._counting(name, getattr(store, name)))

    def _counting(self, name: str, method: Any) -> Any:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            self.args[name].append(args)
            return await method(*args, **kwargs)

        return counted
