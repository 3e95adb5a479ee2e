"""Board pictures: a pure function from a game view to PNG bytes, one renderer per game.

Importing this package is cheap: :func:`seat_colour` needs no drawing. The rest it offers
(:func:`render_view`, each game's registered pictures, …) comes from :mod:`render.pictures`,
imported on first use, which imports Pillow, the fonts and the render package (``render.<game>``)
of every registered game, each registering its pictures (:mod:`render.registry`). A process
that only names the pictures others draw (the bot's event loop) never loads them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .colours import seat_colour

if TYPE_CHECKING:
    from .pictures import (
        GamePictures,
        Mark,
        Renderer,
        drawn_games,
        final_pictures,
        pictures_for,
        register_pictures,
        render_marked,
        render_view,
    )

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
    "seat_colour",
]
_DRAWING = frozenset(__all__) - {"seat_colour"}
"""What is found in :mod:`render.pictures` when first asked for (it imports Pillow)."""


def __getattr__(name: str) -> Any:
    if name not in _DRAWING:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(".pictures", __name__), name)
    globals()[name] = value  # found directly from now on
    return value
