"""Drawing the map: coloured land with letters, water, secured water, pieces, coordinates."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw

from engine.wars import Axial, Cell, WarsView
from render.common import (
    RGB,
    HexLayout,
    Point,
    Theme,
    draw_path,
    draw_text,
    edge_corners,
    shade,
    side_runs,
    tint,
)
from render.common.legible import legible_px

from .palette import LAGOON, NEUTRAL, SEA, letter
from .symbols import draw_anchor, draw_piece

# Neighbour directions of the flat-top map, clockwise from north.
DIRECTIONS: tuple[Axial, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

# Sizes are fractions of the hex circumradius.
GRID_EDGE = 0.03
BORDER_EDGE = 0.08
LETTER_Y, LETTER_PX = -0.56, 0.38
LABEL_Y, LABEL_PX = 0.58, 0.4
PIECE_RADIUS = 0.3
ANCHOR_Y, ANCHOR_PX = -0.12, 0.5
SECURED_INSET, SECURED_WIDTH = 0.9, 0.07
SECURED_LABEL_Y = 0.47  # coordinates sit higher inside the secured ring
LAST_INSET, LAST_WIDTH = 0.92, 0.09
FLIPPED_INSET, FLIPPED_WIDTH = 0.88, 0.04


def cell_fill(cell: Cell, theme: Theme) -> RGB:
    """The face colour of a hex: its owner's colour, neutral land, lagoon or open sea."""
    if cell.water:
        return SEA if cell.sea else LAGOON
    if cell.owner is None:
        return NEUTRAL
    return theme.player(cell.owner)


def coordinate_label(cell: Cell) -> str:
    """The coordinate text of a hex, ``q,r``."""
    return f"{cell.q},{cell.r}"


def _px(fraction: float, size: float, minimum: int = 1) -> int:
    """``fraction`` of the hex size in whole pixels, at least ``minimum``."""
    return max(minimum, round(fraction * size))


def _add(a: Axial, b: Axial) -> Axial:
    """The hex ``b`` away from ``a``."""
    return (a[0] + b[0], a[1] + b[1])


def _border_runs(
    layout: HexLayout, at: Axial, is_border: Callable[[Axial], bool]
) -> list[tuple[list[Point], bool]]:
    """The sides of hex ``at`` whose neighbour ``is_border``, as paths."""
    sides = [False] * 6
    for direction in DIRECTIONS:
        if is_border(_add(at, direction)):
            sides[edge_corners(direction, layout.orientation)[0]] = True
    return side_runs(layout.corners(*at), sides)


def _region(cell: Cell) -> tuple[bool, int | None]:
    """What a border separates: water from land, and land of one colour from another."""
    return (cell.water, None if cell.water else cell.owner)


def _draw_faces(
    draw: ImageDraw.ImageDraw, layout: HexLayout, cells: Sequence[Cell], theme: Theme
) -> None:
    """Every hex in its colour, with a thin grid line; thick lines along coasts and borders."""
    thin = _px(GRID_EDGE, layout.size)
    for cell in cells:
        fill = cell_fill(cell, theme)
        corners = layout.corners(*cell.axial)
        draw.polygon(corners, fill=fill)
        draw_path(draw, corners, shade(fill, 0.35), thin, closed=True)
    regions = {c.axial: _region(c) for c in cells}
    thick = _px(BORDER_EDGE, layout.size, 2)
    for cell in cells:
        if cell.water:
            continue
        mine = regions[cell.axial]

        def is_border(other: Axial, mine: tuple[bool, int | None] = mine) -> bool:
            return regions.get(other, mine) != mine

        for path, closed in _border_runs(layout, cell.axial, is_border):
            draw_path(draw, path, theme.line, thick, closed=closed)


def _ring(
    draw: ImageDraw.ImageDraw,
    layout: HexLayout,
    at: Axial,
    inset: float,
    colours: Sequence[RGB],
    width: int,
    edge: RGB,
) -> None:
    """An inset hex ring with a dark edge; several ``colours`` share its six sides."""
    corners = layout.corners(*at, scale=inset)
    draw_path(draw, corners, edge, width + 4, closed=True)
    if len(colours) == 1:
        draw_path(draw, corners, colours[0], width, closed=True)
        return
    for side in range(6):
        colour = colours[side * len(colours) // 6]
        draw.line([corners[side], corners[(side + 1) % 6]], fill=colour, width=width)


def _draw_secured(
    draw: ImageDraw.ImageDraw, layout: HexLayout, cells: Sequence[Cell], theme: Theme
) -> None:
    """Water secured by ports: a ring in the port owners' colours, edged to stand out."""
    width = _px(SECURED_WIDTH, layout.size, 3)
    for cell in cells:
        if cell.secured_by:
            colours = [theme.player(seat) for seat in cell.secured_by]
            edge = theme.text_on(colours[0])
            _ring(draw, layout, cell.axial, SECURED_INSET, colours, width, edge)


def _draw_last_action(
    draw: ImageDraw.ImageDraw, layout: HexLayout, board: WarsView, theme: Theme
) -> None:
    """A thick highlight ring on the hexes the last turn used, a thin light one on the hexes
    it converted."""
    last = board.last_action
    if last is None:
        return
    for hexes, inset, fraction, colour in (
        (last.flipped, FLIPPED_INSET, FLIPPED_WIDTH, theme.text),
        (last.hexes, LAST_INSET, LAST_WIDTH, theme.highlight),
    ):
        width = _px(fraction, layout.size, 2)
        for at in hexes:
            _ring(draw, layout, at, inset, [colour], width, theme.line)


def _draw_contents(
    draw: ImageDraw.ImageDraw, layout: HexLayout, board: WarsView, theme: Theme, coordinates: bool
) -> None:
    """The colour letter, piece or anchor, and coordinates of every hex; letters and
    coordinates never smaller than a phone keeps legible."""
    size = layout.size
    smallest = legible_px(draw.im.size[0])
    letter_face = theme.font(max(LETTER_PX * size, smallest), bold=True)
    label_face = theme.font(max(LABEL_PX * size, smallest))
    anchor_px = ANCHOR_PX * size
    for cell in board.cells:
        cx, cy = layout.centre(*cell.axial)
        fill = cell_fill(cell, theme)
        ink = theme.text_on(fill)
        if cell.owner is not None and not cell.water:
            text = letter(board.colours, cell.owner)
            draw_text(draw, (cx, cy + LETTER_Y * size), text, letter_face, ink)
        if cell.piece is not None:
            colour = theme.player(cell.piece.seat)
            draw_piece(draw, cell.piece.kind, (cx, cy), PIECE_RADIUS * size, colour, theme)
        elif cell.secured_by:
            anchor_at = (cx, cy + ANCHOR_Y * size)
            draw_anchor(draw, anchor_at, anchor_px, theme.player(cell.secured_by[0]), theme)
        if coordinates:
            label_ink = tint(fill, 0.9) if cell.water else ink
            label_at = (cx, cy + (SECURED_LABEL_Y if cell.secured_by else LABEL_Y) * size)
            draw_text(draw, label_at, coordinate_label(cell), label_face, label_ink)


def draw_map(
    draw: ImageDraw.ImageDraw,
    layout: HexLayout,
    board: WarsView,
    theme: Theme,
    *,
    coordinates: bool = True,
) -> None:
    """Draw the whole map of ``board`` with ``layout``."""
    _draw_faces(draw, layout, board.cells, theme)
    _draw_secured(draw, layout, board.cells, theme)
    _draw_last_action(draw, layout, board, theme)
    _draw_contents(draw, layout, board, theme, coordinates)
