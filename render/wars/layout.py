"""Sizing the map: a hex size that fits the island into a phone-friendly canvas width.

The canvas is :data:`CANVAS_WIDTH` wide, which stays legible when a phone shows it about
500 px wide. The map's height follows from the hex size, which is capped at :data:`MAX_HEX`
(small maps) and by :data:`MAX_MAP_HEIGHT` (tall maps).
"""

from __future__ import annotations

from collections.abc import Iterable

from render.common import Axial, HexFrame, HexLayout, Orientation, unit_bounds

CANVAS_WIDTH = 1080
MARGIN = 20
MAX_HEX = 64
MAX_MAP_HEIGHT = 1200
PADDING = 0.15  # room around the map for its outer lines, in hex radii


def frame_map(cells: Iterable[Axial]) -> HexFrame:
    """Size the map area for ``cells`` (its layout has the area's top-left at 0, 0)."""
    left, top, right, bottom = unit_bounds(list(cells), Orientation.FLAT)
    unit_w = right - left + 2 * PADDING
    unit_h = bottom - top + 2 * PADDING
    size = min(MAX_HEX, (CANVAS_WIDTH - 2 * MARGIN) / unit_w, MAX_MAP_HEIGHT / unit_h)
    height = round(unit_h * size + 2 * MARGIN)
    origin = (CANVAS_WIDTH / 2 - size * (left + right) / 2, height / 2 - size * (top + bottom) / 2)
    return HexFrame(CANVAS_WIDTH, height, HexLayout(Orientation.FLAT, size, origin))
