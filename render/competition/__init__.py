"""Island competition (Inseln toppen!): the public table and each player's own hand.

:func:`render_picture` is what ``render.render_view`` calls: a seat's own view shows that
seat's hand and placement while cards are being placed (the picture sent privately to that
player), and the public table in every other phase; a spectator's view always shows the
public table. :func:`render_board` and :func:`render_hand` draw one picture each.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import View
from locales import seat_name, tr
from render.common import DEFAULT_THEME, Theme, to_png_palette

from ..registry import GamePictures, register_pictures
from .board import DEFAULT_TITLE, board_image
from .cards import draw_blind_card, draw_card, draw_card_back, draw_slot_card
from .hand import hand_image


def render_board(
    view: View, names: Sequence[str], *, title: str | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    """The PNG of the public table; ``names`` are the players' display names by seat."""
    image, _ = board_image(view, names, title or tr(DEFAULT_TITLE), theme)
    return to_png_palette(image)


def render_hand(
    view: View, names: Sequence[str], *, title: str | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    """The PNG of a seat's hand and placement (its own view only; ValueError otherwise)."""
    if view.seat is None:
        raise ValueError("a hand picture needs a player's own view, not a spectator's")
    heading = title or tr("Hand of {name}", name=seat_name(names, view.seat))
    return to_png_palette(hand_image(view, names, heading, theme))


def shows_hand(view: View) -> bool:
    """Whether :func:`render_picture` draws the hand: a seat's own view while placing."""
    return view.seat is not None and view.data.get("phase") == "place"


def render_picture(
    view: View, names: Sequence[str], *, title: str | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    """The hand while a seat places its cards (its own view), otherwise the public table."""
    if shows_hand(view):
        return render_hand(view, names, title=title, theme=theme)
    return render_board(view, names, title=title, theme=theme)


register_pictures("competition", GamePictures(render_picture))


__all__ = [
    "DEFAULT_TITLE",
    "draw_blind_card",
    "draw_card",
    "draw_card_back",
    "draw_slot_card",
    "render_board",
    "render_hand",
    "render_picture",
    "shows_hand",
]
