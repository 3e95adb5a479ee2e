"""Small drawings on the sheet: wave lines, a boat, a tick, a compass star, dashed lines."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from render.common import RGB, Box, Point, star


def dashed_line(
    draw: ImageDraw.ImageDraw, a: Point, b: Point, fill: RGB, width: int, dash: float
) -> None:
    """A straight dashed line from ``a`` to ``b``: dashes and gaps ``dash`` pixels long."""
    length = math.dist(a, b)
    count = max(1, round(length / (2 * dash)))
    step = length / (2 * count)
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    for k in range(count):
        s, e = (2 * k + 0.5) * step, (2 * k + 1.5) * step
        draw.line([(a[0] + dx * s, a[1] + dy * s), (a[0] + dx * e, a[1] + dy * e)], fill, width)


def dashed_box(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, width: int, dash: float) -> None:
    """A rectangle drawn with dashed sides."""
    left, top, right, bottom = box
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    for i, corner in enumerate(corners):
        dashed_line(draw, corner, corners[(i + 1) % 4], fill, width, dash)


def wave_lines(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, rows: int, width: int) -> None:
    """``rows`` wavy lines across ``box``, evenly spaced."""
    left, top, right, bottom = box
    gap = (bottom - top) / rows
    amplitude = gap * 0.22
    steps = 24
    for r in range(rows):
        y = top + gap * (r + 0.5)
        points = [
            (
                left + (right - left) * i / steps,
                y + amplitude * math.sin(i / steps * 4 * math.pi),
            )
            for i in range(steps + 1)
        ]
        draw.line(points, fill=fill, width=width, joint="curve")


def boat(draw: ImageDraw.ImageDraw, centre: Point, size: float, hull: RGB, sail: RGB) -> None:
    """A sailing boat about ``size`` pixels wide: a hull, a mast and a sail."""
    cx, cy = centre
    s = size / 2
    draw.polygon(
        [
            (cx - s, cy + s * 0.25),
            (cx + s, cy + s * 0.25),
            (cx + s * 0.6, cy + s * 0.7),
            (cx - s * 0.6, cy + s * 0.7),
        ],
        fill=hull,
    )
    mast = max(1, round(size * 0.07))
    draw.line([(cx, cy + s * 0.25), (cx, cy - s * 0.9)], fill=hull, width=mast)
    draw.polygon(
        [(cx + mast, cy - s * 0.85), (cx + mast, cy + s * 0.1), (cx + s * 0.75, cy + s * 0.1)],
        fill=sail,
        outline=hull,
    )
    draw.polygon(
        [(cx - mast, cy - s * 0.55), (cx - mast, cy + s * 0.1), (cx - s * 0.55, cy + s * 0.1)],
        fill=sail,
        outline=hull,
    )


def tick(draw: ImageDraw.ImageDraw, centre: Point, size: float, fill: RGB, width: int) -> None:
    """A check mark about ``size`` pixels wide."""
    cx, cy = centre
    s = size / 2
    points: Sequence[Point] = [(cx - s, cy), (cx - s * 0.3, cy + s * 0.65), (cx + s, cy - s * 0.7)]
    draw.line(list(points), fill=fill, width=width, joint="curve")


def cross(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, width: int) -> None:
    """An X from corner to corner of ``box``."""
    left, top, right, bottom = box
    draw.line([(left, top), (right, bottom)], fill=fill, width=width)
    draw.line([(left, bottom), (right, top)], fill=fill, width=width)


def compass(draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: RGB) -> None:
    """A four-pointed compass star."""
    draw.polygon(star(centre, radius, points=4, inner=0.3), fill=fill)
