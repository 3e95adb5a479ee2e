"""The pieces as the seed describes them, seen from above, and the anchor of secured water.

Barracks: a pyramid (a square split into four shaded faces meeting at the apex). Defense
tower: a topless pyramid (an outer square, a flat inner square, the edges joining their
corners). Port: a hex with an outline. Each is drawn inside a light halo, so that it stands
out on land of any colour.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from render.common import RGB, Point, Theme, draw_path, draw_text, regular_polygon, shade, tint
from render.common.legible import legible_px

# Light from the top left: face shading by side (top, right, bottom, left).
FACE_SHADES: tuple[Callable[[RGB], RGB], ...] = (
    lambda c: tint(c, 0.5),
    lambda c: shade(c, 0.22),
    lambda c: shade(c, 0.45),
    lambda c: tint(c, 0.2),
)
HALO = 0.15  # halo thickness, in piece radii
TOWER_TOP = 0.45  # the flat top's half side, in piece radii
ANCHOR = "\u2693"


def _width(radius: float) -> int:
    """The outline width of a piece of ``radius``."""
    return max(2, round(radius * 0.1))


def _square(centre: Point, half: float) -> list[Point]:
    """Corners of an upright square, clockwise from the top left."""
    cx, cy = centre
    return [
        (cx - half, cy - half),
        (cx + half, cy - half),
        (cx + half, cy + half),
        (cx - half, cy + half),
    ]


def _halo_square(draw: ImageDraw.ImageDraw, centre: Point, radius: float, theme: Theme) -> None:
    """The light square behind a barracks or tower."""
    draw.polygon(_square(centre, radius * (1 + HALO)), fill=theme.text)


def draw_barracks(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: RGB, theme: Theme
) -> None:
    """A pyramid seen from above: four shaded triangles meeting at the centre."""
    _halo_square(draw, centre, radius, theme)
    corners = _square(centre, radius)
    width = _width(radius)
    for side, face in enumerate(FACE_SHADES):
        triangle = [corners[side], corners[(side + 1) % 4], centre]
        draw.polygon(triangle, fill=face(colour))
    for corner in corners:
        draw.line([corner, centre], fill=theme.line, width=width)
    draw_path(draw, corners, theme.line, width, closed=True)


def draw_tower(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: RGB, theme: Theme
) -> None:
    """A topless pyramid seen from above: shaded sides around a flat square top."""
    _halo_square(draw, centre, radius, theme)
    outer = _square(centre, radius)
    inner = _square(centre, radius * TOWER_TOP)
    width = _width(radius)
    for side, face in enumerate(FACE_SHADES):
        j = (side + 1) % 4
        draw.polygon([outer[side], outer[j], inner[j], inner[side]], fill=face(colour))
    draw.polygon(inner, fill=tint(colour, 0.3))
    draw_path(draw, inner, theme.line, width, closed=True)
    for a, b in zip(outer, inner, strict=True):
        draw.line([a, b], fill=theme.line, width=width)
    draw_path(draw, outer, theme.line, width, closed=True)


def draw_port(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: RGB, theme: Theme
) -> None:
    """A hex with an outline: a dark rim, a light ring, the colour inside."""
    big = radius * (1 + HALO)
    draw.polygon(regular_polygon(centre, big, 6), fill=theme.text)
    draw.polygon(regular_polygon(centre, radius * 1.05, 6), fill=theme.line)
    draw.polygon(regular_polygon(centre, radius * 0.88, 6), fill=theme.text)
    draw.polygon(regular_polygon(centre, radius * 0.66, 6), fill=colour, outline=theme.line)


PIECES: dict[str, Callable[[ImageDraw.ImageDraw, Point, float, RGB, Theme], None]] = {
    "barracks": draw_barracks,
    "tower": draw_tower,
    "port": draw_port,
}


def draw_piece(
    draw: ImageDraw.ImageDraw, kind: str, centre: Point, radius: float, colour: RGB, theme: Theme
) -> None:
    """Draw a piece of ``kind`` (barracks, tower or port) about ``2 * radius`` wide."""
    drawer = PIECES.get(kind)
    if drawer is None:
        raise ValueError(f"unknown piece {kind!r}; known: {', '.join(PIECES)}")
    drawer(draw, centre, radius, colour, theme)


def draw_anchor(
    draw: ImageDraw.ImageDraw, centre: Point, size: float, colour: RGB, theme: Theme
) -> None:
    """An anchor in ``colour`` with a contrasting halo: water secured by that colour's port
    (never smaller than a phone keeps legible)."""
    size = max(size, legible_px(draw.im.size[0]))
    face = theme.font(size, bold=True)
    draw_text(
        draw,
        centre,
        ANCHOR,
        face,
        colour,
        halo=theme.text_on(colour),
        halo_width=max(1, round(size * 0.05)),
    )
