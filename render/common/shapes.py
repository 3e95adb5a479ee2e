"""Simple vector shapes: regular polygons and the player markers (one shape per seat)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from .base import RGB, Point

MARKERS = ("circle", "square", "diamond", "triangle", "hexagon", "star")
Masks = tuple[int, int, Image.Image, Image.Image]
"""Where a shape's box starts from its origin, the mask of its inside and of its outline."""


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

    An outlined polygon marker is stamped from masks drawn once per process (centred on a
    whole pixel).
    """
    polygon = marker_outline(shape, centre, radius)
    if polygon is None:
        cx, cy = centre
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        draw.ellipse(box, fill=fill, outline=outline, width=width)
    elif outline is None or width <= 1:
        draw.polygon(polygon, fill=fill, outline=outline, width=width)
    else:
        left, top, inside, edge = marker_masks(shape, radius, width)
        _stamp(draw, round(centre[0]) + left, round(centre[1]) + top, inside, edge, fill, outline)


def draw_polygon(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    fill: RGB,
    *,
    outline: RGB,
    width: int,
) -> None:
    """A filled polygon with an outline ``width`` wide inside its edge.

    Pillow draws such an outline through a mask as large as the whole picture; this one's
    masks are as large as the polygon.
    """
    if width <= 1:
        draw.polygon(list(points), fill=fill, outline=outline, width=width)
        return
    left, top, inside, edge = polygon_masks(tuple(points), width)
    _stamp(draw, left, top, inside, edge, fill, outline)


def _stamp(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    inside: Image.Image,
    edge: Image.Image,
    fill: RGB,
    outline: RGB,
) -> None:
    draw.bitmap((x, y), inside, fill=fill)
    draw.bitmap((x, y), edge, fill=outline)


@lru_cache(maxsize=256)
def marker_masks(shape: str, radius: float, width: int) -> Masks:
    """:func:`polygon_masks` of a marker centred on the origin."""
    return polygon_masks(tuple(marker_outline(shape, (0.0, 0.0), radius) or ()), width)


def polygon_masks(points: tuple[Point, ...], width: int) -> Masks:
    """Where a polygon's box starts (whole pixels), the mask of its inside and the mask of
    its outline ``width`` wide (drawn shifted by whole pixels: the same pixels)."""
    left = math.floor(min(x for x, _ in points)) - 2
    top = math.floor(min(y for _, y in points)) - 2
    right = math.ceil(max(x for x, _ in points)) + 3
    bottom = math.ceil(max(y for _, y in points)) + 3
    local = [(x - left, y - top) for x, y in points]
    inside = Image.new("L", (right - left, bottom - top), 0)
    edge = inside.copy()
    ImageDraw.Draw(inside).polygon(local, fill=255)
    ImageDraw.Draw(edge).polygon(local, outline=255, width=width)
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
