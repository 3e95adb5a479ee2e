"""A board with choices marked: a lettered badge on the hexes each choice is about.

The panel's pickers show the board of a hex game with the choices of the current menu marked
``A``, ``B``, ``C`` …, so a player on a phone picks a letter instead of reading coordinates.
A badge sits in the upper half of its hex (clear of the pieces) or between the hexes it marks,
and is sized to stay readable when the picture is shrunk to a phone's width. A hex every choice
shares (the volcano whose tile is being turned) is ringed boldly, as the choices' centre: each
badge then sits beside it, between that choice's own hexes (thinly ringed), pushed outwards so
that no badge sits on an edge two ways share. The board is framed to show every marked hex.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View

from .common import (
    BOARD,
    HexLayout,
    draw_polygon,
    draw_text,
    regular_polygon,
    to_png_palette,
)
from .common.text import drawable
from .common.theme import font
from .registry import pictures_for

Mark = tuple[str, tuple[tuple[int, int], ...]]
"""A letter and the axial ``(q, r)`` hexes it marks."""
PHONE_WIDTH = 400  # the picture is read at about this width
BADGE_PHONE_PX = 9  # badge radius once shrunk to the phone's width
BADGE_HEX = 0.5  # ... and at least this fraction of a hex
RAISE = 0.45  # a badge on one hex sits this fraction of a hex above its middle
PUSH = 0.25  # ... and one between hexes this fraction of a hex away from the shared hex
FILL = (255, 236, 64)
INK = (20, 20, 20)


def badge_radius(image_width: int, layout: HexLayout) -> float:
    """A badge's radius in pixels: readable at phone width, and never smaller than half a hex."""
    return max(BADGE_PHONE_PX * image_width / PHONE_WIDTH, BADGE_HEX * layout.size)


def shared_hexes(marks: Sequence[Mark]) -> set[tuple[int, int]]:
    """The hexes every one of several marks names."""
    if len(marks) < 2:
        return set()
    return set.intersection(*(set(hexes) for _, hexes in marks))


def _middle(layout: HexLayout, hexes: Sequence[tuple[int, int]]) -> tuple[float, float]:
    centres = [layout.centre(q, r) for q, r in hexes]
    return sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres)


def badge_centre(
    layout: HexLayout, hexes: Sequence[tuple[int, int]], shared: set[tuple[int, int]]
) -> tuple[float, float]:
    """Where a mark's badge goes: above a lone hex's middle (its pieces are below), between
    several hexes, and pushed away from the hexes all marks share."""
    own = [h for h in hexes if h not in shared] or list(hexes)
    x, y = _middle(layout, own)
    if len(own) == 1:
        return x, y - RAISE * layout.size
    if shared:
        sx, sy = _middle(layout, sorted(shared))
        away = math.hypot(x - sx, y - sy) or 1.0
        x, y = x + PUSH * layout.size * (x - sx) / away, y + PUSH * layout.size * (y - sy) / away
    return x, y


def draw_marks(image: Image.Image, layout: HexLayout, marks: Sequence[Mark]) -> None:
    """Ring every marked hex (a shared hex once, boldly) and put each letter in a badge."""
    draw = ImageDraw.Draw(image)
    radius = badge_radius(image.width, layout)
    face = font(round(radius * 1.35), bold=True)
    ring = max(2, round(radius / 4))
    shared = shared_hexes(marks)
    for q, r in sorted(shared):
        draw.polygon(layout.corners(q, r, 0.92), outline=INK, width=3 * ring)
        draw.polygon(layout.corners(q, r, 0.92), outline=FILL, width=ring)
    thin = max(1, ring // 2) if shared else ring  # where ways share hexes, their rings coincide
    for q, r in {h for _, hexes in marks for h in hexes} - shared:
        draw.polygon(layout.corners(q, r, 0.92), outline=FILL, width=thin)
    left, top, right, bottom = image.info.get(BOARD, (0, 0, image.width, image.height))
    for letter, hexes in marks:
        x, y = badge_centre(layout, hexes, shared)
        x = min(max(x, left + radius), right - radius)  # on the board, clear of the header
        y = min(max(y, top + radius), bottom - radius)
        outline = regular_polygon((x, y), radius, 24)
        draw_polygon(draw, outline, fill=FILL, outline=INK, width=max(1, round(radius / 6)))
        draw_text(draw, (x, y), letter, face, INK)


def render_marked(view: View, names: Sequence[str], marks: Sequence[Mark]) -> bytes:
    """The PNG of a hex game's view with ``marks`` drawn over its board; ValueError for a game
    whose pictures have no hexes to mark."""
    pictures = pictures_for(view.game)
    if pictures.hex_image is None:
        raise ValueError(f"the pictures of {view.game!r} have no hexes to mark")
    fit = [h for _, hexes in marks for h in hexes]
    drawn = [drawable(name) for name in names]
    image, layout = pictures.hex_image(view, drawn, theme=pictures.hex_theme, fit=fit)
    draw_marks(image, layout, marks)
    return to_png_palette(image)
