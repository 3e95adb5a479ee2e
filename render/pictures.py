"""Drawing a game's view: a pure function from a view to PNG bytes, one renderer per game.

Importing this module imports the render package (``render.<game>``) of every registered game,
which registers its pictures (:mod:`render.registry`); :mod:`render` offers what it defines.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from importlib.util import find_spec

from engine import all_games
from engine.core import View
from locales import current, speaking

from .common.text import drawable
from .marks import Mark, render_marked
from .registry import GamePictures, Renderer, drawn_games, pictures_for, register_pictures

for _game in all_games():  # each game's render package registers its pictures when imported
    if find_spec(f"{__package__}.{_game.info.name}") is not None:
        import_module(f"{__package__}.{_game.info.name}")


def render_view(
    view: View, names: Sequence[str], *, locale: str | None = None, title: str | None = None
) -> bytes:
    """The PNG of ``view``, drawn by its game's renderer; ``names`` are display names by seat.

    ``locale`` is the language of the picture's words (default: the current one, see
    :func:`locales.speaking`); ``title`` replaces the game's own heading.
    Raises ValueError for a game without a renderer.
    """
    draw = pictures_for(view.game).board
    with speaking(locale or current()):
        return draw(view, [drawable(name) for name in names], title=title)


def final_pictures(view: View, names: Sequence[str]) -> dict[str, bytes]:
    """The pictures that show a finished game better than its board alone (none for most)."""
    final = pictures_for(view.game).final
    return final(view, names) if final is not None else {}


__all__ = [
    "GamePictures",
    "Mark",
    "Renderer",
    "drawn_games",
    "final_pictures",
    "pictures_for",
    "register_pictures",
    "render_marked",
    "render_view",
]
