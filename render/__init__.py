"""Board pictures: a pure function from a game view to PNG bytes, one renderer per game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import View

from .tigerisland import render_board as render_tigerisland

Renderer = Callable[..., bytes]

RENDERERS: dict[str, Renderer] = {
    "tigerisland": render_tigerisland,
}


def render_view(view: View, names: Sequence[str], **options: Any) -> bytes:
    """The PNG of ``view``, drawn by its game's renderer; ``names`` are display names by seat.

    ``options`` go to the renderer (``title``, ``theme``). Raises ValueError for a game
    without a renderer.
    """
    renderer = RENDERERS.get(view.game)
    if renderer is None:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no renderer for game {view.game!r}; renderers exist for: {known}")
    return renderer(view, names, **options)


__all__ = ["RENDERERS", "render_view"]
