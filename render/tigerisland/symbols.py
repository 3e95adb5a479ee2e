"""A small vector symbol per terrain, so that colour is never the only cue."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from render.common import RGB, Point, draw_polygon, shade, tint

LAVA: RGB = (0xFF, 0x9A, 0x2E)
TRUNK: RGB = (0x6B, 0x44, 0x23)

# Outlines in unit coordinates (-1..1 each way, y down).
_CONE = ((-0.95, 0.65), (-0.3, -0.35), (0.3, -0.35), (0.95, 0.65))
_LAVA = ((-0.3, -0.35), (0.3, -0.35), (0.18, 0.05), (0.06, -0.1), (-0.05, 0.2), (-0.17, -0.08))
_STONE = ((-1.0, 0.55), (-0.75, -0.3), (-0.1, -0.7), (0.65, -0.45), (1.0, 0.55))

Symbol = Callable[[ImageDraw.ImageDraw, Point, float, RGB], None]


def _place(centre: Point, scale: float, shape: Sequence[Point], dx: float = 0, dy: float = 0):
    cx, cy = centre
    return [(cx + (x + dx) * scale, cy + (y + dy) * scale) for x, y in shape]


def _disc(centre: Point, scale: float, x: float, y: float, r: float) -> tuple[float, ...]:
    cx, cy = centre
    return (cx + (x - r) * scale, cy + (y - r) * scale, cx + (x + r) * scale, cy + (y + r) * scale)


def volcano(draw: ImageDraw.ImageDraw, centre: Point, scale: float, fill: RGB) -> None:
    """A dark cone with lava running from the crater and a puff of smoke."""
    draw.polygon(_place(centre, scale, _CONE), fill=shade(fill, 0.55))
    draw.polygon(_place(centre, scale, _LAVA), fill=LAVA)
    smoke = tint(fill, 0.7)
    draw.ellipse(_disc(centre, scale, -0.1, -0.62, 0.2), fill=smoke)
    draw.ellipse(_disc(centre, scale, 0.22, -0.8, 0.16), fill=smoke)


def jungle(draw: ImageDraw.ImageDraw, centre: Point, scale: float, fill: RGB) -> None:
    """A broad-leaved tree."""
    cx, cy = centre
    draw.rectangle((cx - 0.1 * scale, cy, cx + 0.1 * scale, cy + 0.75 * scale), fill=TRUNK)
    crown, edge = tint(fill, 0.35), shade(fill, 0.5)
    width = max(1, round(scale * 0.08))
    for x, y, r in ((-0.42, -0.05, 0.42), (0.42, -0.05, 0.42), (0.0, -0.42, 0.5)):
        draw.ellipse(_disc(centre, scale, x, y, r), fill=crown, outline=edge, width=width)


def lake(draw: ImageDraw.ImageDraw, centre: Point, scale: float, fill: RGB) -> None:
    """Two rows of waves."""
    width = max(2, round(scale * 0.16))
    for dy in (-0.3, 0.3):
        points = [(x / 10, dy + 0.18 * math.sin(x / 10 * 2.2 * math.pi)) for x in range(-9, 10)]
        draw.line(_place(centre, scale, points), fill=shade(fill, 0.5), width=width, joint="curve")


def grass(draw: ImageDraw.ImageDraw, centre: Point, scale: float, fill: RGB) -> None:
    """Three tufts of grass."""
    width = max(2, round(scale * 0.12))
    colour = shade(fill, 0.55)
    for bx, by in ((-0.6, 0.55), (0.0, 0.25), (0.6, 0.55)):
        for tip in ((-0.28, -0.5), (0.0, -0.7), (0.28, -0.5)):
            line = _place(centre, scale, ((0, 0), tip), bx, by)
            draw.line(line, fill=colour, width=width)


def rock(draw: ImageDraw.ImageDraw, centre: Point, scale: float, fill: RGB) -> None:
    """A heap of two stones."""
    stone, edge = shade(fill, 0.25), shade(fill, 0.6)
    width = max(1, round(scale * 0.08))
    for dx, dy, size in ((-0.3, 0.1, 0.65), (0.55, 0.3, 0.45)):
        shape = [(x * size, y * size) for x, y in _STONE]
        draw_polygon(draw, _place(centre, scale, shape, dx, dy), stone, outline=edge, width=width)


SYMBOLS: dict[str, Symbol] = {
    "VOLCANO": volcano,
    "JUNGLE": jungle,
    "LAKE": lake,
    "GRASS": grass,
    "ROCK": rock,
}


def draw_symbol(
    draw: ImageDraw.ImageDraw, terrain: str, centre: Point, scale: float, fill: RGB
) -> None:
    """Draw the symbol of ``terrain`` (nothing for an unknown terrain) about ``2 * scale`` wide."""
    symbol = SYMBOLS.get(terrain)
    if symbol is not None:
        symbol(draw, centre, scale, fill)
