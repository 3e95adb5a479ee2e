"""Pieces shared by the Islant pictures: a row of dice with captions, and the page header."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render.common import RGB, Theme, draw_die, draw_text, ellipsize, fit_text, mix
from render.common.legible import legible_px

from .glyphs import cross

MARGIN = 24
TITLE_PX = 36
STATUS_PX = 26
CAPTION_PX = 20
PICTURE_WIDTH = 1000  # the sheet, race board and ranking pictures
SMALLEST_PX = legible_px(PICTURE_WIDTH)  # no text in them smaller (see render.common.legible)
DIE_PX = 62
DIE_GAP = 16


@dataclass(frozen=True, slots=True)
class DieFace:
    """A die to show: its value, an optional caption, and whether its tile was crossed out."""

    value: int
    caption: str = ""
    crossed: bool = False
    colour: RGB | None = None
    wild: int | None = None


def dice_width(count: int, size: float = DIE_PX) -> float:
    """How wide a row of ``count`` dice is."""
    return count * size + max(0, count - 1) * DIE_GAP


def draw_dice(
    draw: ImageDraw.ImageDraw,
    left: float,
    top: float,
    faces: Sequence[DieFace],
    theme: Theme,
    size: float = DIE_PX,
) -> float:
    """A row of dice from ``(left, top)``; returns the y below the row (captions included)."""
    bottom = top + size
    x = left
    for face in faces:
        dim = face.crossed
        draw_die(
            draw,
            (x, top),
            size,
            face.value,
            face=mix((250, 248, 240), theme.background, 0.55 if dim else 0.0),
            outline=theme.line,
        )
        if dim:
            inset = size * 0.12
            cross(
                draw,
                (x + inset, top + inset, x + size - inset, top + size - inset),
                theme.line,
                max(3, round(size * 0.08)),
            )
        if face.wild is not None:
            _badge(draw, (x + size, top), size * 0.3, str(face.wild), theme)
        if face.caption:
            colour = face.colour or theme.muted_text
            text, fitted = fit_text(
                face.caption,
                size + DIE_GAP,
                size=CAPTION_PX,
                min_size=min(CAPTION_PX, legible_px(draw.im.size[0])),
                bold=True,
                family=theme.fonts,
            )
            draw_text(draw, (x + size / 2, top + size + 6), text, fitted, colour, anchor="mt")
            bottom = top + size + 6 + CAPTION_PX
        x += size + DIE_GAP
    return bottom


def _badge(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, text: str, theme: Theme
) -> None:
    """A small round badge (the value chosen for a wild die)."""
    cx, cy = centre
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=theme.highlight,
        outline=theme.line,
        width=2,
    )
    draw_text(draw, centre, text, theme.font(radius * 1.3, bold=True), theme.dark_text)


def draw_title(
    draw: ImageDraw.ImageDraw,
    left: float,
    top: float,
    width: float,
    title: str,
    status: str,
    theme: Theme,
) -> float:
    """A bold title and a status line below it; returns the y below them."""
    face = theme.font(TITLE_PX, bold=True)
    draw_text(draw, (left, top), ellipsize(title, face, width), face, theme.text, anchor="lt")
    if status:
        small = theme.font(STATUS_PX, bold=True)
        y = top + title_height("")
        draw_text(
            draw, (left, y), ellipsize(status, small, width), small, theme.highlight, anchor="lt"
        )
    return top + title_height(status)


def title_height(status: str) -> float:
    """How tall :func:`draw_title` draws a title with ``status`` (none when empty)."""
    return TITLE_PX + 10 + (STATUS_PX + 6 if status else 0)
