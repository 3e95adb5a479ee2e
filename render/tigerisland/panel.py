"""The header above the island: title, whose turn, the players' table, the tile in hand."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.core.names import fill_names
from engine.tigerisland import Cell, TigerView
from locales import N_, current, engine_words, seat_name, tr
from render.common import (
    Box,
    Orientation,
    PanelRow,
    Theme,
    draw_marker,
    draw_panel,
    draw_path,
    draw_polygon,
    draw_text,
    ellipsize,
    fit_layout,
    fit_lines,
    fit_text,
    panel_height,
    regular_polygon,
    star,
    text_width,
)
from render.common.legible import legible_px

from .board import draw_island
from .cubes import NORTH_EAST, NORTH_WEST, to_axial

MARGIN = 22
HAND_WIDTH = 250
TITLE_PX = 34
STATUS_PX = 30
TEXT_PX = 28
SMALL_PX = 22
REASON_LINES = 2  # the end's reason (a long name, German) is broken onto this many lines
HEADERS = (N_("Score"), N_("Villagers left"), N_("Totoros left"))
TERRAIN_WORDS = (N_("JUNGLE"), N_("LAKE"), N_("GRASS"), N_("ROCK"))
"""The terrains of a tile in hand, as the panel writes them (looked up with ``tr``)."""
STATUS_NAME_WIDTH = 400
LEGEND_KEYS = (N_("tile level"), N_("last tile"), N_("last build"))
"""The key under the table: a hex's level badge, the last tile's and the last build's rings."""


def status_line(board: TigerView, names: Sequence[str]) -> str:
    """Who is to do what, or how the game ended."""
    if board.outcome is not None:
        winners = board.outcome.winners
        if len(winners) == 1:
            return tr("{name} wins!", name=seat_name(names, winners[0]))
        if winners:
            together = tr(" and ").join(seat_name(names, s) for s in winners)
            return tr("Shared win: {names}", names=together)
        return tr("The game is over.")
    if board.active is None:
        return tr("Waiting.")
    name = seat_name(names, board.active)
    if board.phase == "place":
        return tr("{name} to place a tile", name=name)
    return tr("{name} to build", name=name)


def _rows(board: TigerView, names: Sequence[str], theme: Theme) -> list[PanelRow]:
    scores = board.outcome.scores if board.outcome is not None else board.scores
    leading = set(board.outcome.winners) if board.outcome is not None else {board.active}
    return [
        PanelRow(
            name=seat_name(names, seat),
            values=(
                str(scores[seat]),
                str(board.villagers_left[seat]),
                str(board.totoros_left[seat]),
            ),
            colour=theme.player(seat),
            marker=theme.marker(seat),
            current=seat in leading,
        )
        for seat in range(board.players)
    ]


def _draw_hand(draw: ImageDraw.ImageDraw, box: Box, board: TigerView, theme: Theme) -> None:
    """The tile to place (volcano below, A up-left, B up-right: orientation 1) and the deck.

    When the game is over, a star with the winner's marker instead.
    """
    left, top, right, bottom = box
    draw.rounded_rectangle(box, 16, fill=theme.panel_band)
    mid = (left + right) / 2
    small = theme.font(SMALL_PX)
    heading = tr("Game over") if board.outcome is not None else tr("Tile in hand")
    draw_text(draw, (mid, top + 10), heading, small, theme.muted_text, anchor="mt")
    tiles = board.tiles_left
    deck = tr("1 tile left") if tiles == 1 else tr("{count} tiles left", count=tiles)
    draw_text(draw, (mid, bottom - 10), deck, theme.font(SMALL_PX, True), theme.text, anchor="mb")
    centre = (mid, (top + bottom) / 2)
    if board.outcome is not None:
        trophy = star(centre, 56, inner=0.5)
        draw_polygon(draw, trophy, theme.highlight, outline=theme.line, width=3)
        if len(board.outcome.winners) == 1:
            seat = board.outcome.winners[0]
            draw_marker(
                draw,
                theme.marker(seat),
                centre,
                14,
                theme.player(seat),
                outline=theme.line,
                width=2,
            )
    elif board.tile_in_hand is None:
        note = tr("placed") if board.phase == "build" else "—"
        draw_text(draw, centre, note, theme.font(TEXT_PX), theme.muted_text)
    else:
        terrain_a, terrain_b = board.tile_in_hand
        both = f"{tr(terrain_a)} + {tr(terrain_b)}"
        smallest = legible_px(draw.im.size[0])
        label, face = fit_text(both, right - left - 16, size=SMALL_PX, min_size=smallest)
        draw_text(draw, (mid, bottom - 42), label, face, theme.text, anchor="mb")
        tile = [
            Cell((0, 0, 0), "VOLCANO", 1, 0, None),
            Cell(NORTH_WEST, terrain_a, 1, 0, None),
            Cell(NORTH_EAST, terrain_b, 1, 0, None),
        ]
        area = (left + 20, top + 42, right - 20, bottom - 80)
        cells = [to_axial(c.cube) for c in tile]
        layout = fit_layout(cells, Orientation.POINTY, area, min_size=8, max_size=60)
        draw_island(draw, layout, tile, theme, coordinates=False)


def _draw_legend(draw: ImageDraw.ImageDraw, x: float, y: float, theme: Theme) -> None:
    """Keys for the level badge and the last-turn highlights, as drawn on the board."""
    small = theme.font(SMALL_PX)
    digit = theme.font(max(SMALL_PX * 0.7, legible_px(draw.im.size[0])), True)
    r = max(SMALL_PX * 0.55, digit.size * 0.75)
    for key in LEGEND_KEYS:
        label = tr(key)
        centre = (x + r, y)
        if key == LEGEND_KEYS[0]:
            draw.polygon(regular_polygon(centre, r, 6), fill=theme.line, outline=theme.muted_text)
            draw_text(draw, centre, "2", digit, theme.text)
        elif key == LEGEND_KEYS[1]:
            for width, colour in ((7, theme.line), (3, theme.highlight)):
                draw_path(draw, regular_polygon(centre, r, 6), colour, width, closed=True)
        else:
            for grow, width, colour in ((2, 7, theme.line), (0, 3, theme.highlight)):
                box = (x - grow, y - r - grow, x + 2 * r + grow, y + r + grow)
                draw.ellipse(box, outline=colour, width=width)
        x += 2 * r + 10
        draw_text(draw, (x, y), label, small, theme.muted_text, anchor="lm")
        x += text_width(label, small) + 30


def header_height(board: TigerView) -> int:
    """How tall the header is (as :func:`draw_header` draws it)."""
    y = MARGIN + TITLE_PX + 12 + STATUS_PX + 8
    if board.outcome is not None:
        y += REASON_LINES * (SMALL_PX + 4) + 6
    y += panel_height(board.players, text_size=TEXT_PX, title=False, headers=True)
    return round(y + 20 + SMALL_PX / 2 + MARGIN)


def draw_header(
    draw: ImageDraw.ImageDraw,
    board: TigerView,
    names: Sequence[str],
    theme: Theme,
    width: int,
    title: str,
) -> float:
    """Draw the header at the top of the picture, on a band :func:`header_height` tall;
    returns the y below its contents."""
    draw.rectangle((0, 0, width - 1, header_height(board) - 1), fill=theme.panel)
    right = width - MARGIN - HAND_WIDTH - MARGIN
    y = MARGIN
    title_font = theme.font(TITLE_PX, bold=True)
    draw_text(
        draw,
        (MARGIN, y),
        ellipsize(title, title_font, right - MARGIN),
        title_font,
        theme.text,
        anchor="lt",
    )
    y += TITLE_PX + 12
    status_font = theme.font(STATUS_PX, bold=True)
    seat = board.active if board.outcome is None else None
    short_names = [ellipsize(n, status_font, STATUS_NAME_WIDTH) for n in names]
    x = MARGIN
    if seat is not None:
        draw_marker(
            draw,
            theme.marker(seat),
            (x + 14, y + STATUS_PX / 2),
            13,
            theme.player(seat),
            outline=theme.text,
            width=2,
        )
        x += 38
    status = ellipsize(status_line(board, short_names), status_font, right - x)
    draw_text(draw, (x, y), status, status_font, theme.highlight, anchor="lt")
    y += STATUS_PX + 8
    if board.outcome is not None:
        reason = fill_names(engine_words(current(), board.outcome.reason), short_names)
        smallest = legible_px(width)
        lines, face = fit_lines(
            reason, right - MARGIN, size=SMALL_PX, min_size=smallest, wrapped=SMALL_PX
        )
        for line in lines:
            draw_text(draw, (MARGIN, y), line, face, theme.muted_text, anchor="lt")
            y += SMALL_PX + 4
        y += 6 + (REASON_LINES - len(lines)) * (SMALL_PX + 4)
    y = draw_panel(
        draw,
        (MARGIN, y, right, y),
        _rows(board, names, theme),
        theme,
        headers=tuple(tr(h) for h in HEADERS),
        text_size=TEXT_PX,
    )
    _draw_legend(draw, MARGIN, y + 20, theme)
    bottom = y + 20 + SMALL_PX / 2
    hand = (width - MARGIN - HAND_WIDTH, MARGIN, width - MARGIN, bottom)
    _draw_hand(draw, hand, board, theme)
    return bottom
