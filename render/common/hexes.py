"""Hex geometry for drawing: axial ``(q, r)`` cells to pixels, corners, edges, fitting a box.

Axial ``r`` grows downwards on screen. Pointy-top: ``q`` grows to the right along a row.
Flat-top: ``q`` grows to the right along a zig-zag of columns.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from .base import Box, Point

Axial = tuple[int, int]
SQRT3 = math.sqrt(3)


class Orientation(Enum):
    """Which way the hexes point: a corner at the top (pointy) or an edge at the top (flat)."""

    POINTY = "pointy"
    FLAT = "flat"


def axial_to_pixel(q: float, r: float, size: float, orientation: Orientation) -> Point:
    """The centre of cell ``(q, r)`` relative to the centre of ``(0, 0)``."""
    if orientation is Orientation.POINTY:
        return (size * SQRT3 * (q + r / 2), size * 1.5 * r)
    return (size * 1.5 * q, size * SQRT3 * (r + q / 2))


@lru_cache(maxsize=2)
def _unit_corners(orientation: Orientation) -> tuple[Point, ...]:
    start = -30 if orientation is Orientation.POINTY else 0
    return tuple(
        (math.cos(math.radians(start + 60 * i)), math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    )


def hex_corners(centre: Point, size: float, orientation: Orientation) -> list[Point]:
    """The six corners of a hex of circumradius ``size`` around ``centre``, clockwise."""
    cx, cy = centre
    return [(cx + size * x, cy + size * y) for x, y in _unit_corners(orientation)]


def unit_bounds(cells: Iterable[Axial], orientation: Orientation) -> Box:
    """The pixel box ``(left, top, right, bottom)`` covering ``cells`` drawn at size 1.

    An empty set of cells gives the box of the single cell ``(0, 0)``.
    """
    half_w, half_h = (SQRT3 / 2, 1.0) if orientation is Orientation.POINTY else (1.0, SQRT3 / 2)
    centres = [axial_to_pixel(q, r, 1.0, orientation) for q, r in cells] or [(0.0, 0.0)]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    return (min(xs) - half_w, min(ys) - half_h, max(xs) + half_w, max(ys) + half_h)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Where a hex grid sits on a canvas: orientation, circumradius and the centre of (0, 0)."""

    orientation: Orientation
    size: float
    origin: Point

    def centre(self, q: float, r: float) -> Point:
        """The pixel centre of cell ``(q, r)``."""
        dx, dy = axial_to_pixel(q, r, self.size, self.orientation)
        return (self.origin[0] + dx, self.origin[1] + dy)

    def corners(self, q: float, r: float, scale: float = 1.0) -> list[Point]:
        """The corners of cell ``(q, r)``; ``scale`` < 1 gives an inset hex."""
        return hex_corners(self.centre(q, r), self.size * scale, self.orientation)

    def edge(self, q: float, r: float, direction: Axial) -> tuple[Point, Point]:
        """The side of cell ``(q, r)`` shared with its neighbour at ``(q, r) + direction``."""
        corners = self.corners(q, r)
        i, j = edge_corners(direction, self.orientation)
        return corners[i], corners[j]


@lru_cache(maxsize=32)
@dataclass(frozen=True, slots=True)
class HexFrame:
    """A board area: the canvas width, the area's height and the hex layout within it."""

    width: int
    height: int
    layout: HexLayout


@lru_cache(maxsize=64)
def edge_corners(direction: Axial, orientation: Orientation) -> tuple[int, int]:
    """Indices, into :func:`hex_corners`, of the two corners on the side facing ``direction``.

    The indices are consecutive (mod 6): side ``i`` runs from corner ``i`` to ``i + 1``.
    """
    dx, dy = axial_to_pixel(direction[0], direction[1], 1.0, orientation)
    corners = hex_corners((0.0, 0.0), 1.0, orientation)
    ranked = sorted(range(6), key=lambda i: -(corners[i][0] * dx + corners[i][1] * dy))
    first, second = sorted(ranked[:2])
    return (second, first) if (first, second) == (0, 5) else (first, second)


def side_runs(corners: Sequence[Point], sides: Sequence[bool]) -> list[tuple[list[Point], bool]]:
    """The chosen sides of a hex (side ``i`` runs from corner ``i`` to ``i + 1``) as paths.

    Consecutive sides join into one path, so thick lines meet cleanly; returns
    ``(points, closed)`` pairs, ``closed`` when all six sides are chosen.
    """
    if all(sides):
        return [(list(corners), True)]
    runs = []
    start = next((i for i in range(6) if not sides[i]), 0)
    path: list[Point] = []
    for k in range(1, 7):
        i = (start + k) % 6
        if sides[i]:
            path = path or [corners[i]]
            path.append(corners[(i + 1) % 6])
        elif path:
            runs.append((path, False))
            path = []
    return runs


def fit_layout(
    cells: Iterable[Axial],
    orientation: Orientation,
    box: Box,
    *,
    min_size: float,
    max_size: float,
) -> HexLayout:
    """A layout centring ``cells`` in ``box``, as large as fits within the size limits.

    With ``min_size`` binding, the cells may overflow the box; callers that must never
    overflow grow the box first (see :func:`unit_bounds`).
    """
    left, top, right, bottom = unit_bounds(cells, orientation)
    width, height = right - left, bottom - top
    size = min((box[2] - box[0]) / width, (box[3] - box[1]) / height)
    size = max(min_size, min(max_size, size))
    mid_x = (box[0] + box[2]) / 2 - size * (left + right) / 2
    mid_y = (box[1] + box[3]) / 2 - size * (top + bottom) / 2
    return HexLayout(orientation, size, (mid_x, mid_y))
