"""The key below the map: what the pieces, anchors and highlight rings mean."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from locales import N_, tr
from render.common import Point, Theme, draw_path, draw_text, regular_polygon, text_width
from render.common.layers import cached_layer

from .palette import LAGOON, NEUTRAL
from .symbols import draw_anchor, draw_piece

MARGIN = 24
TEXT_PX = 22
ICON_RADIUS = 13
GAP = 30
LINE_PX = 40

Icon = Callable[[ImageDraw.ImageDraw, Point, Theme], None]


def _piece(kind: str) -> Icon:
    """The key icon of a piece of ``kind``, in the neutral colour."""

    def icon(draw: ImageDraw.ImageDraw, centre: Point, theme: Theme) -> None:
        draw_piece(draw, kind, centre, ICON_RADIUS, NEUTRAL, theme)

    return icon


def _anchor(draw: ImageDraw.ImageDraw, centre: Point, theme: Theme) -> None:
    """The key icon of secured water: a ringed water hex with an anchor."""
    hexagon = regular_polygon(centre, ICON_RADIUS * 1.3, 6, rotation=30)
    draw.polygon(hexagon, fill=LAGOON)
    draw_path(
        draw,
        regular_polygon(centre, ICON_RADIUS * 1.05, 6, rotation=30),
        NEUTRAL,
        3,
        closed=True,
    )
    draw_anchor(draw, centre, ICON_RADIUS * 1.2, NEUTRAL, theme)


def _ring(width: int, last: bool) -> Icon:
    """The key icon of a highlight ring: the last turn's (yellow) or a converted hex's."""

    def icon(draw: ImageDraw.ImageDraw, centre: Point, theme: Theme) -> None:
        hexagon = regular_polygon(centre, ICON_RADIUS * 1.2, 6, rotation=30)
        draw_path(draw, hexagon, theme.line, width + 4, closed=True)
        draw_path(draw, hexagon, theme.highlight if last else theme.text, width, closed=True)

    return icon


ITEMS: tuple[tuple[Icon, str], ...] = (
    (_piece("barracks"), N_("barracks")),
    (_piece("tower"), N_("defense tower")),
    (_piece("port"), N_("port")),
    (_anchor, N_("secured water")),
    (_ring(5, last=True), N_("last turn")),
    (_ring(2, last=False), N_("converted")),
)


def draw_legend(theme: Theme, width: int) -> Image.Image:
    """The key as an image ``width`` wide, its items wrapped onto as many lines as needed;
    drawn once per theme, width and language (a shared image: paste it, never draw on it)."""
    return cached_layer(("wars legend", theme, width), lambda: legend_image(theme, width))


def legend_image(theme: Theme, width: int) -> Image.Image:
    """The key drawn afresh (see :func:`draw_legend`)."""
    face = theme.font(TEXT_PX)
    placed: list[tuple[float, int]] = []
    x, line = float(MARGIN), 0
    for _, label in ITEMS:
        item_w = 2.6 * ICON_RADIUS + text_width(tr(label), face)
        if x + item_w > width - MARGIN and x > MARGIN:
            x, line = float(MARGIN), line + 1
        placed.append((x, line))
        x += item_w + GAP
    image = Image.new("RGB", (width, round((line + 1) * LINE_PX + MARGIN * 0.75)), theme.panel)
    draw = ImageDraw.Draw(image)
    for (icon, label), (x, line) in zip(ITEMS, placed, strict=True):
        y = MARGIN * 0.5 + line * LINE_PX + LINE_PX / 2
        icon(draw, (x + ICON_RADIUS, y), theme)
        draw_text(draw, (x + 2.6 * ICON_RADIUS, y), tr(label), face, theme.muted_text, anchor="lm")
    return image
