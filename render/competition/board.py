"""The public table: header, the strip of this round (or the final score table), the piles.

Only public parts of the view are read, so a seat's view gives the same picture as a
spectator's except that the seat is marked "you".
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View
from locales import N_
from render.common import Theme

from .final import draw_final
from .header import draw_header, public_status
from .model import parse_table
from .piles import ChipBoxes, draw_piles
from .strip import draw_progress, draw_strip

CANVAS_WIDTH = 1080
MAX_HEIGHT = 2400
SECTION_GAP = 22
BOTTOM_MARGIN = 24
DEFAULT_TITLE = N_("Island competition")


def board_image(
    view: View, names: Sequence[str], title: str, theme: Theme
) -> tuple[Image.Image, ChipBoxes]:
    """The public picture of ``view`` and where each player's sea chips are on it."""
    table = parse_table(view.data)
    image = Image.new("RGB", (CANVAS_WIDTH, MAX_HEIGHT), theme.background)
    draw = ImageDraw.Draw(image)
    y = draw_header(draw, table, title, public_status(table, names), theme, CANVAS_WIDTH)
    if table.outcome is not None:
        y = draw_final(draw, y + SECTION_GAP, table, names, CANVAS_WIDTH, theme)
    elif table.phase == "place":
        y = draw_progress(draw, y + SECTION_GAP / 2, table, names, CANVAS_WIDTH, theme)
    else:
        y = draw_strip(draw, y, table, names, CANVAS_WIDTH, theme)
    y, chips = draw_piles(
        draw, y + SECTION_GAP, table, names, CANVAS_WIDTH, theme, viewer=view.seat
    )
    return image.crop((0, 0, CANVAS_WIDTH, round(y + BOTTOM_MARGIN))), chips
