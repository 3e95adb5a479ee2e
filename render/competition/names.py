"""A player's name at the head of a column: whole, on two lines when one is too narrow."""

from __future__ import annotations

from PIL import ImageDraw

from render.common import RGB, Theme, draw_text, fit_lines

from .sizes import SMALLEST_PX

LINE_GAP = 2  # between a name's two lines


def draw_column_name(
    draw: ImageDraw.ImageDraw,
    left_middle: tuple[float, float],
    name: str,
    width: float,
    size: int,
    colour: RGB,
    theme: Theme,
) -> None:
    """``name`` from ``left_middle``, at most ``width`` wide: one line at ``size`` if it fits,
    else broken onto two, shrunk down to :data:`SMALLEST_PX` (cut only when nothing fits)."""
    lines, face = fit_lines(
        name, width, size=size, min_size=SMALLEST_PX, bold=True, family=theme.fonts
    )
    x, mid = left_middle
    step = face.size + LINE_GAP
    first = mid - (len(lines) - 1) * step / 2
    for number, line in enumerate(lines):
        draw_text(draw, (x, first + number * step), line, face, colour, anchor="lm")
