"""What lies in front of each player: a chip per sea with its face-up count, the face-down
pile, the score so far, and how far the player is this round."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.competition import Player, Table
from engine.competition.deck import SEAS, Sea
from locales import seat_name, tr
from locales.competition import SEA_LABELS
from render.common import Box, Theme, draw_marker, draw_text, ellipsize, mix

from .cards import draw_card_back
from .seas import SEA_COLOURS
from .sizes import SMALLEST_PX

MARGIN = 24
NAME_WIDTH = 250
CHIP = 46
CHIP_STEP = 52
HEADER_HEIGHT = 34
ROW_HEIGHT = 66
NAME_PX = 24
NOTE_PX = SMALLEST_PX
COUNT_PX = 22

ChipBoxes = dict[tuple[int, Sea], Box]
"""Where each chip was drawn, by (seat, sea)."""


def _chips_left() -> float:
    return MARGIN + NAME_WIDTH + 10


def chip_box(row_top: float, sea_index: int) -> Box:
    """The box of the chip of the ``sea_index``-th sea in a row starting at ``row_top``."""
    left = _chips_left() + sea_index * CHIP_STEP
    top = row_top + (ROW_HEIGHT - CHIP) / 2
    return (left, top, left + CHIP, top + CHIP)


def _note(player: Player, table: Table, viewer: int | None) -> str:
    """A word on the player's progress under the name."""
    words = [tr("you")] if player.seat == viewer else []
    if not player.active:
        words.append(tr("resigned"))
    elif table.pending and table.pending[0].seat == player.seat:
        words.append(tr("splitting") if table.pending[0].kind == "split" else tr("stealing"))
    return " · ".join(words)


def _draw_headers(draw: ImageDraw.ImageDraw, top: float, width: int, theme: Theme) -> None:
    face = theme.font(NOTE_PX, bold=True)
    mid = top + HEADER_HEIGHT / 2
    draw_text(draw, (MARGIN, mid), tr("Sea piles (face up)"), face, theme.muted_text, anchor="lm")
    for index, sea in enumerate(SEAS):
        left, _, right, _ = chip_box(top, index)
        colour = SEA_COLOURS[sea]
        draw.rounded_rectangle((left - 2, mid - 12, right + 2, mid + 12), 6, fill=colour)
        draw_text(
            draw,
            ((left + right) / 2, mid),
            tr(SEA_LABELS[sea]),
            theme.font(NOTE_PX),
            theme.text_on(colour),
        )
    down_x = _chips_left() + len(SEAS) * CHIP_STEP + 6  # clear of the last sea's label
    draw_text(draw, (down_x, mid), tr("down"), face, theme.muted_text, anchor="lm")
    draw_text(draw, (width - MARGIN - 40, mid), tr("score"), face, theme.muted_text)


def _draw_chip(draw: ImageDraw.ImageDraw, box: Box, sea: Sea, count: int, theme: Theme) -> None:
    colour = SEA_COLOURS[sea]
    if count == 0:
        draw.rounded_rectangle(
            box, 10, outline=mix(theme.panel_band, theme.muted_text, 0.3), width=2
        )
        return
    draw.rounded_rectangle(box, 10, fill=colour, outline=theme.line, width=2)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw_text(draw, centre, str(count), theme.font(COUNT_PX, bold=True), theme.text_on(colour))


def piles_height(table: Table) -> float:
    """How tall :func:`draw_piles` draws: the headers, then a row per player."""
    return HEADER_HEIGHT + len(table.players) * ROW_HEIGHT


def draw_piles(
    draw: ImageDraw.ImageDraw,
    top: float,
    table: Table,
    names: Sequence[str],
    width: int,
    theme: Theme,
    *,
    viewer: int | None = None,
) -> tuple[float, ChipBoxes]:
    """Draw every player's piles from ``top``; returns the y below them and the chip boxes."""
    _draw_headers(draw, top, width, theme)
    y = top + HEADER_HEIGHT
    acting = {table.pending[0].seat} if table.pending else set()
    chips: ChipBoxes = {}
    name_face = theme.font(NAME_PX, bold=True)
    for player in table.players:
        mid = y + ROW_HEIGHT / 2
        if player.seat in acting:
            draw.rounded_rectangle(
                (MARGIN, y + 2, width - MARGIN, y + ROW_HEIGHT - 2), 12, fill=theme.panel_band
            )
        seat = player.seat
        draw_marker(
            draw,
            theme.marker(seat),
            (MARGIN + 18, mid),
            12,
            theme.player(seat),
            outline=theme.text,
            width=2,
        )
        note = _note(player, table, viewer)
        name_y = mid - 10 if note else mid
        name = ellipsize(seat_name(names, seat), name_face, NAME_WIDTH - 44)
        colour = theme.text if player.active else theme.muted_text
        draw_text(draw, (MARGIN + 40, name_y), name, name_face, colour, anchor="lm")
        if note:
            draw_text(
                draw,
                (MARGIN + 40, mid + 15),
                note,
                theme.font(NOTE_PX),
                theme.muted_text,
                anchor="lm",
            )
        for index, sea in enumerate(SEAS):
            box = chip_box(y, index)
            chips[(seat, sea)] = box
            _draw_chip(draw, box, sea, player.face_up[index], theme)
        down_x = _chips_left() + len(SEAS) * CHIP_STEP + 14
        draw_card_back(draw, (down_x, mid - 20, down_x + 30, mid + 20), theme)
        draw_text(
            draw,
            (down_x + 40, mid),
            str(player.face_down),
            theme.font(COUNT_PX, True),
            theme.text,
            anchor="lm",
        )
        score = str(table.scores.totals[seat])
        draw_text(
            draw,
            (width - MARGIN - 40, mid),
            score,
            theme.font(NAME_PX + 4, bold=True),
            theme.highlight,
        )
        y += ROW_HEIGHT
    return y, chips
