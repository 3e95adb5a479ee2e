"""Live updates: the pages watching each game, and the new fragment sent to them.

The store announces every saved change (:mod:`bot.store.changes`, across processes on
PostgreSQL); for a game somebody watches, the fragment of its newest version is built once
per language and offered to every watcher, which keeps only the newest one it was not sent
yet. A burst of changes builds at most one fragment at a time per game: changes arriving
meanwhile are folded into the next one. A change that shows nothing new (a step of a turn in
progress, saved but private) is not sent: the version counter alone would tell when someone
is playing a turn nobody else may see yet. A change of what a version shows (a player's
``/forget-me`` renames them in a finished game) is sent though the version stays.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)
Fragment = tuple[int, str]
"""A game's version and the page's live part at that version."""
Build = Callable[[int, str], Awaitable[Fragment | None]]
"""The fragment of a game in a language (None: the game's pages are gone)."""
GONE = (-1, "")
VERSION_MARKS = re.compile(r'(data-version="|\bv=)\d+')


def shows(text: str) -> str:
    """A short fingerprint of what a fragment shows (its text without version numbers)."""
    return hashlib.sha256(VERSION_MARKS.sub(r"\g<1>", text).encode()).hexdigest()[:16]


class Watcher:
    """One open page: the version it shows (and, if known, the :func:`shows` of its live
    part) and the newest fragment not sent to it yet."""

    def __init__(self, lang: str, version: int, showing: str | None = None) -> None:
        self.lang = lang
        self.version = version
        self._next: str | None = None
        self._ready = asyncio.Event()
        self._shows = showing
        self.gone = False

    def offer(self, fragment: Fragment, shown: str = "") -> None:
        """A fragment of this version or a newer one replaces whatever waited, unless it
        shows nothing new (``shown``: its :func:`shows`); an older one is dropped."""
        if fragment == GONE:
            self.gone = True
            self._ready.set()
            return
        version, text = fragment
        if version >= self.version and shown != self._shows:
            self.version, self._next, self._shows = version, text, shown
            self._ready.set()

    async def next(self, timeout: float) -> str | None:
        """The next fragment to send, or None after ``timeout`` seconds without one."""
        try:
            await asyncio.wait_for(self._ready.wait(), timeout)
        except TimeoutError:
            return None
        self._ready.clear()
        text, self._next = self._next, None
        return text


class Live:
    """Every watched game's open pages, told of each change."""

    def __init__(self, build: Build) -> None:
        self._build = build
        self._watchers: dict[int, set[Watcher]] = {}
        self._due: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}

    @property
    def games(self) -> set[int]:
        """The games some page watches."""
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
    def watch(
        self, game_id: int, lang: str, version: int, showing: str | None = None
    ) -> Iterator[Watcher]:
        """A page watching ``game_id`` in ``lang``, showing ``version`` (and ``showing``, its
        :func:`shows`); a change it missed while connecting is sent at once."""
        watcher = Watcher(lang, version, showing)
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
                        fragment = await self._build(game_id, lang) or GONE
                    except Exception:
                        log.exception("building the page of game %s failed", game_id)
                        continue
                    shown = shows(fragment[1])
                    for watcher in list(self._watchers.get(game_id, ())):
                        if watcher.lang == lang:
                            watcher.offer(fragment, shown)
        finally:
            self._tasks.pop(game_id, None)

    def close(self) -> None:
        """End every open page's stream (the server is stopping)."""
        for task in self._tasks.values():
            task.cancel()
        for watchers in self._watchers.values():
            for watcher in watchers:
                watcher.offer(GONE)
