"""Sizing the picture: a hex size that fits the island, and a canvas that fits both.

The canvas is normally :data:`CANVAS_WIDTH` wide, which stays legible when a phone shows it
about 500 px wide. The board area's height follows the island's shape within limits. Only an
island so sprawling that its hexes would be smaller than :data:`MIN_HEX` makes the canvas
grow (up to :data:`MAX_CANVAS`); beyond that the hexes shrink further.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tigerisland import Cell
from render.common import HexFrame, HexLayout, Orientation, unit_bounds
from render.common.hexes import Axial

from .board import MAX_WALL_LEVELS, WALL
from .cubes import to_axial

CANVAS_WIDTH = 1080
MAX_CANVAS = 2160
MARGIN = 24
MIN_BOARD_HEIGHT = 480
MAX_BOARD_HEIGHT = 1000
MAX_HEX = 78
MIN_HEX = 24
PADDING = 0.3  # room around the island for borders and highlights, in hex radii


def frame_board(cells: Sequence[Cell], fit: Sequence[Axial] = ()) -> HexFrame:
    """Size the board area for ``cells`` and the empty hexes ``fit`` (places a picture marks
    beside the island); its layout has the area's top-left at 0, 0."""
    shown = [to_axial(c.cube) for c in cells] + list(fit)
    left, top, right, bottom = unit_bounds(shown, Orientation.POINTY)
    wall = WALL * min(MAX_WALL_LEVELS, max((c.level for c in cells), default=1))
    unit_w = right - left + 2 * PADDING
    unit_h = bottom - top + 2 * PADDING + wall
    inner_w = CANVAS_WIDTH - 2 * MARGIN
    size = min(MAX_HEX, inner_w / unit_w, MAX_BOARD_HEIGHT / unit_h)
    if size < MIN_HEX:
        room = MAX_CANVAS - 2 * MARGIN
        size = min(MIN_HEX, room / unit_w, room / unit_h)
    width = max(CANVAS_WIDTH, round(unit_w * size + 2 * MARGIN))
    height = max(MIN_BOARD_HEIGHT, round(unit_h * size))
    origin_x = width / 2 - size * (left + right) / 2
    origin_y = (height - wall * size) / 2 - size * (top + bottom) / 2
    return HexFrame(width, height, HexLayout(Orientation.POINTY, size, (origin_x, origin_y)))
