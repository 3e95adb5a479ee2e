"""Each game's pictures, registered by the game's render package when it is imported.

A render package calls :func:`register_pictures` once, at import, with its board renderer and
whatever else it draws; :mod:`render` imports the render package of every registered game, so
no list names them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from PIL import Image

from engine.core import View

from .common.hexes import HexLayout
from .common.theme import DEFAULT_THEME, Theme


class Renderer(Protocol):
    """Draws a view as PNG bytes; ``names`` are display names by seat (already drawable)."""

    def __call__(self, view: View, names: Sequence[str], *, title: str | None = None) -> bytes:
        """The picture of ``view``; ``title`` replaces the game's own heading."""
        ...


class HexImage(Protocol):
    """Draws a hex game's view as an image and says where its hexes are (for marks)."""

    def __call__(
        self,
        view: View,
        names: Sequence[str],
        *,
        theme: Theme,
        fit: Sequence[tuple[int, int]] = (),
    ) -> tuple[Image.Image, HexLayout]:
        """The picture, framed to show the axial hexes ``fit`` too, and its hex layout."""
        ...


FinalPictures = Callable[[View, Sequence[str]], dict[str, bytes]]
"""The pictures that show a finished game better than its board alone, by file name."""


@dataclass(frozen=True, slots=True)
class GamePictures:
    """What can be drawn of one game."""

    board: Renderer
    final: FinalPictures | None = None
    """Pictures of a finished game beyond the board (a ranking, every sheet)."""
    hex_image: HexImage | None = None
    """For a hex game: its board as an image with its layout, so that choices can be marked."""
    hex_theme: Theme = DEFAULT_THEME


_PICTURES: dict[str, GamePictures] = {}


def register_pictures(game: str, pictures: GamePictures) -> GamePictures:
    """Make ``pictures`` the way ``game`` is drawn (a render package calls this on import)."""
    _PICTURES[game] = pictures
    return pictures


def pictures_for(game: str) -> GamePictures:
    """How ``game`` is drawn; ValueError naming the games that can be drawn otherwise."""
    found = _PICTURES.get(game)
    if found is None:
        known = ", ".join(sorted(_PICTURES))
        raise ValueError(f"no renderer for game {game!r}; renderers exist for: {known}")
    return found


def drawn_games() -> frozenset[str]:
    """The games that have a renderer."""
    return frozenset(_PICTURES)
