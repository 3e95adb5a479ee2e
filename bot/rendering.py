"""Board pictures drawn outside the event loop's interpreter, and kept for reuse.

Drawing is Python-level work that holds the interpreter lock: done in the bot's process,
even in a thread, it starves the loop that acknowledges interactions. :class:`Pictures`
draws in a pool of worker processes as large as the machine and keeps the latest pictures
by (game, state version, viewer, names), so a public board asked for by 99 players at once is
drawn once: later requests for a picture being drawn wait for that one drawing.

``ISLANDBOT_RENDER_WORKERS=0`` draws in a thread of the bot's process instead (for tests,
where starting worker processes costs more than it saves).

The bot's process names what to draw and never imports the renderer (Pillow, the fonts and
every game's pictures are the workers' memory): a drawer is handed over as a :class:`Named`
one (where it is defined) or as a small object of this module that finds the renderer where it
draws (:class:`MarkedBoard`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from engine import find_game
from engine.core import Marks, View
from locales import SOURCE, speaking

from .workers import WorkerPool, machine_cores

if TYPE_CHECKING:
    from render import Mark

T = TypeVar("T")
WORKERS_VARIABLE = "ISLANDBOT_RENDER_WORKERS"
CACHE_SIZE = 128  # pictures are 30–300 KB each
DIGEST_BYTES = 8


class PictureKey(NamedTuple):
    """What a picture depends on: the game, its state version and who looks (None: everyone)."""

    game_id: int
    version: int
    viewer: int | None
    picture: str = ""
    """Which picture of that view ("": the game's board; else the drawer's name)."""
    language: str = SOURCE
    """The language of the picture's words."""
    names: tuple[str, ...] = ()
    """The names drawn (filled in by :meth:`Pictures.draw`: a forgotten player's name
    changes the picture, not the game's version)."""


Drawer = Callable[[View, Sequence[str]], bytes]
"""A picture of a view other than the game's board (it must pickle: a :class:`Named` drawer,
or a module-level function or small object of a module the bot imports anyway)."""


@dataclass(frozen=True, slots=True)
class Named:
    """A drawer named by where it is defined, ``"module:attribute"``: the function there, or
    what the class there makes of ``args`` (e.g. ``Named("render.islant:SheetOf", (seat,))``).

    It pickles as its name and is looked up where it draws, so naming it imports nothing."""

    where: str
    args: tuple[Any, ...] = ()

    @property
    def name(self) -> str:
        """What tells this picture apart from the view's other pictures."""
        return ":".join((self.where.rpartition(":")[2], *map(str, self.args)))

    def drawer(self) -> Drawer:
        """What it names, looked up (importing its module) and made of ``args`` if any."""
        module, _, attribute = self.where.partition(":")
        found = getattr(import_module(module), attribute)
        drawer: Drawer = found(*self.args) if self.args else found
        return drawer

    def __call__(self, view: View, names: Sequence[str]) -> bytes:
        return self.drawer()(view, names)


BOARD = Named("render:render_view")
"""The game's board, drawn by its game's renderer."""


def drawer_name(drawer: Drawer) -> str:
    """What tells ``drawer``'s pictures apart from the view's other pictures."""
    return getattr(drawer, "name", None) or getattr(drawer, "__name__", "")


ViewSource = View | Callable[[], View]
"""A view, or how to build it where the picture is drawn (it must then pickle: a module-level
function or a ``partial`` of one), so building it costs the event loop nothing."""


def game_view(game_name: str, state: Any, seat: int | None) -> View:
    """``seat``'s view of a game's state (None: the public view); with ``partial``, a view
    built where its picture is drawn."""
    return find_game(game_name).view(state, seat)


def draw_in(lang: str, drawer: Drawer, view: ViewSource, names: Sequence[str]) -> bytes:
    """``drawer``'s picture of ``view`` with its words in ``lang`` (it pickles, partially)."""
    built = view if isinstance(view, View) else view()
    with speaking(lang):
        return drawer(built, names)


@dataclass(frozen=True, slots=True)
class MarkedBoard:
    """A drawer: the board with a menu's choices lettered on their hexes."""

    marks: tuple[Mark, ...]

    @classmethod
    def of(cls, marks: Marks) -> MarkedBoard:
        return cls(tuple((letter, tuple((h.q, h.r) for h in at)) for letter, at in marks))

    @property
    def name(self) -> str:
        """What tells this picture apart from the board's other pictures."""
        return "marks:" + ";".join(f"{letter}{at}" for letter, at in self.marks)

    def __call__(self, view: View, names: Sequence[str]) -> bytes:
        from render import render_marked  # where it draws: the bot's process never imports it

        return render_marked(view, names, self.marks)


def picture_digest(drawer: Drawer, view: View, names: Sequence[str], lang: str) -> str:
    """A fingerprint of the picture ``drawer`` makes of ``view``: everything it is drawn
    from (the drawer, the view, the names, the language), so the same fingerprint means the
    same picture."""
    what = [drawer_name(drawer), lang, view.game, view.seat, view.data, list(names)]
    text = json.dumps(what, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.blake2b(text.encode(), digest_size=DIGEST_BYTES).hexdigest()


@dataclass(frozen=True, slots=True)
class Drawn:
    """A picture drawn where it was asked for: its fingerprint, and its PNG (None: it is the
    picture the asker shows already, so it was not drawn)."""

    digest: str
    png: bytes | None = None


def draw_unless_shown(
    drawer: Drawer | None, view: View, names: Sequence[str], lang: str, shown: str
) -> Drawn:
    """``drawer``'s picture (default: the game's renderer) of ``view`` in ``lang``, unless
    its fingerprint is ``shown``."""
    drawer = drawer or BOARD
    digest = picture_digest(drawer, view, names, lang)
    if digest == shown:
        return Drawn(digest)
    return Drawn(digest, draw_in(lang, drawer, view, names))


def configured_workers() -> int:
    """Worker processes from the environment (0: draw in the bot's process); default: cores."""
    text = os.environ.get(WORKERS_VARIABLE, "").strip()
    if not text:
        return machine_cores()
    if not text.isdigit():
        raise ValueError(
            f"{WORKERS_VARIABLE} is a number of worker processes (0 or more), not {text!r}"
        )
    return int(text)


class Pictures:
    """PNG pictures of game views: drawn in worker processes, the latest ones cached."""

    def __init__(self, workers: int | None = None, cache_size: int = CACHE_SIZE) -> None:
        count = configured_workers() if workers is None else workers
        self._pool = WorkerPool(count) if count > 0 else None
        self._cache: OrderedDict[PictureKey, bytes] = OrderedDict()
        self._cache_size = cache_size
        self._drawing: dict[PictureKey, asyncio.Future[bytes]] = {}

    @property
    def in_process(self) -> bool:
        """Whether pictures are drawn in a thread of this process (no worker pool)."""
        return self._pool is None

    @property
    def started(self) -> bool:
        """Whether worker processes are running (they start with the first drawing)."""
        return self._pool is not None and self._pool.started

    async def draw(
        self,
        key: PictureKey,
        view: ViewSource,
        names: Sequence[str],
        drawer: Drawer | None = None,
    ) -> bytes:
        """The PNG of ``view`` by ``drawer`` (default: the game's renderer); a view to build
        is built only when the picture is neither cached nor being drawn, where it is drawn."""
        key = key._replace(names=tuple(names))
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        drawing = self._drawing.get(key)
        if drawing is None:
            drawer = partial(draw_in, key.language, drawer or BOARD)
            drawing = asyncio.ensure_future(self.run(drawer, view, list(names)))
            self._drawing[key] = drawing
            drawing.add_done_callback(lambda done: self._settle(key, done))
        # One waiter giving up (its interaction cancelled) must not stop the others' picture.
        return await asyncio.shield(drawing)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (a module-level function: it must pickle), or in
        a thread of this process when there are no workers."""
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await self._pool.run(fn, *args)

    def _settle(self, key: PictureKey, done: asyncio.Future[bytes]) -> None:
        del self._drawing[key]
        if done.cancelled() or done.exception() is not None:
            return
        self._cache[key] = done.result()
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop the worker processes, if any were started."""
        if self._pool is not None:
            self._pool.close()
