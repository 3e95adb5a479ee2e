"""The standings picture of a tournament: a ranked table with the tiebreaks explained.

``draw_standings(view, names)`` takes a :class:`~engine.core.View` of game ``"tournament"``
whose data holds ``title``, ``subtitle``, ``tiebreaks`` (the names of the tiebreak columns,
in the order they decide; the first ``lead`` of them rank before the points, as a knockout's
rounds won do), ``rows`` (``rank``, ``name``, ``points``, ``tiebreaks`` by name,
``played``, ``dropped``), ``more`` (rows left out below the last) and ``highlight`` (the index
of a row to mark, or None). ``names`` is unused (the
rows carry them); the signature is the bot's picture-drawer one. Words are in the current
language (:func:`locales.speaking`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import View
from locales import tr
from locales.tournament import (
    points_text,
    tiebreak_explanation,
    tiebreak_short,
    tiebreak_text,
    tiebreak_title,
)

from ..common.legible import legible_px
from ..common.png import to_png_palette
from ..common.text import draw_text, ellipsize, fit_lines, fit_text
from ..common.theme import font

WIDTH = 640
PAD = 18
TITLE_HEIGHT = 72
ROW_HEIGHT = 34
BODY_PX = 19
NAME_MIN_PX = 14
NUMBER_COLUMN = 64
RANK_COLUMN = 44
LEGEND_PX = 16
LEGEND_LINE = 22
MAX_ROWS = 64
BACKGROUND = (246, 241, 228)
BAND = (32, 96, 120)
INK = (34, 40, 49)
MUTED = (120, 124, 130)
STRIPE = (236, 229, 211)
MARK = (255, 214, 120)
PODIUM = ((240, 196, 64), (196, 200, 208), (212, 150, 96))


def draw_standings(view: View, names: Sequence[str] = ()) -> bytes:
    """The PNG of a tournament's standings (see the module's docstring for the data)."""
    data: Mapping[str, Any] = view.data
    breaks = [str(name) for name in data.get("tiebreaks", ())]
    rows = list(data.get("rows", ()))[:MAX_ROWS]
    more = int(data.get("more", 0)) + max(0, len(data.get("rows", ())) - MAX_ROWS)
    legend = _legend(breaks)
    height = (
        TITLE_HEIGHT
        + ROW_HEIGHT * (len(rows) + 1)
        + (ROW_HEIGHT if more else 0)
        + PAD
        + LEGEND_LINE * len(legend)
        + PAD
    )
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _title(draw, str(data.get("title", "")), str(data.get("subtitle", "")))
    lead = int(data.get("lead", 0))
    columns = _columns(len(breaks))
    shorts = [tiebreak_short(b) for b in breaks]
    header = ["#", tr("Player"), *shorts[:lead], tr("Pts"), *shorts[lead:], tr("Games")]
    face = font(max(legible_px(WIDTH), 14), bold=True)
    top = TITLE_HEIGHT
    for text, (left, right, align) in zip(header, columns, strict=True):
        _cell(draw, text, left, right, align, top, face, MUTED)
    body = font(BODY_PX)
    bold = font(BODY_PX, bold=True)
    highlight = data.get("highlight")
    for index, row in enumerate(rows):
        top = TITLE_HEIGHT + ROW_HEIGHT * (index + 1)
        fill = MARK if index == highlight else STRIPE if index % 2 == 0 else None
        if fill is not None:
            draw.rectangle((PAD // 2, top, WIDTH - PAD // 2, top + ROW_HEIGHT - 2), fill=fill)
        _row(draw, row, breaks, lead, columns, top, body, bold)
    top = TITLE_HEIGHT + ROW_HEIGHT * (len(rows) + 1)
    if more:
        text = tr("… and {count} more", count=more)
        draw_text(draw, (PAD, top + ROW_HEIGHT // 2), text, body, MUTED, anchor="lm")
        top += ROW_HEIGHT
    top += PAD // 2
    legend_face = font(LEGEND_PX)
    for line in legend:
        draw_text(draw, (PAD, top + LEGEND_LINE // 2), line, legend_face, INK, anchor="lm")
        top += LEGEND_LINE
    return to_png_palette(image)


def _title(draw: ImageDraw.ImageDraw, title: str, subtitle: str) -> None:
    draw.rectangle((0, 0, WIDTH, TITLE_HEIGHT - 10), fill=BAND)
    room = WIDTH - 2 * PAD
    text, face = fit_text(title, room, size=26, min_size=16, bold=True)
    draw_text(draw, (PAD, 22), text, face, BACKGROUND, anchor="lm")
    text, face = fit_text(subtitle, room, size=17, min_size=legible_px(WIDTH))
    draw_text(draw, (PAD, 47), text, face, BACKGROUND, anchor="lm")


def _columns(tiebreaks: int) -> list[tuple[float, float, str]]:
    """(left, right, alignment) of each column: rank, name, points, tiebreaks, games."""
    right = WIDTH - PAD
    numbers = []
    for _ in range(tiebreaks + 2):
        numbers.append((right - NUMBER_COLUMN, right, "r"))
        right -= NUMBER_COLUMN + 4
    numbers.reverse()
    return [(PAD, PAD + RANK_COLUMN, "r"), (PAD + RANK_COLUMN + 10, right, "l"), *numbers]


def _cell(draw, text, left, right, align, top, face, fill) -> None:
    text = ellipsize(text, face, right - left - 4)
    y = top + ROW_HEIGHT // 2
    if align == "r":
        draw_text(draw, (right - 4, y), text, face, fill, anchor="rm")
    else:
        draw_text(draw, (left, y), text, face, fill, anchor="lm")


def _row(draw, row: Mapping[str, Any], breaks, lead: int, columns, top, body, bold) -> None:
    rank = int(row.get("rank", 0))
    dropped = bool(row.get("dropped"))
    ink = MUTED if dropped else INK
    (rank_left, rank_right, _), *_rest = columns
    if 1 <= rank <= len(PODIUM) and not dropped:
        centre = ((rank_left + rank_right) / 2 + 6, top + ROW_HEIGHT / 2 - 1)
        radius = ROW_HEIGHT / 2 - 4
        draw.ellipse(
            (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius),
            fill=PODIUM[rank - 1],
        )
        draw_text(draw, centre, str(rank), bold, INK, anchor="mm")
    else:
        _cell(draw, str(rank), rank_left, rank_right, "r", top, body, ink)
    name = str(row.get("name", ""))
    if dropped:
        name = tr("{name} (dropped)", name=name)
    tiebreaks = row.get("tiebreaks", {})
    values = [tiebreak_text(float(tiebreaks.get(b, 0))) for b in breaks]
    cells = [
        name,
        *values[:lead],
        points_text(float(row.get("points", 0))),
        *values[lead:],
        str(int(row.get("played", 0))),
    ]
    for index, (text, (left, right, align)) in enumerate(zip(cells, columns[1:], strict=True)):
        face = bold if index == 1 + lead else body
        if index == 0:  # a long name gets smaller before it is cut short
            text, face = fit_text(text, right - left - 4, size=BODY_PX, min_size=NAME_MIN_PX)
        _cell(draw, text, left, right, align, top, face, ink)


def _legend(breaks: Sequence[str]) -> list[str]:
    """One or two lines per tiebreak: its short name, title and what it adds up."""
    lines: list[str] = [tr("Ties are broken in this order:")]
    for name in breaks:
        text = f"{tiebreak_short(name)} = {tiebreak_title(name)}: {tiebreak_explanation(name)}"
        wrapped, _face = fit_lines(text, WIDTH - 2 * PAD, size=LEGEND_PX, min_size=LEGEND_PX)
        lines.extend(wrapped)
    return lines


__all__ = ["draw_standings"]
