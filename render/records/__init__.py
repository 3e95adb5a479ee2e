"""Records pictures: a player's profile card and a leaderboard, both one small table card.

``draw_card(view, names)`` takes a :class:`~engine.core.View` of game ``"records"`` whose
data holds ``title``, ``subtitle``, ``header`` (column titles), ``rows`` (lists of cells)
and ``highlight`` (the index of a row to mark, or None). ``names`` is unused (the rows carry
them); the signature is the bot's picture-drawer one.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.core import View

from ..common.legible import legible_px
from ..common.png import to_png
from ..common.text import draw_text, ellipsize, fit_font, fit_text
from ..common.theme import font

WIDTH = 640
PAD = 20
TITLE_HEIGHT = 64
ROW_HEIGHT = 30
HEADER_PX = 14
BACKGROUND = (246, 241, 228)
HEADER = (38, 139, 160)
INK = (34, 40, 49)
MUTED = (110, 116, 124)
STRIPE = (236, 229, 211)
MARK = (255, 214, 120)
FIRST_COLUMN_SHARE = 0.46  # the name column; the others share the rest equally


def draw_card(view: View, names: Sequence[str] = ()) -> bytes:
    """The PNG of a records card (see the module's docstring for the data)."""
    data = view.data
    header = [str(h) for h in data.get("header", ())]
    rows = [[str(c) for c in row] for row in data.get("rows", ())]
    height = TITLE_HEIGHT + ROW_HEIGHT * (len(rows) + 1) + PAD
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, TITLE_HEIGHT - 8), fill=HEADER)
    room = WIDTH - 2 * PAD
    title, title_face = fit_text(str(data.get("title", "")), room, size=24, min_size=14, bold=True)
    draw_text(draw, (PAD, 22), title, title_face, BACKGROUND, anchor="lm")
    subtitle, small = fit_text(str(data.get("subtitle", "")), room, size=14, min_size=10)
    draw_text(draw, (PAD, 44), subtitle, small, BACKGROUND, anchor="lm")
    edges = _column_edges(max(len(header), *(len(r) for r in rows), 1))
    _row(draw, TITLE_HEIGHT, header, edges, _header_face(header, edges), MUTED)
    highlight = data.get("highlight")
    body = font(16)
    for index, row in enumerate(rows):
        top = TITLE_HEIGHT + ROW_HEIGHT * (index + 1)
        fill = MARK if index == highlight else STRIPE if index % 2 == 0 else None
        if fill is not None:
            draw.rectangle((PAD // 2, top, WIDTH - PAD // 2, top + ROW_HEIGHT - 2), fill=fill)
        _row(draw, top, row, edges, body, INK)
    return to_png(image)


def _column_edges(columns: int) -> list[float]:
    """The left edge of each column."""
    usable = WIDTH - 2 * PAD
    first = usable * FIRST_COLUMN_SHARE if columns > 1 else usable
    rest = (usable - first) / max(columns - 1, 1)
    return [PAD, *(PAD + first + rest * i for i in range(columns - 1))]


def _widths(edges: Sequence[float]) -> list[float]:
    """The width of each column."""
    return [b - a for a, b in zip(edges, [*edges[1:], WIDTH - PAD], strict=True)]


def _header_face(header: Sequence[str], edges: Sequence[float]) -> ImageFont.FreeTypeFont:
    """The largest bold face (down to a phone's legible size) every column title fits."""
    room = min(_widths(edges)) - 6
    smallest = legible_px(WIDTH)
    face = fit_font(header, room, max_size=HEADER_PX, min_size=smallest, bold=True)
    return face or font(smallest, bold=True)


def _row(
    draw: ImageDraw.ImageDraw,
    top: int,
    cells: Sequence[str],
    edges: Sequence[float],
    face: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int],
) -> None:
    for cell, left, width in zip(cells, edges, _widths(edges), strict=False):
        text = ellipsize(cell, face, width - 6)
        draw_text(draw, (left + 4, top + ROW_HEIGHT // 2), text, face, fill, anchor="lm")
