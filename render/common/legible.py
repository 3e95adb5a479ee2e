"""How small a text may be drawn: read on a phone, a picture is shrunk to about 400 px wide."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

from .theme import font

PHONE_WIDTH = 400
"""The width (CSS pixels) Discord shows a picture at on a phone; never enlarged."""
MIN_PHONE_CAP = 5.5
"""The smallest height of a capital letter, in pixels once shrunk to :data:`PHONE_WIDTH`."""


def phone_scale(width: int) -> float:
    """How much a picture ``width`` pixels wide is shrunk on a phone (1: not at all)."""
    return min(1.0, PHONE_WIDTH / width)


def cap_height(face: ImageFont.FreeTypeFont) -> int:
    """The height of a capital letter in ``face``, in pixels."""
    _, top, _, bottom = face.getbbox("H")
    return bottom - top


@lru_cache(maxsize=64)
def legible_px(width: int) -> int:
    """The smallest font size whose capitals stay :data:`MIN_PHONE_CAP` tall on a phone, in a
    picture ``width`` pixels wide."""
    size = 1
    while cap_height(font(size)) * phone_scale(width) < MIN_PHONE_CAP:
        size += 1
    return size
