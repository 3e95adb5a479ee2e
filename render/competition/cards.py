"""Island cards drawn as cards: the full card, a compact slot card, the back and a blind card.

A full card is designed at :data:`CARD_WIDTH` × :data:`CARD_HEIGHT` and scales with the box
it is given: a header band in the sea's colour with the sea's name, the island's name (in the
picture's language only; long names shrink, then take two lines), and the six values with
their units, each next to the category's icon. National borders show as a red badge with
their number.
"""

from __future__ import annotations

from PIL import ImageDraw, ImageFont

from engine.competition.deck import CATEGORIES, IslandCard
from locales import tr
from locales.competition import island_name, local_number
from render.common import (
    RGB,
    Box,
    Theme,
    draw_text,
    ellipsize,
    fit_font,
    fit_lines,
    rgb,
    shade,
    star,
    tint,
)

from .icons import draw_icon
from .numbers import UNITS, format_value, format_with_unit
from .seas import SEA_COLOURS
from .sizes import SMALLEST_PX

CARD_WIDTH = 246
CARD_HEIGHT = 330
PAPER = rgb("#FBF6E9")
MUTED_INK = rgb("#6A655C")
BORDER_RED = rgb("#D62828")
BACK = rgb("#1F5F80")
BLIND_GREY = rgb("#C9C4BA")
# A slot card is too narrow for a long island name (Galapagosinseln) at SMALLEST_PX: such a
# name shrinks down to this rather than be cut (the hand shows it whole, full size).
NAME_MIN_PX = 13


def sea_colour(card: IslandCard) -> RGB:
    """The colour of ``card``'s sea."""
    return SEA_COLOURS[card.sea]


def draw_border_badge(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: float,
    borders: int,
    theme: Theme,
) -> None:
    """A red badge with the number of national borders on a card."""
    x, y = centre
    radius = max(radius, SMALLEST_PX / 1.3)  # its number stays legible
    box = (x - radius, y - radius, x + radius, y + radius)
    draw.ellipse(box, fill=BORDER_RED, outline=PAPER, width=max(1, round(radius / 7)))
    draw_text(draw, centre, str(borders), theme.font(radius * 1.3, bold=True), PAPER)


def _card_shape(draw: ImageDraw.ImageDraw, box: Box, radius: float, fill: RGB, edge: RGB) -> int:
    """A card's rounded outline; returns the edge width used."""
    width = max(2, round(radius / 5))
    draw.rounded_rectangle(box, radius, fill=fill, outline=edge, width=width)
    return width


def draw_card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    card: IslandCard,
    theme: Theme,
    *,
    highlight: str | None = None,
) -> None:
    """Draw ``card`` filling ``box`` (best at the proportions of the design size).

    ``highlight`` (a category key) puts a band behind that category's row.
    """
    left, top, right, bottom = box
    k = (right - left) / CARD_WIDTH
    colour = sea_colour(card)
    radius = 14 * k
    edge = _card_shape(draw, box, radius, colour, shade(colour, 0.4))
    band = 40 * k
    draw.rounded_rectangle(
        (left + edge, top + band, right - edge, bottom - edge),
        radius - edge,
        fill=PAPER,
        corners=(False, False, True, True),
    )
    mid = (left + right) / 2
    badge = 18 * k if card.borders else 0
    name_right = right - 2 * badge - 8 * k if badge else right
    sea_lines, sea_face = fit_lines(
        tr(card.sea.display_name),
        name_right - left - 20 * k,
        size=max(SMALLEST_PX, round(17 * k)),
        min_size=SMALLEST_PX,
        wrapped=SMALLEST_PX,
        bold=True,
        family=theme.fonts,
    )
    draw_lines(
        draw,
        ((left + name_right) / 2, top + band / 2 + k),
        sea_lines,
        sea_face,
        theme.text_on(colour),
    )
    if card.borders:
        draw_border_badge(draw, (right - 22 * k, top + band / 2), 15 * k, card.borders, theme)
    name_lines, name_face = fit_lines(
        island_name(card),
        right - left - 20 * k,
        size=round(28 * k),
        min_size=SMALLEST_PX,
        wrapped=max(SMALLEST_PX, round(22 * k)),
        bold=True,
        family=theme.fonts,
    )
    draw_lines(draw, (mid, top + band + 32 * k), name_lines, name_face, theme.dark_text)
    rows_top = top + band + 66 * k
    draw.line((left + 12 * k, rows_top, right - 12 * k, rows_top), fill=tint(MUTED_INK, 0.5))
    row_h = (bottom - 8 * k - rows_top) / len(CATEGORIES)
    value_face = theme.font(24 * k, bold=True)
    unit_face = theme.font(max(SMALLEST_PX, 16 * k))
    for i, category in enumerate(CATEGORIES):
        y = rows_top + row_h * (i + 0.5)
        if category.key == highlight:
            band_box = (left + 6 * k, y - row_h / 2 + 2, right - 6 * k, y + row_h / 2 - 2)
            draw.rounded_rectangle(band_box, 6 * k, fill=tint(colour, 0.6))
        draw_icon(draw, category.key, (left + 26 * k, y), 24 * k, MUTED_INK, PAPER)
        unit = UNITS[category.key]
        x = right - 14 * k
        if unit and card.value(category) is not None:
            draw_text(draw, (x, y), unit, unit_face, MUTED_INK, anchor="rm")
            x -= unit_face.getlength(unit) + 5 * k
        text = local_number(format_value(category.key, card.value(category)))
        draw_text(draw, (x, y), text, value_face, theme.dark_text, anchor="rm")


def draw_lines(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    lines: list[str],
    face: ImageFont.FreeTypeFont,
    fill: RGB,
) -> None:
    """``lines`` centred one below the other around ``centre``."""
    step = face.size * 1.1
    x, y = centre
    for row, line in enumerate(lines):
        draw_text(draw, (x, y + (row - (len(lines) - 1) / 2) * step), line, face, fill)


def draw_card_back(
    draw: ImageDraw.ImageDraw, box: Box, theme: Theme, *, label: str | None = None
) -> None:
    """A face-down card: a blue back with a compass star and an optional label."""
    left, top, right, bottom = box
    size = min(right - left, bottom - top)
    radius = max(4.0, size * 0.1)
    _card_shape(draw, box, radius, BACK, shade(BACK, 0.5))
    inset = max(3.0, size * 0.08)
    inner = (left + inset, top + inset, right - inset, bottom - inset)
    draw.rounded_rectangle(
        inner, radius * 0.6, outline=tint(BACK, 0.35), width=max(1, round(size / 40))
    )
    centre = ((left + right) / 2, (top + bottom) / 2)
    if label is None:
        draw.polygon(star(centre, size * 0.28, points=4, inner=0.35), fill=tint(BACK, 0.55))
    else:
        face = theme.font(max(SMALLEST_PX, min(size * 0.3, 26)), bold=True)
        draw_text(draw, centre, ellipsize(label, face, right - left - 2 * inset), face, theme.text)


def draw_blind_card(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    """A blind card: grey, with a dashed frame and the word "blind"; it carries no values."""
    left, top, right, bottom = box
    size = min(right - left, bottom - top)
    radius = max(4.0, size * 0.1)
    _card_shape(draw, box, radius, BLIND_GREY, shade(BLIND_GREY, 0.45))
    inset = max(4.0, size * 0.1)
    dash = max(4.0, size * 0.08)
    ink = shade(BLIND_GREY, 0.3)
    x = left + inset
    while x < right - inset:
        end = min(x + dash, right - inset)
        draw.line((x, top + inset, end, top + inset), fill=ink, width=2)
        draw.line((x, bottom - inset, end, bottom - inset), fill=ink, width=2)
        x += 2 * dash
    y = top + inset
    while y < bottom - inset:
        end = min(y + dash, bottom - inset)
        draw.line((left + inset, y, left + inset, end), fill=ink, width=2)
        draw.line((right - inset, y, right - inset, end), fill=ink, width=2)
        y += 2 * dash
    face = theme.font(max(SMALLEST_PX, min(size * 0.3, 28)), bold=True)
    draw_text(
        draw, ((left + right) / 2, (top + bottom) / 2), tr("blind"), face, shade(BLIND_GREY, 0.6)
    )


def draw_slot_card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    card: IslandCard,
    category: str,
    theme: Theme,
    *,
    faded: bool = False,
) -> None:
    """A compact card for a slot: a sea-coloured edge, the name and the slot's category value.

    ``faded`` cards (ties that left the game) are drawn greyed out and struck through.
    """
    left, top, right, bottom = box
    height = bottom - top
    colour = mix_faded(sea_colour(card), faded)
    paper = mix_faded(PAPER, faded)
    radius = max(5.0, height * 0.14)
    _card_shape(draw, box, radius, colour, shade(colour, 0.4))
    stripe = max(10.0, height * 0.2)
    draw.rounded_rectangle(
        (left + stripe, top + 2, right - 2, bottom - 2),
        radius - 2,
        fill=paper,
        corners=(False, True, True, False),
    )
    pad = max(5.0, height * 0.09)
    badge = height * 0.17 if card.borders else 0
    width = right - left - stripe - 2 * pad
    ink = MUTED_INK if faded else theme.dark_text
    size = round(min(22, height * 0.34))
    lines, name_face = fit_lines(
        island_name(card),
        width - 2 * badge,
        size=size,
        min_size=NAME_MIN_PX,
        wrapped=SMALLEST_PX,
        bold=True,
        family=theme.fonts,
    )
    x = left + stripe + pad
    step = name_face.size * 1.1
    first = top + height * (0.3 if len(lines) == 1 else 0.2)
    for row, line in enumerate(lines):
        draw_text(draw, (x, first + row * step), line, name_face, ink, anchor="lm")
    value = local_number(format_with_unit(category, card.value(category)))
    value_face = fit_font(
        [value], width, max_size=size, min_size=SMALLEST_PX, family=theme.fonts
    ) or theme.font(SMALLEST_PX)
    value_y = top + height * (0.72 if len(lines) == 1 else 0.8)
    draw_text(draw, (x, value_y), value, value_face, ink, anchor="lm")
    if card.borders:
        draw_border_badge(draw, (right - badge - 3, top + badge + 3), badge, card.borders, theme)
    if faded:
        draw.line((left + 6, bottom - 6, right - 6, top + 6), fill=MUTED_INK, width=3)


def mix_faded(colour: RGB, faded: bool) -> RGB:
    """``colour``, washed out towards grey when ``faded``."""
    return tint(shade(colour, 0.25), 0.45) if faded else colour
