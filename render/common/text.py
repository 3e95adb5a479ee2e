"""Text helpers: haloed text, the largest font that fits, and shortening with an ellipsis."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .base import RGB, Point
from .theme import DEJAVU, FontFamily, font

ELLIPSIS = "…"
EMOJI_SEQUENCE = re.compile("\u200d.?|[\ufe0e\ufe0f]")
"""A joiner with the character it joins to an emoji, and the variation selectors."""
STAMPS = 4096  # text masks kept per process: numbers and labels repeat across pictures
WIDTHS = 8192  # text widths kept per process
# Text edges are smoothed in this many steps of coverage (Pillow rasterises 256): the eye
# sees no difference, but a picture then holds hundreds of colours instead of thousands,
# which its palette keeps exactly and which are cheaper to look up and to compress.
COVERAGE_LEVELS = 16
_STEP = 255 / (COVERAGE_LEVELS - 1)
COVERAGE = tuple(round(round(value / _STEP) * _STEP) for value in range(256))
"""Each coverage Pillow gives a text pixel, rounded to the nearest of the levels."""


MISSING = "\U0010fffd"  # a private-use code point no font draws: what a missing glyph looks like


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(font(20).getmask(MISSING))


@lru_cache(maxsize=WIDTHS)
def has_glyph(char: str) -> bool:
    """Whether the pictures' font draws ``char`` (an emoji, say, would be an empty box)."""
    if char.isascii() or char.isspace():
        return True
    return bytes(font(20).getmask(char)) != _missing_glyph()


@lru_cache(maxsize=WIDTHS)
def drawable(text: str) -> str:
    """``text`` without the characters the pictures' font lacks (emoji in display names,
    with what an emoji sequence joins to them: 🏄‍♀️ leaves no ♀), so a picture never shows
    empty boxes; spaces left doubled are closed up."""
    if text.isascii():
        return text
    kept = "".join(char for char in EMOJI_SEQUENCE.sub("", text) if has_glyph(char))
    if kept == text:
        return text
    return " ".join(kept.split()) or "?"


@lru_cache(maxsize=WIDTHS)
def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    """How wide ``text`` is in ``face``, in pixels (remembered: labels repeat)."""
    return face.getlength(drawable(text))


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
    The anchor is rounded to a whole pixel, so each text's mask is drawn once per process
    and stamped wherever it appears again (Pillow's pixels at that point, their coverage
    rounded to :data:`COVERAGE_LEVELS` steps).
    """
    x, y = round(xy[0]), round(xy[1])
    text = drawable(text)
    if "\n" in text:
        width = halo_width if halo is not None else 0
        draw.text(
            (x, y), text, font=face, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=halo
        )
        return
    if halo is not None and halo_width > 0:
        _stamp(draw, x, y, stamp(text, face, anchor, halo_width), halo)
        if halo == fill:
            return
    _stamp(draw, x, y, stamp(text, face, anchor, 0), fill)


def _stamp(draw: ImageDraw.ImageDraw, x: int, y: int, mask: Stamp, fill: RGB) -> None:
    left, top, image = mask
    if image is not None:
        draw.bitmap((x + left, y + top), image, fill=fill)


Stamp = tuple[int, int, Image.Image | None]
"""A text's mask and where its top-left corner sits from the anchor (None: nothing to draw)."""


@lru_cache(maxsize=STAMPS)
def stamp(text: str, face: ImageFont.FreeTypeFont, anchor: str, stroke: int) -> Stamp:
    """The coverage mask of ``text`` drawn at the origin (outlined ``stroke`` pixels wide),
    in :data:`COVERAGE_LEVELS` steps."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    if right <= left or bottom <= top:
        return left, top, None
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke
    )
    return left, top, mask.point(COVERAGE)


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


def fit_text(
    text: str,
    max_width: float,
    *,
    size: int,
    min_size: int,
    bold: bool = False,
    family: FontFamily = DEJAVU,
) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` and the largest face (``min_size`` to ``size``) it fits ``max_width`` in;
    cut short at ``min_size`` if even that is too wide (long words of other languages)."""
    face = fit_font([text], max_width, max_size=size, min_size=min_size, bold=bold, family=family)
    if face is not None:
        return text, face
    smallest = font(min_size, bold, family)
    return ellipsize(text, smallest, max_width), smallest


def fit_lines(
    text: str,
    max_width: float,
    *,
    size: int,
    min_size: int,
    wrapped: int | None = None,
    bold: bool = False,
    family: FontFamily = DEJAVU,
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """``text`` in the largest face (``size`` down to ``min_size``) it fits ``max_width`` in,
    on one line or broken after a space or a hyphen onto two (the most even break; one line
    when both fit the same face; two lines at most ``wrapped`` pixels tall, when given);
    cut short on one line only when nothing fits."""
    breaks = [[text]] + [
        [text[:cut].rstrip(), text[cut:].lstrip()]
        for cut, char in enumerate(text, 1)
        if char in " -" and text[:cut].strip() and text[cut:].strip()
    ]
    for face_size in range(size, min_size - 1, -1):
        face = font(face_size, bold, family)
        fits = [
            lines
            for lines in breaks
            if all(text_width(t, face) <= max_width for t in lines)
            and (len(lines) == 1 or face_size <= (wrapped or size))
        ]
        if fits:
            return min(fits, key=lambda ls: (len(ls), max(text_width(t, face) for t in ls))), face
    line, face = fit_text(
        text, max_width, size=min_size, min_size=min_size, bold=bold, family=family
    )
    return [line], face
