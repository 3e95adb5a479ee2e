"""Board pictures: a pure function from a game view to PNG bytes, one renderer per game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import View
from locales import current, speaking

from .common.base import RGB
from .common.text import drawable
from .common.theme import DEFAULT_THEME
from .competition import render_picture as render_competition
from .islant import final_pictures as islant_final_pictures
from .islant import render_board as render_islant
from .marks import Mark, render_marked
from .tigerisland import render_board as render_tigerisland
from .wars import render_board as render_wars

Renderer = Callable[..., bytes]

RENDERERS: dict[str, Renderer] = {
    "competition": render_competition,
    "islant": render_islant,
    "tigerisland": render_tigerisland,
    "wars": render_wars,
}


# Games whose end is best shown with more than the board (a ranking, every sheet).
FINAL_PICTURES: dict[str, Callable[[View, Sequence[str]], dict[str, bytes]]] = {
    "islant": islant_final_pictures,
}


def render_view(
    view: View, names: Sequence[str], *, locale: str | None = None, **options: Any
) -> bytes:
    """The PNG of ``view``, drawn by its game's renderer; ``names`` are display names by seat.

    ``locale`` is the language of the picture's words (default: the current one, see
    :func:`locales.speaking`). ``options`` go to the renderer (``title``, ``theme``).
    Raises ValueError for a game without a renderer.
    """
    renderer = RENDERERS.get(view.game)
    if renderer is None:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no renderer for game {view.game!r}; renderers exist for: {known}")
    with speaking(locale or current()):
        return renderer(view, [drawable(name) for name in names], **options)


def seat_colour(seat: int) -> RGB:
    """The colour a seat has in every picture (messages use it as their accent)."""
    return DEFAULT_THEME.player(seat)


__all__ = ["FINAL_PICTURES", "RENDERERS", "Mark", "render_marked", "render_view", "seat_colour"]
