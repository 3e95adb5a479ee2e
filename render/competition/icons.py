"""Small vector icons of the six categories (no emoji glyphs needed).

Each icon fits a square ``size`` pixels wide centred on ``centre``: area a square,
highest peak a snow-capped mountain, temperature a thermometer, precipitation a drop,
inhabitants a person, population density a house.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render.common import RGB, Point

IconDrawer = Callable[[ImageDraw.ImageDraw, float, float, float, RGB, RGB], None]


def _area(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB, paper: RGB) -> None:
    draw.rectangle((x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8), fill=ink)
    inner = r * 0.45
    draw.rectangle((x - inner, y - inner, x + inner, y + inner), fill=paper)


def _peak(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB, paper: RGB) -> None:
    top = (x + r * 0.1, y - r * 0.85)
    draw.polygon([(x - r, y + r * 0.8), top, (x + r, y + r * 0.8)], fill=ink)
    cap = [
        top,
        (x + r * 0.1 - r * 0.33, y - r * 0.25),
        (x + r * 0.1, y - r * 0.38),
        (x + r * 0.1 + r * 0.33, y - r * 0.25),
    ]
    draw.polygon(cap, fill=paper)


def _temperature(
    draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB, paper: RGB
) -> None:
    stem = r * 0.28
    draw.rounded_rectangle((x - stem, y - r, x + stem, y + r * 0.3), stem, fill=ink)
    bulb = r * 0.48
    draw.ellipse((x - bulb, y + r * 0.95 - 2 * bulb, x + bulb, y + r * 0.95), fill=ink)
    tube = stem * 0.45
    draw.rounded_rectangle((x - tube, y - r * 0.8, x + tube, y - r * 0.1), tube, fill=paper)


def _precipitation(
    draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB, paper: RGB
) -> None:
    radius = r * 0.6
    cy = y + r * 0.38
    # The tip sits above the round part; the sides touch the circle where they are tangent.
    d = cy - (y - r)
    dx = radius * math.sqrt(d * d - radius * radius) / d
    dy = radius * radius / d
    draw.ellipse((x - radius, cy - radius, x + radius, cy + radius), fill=ink)
    draw.polygon([(x, y - r), (x - dx, cy - dy), (x + dx, cy - dy)], fill=ink)
    shine = radius * 0.3
    sx, sy = x - radius * 0.45, cy - radius * 0.05
    draw.ellipse((sx - shine * 0.6, sy - shine, sx + shine * 0.6, sy + shine), fill=paper)


def _inhabitants(
    draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB, paper: RGB
) -> None:
    head = r * 0.38
    draw.ellipse((x - head, y - r, x + head, y - r + 2 * head), fill=ink)
    draw.pieslice((x - r * 0.8, y - r * 0.1, x + r * 0.8, y + r * 1.5), 180, 360, fill=ink)


def _density(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB, paper: RGB) -> None:
    draw.polygon([(x - r, y - r * 0.05), (x, y - r * 0.95), (x + r, y - r * 0.05)], fill=ink)
    draw.rectangle((x - r * 0.7, y - r * 0.1, x + r * 0.7, y + r * 0.85), fill=ink)
    draw.rectangle((x - r * 0.2, y + r * 0.3, x + r * 0.2, y + r * 0.85), fill=paper)


ICONS: dict[str, IconDrawer] = {
    "area": _area,
    "peak": _peak,
    "temperature": _temperature,
    "precipitation": _precipitation,
    "inhabitants": _inhabitants,
    "density": _density,
}
"""One drawer per category key."""


def draw_icon(
    draw: ImageDraw.ImageDraw, category: str, centre: Point, size: float, ink: RGB, paper: RGB
) -> None:
    """Draw ``category``'s icon in ``ink``; ``paper`` is the background (for cut-outs)."""
    x, y = centre
    ICONS[category](draw, x, y, size / 2, ink, paper)
