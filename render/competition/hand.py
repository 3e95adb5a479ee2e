"""A player's own picture while placing: the twelve slots as placed so far, and the hand.

It reads the seat's secrets (``you`` in its view), so it is only ever sent to that player.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from engine.competition import BLIND, Own, Table, slot_parts
from engine.core import View
from locales import join_names, seat_name, tr
from locales.competition import category as category_name
from render.common import Box, Theme, draw_text, ellipsize, font, regular_polygon, text_width

from .board import BOTTOM_MARGIN, CANVAS_WIDTH, SECTION_GAP
from .cards import CARD_HEIGHT, CARD_WIDTH, draw_blind_card, draw_card, draw_slot_card
from .header import Status, draw_header, header_height
from .icons import draw_icon
from .sizes import SMALLEST_PX

MARGIN = 24
SIDE_WIDTH = 40
COLUMNS = 6
HEADING_PX = 24
LABEL_PX = SMALLEST_PX
STAGGER = LABEL_PX + 6  # slot names too wide for their column alternate between two rows
SLOT_HEIGHT = 74
HAND_COLUMNS = 4
CARD_GAP = (CANVAS_WIDTH - 2 * MARGIN - HAND_COLUMNS * CARD_WIDTH) / (HAND_COLUMNS - 1)


def own_status(table: Table, own: Own, names: Sequence[str]) -> Status:
    """What this player still has to do in the placement phase."""
    placed = sum(entry is not None for _, entry in own.placement)
    slots = len(own.placement)
    if own.seat not in table.to_move:
        others = join_names([seat_name(names, s) for s in table.to_move])
        return Status(
            tr("Placement confirmed ✓"), own.seat, tr("waiting for {names}", names=others)
        )
    if placed == slots:
        return Status(
            tr("All 12 cards placed: confirm when ready"),
            own.seat,
            tr("you can still move cards until you confirm"),
        )
    hint = tr("one card per slot, face down")
    if own.blinds:
        hint += " · " + tr("blind cards left: {count}", count=own.blinds)
    return Status(
        tr("Place your cards: {placed} of {slots} placed", placed=placed, slots=slots),
        own.seat,
        hint,
    )


def _slot_box(slot_index: int, top: float) -> Box:
    category_index, row = divmod(slot_index, 2)
    column = (CANVAS_WIDTH - 2 * MARGIN - SIDE_WIDTH) / COLUMNS
    left = MARGIN + SIDE_WIDTH + category_index * column
    y = top + row * (SLOT_HEIGHT + 8)
    return (left + 4, y, left + column - 4, y + SLOT_HEIGHT)


def _draw_empty(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    draw.rounded_rectangle(box, 10, outline=theme.panel_band, width=3)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw_text(draw, centre, tr("empty"), theme.font(LABEL_PX), theme.muted_text)


def _name_room() -> float:
    """How wide a slot's category name may be (twice that when the names are staggered)."""
    left, _, right, _ = _slot_box(0, 0)
    return right - left - 8


def _staggered(categories: Sequence[str], face: FreeTypeFont) -> bool:
    """Whether a slot's name is too wide for its column, so the names alternate rows."""
    return any(text_width(category_name(c), face) > _name_room() for c in categories)


def _draw_placement(draw: ImageDraw.ImageDraw, top: float, own: Own, theme: Theme) -> float:
    draw_text(
        draw, (MARGIN, top), tr("Your slots"), theme.font(HEADING_PX, True), theme.text, anchor="lt"
    )
    y = top + HEADING_PX + 12
    face = theme.font(LABEL_PX, bold=True)
    categories = [slot_parts(slot)[0] for slot, _ in own.placement[::2]]
    staggered = _staggered(categories, face)
    room = _name_room()
    for index, category in enumerate(categories):
        left, _, right, _ = _slot_box(2 * index, y)
        mid = (left + right) / 2
        draw_icon(draw, category, (mid, y + 14), 26, theme.text, theme.background)
        name = ellipsize(category_name(category), face, 2 * room if staggered else room)
        lower = STAGGER if staggered and index % 2 else 0
        half = text_width(name, face) / 2  # a wide name at either end stays on the picture
        x = min(max(mid, MARGIN + half), CANVAS_WIDTH - MARGIN - half)
        draw_text(draw, (x, y + 42 + lower), name, face, theme.text)
    y += 62 + (STAGGER if staggered else 0)
    for row, (mark_y, rotation) in enumerate(
        ((y + SLOT_HEIGHT / 2, 0), (y + SLOT_HEIGHT * 1.5 + 8, 180))
    ):
        arrow = regular_polygon((MARGIN + SIDE_WIDTH / 2 - 4, mark_y), 13, 3, rotation=rotation)
        draw.polygon(arrow, fill=theme.highlight if row == 0 else theme.muted_text)
    for index, (slot, entry) in enumerate(own.placement):
        box = _slot_box(index, y)
        category, _ = slot_parts(slot)
        if entry is None:
            _draw_empty(draw, box, theme)
        elif entry == BLIND:
            draw_blind_card(draw, box, theme)
        else:
            draw_slot_card(draw, box, entry, category, theme)
    y += 2 * SLOT_HEIGHT + 8
    note = tr("▲ top row: the highest value takes the trick · ▼ bottom row: the lowest")
    draw_text(draw, (MARGIN, y + 10), note, theme.font(LABEL_PX), theme.muted_text, anchor="lt")
    return y + 10 + LABEL_PX


def _draw_hand(draw: ImageDraw.ImageDraw, top: float, own: Own, theme: Theme) -> float:
    count = len(own.hand) + own.blinds
    heading = tr("Cards in your hand: {count}", count=count) if count else tr("Hand empty")
    draw_text(draw, (MARGIN, top), heading, theme.font(HEADING_PX, True), theme.text, anchor="lt")
    y = top + HEADING_PX + 14
    entries = [*own.hand, *([BLIND] * own.blinds)]
    for index, entry in enumerate(entries):
        row, column = divmod(index, HAND_COLUMNS)
        left = MARGIN + column * (CARD_WIDTH + CARD_GAP)
        card_top = y + row * (CARD_HEIGHT + CARD_GAP)
        box = (left, card_top, left + CARD_WIDTH, card_top + CARD_HEIGHT)
        if entry == BLIND:
            draw_blind_card(draw, box, theme)
        else:
            draw_card(draw, box, entry, theme)
    rows = -(-len(entries) // HAND_COLUMNS)
    return y + rows * (CARD_HEIGHT + CARD_GAP)


def hand_image(view: View, names: Sequence[str], title: str, theme: Theme) -> Image.Image:
    """The picture of a seat's own hand and placement, made as tall as its contents before
    drawing; ValueError for a spectator's view."""
    table = Table.of(view)
    own = table.you
    if view.seat is None or own is None:
        raise ValueError("a hand picture needs a player's own view (seat is None)")
    status = own_status(table, own, names)
    image = Image.new("RGB", (CANVAS_WIDTH, hand_height(own, status)), theme.background)
    draw_hand(ImageDraw.Draw(image), table, own, title, status, theme)
    return image


def hand_height(own: Own, status: Status) -> int:
    """How tall the hand picture is (as :func:`draw_hand` draws it)."""
    categories = [slot_parts(slot)[0] for slot, _ in own.placement[::2]]
    stagger = STAGGER if _staggered(categories, font(LABEL_PX, bold=True)) else 0
    placement = HEADING_PX + 12 + 62 + stagger + 2 * SLOT_HEIGHT + 8 + 10 + LABEL_PX
    rows = -(-(len(own.hand) + own.blinds) // HAND_COLUMNS)
    cards = HEADING_PX + 14 + rows * (CARD_HEIGHT + CARD_GAP)
    y = header_height(status) + SECTION_GAP + placement + SECTION_GAP * 1.5 + cards
    return round(y + BOTTOM_MARGIN)


def draw_hand(
    draw: ImageDraw.ImageDraw, table: Table, own: Own, title: str, status: Status, theme: Theme
) -> float:
    """Draw the hand picture; returns the y below it (:func:`hand_height` less the margin)."""
    y = draw_header(draw, table, title, status, theme, CANVAS_WIDTH)
    y = _draw_placement(draw, y + SECTION_GAP, own, theme)
    return _draw_hand(draw, y + SECTION_GAP * 1.5, own, theme)
