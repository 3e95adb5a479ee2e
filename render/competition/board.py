"""The public table: header, the strip of this round (or the final score table), the piles.

Only public parts of the view are read, so a seat's view gives the same picture as a
spectator's except that the seat is marked "you".
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.competition import Table
from engine.core import View
from locales import N_
from render.common import Theme

from .final import draw_final, final_height
from .header import Status, draw_header, header_height, public_status
from .piles import ChipBoxes, draw_piles, piles_height
from .sizes import CANVAS_WIDTH
from .strip import draw_progress, draw_strip, progress_height, strip_height

MAX_HEIGHT = 2400  # the tallest a table picture gets, with every section at its largest
SECTION_GAP = 22
BOTTOM_MARGIN = 24
DEFAULT_TITLE = N_("Island competition")


def board_image(
    view: View, names: Sequence[str], title: str, theme: Theme
) -> tuple[Image.Image, ChipBoxes]:
    """The public picture of ``view`` and where each player's sea chips are on it, made as
    tall as its contents before drawing (no larger canvas to fill and cut down)."""
    table = Table.of(view)
    status = public_status(table, names)
    image = Image.new("RGB", (CANVAS_WIDTH, board_height(table, status)), theme.background)
    _, chips = draw_board(ImageDraw.Draw(image), view, table, names, title, status, theme)
    return image, chips


def board_height(table: Table, status: Status) -> int:
    """How tall the public picture of ``table`` is (as :func:`draw_board` draws it)."""
    y = header_height(status)
    if table.outcome is not None:
        y += SECTION_GAP + final_height(table)
    elif table.phase == "place":
        y += SECTION_GAP / 2 + progress_height(table)
    else:
        y += strip_height(table)
    return round(y + SECTION_GAP + piles_height(table) + BOTTOM_MARGIN)


def draw_board(
    draw: ImageDraw.ImageDraw,
    view: View,
    table: Table,
    names: Sequence[str],
    title: str,
    status: Status,
    theme: Theme,
) -> tuple[float, ChipBoxes]:
    """Draw the public picture; returns the y below it (:func:`board_height` less the bottom
    margin) and where each player's sea chips are."""
    y = draw_header(draw, table, title, status, theme, CANVAS_WIDTH)
    if table.outcome is not None:
        y = draw_final(draw, y + SECTION_GAP, table, names, CANVAS_WIDTH, theme)
    elif table.phase == "place":
        y = draw_progress(draw, y + SECTION_GAP / 2, table, names, CANVAS_WIDTH, theme)
    else:
        y = draw_strip(draw, y, table, names, CANVAS_WIDTH, theme)
    return draw_piles(draw, y + SECTION_GAP, table, names, CANVAS_WIDTH, theme, viewer=view.seat)
