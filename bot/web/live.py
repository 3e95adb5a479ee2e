"""Live updates: the pages watching each game, and the new fragment sent to them.

The store announces every saved change (:mod:`bot.store.changes`; a page process also looks
at its watched games, :mod:`bot.web.feed`); for a game somebody watches, the fragment of its
newest version is built once per language and offered to every watcher, which keeps only the
newest one it was not sent yet. A burst of changes builds at most one fragment at a time per
game: changes arriving meanwhile are folded into the next one. A change that shows nothing
new (a step of a turn in progress, saved but private) is not sent: nothing a page receives
moves when someone plays a turn nobody else may see yet. A change of what a version shows (a
player's ``/forget-me`` renames them in a finished game) is sent though the version stays.

A stopping server ends every stream without a word: the pages reconnect once it is back. A
page is told its game is ``gone`` only when its link no longer shows anything.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)
Build = Callable[[int, str], Awaitable[str | None]]
"""The live fragment of a game in a language (None: the game's pages are gone)."""


def shows(text: str) -> str:
    """A short fingerprint of a fragment (the stream's event id: a page reconnecting says
    what it shows)."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Watcher:
    """One open page: the :func:`shows` of what it shows (if known) and the newest fragment
    not sent to it yet."""

    def __init__(self, lang: str, showing: str | None = None) -> None:
        self.lang = lang
        self.showing = showing
        self._next: str | None = None
        self._ready = asyncio.Event()
        self.gone = False
        """The game's pages are gone (the page is told so)."""
        self.closed = False
        """The server is stopping (the stream just ends)."""

    def offer(self, text: str, shown: str) -> None:
        """A newer fragment replaces whatever waited, unless it shows what the page shows."""
        if shown != self.showing:
            self._next, self.showing = text, shown
            self._ready.set()

    def end(self, *, gone: bool) -> None:
        if self.ended:
            return
        self.gone, self.closed = gone, not gone
        self._ready.set()

    @property
    def ended(self) -> bool:
        return self.gone or self.closed

    async def next(self, timeout: float) -> tuple[str, str] | None:
        """The next fragment to send and its :func:`shows`, or None after ``timeout``
        seconds without one (or once the watcher ended)."""
        try:
            await asyncio.wait_for(self._ready.wait(), timeout)
        except TimeoutError:
            return None
        self._ready.clear()
        text, self._next = self._next, None
        if text is None or self.showing is None:
            return None
        return text, self.showing


class Live:
    """Every watched item's open pages (a game's, or a tournament's), told of each change."""

    def __init__(self, build: Build) -> None:
        self._build = build
        self._watchers: dict[int, set[Watcher]] = {}
        self._due: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}

    @property
    def watched(self) -> set[int]:
        """The items (games, or tournaments) some page watches."""
        return set(self._watchers)

    @property
    def open_pages(self) -> int:
        return sum(len(w) for w in self._watchers.values())

    def changed(self, game_id: int) -> None:
        """The store's subscriber: ``game_id`` changed (called in the event loop)."""
        if game_id not in self._watchers:
            return
        self._due.add(game_id)
        if game_id not in self._tasks:
            task = asyncio.get_running_loop().create_task(self._refresh(game_id))
            self._tasks[game_id] = task

    @contextmanager
    def watch(self, game_id: int, lang: str, showing: str | None = None) -> Iterator[Watcher]:
        """A page watching ``game_id`` in ``lang``, showing ``showing`` (its :func:`shows`);
        a change it missed while connecting is sent at once."""
        watcher = Watcher(lang, showing)
        self._watchers.setdefault(game_id, set()).add(watcher)
        self.changed(game_id)
        try:
            yield watcher
        finally:
            watchers = self._watchers.get(game_id, set())
            watchers.discard(watcher)
            if not watchers:
                self._watchers.pop(game_id, None)

    async def _refresh(self, game_id: int) -> None:
        try:
            while game_id in self._due:
                self._due.discard(game_id)
                languages = {w.lang for w in self._watchers.get(game_id, ())}
                for lang in sorted(languages):
                    try:
                        text = await self._build(game_id, lang)
                    except Exception:
                        log.exception("building the page of game %s failed", game_id)
                        continue
                    shown = shows(text) if text is not None else ""
                    for watcher in list(self._watchers.get(game_id, ())):
                        if watcher.lang != lang:
                            continue
                        if text is None:
                            watcher.end(gone=True)
                        else:
                            watcher.offer(text, shown)
        finally:
            self._tasks.pop(game_id, None)

    def close(self) -> None:
        """End every open page's stream (the server is stopping: the pages come back)."""
        for task in self._tasks.values():
            task.cancel()
        for watchers in self._watchers.values():
            for watcher in watchers:
                watcher.end(gone=False)
