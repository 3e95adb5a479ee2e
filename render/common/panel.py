"""A score/info panel: an optional title, column headers, and one row per player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from .base import RGB, Box
from .shapes import draw_marker, regular_polygon
from .text import draw_text, ellipsize, text_width
from .theme import Theme


@dataclass(frozen=True, slots=True)
class PanelRow:
    """One line of a panel: a swatch in the player's colour and shape, a name, some values.

    ``current`` rows (the player to move, say) get a band and an arrow.
    """

    name: str
    values: tuple[str, ...]
    colour: RGB
    marker: str = "circle"
    current: bool = False


# Heights, per pixel of text size: the title line, the column headers, each row.
TITLE_FACTOR = 1.6
HEADER_FACTOR = 1.1
ROW_FACTOR = 1.7


def panel_height(rows: int, *, text_size: int, title: bool, headers: bool) -> float:
    """How tall :func:`draw_panel` draws a panel of ``rows`` rows (with a title, headers):
    a picture can be made just as tall before it is drawn."""
    height = rows * text_size * ROW_FACTOR
    if title:
        height += text_size * TITLE_FACTOR
    if headers:
        height += text_size * HEADER_FACTOR
    return height


def draw_panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    rows: Sequence[PanelRow],
    theme: Theme,
    *,
    title: str | None = None,
    headers: Sequence[str] = (),
    text_size: int = 28,
) -> float:
    """Draw a table of ``rows`` inside ``box``; returns the y coordinate below the last row.

    Value columns are as wide as their widest entry (header included) and centred; the
    name column takes the rest, and long names are shortened with an ellipsis.
    """
    left, top, right, _ = box
    face = theme.font(text_size)
    bold = theme.font(text_size, bold=True)
    small = theme.font(max(22, round(text_size * 0.8)))
    pad = text_size * 0.5
    row_h = text_size * ROW_FACTOR
    y = top
    if title:
        draw_text(
            draw, (left, y), title, theme.font(text_size * 1.15, True), theme.text, anchor="lt"
        )
        y += text_size * TITLE_FACTOR
    columns = len(headers) or max((len(r.values) for r in rows), default=0)
    widths = []
    for i in range(columns):
        cells = [r.values[i] for r in rows if i < len(r.values)]
        header_w = text_width(headers[i], small) if i < len(headers) else 0
        widths.append(max([header_w, *(text_width(c, bold) for c in cells)]) + 2 * pad)
    swatch_x = left + pad + row_h * 0.5
    name_x = left + pad + row_h
    name_w = right - sum(widths) - name_x - pad
    if headers:
        x = right - sum(widths)
        for header, w in zip(headers, widths, strict=False):
            draw_text(draw, (x + w / 2, y + text_size * 0.5), header, small, theme.muted_text)
            x += w
        y += text_size * HEADER_FACTOR
    for row in rows:
        mid = y + row_h / 2
        if row.current:
            draw.rounded_rectangle((left, y, right, y + row_h), row_h * 0.2, fill=theme.panel_band)
            arrow = regular_polygon((left + pad * 0.45, mid), pad * 0.55, 3, rotation=90)
            draw.polygon(arrow, fill=theme.highlight)
        draw_marker(
            draw, row.marker, (swatch_x, mid), row_h * 0.28, row.colour, outline=theme.text, width=2
        )
        name_face = bold if row.current else face
        name = ellipsize(row.name, name_face, name_w)
        draw_text(draw, (name_x, mid), name, name_face, theme.text, anchor="lm")
        x = right - sum(widths)
        for value, w in zip(row.values, widths, strict=False):
            draw_text(draw, (x + w / 2, mid), value, bold, theme.text)
            x += w
        y += row_h
    return y
