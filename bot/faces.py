"""What the bot adds for one game beyond what every game gets, as one record per game.

Every registered game is hosted, played by taps and shown with no face at all: the generic
commands, the panel built from its menus and its board under a plain message. A game that
needs more (commands of its own, another public message, a panel picture other than its
board) registers a :class:`GameFace` in ``bot/cogs/<game>.py``, the extension the bot loads
for each registered game that has one.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from .publisher import Presentation
from .rendering import Drawer
from .service.navigator import LinesOf


@dataclass(frozen=True, slots=True)
class PanelLook:
    """What a game adds to its panel: a picture other than its board (drawn from the seat's
    view), and lines about the seat's turn above the menu."""

    drawer: Drawer | None = None
    lines: LinesOf | None = None
    """Lines above the menu from the state and the seat (worked out in the worker pool)."""
    own_part: bool = False
    """The drawer draws only the seat's own part (its sheet, its hand): it is given
    ``Game.seat_view``, which need not build the other seats' parts."""


@dataclass(frozen=True, slots=True)
class GameFace:
    """The bot's own parts for one game."""

    game: str
    presentation: Presentation | None = None
    """How its public board message looks (default: the board under a plain message)."""
    panel_look: PanelLook = PanelLook()
    items: tuple[type[discord.ui.DynamicItem], ...] = ()
    """The persistent buttons and selects its messages carry."""


_FACES: dict[str, GameFace] = {}


def register_face(face: GameFace) -> GameFace:
    """Make ``face`` the bot's parts for its game (its extension calls this on import)."""
    _FACES[face.game] = face
    return face


def face_of(game: str) -> GameFace:
    """The bot's parts for ``game``: the registered face, or the plain one every game has."""
    return _FACES.get(game) or GameFace(game)


def all_faces() -> list[GameFace]:
    """Every registered face."""
    return list(_FACES.values())
