"""The final score table: sea by sea who led and scored, face-down points, totals, winners.

Each sea row shows every player's face-up cards of that sea; the leaders' cells are filled
in the sea's colour with the points they score. The face-down row gives one point per card
(in the simple variant every card won counts instead); the winners' totals are starred.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.competition import Scores, Table
from locales import seat_name, tr
from render.common import Box, Theme, draw_marker, draw_text, star

from .names import draw_column_name
from .seas import SEA_COLOURS
from .sizes import SMALLEST_PX

MARGIN = 24
LABEL_WIDTH = 300
MAX_COLUMN = 200
TITLE_PX = 28
HEADER_HEIGHT = 60
ROW_HEIGHT = 48
TOTAL_HEIGHT = 60
TEXT_PX = 22
NOTE_PX = SMALLEST_PX


def _columns(players: int, width: int) -> float:
    return min(MAX_COLUMN, (width - 2 * MARGIN - LABEL_WIDTH) / players)


def _cell(seat: int, top: float, height: float, players: int, width: int) -> Box:
    column = _columns(players, width)
    left = MARGIN + LABEL_WIDTH + seat * column
    return (left + 4, top + 4, left + column - 4, top + height - 4)


def _draw_names(
    draw: ImageDraw.ImageDraw,
    top: float,
    players: int,
    names: Sequence[str],
    width: int,
    theme: Theme,
) -> None:
    mid = top + HEADER_HEIGHT / 2
    draw_text(
        draw,
        (MARGIN, mid),
        tr("points (cards)"),
        theme.font(NOTE_PX),
        theme.muted_text,
        anchor="lm",
    )
    for seat in range(players):
        left, _, right, _ = _cell(seat, top, HEADER_HEIGHT, players, width)
        draw_marker(
            draw,
            theme.marker(seat),
            (left + 12, mid),
            9,
            theme.player(seat),
            outline=theme.text,
            width=2,
        )
        name = seat_name(names, seat)
        draw_column_name(
            draw, (left + 26, mid), name, right - left - 28, TEXT_PX, theme.text, theme
        )


def _draw_seas(
    draw: ImageDraw.ImageDraw, top: float, scores: Scores, width: int, theme: Theme
) -> float:
    players = len(scores.totals)
    face = theme.font(TEXT_PX)
    bold = theme.font(TEXT_PX, bold=True)
    y = top
    for index, row in enumerate(scores.seas):
        colour = SEA_COLOURS[row.sea]
        mid = y + ROW_HEIGHT / 2
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, width - MARGIN, y + ROW_HEIGHT), fill=theme.panel)
        draw.rounded_rectangle((MARGIN + 6, mid - 11, MARGIN + 28, mid + 11), 5, fill=colour)
        draw_text(draw, (MARGIN + 40, mid), tr(row.sea.display_name), face, theme.text, anchor="lm")
        for seat in range(players):
            box = _cell(seat, y, ROW_HEIGHT, players, width)
            centre = ((box[0] + box[2]) / 2, mid)
            count, points = row.counts[seat], row.points[seat]
            if points:
                draw.rounded_rectangle(box, 8, fill=colour)
                draw_text(draw, centre, f"{points}  ({count})", bold, theme.text_on(colour))
            else:
                text = "–" if count == 0 else f"0  ({count})"
                draw_text(draw, centre, text, face, theme.muted_text)
        y += ROW_HEIGHT
    return y


def _draw_row(
    draw: ImageDraw.ImageDraw,
    top: float,
    height: float,
    label: str,
    values: Sequence[int],
    width: int,
    theme: Theme,
    *,
    size: int,
) -> None:
    mid = top + height / 2
    draw_text(draw, (MARGIN + 8, mid), label, theme.font(size, bold=True), theme.text, anchor="lm")
    for seat, value in enumerate(values):
        box = _cell(seat, top, height, len(values), width)
        centre = ((box[0] + box[2]) / 2, mid)
        draw_text(draw, centre, str(value), theme.font(size, bold=True), theme.text)


def final_height(table: Table) -> float:
    """How tall :func:`draw_final` draws: title, names, a row per sea (or the cards won),
    the face-down row and the totals."""
    scores = table.scores
    seas = 0 if scores.variant == "simple" else len(scores.seas) * ROW_HEIGHT
    return TITLE_PX + 10 + HEADER_HEIGHT + seas + ROW_HEIGHT + 4 + TOTAL_HEIGHT


def draw_final(
    draw: ImageDraw.ImageDraw,
    top: float,
    table: Table,
    names: Sequence[str],
    width: int,
    theme: Theme,
) -> float:
    """Draw the score table from ``top``; returns the y coordinate below it."""
    scores = table.scores
    players = len(scores.totals)
    draw_text(
        draw,
        (MARGIN, top),
        tr("Final scoring"),
        theme.font(TITLE_PX, bold=True),
        theme.text,
        anchor="lt",
    )
    y = top + TITLE_PX + 10
    _draw_names(draw, y, players, names, width, theme)
    y += HEADER_HEIGHT
    if scores.variant == "simple":
        _draw_row(draw, y, ROW_HEIGHT, tr("Cards won"), scores.cards, width, theme, size=TEXT_PX)
    else:
        y = _draw_seas(draw, y, scores, width, theme)
        _draw_row(
            draw,
            y,
            ROW_HEIGHT,
            tr("Face down (1 each)"),
            scores.face_down,
            width,
            theme,
            size=TEXT_PX,
        )
    y += ROW_HEIGHT
    draw.line((MARGIN, y + 2, width - MARGIN, y + 2), fill=theme.muted_text, width=2)
    winners = set(table.outcome.winners) if table.outcome else set()
    for seat in winners:
        box = _cell(seat, y + 4, TOTAL_HEIGHT, players, width)
        draw.rounded_rectangle(box, 10, fill=theme.panel_band, outline=theme.highlight, width=3)
        draw.polygon(star((box[0] + 22, (box[1] + box[3]) / 2), 14), fill=theme.highlight)
    _draw_row(draw, y + 4, TOTAL_HEIGHT, tr("Total"), scores.totals, width, theme, size=TEXT_PX + 6)
    return y + 4 + TOTAL_HEIGHT
