"""A die face with pips, for the dice games."""

from __future__ import annotations

from PIL import ImageDraw

from .base import RGB, Point

# Pip positions on a 3x3 grid (column, row), per face value.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def pip_centres(value: int, corner: Point, size: float) -> list[Point]:
    """Centres of the pips of ``value`` on a die whose top-left corner is ``corner``."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    x, y = corner
    step = size * 0.27
    return [(x + size / 2 + (c - 1) * step, y + size / 2 + (r - 1) * step) for c, r in PIPS[value]]


def draw_die(
    draw: ImageDraw.ImageDraw,
    corner: Point,
    size: float,
    value: int,
    *,
    face: RGB = (250, 248, 240),
    pip: RGB = (30, 30, 30),
    outline: RGB = (30, 30, 30),
) -> None:
    """Draw a rounded die face showing ``value`` (1–6), ``size`` pixels square."""
    x, y = corner
    width = max(1, round(size * 0.04))
    draw.rounded_rectangle(
        (x, y, x + size, y + size), size * 0.16, fill=face, outline=outline, width=width
    )
    radius = size * 0.09
    for cx, cy in pip_centres(value, corner, size):
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=pip)
