"""Simple vector shapes: regular polygons and the player markers (one shape per seat)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from .base import RGB, Point

MARKERS = ("circle", "square", "diamond", "triangle", "hexagon", "star")


def regular_polygon(centre: Point, radius: float, sides: int, rotation: float = 0) -> list[Point]:
    """Corners of a regular polygon; ``rotation`` in degrees, 0 puts a corner straight up."""
    cx, cy = centre
    return [
        (
            cx + radius * math.sin(math.radians(rotation + 360 * i / sides)),
            cy - radius * math.cos(math.radians(rotation + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def star(centre: Point, radius: float, points: int = 5, inner: float = 0.45) -> list[Point]:
    """Corners of a star with ``points`` tips, the inner corners at ``inner`` times ``radius``."""
    outer = regular_polygon(centre, radius, points)
    inside = regular_polygon(centre, radius * inner, points, rotation=180 / points)
    return [p for pair in zip(outer, inside, strict=True) for p in pair]


def marker_outline(shape: str, centre: Point, radius: float) -> list[Point] | None:
    """The polygon of a marker of about the area of a circle of ``radius`` (None for circles)."""
    if shape == "circle":
        return None
    if shape == "square":
        return regular_polygon(centre, radius * 1.25, 4, rotation=45)
    if shape == "diamond":
        return regular_polygon(centre, radius * 1.3, 4)
    if shape == "triangle":
        cx, cy = centre
        return regular_polygon((cx, cy + radius * 0.25), radius * 1.5, 3)
    if shape == "hexagon":
        return regular_polygon(centre, radius * 1.1, 6)
    if shape == "star":
        return star(centre, radius * 1.4, inner=0.55)
    raise ValueError(f"unknown marker shape {shape!r}; known: {', '.join(MARKERS)}")


def draw_marker(
    draw: ImageDraw.ImageDraw,
    shape: str,
    centre: Point,
    radius: float,
    fill: RGB,
    *,
    outline: RGB | None = None,
    width: int = 0,
) -> None:
    """Draw a player marker (see :data:`MARKERS`) centred on ``centre``.

    A polygon outlined more than a pixel wide is stamped from masks drawn once per process
    (centred on a whole pixel): Pillow would draw each one through a mask as large as the
    whole picture.
    """
    polygon = marker_outline(shape, centre, radius)
    if polygon is None:
        cx, cy = centre
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        draw.ellipse(box, fill=fill, outline=outline, width=width)
    elif outline is None or width <= 1:
        draw.polygon(polygon, fill=fill, outline=outline, width=width)
    else:
        left, top, inside, edge = outlined_marker(shape, radius, width)
        corner = (round(centre[0]) + left, round(centre[1]) + top)
        draw.bitmap(corner, inside, fill=fill)
        draw.bitmap(corner, edge, fill=outline)


@lru_cache(maxsize=256)
def outlined_marker(
    shape: str, radius: float, width: int
) -> tuple[int, int, Image.Image, Image.Image]:
    """Masks of a marker centred on the origin: its inside and its outline ``width`` wide,
    and where their top-left corner sits from the centre."""
    at_origin = marker_outline(shape, (0.0, 0.0), radius) or []
    left = math.floor(min(x for x, _ in at_origin)) - 2
    top = math.floor(min(y for _, y in at_origin)) - 2
    size = (math.ceil(max(x for x, _ in at_origin)) + 3 - left,
            math.ceil(max(y for _, y in at_origin)) + 3 - top)  # fmt: skip
    polygon = marker_outline(shape, (-left, -top), radius) or []
    inside, edge = Image.new("L", size, 0), Image.new("L", size, 0)
    ImageDraw.Draw(inside).polygon(polygon, fill=255)
    ImageDraw.Draw(edge).polygon(polygon, outline=255, width=width)
    return left, top, inside, edge


def draw_path(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    fill: RGB,
    width: int,
    *,
    closed: bool = False,
) -> None:
    """A thick polyline with rounded joints and ends; ``closed`` joins the end to the start."""
    if closed:
        points = [*points, points[0], points[1]]
    draw.line(list(points), fill=fill, width=width, joint="curve")
    if not closed and width > 2:
        radius = (width - 1) / 2
        for x, y in (points[0], points[-1]):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
