"""A board with choices marked: a lettered badge on the hexes each choice is about.

The panel's pickers show the board of a hex game with the choices of the current menu marked
``A``, ``B``, ``C`` …, so a player on a phone picks a letter instead of reading coordinates.
A badge sits in the upper half of its hex (clear of the pieces) or on the edge between two, and
is sized to stay readable when the picture is shrunk to a phone's width.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.core import View

from .common import HexLayout, Theme, draw_polygon, draw_text, regular_polygon, to_png_palette
from .common.text import drawable
from .common.theme import DEFAULT_THEME, font
from .tigerisland import render_image as tigerisland_image
from .wars import WARS_THEME
from .wars import render_image as wars_image

Mark = tuple[str, tuple[tuple[int, int], ...]]
"""A letter and the axial ``(q, r)`` hexes it marks."""
PHONE_WIDTH = 400  # the picture is read at about this width
BADGE_PHONE_PX = 9  # badge radius once shrunk to the phone's width
BADGE_HEX = 0.5  # ... and at least this fraction of a hex
RAISE = 0.45  # a badge on one hex sits this fraction of a hex above its middle
FILL = (255, 236, 64)
INK = (20, 20, 20)

IMAGES: dict[str, tuple[Callable[..., tuple[Image.Image, HexLayout]], Theme]] = {
    "tigerisland": (tigerisland_image, DEFAULT_THEME),
    "wars": (wars_image, WARS_THEME),
}


def badge_radius(image_width: int, layout: HexLayout) -> float:
    """A badge's radius in pixels: readable at phone width, and never smaller than half a hex."""
    return max(BADGE_PHONE_PX * image_width / PHONE_WIDTH, BADGE_HEX * layout.size)


def draw_marks(image: Image.Image, layout: HexLayout, marks: Sequence[Mark]) -> None:
    """Ring every marked hex and put each letter in a badge at the middle of its hexes."""
    draw = ImageDraw.Draw(image)
    radius = badge_radius(image.width, layout)
    face = font(round(radius * 1.35), bold=True)
    for _, hexes in marks:
        for q, r in hexes:
            draw.polygon(layout.corners(q, r, 0.92), outline=FILL, width=max(2, round(radius / 4)))
    for letter, hexes in marks:
        centres = [layout.centre(q, r) for q, r in hexes]
        x = sum(c[0] for c in centres) / len(centres)
        y = sum(c[1] for c in centres) / len(centres)
        if len(centres) == 1:  # above the hex's middle, where its pieces are
            y -= RAISE * layout.size
        outline = regular_polygon((x, y), radius, 24)
        draw_polygon(draw, outline, fill=FILL, outline=INK, width=max(1, round(radius / 6)))
        draw_text(draw, (x, y), letter, face, INK)


def render_marked(view: View, names: Sequence[str], marks: Sequence[Mark]) -> bytes:
    """The PNG of a hex game's view with ``marks`` drawn over its board."""
    draw_image, theme = IMAGES[view.game]
    image, layout = draw_image(view, [drawable(name) for name in names], theme=theme)
    draw_marks(image, layout, marks)
    return to_png_palette(image)
