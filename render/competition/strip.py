"""The public strip: the twelve slots in reveal order, one row each, one column per player.

A revealed row shows every player's card (with the slot's value), the taker's card framed in
gold with a star; cards that left the game on a tie are struck through. A slot not yet
revealed shows one card back per card lying there (in its player's column); the next slot to
be revealed is framed.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.competition import Table, Trick, slot_parts
from locales import seat_name, tr
from locales.competition import category as category_name
from locales.competition import side_label
from render.common import Box, Theme, draw_marker, draw_text, ellipsize, fit_text, star

from .cards import draw_blind_card, draw_card_back, draw_slot_card
from .icons import draw_icon
from .names import draw_column_name
from .sizes import SMALLEST_PX

MARGIN = 24
LABEL_WIDTH = 290  # the longest German category name, in bold, at the smallest size
MAX_COLUMN = 300
HEADER_HEIGHT = 56  # two lines of a long name
REVEALED_HEIGHT = 74
HIDDEN_HEIGHT = 52
GAP = 5
NAME_PX = 22
LABEL_PX = 21
SIDE_PX = SMALLEST_PX
PROGRESS_HEIGHT = 58
PROGRESS_HEADER = 36  # a category icon over each pair of slots, a tick over each slot
BACK_WIDTH = 34
BACK_STEP = 42
PAIR_GAP = 12


def column_width(players: int, width: int) -> float:
    """The width of one player's column."""
    return min(MAX_COLUMN, (width - 2 * MARGIN - LABEL_WIDTH) / players)


def _column_left(seat: int, players: int, width: int) -> float:
    return MARGIN + LABEL_WIDTH + seat * column_width(players, width)


def _draw_label(
    draw: ImageDraw.ImageDraw, box: Box, slot: str, theme: Theme, *, next_up: bool
) -> None:
    left, top, _, bottom = box
    category, high = slot_parts(slot)
    mid = (top + bottom) / 2
    colour = theme.highlight if next_up else theme.text
    draw_icon(draw, category, (left + 22, mid), 26, colour, theme.panel)
    x = left + 44
    name, face = fit_text(
        category_name(category),
        LABEL_WIDTH - 44 - GAP,
        size=LABEL_PX,
        min_size=SMALLEST_PX,
        bold=True,
        family=theme.fonts,
    )
    draw_text(draw, (x, mid - 11), name, face, colour, anchor="lm")
    side = side_label(high) + (" · " + tr("next") if next_up else "")
    side, face = fit_text(
        side, LABEL_WIDTH - 44 - GAP, size=SIDE_PX, min_size=SMALLEST_PX, family=theme.fonts
    )
    draw_text(draw, (x, mid + 12), side, face, theme.muted_text, anchor="lm")


def _draw_trick(
    draw: ImageDraw.ImageDraw,
    top: float,
    bottom: float,
    trick: Trick,
    players: int,
    width: int,
    theme: Theme,
) -> None:
    category, _ = slot_parts(trick.slot)
    column = column_width(players, width)
    for play in trick.plays:
        left = _column_left(play.seat, players, width) + GAP
        box = (left, top + GAP, left + column - 2 * GAP, bottom - GAP)
        if play.seat in trick.takers:
            frame = (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3)
            draw.rounded_rectangle(frame, 12, outline=theme.highlight, width=4)
        if play.card is None:
            draw_blind_card(draw, box, theme)
        else:
            draw_slot_card(draw, box, play.card, category, theme, faded=trick.removed_card(play))
        if play.seat in trick.takers:
            centre = (box[2] - 4, box[3] - 6)
            draw.polygon(star(centre, 15), fill=theme.highlight, outline=theme.line)


def _draw_hidden(
    draw: ImageDraw.ImageDraw,
    top: float,
    bottom: float,
    seats: Sequence[int],
    players: int,
    width: int,
    theme: Theme,
) -> None:
    column = column_width(players, width)
    back_w = min(column - 4 * GAP, 96)
    for seat in seats:
        mid = _column_left(seat, players, width) + column / 2
        draw_card_back(
            draw, (mid - back_w / 2, top + GAP + 2, mid + back_w / 2, bottom - GAP - 2), theme
        )


def _draw_names(
    draw: ImageDraw.ImageDraw,
    top: float,
    table: Table,
    names: Sequence[str],
    width: int,
    theme: Theme,
) -> None:
    players = len(table.players)
    column = column_width(players, width)
    mid = top + HEADER_HEIGHT / 2
    draw_text(draw, (MARGIN, mid), tr("Slot"), theme.font(SIDE_PX), theme.muted_text, anchor="lm")
    for player in table.players:
        left = _column_left(player.seat, players, width)
        draw_marker(
            draw,
            theme.marker(player.seat),
            (left + 16, mid),
            9,
            theme.player(player.seat),
            outline=theme.text,
            width=2,
        )
        colour = theme.text if player.active else theme.muted_text
        name = seat_name(names, player.seat)
        draw_column_name(draw, (left + 30, mid), name, column - 36, NAME_PX, colour, theme)


def strip_height(table: Table) -> float:
    """How tall :func:`draw_strip` draws: the names, then a row per slot."""
    rows = (REVEALED_HEIGHT if table.trick(slot) else HIDDEN_HEIGHT for slot in table.slots)
    return HEADER_HEIGHT + sum(rows)


def progress_height(table: Table) -> float:
    """How tall :func:`draw_progress` draws: the slots' header and a row per player."""
    return PROGRESS_HEADER + len(table.players) * PROGRESS_HEIGHT


def _progress_left(index: int) -> float:
    """The left edge of the ``index``-th slot (reveal order) in a progress row; the two
    slots of a category stand together."""
    return MARGIN + LABEL_WIDTH + index * BACK_STEP + index // 2 * PAIR_GAP


def _draw_progress_header(
    draw: ImageDraw.ImageDraw, top: float, table: Table, theme: Theme
) -> None:
    """Each category's icon over its two slots, a tick up (highest) or down (lowest) over
    each slot, as the strip lies in front of every player."""
    tick = 5
    for index, slot in enumerate(table.slots):
        category, high = slot_parts(slot)
        centre = _progress_left(index) + BACK_WIDTH / 2
        if high:
            pair_centre = centre + BACK_STEP / 2
            draw_icon(
                draw, category, (pair_centre, top + 12), 20, theme.muted_text, theme.background
            )
        y = top + PROGRESS_HEADER - tick - 3
        tip, base = (y - tick, y + tick) if high else (y + tick, y - tick)
        draw.polygon(
            [(centre - tick, base), (centre + tick, base), (centre, tip)], fill=theme.muted_text
        )


def draw_strip(
    draw: ImageDraw.ImageDraw,
    top: float,
    table: Table,
    names: Sequence[str],
    width: int,
    theme: Theme,
) -> float:
    """Draw the strip from ``top``; returns the y coordinate below it."""
    _draw_names(draw, top, table, names, width, theme)
    y = top + HEADER_HEIGHT
    players = len(table.players)
    lying = [p.seat for p in table.players if p.active]
    for index, slot in enumerate(table.slots):
        trick = table.trick(slot)
        height = REVEALED_HEIGHT if trick else HIDDEN_HEIGHT
        row = (MARGIN, y, width - MARGIN, y + height)
        if index % 2 == 0:
            draw.rectangle(row, fill=theme.panel)
        next_up = slot == table.next_slot and table.phase == "reveal"
        if next_up:
            draw.rectangle(row, outline=theme.highlight, width=2)
        _draw_label(draw, row, slot, theme, next_up=next_up)
        if trick:
            _draw_trick(draw, y, y + height, trick, players, width, theme)
        else:
            _draw_hidden(draw, y, y + height, lying, players, width, theme)
        y += height
    return y


def draw_progress(
    draw: ImageDraw.ImageDraw,
    top: float,
    table: Table,
    names: Sequence[str],
    width: int,
    theme: Theme,
) -> float:
    """While cards are placed: each player's placed cards as backs, and who has confirmed.

    Everyone sees which slots hold a face-down card, never which of them are blinds.
    Returns the y below it.
    """
    face = theme.font(NAME_PX, bold=True)
    slots = len(table.slots)
    back_h = 46
    _draw_progress_header(draw, top, table, theme)
    y = top + PROGRESS_HEADER
    for index, player in enumerate(table.players):
        mid = y + PROGRESS_HEIGHT / 2
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, width - MARGIN, y + PROGRESS_HEIGHT), fill=theme.panel)
        draw_marker(
            draw,
            theme.marker(player.seat),
            (MARGIN + 18, mid),
            10,
            theme.player(player.seat),
            outline=theme.text,
            width=2,
        )
        name = ellipsize(seat_name(names, player.seat), face, LABEL_WIDTH - 44)
        draw_text(draw, (MARGIN + 36, mid), name, face, theme.text, anchor="lm")
        for index, slot in enumerate(table.slots):
            left = _progress_left(index)
            box = (left, mid - back_h / 2, left + BACK_WIDTH, mid + back_h / 2)
            if slot in player.filled:
                draw_card_back(draw, box, theme)
            else:
                draw.rounded_rectangle(box, 5, outline=theme.panel_band, width=2)
        done = tr("ready ✓") if player.confirmed else f"{player.placed}/{slots}"
        colour = theme.highlight if player.confirmed else theme.text
        draw_text(draw, (width - MARGIN - 12, mid), done, face, colour, anchor="rm")
        y += PROGRESS_HEIGHT
    return y
