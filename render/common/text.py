"""Text helpers: haloed text, the largest font that fits, and shortening with an ellipsis."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import ImageDraw, ImageFont

from .base import RGB, Point
from .theme import DEJAVU, FontFamily, font

ELLIPSIS = "…"


def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    """How wide ``text`` is in ``face``, in pixels."""
    return face.getlength(text)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    anchor: str = "mm",
    halo: RGB | None = None,
    halo_width: int = 0,
) -> None:
    """Draw ``text`` anchored at ``xy`` (Pillow anchors; default: centred), with an optional halo.

    A halo is an outline in a contrasting colour that keeps text legible on any background.
    """
    width = halo_width if halo is not None else 0
    draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=halo)


def fit_font(
    texts: Iterable[str],
    max_width: float,
    *,
    max_size: int,
    min_size: int,
    bold: bool = False,
    family: FontFamily = DEJAVU,
) -> ImageFont.FreeTypeFont | None:
    """The largest font (at most ``max_size``) in which every text is at most ``max_width`` wide.

    None if even ``min_size`` is too wide.
    """
    texts = list(texts)
    for size in range(max_size, min_size - 1, -1):
        face = font(size, bold, family)
        if all(text_width(t, face) <= max_width for t in texts):
            return face
    return None


def ellipsize(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``max_width``."""
    if text_width(text, face) <= max_width:
        return text
    cut = len(text)
    while cut > 0 and text_width(text[:cut].rstrip() + ELLIPSIS, face) > max_width:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS
