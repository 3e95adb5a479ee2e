"""Pieces shared by the Islant pictures: the scale of a layout, a row of dice with captions,
and the page header."""

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
PICTURE_WIDTH = 1000  # the race board and ranking pictures; the width every layout is designed at
SMALLEST_PX = legible_px(PICTURE_WIDTH)  # no text in them smaller (see render.common.legible)
DIE_PX = 62
DIE_GAP = 16
CAPTION_GAP = 6  # between a die and its caption


@dataclass(frozen=True, slots=True)
class Scale:
    """A layout designed :data:`PICTURE_WIDTH` pixels wide, drawn ``width`` pixels wide.

    Every length of the design (sizes, margins, strokes, font sizes) is drawn ``width /
    PICTURE_WIDTH`` as long, so the picture looks the same shrunk to any width; no text is
    drawn smaller than a phone keeps legible in a picture ``width`` wide.
    """

    width: int = PICTURE_WIDTH

    def __call__(self, length: float) -> int:
        """A length of the design, in whole pixels of this picture."""
        return round(length * self.width / PICTURE_WIDTH)

    def stroke(self, width: float) -> int:
        """A line width of the design, in whole pixels of this picture (at least one)."""
        return max(1, self(width))

    def text(self, size: float) -> int:
        """A font size of the design, in pixels of this picture (at least :attr:`smallest_px`)."""
        return max(self.smallest_px, self(size))

    @property
    def smallest_px(self) -> int:
        """The smallest font size a phone keeps legible in this picture."""
        return legible_px(self.width)


DESIGN = Scale()
"""Drawn as designed (the race board and the ranking)."""


@dataclass(frozen=True, slots=True)
class DieFace:
    """A die to show: its value, an optional caption, and whether its tile was crossed out."""

    value: int
    caption: str = ""
    crossed: bool = False
    colour: RGB | None = None
    wild: int | None = None


def dice_width(count: int, scale: Scale = DESIGN) -> float:
    """How wide a row of ``count`` dice is."""
    return count * scale(DIE_PX) + max(0, count - 1) * scale(DIE_GAP)


def dice_height(faces: Sequence[DieFace], scale: Scale = DESIGN) -> int:
    """How tall :func:`draw_dice` draws ``faces`` (captions included; 0 for no dice)."""
    if not faces:
        return 0
    captions = any(face.caption for face in faces)
    return scale(DIE_PX) + (scale(CAPTION_GAP) + scale.text(CAPTION_PX) if captions else 0)


def draw_dice(
    draw: ImageDraw.ImageDraw,
    left: float,
    top: float,
    faces: Sequence[DieFace],
    theme: Theme,
    scale: Scale = DESIGN,
) -> float:
    """A row of dice from ``(left, top)``; returns the y below the row (captions included)."""
    size, gap = scale(DIE_PX), scale(DIE_GAP)
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
                max(scale.stroke(3), round(size * 0.08)),
            )
        if face.wild is not None:
            _badge(draw, (x + size, top), size * 0.3, str(face.wild), theme, scale)
        if face.caption:
            colour = face.colour or theme.muted_text
            text, fitted = fit_text(
                face.caption,
                size + gap,
                size=scale.text(CAPTION_PX),
                min_size=scale.smallest_px,
                bold=True,
                family=theme.fonts,
            )
            caption_top = top + size + scale(CAPTION_GAP)
            draw_text(draw, (x + size / 2, caption_top), text, fitted, colour, anchor="mt")
            bottom = caption_top + scale.text(CAPTION_PX)
        x += size + gap
    return bottom


def _badge(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: float,
    text: str,
    theme: Theme,
    scale: Scale,
) -> None:
    """A small round badge (the value chosen for a wild die)."""
    cx, cy = centre
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=theme.highlight,
        outline=theme.line,
        width=scale.stroke(2),
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
    scale: Scale = DESIGN,
) -> float:
    """A bold title and a status line below it; returns the y below them."""
    face = theme.font(scale.text(TITLE_PX), bold=True)
    draw_text(draw, (left, top), ellipsize(title, face, width), face, theme.text, anchor="lt")
    if status:
        small = theme.font(scale.text(STATUS_PX), bold=True)
        y = top + title_height("", scale)
        draw_text(
            draw, (left, y), ellipsize(status, small, width), small, theme.highlight, anchor="lt"
        )
    return top + title_height(status, scale)


def title_height(status: str, scale: Scale = DESIGN) -> int:
    """How tall :func:`draw_title` draws a title with ``status`` (none when empty)."""
    return scale(TITLE_PX + 10) + (scale(STATUS_PX + 6) if status else 0)
