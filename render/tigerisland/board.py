"""Drawing the island: stacked hexes, tile borders, terrain symbols, pieces and coordinates."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw
from PIL.ImageFont import FreeTypeFont

from engine.tigerisland import Cell, Cube, LastTurn, Piece
from render.common import (
    RGB,
    HexLayout,
    Point,
    Theme,
    draw_marker,
    draw_path,
    draw_polygon,
    draw_text,
    edge_corners,
    fit_font,
    regular_polygon,
    shade,
    side_runs,
)
from render.common.legible import legible_px

from .cubes import DIRECTIONS, add, to_axial
from .symbols import draw_symbol

# Sizes are fractions of the hex circumradius.
WALL = 0.1  # depth of the side wall per level
MAX_WALL_LEVELS = 6
LEVEL_DARKEN = 0.07  # each level above the first darkens the terrain colour this much
MAX_DARKEN = 0.3
THIN_EDGE = 0.035
TILE_EDGE = 0.09
HIGHLIGHT = 0.09
SYMBOL_Y, SYMBOL_SCALE = -0.55, 0.3
PIECE_Y, PIECE_RADIUS = 0.0, 0.29
LABEL_Y, LABEL_WIDTH, LABEL_HEIGHT = 0.56, 1.3, 0.32
BADGE_X, BADGE_RADIUS = -0.6, 0.2
# Coordinates are never smaller than a phone keeps legible; hexes too small for that go
# without (the panel's lettered places name them instead).
MAX_LABEL_PX = 26
MIN_LABELLED_HEX = 26


def hex_fill(theme: Theme, terrain: str, level: int) -> RGB:
    """The face colour of a hex: its terrain, darker for every level above the first."""
    base = theme.terrain.get(terrain, (128, 128, 128))
    return shade(base, min(MAX_DARKEN, LEVEL_DARKEN * (level - 1)))


def coordinate_label(cube: Cube) -> str:
    """The compact coordinate text of a hex, e.g. ``1,-1,0``."""
    return ",".join(str(c) for c in cube)


def _px(fraction: float, size: float, minimum: int = 1) -> int:
    return max(minimum, round(fraction * size))


def _draw_block(draw: ImageDraw.ImageDraw, layout: HexLayout, cell: Cell, theme: Theme) -> None:
    """The face of a hex above its side wall, with one line on the wall per level."""
    q, r = to_axial(cell.cube)
    cy = layout.centre(q, r)[1]
    corners = layout.corners(q, r)
    fill = hex_fill(theme, cell.terrain, cell.level)
    levels = min(cell.level, MAX_WALL_LEVELS)
    step = WALL * layout.size
    lower = sorted(p for p in corners if p[1] > cy + 1e-6)
    wall = [(x, y + levels * step) if y > cy + 1e-6 else (x, y) for x, y in corners]
    draw.polygon(wall, fill=shade(fill, 0.5))
    for k in range(1, levels):
        draw.line([(x, y + k * step) for x, y in lower], fill=shade(fill, 0.72), width=1)
    draw.polygon(corners, fill=fill)


def _outline(
    layout: HexLayout, cube: Cube, is_border: Callable[[Cube], bool]
) -> list[tuple[list[Point], bool]]:
    """The sides of a hex whose neighbour ``is_border``, as paths."""
    sides = [False] * 6
    for direction in DIRECTIONS:
        if is_border(add(cube, direction)):
            sides[edge_corners(to_axial(direction), layout.orientation)[0]] = True
    return side_runs(layout.corners(*to_axial(cube)), sides)


def _draw_edges(
    draw: ImageDraw.ImageDraw, layout: HexLayout, cells: dict[Cube, Cell], theme: Theme
) -> None:
    """Thin lines between hexes of one tile, thick lines where tiles meet or the island ends."""
    thin = _px(THIN_EDGE, layout.size)
    for cube, cell in cells.items():
        fill = shade(hex_fill(theme, cell.terrain, cell.level), 0.45)
        for direction in DIRECTIONS:
            neighbour = cells.get(add(cube, direction))
            if neighbour is not None and neighbour.tile == cell.tile and neighbour.cube > cube:
                draw.line(layout.edge(*to_axial(cube), to_axial(direction)), fill=fill, width=thin)
    thick = _px(TILE_EDGE, layout.size, 2)
    for cube, cell in cells.items():

        def is_border(other: Cube, tile: int = cell.tile) -> bool:
            return other not in cells or cells[other].tile != tile

        for path, closed in _outline(layout, cube, is_border):
            draw_path(draw, path, theme.line, thick, closed=closed)


def _ring(draw: ImageDraw.ImageDraw, centre: Point, inner: float, fill: RGB, width: int) -> None:
    """A circle line of ``width`` pixels whose inner edge is ``inner`` from ``centre``."""
    cx, cy = centre
    r = inner + width
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=width)


def _halo_width(size: float) -> int:
    return _px(0.045, size, 2)


def _draw_last_turn(
    draw: ImageDraw.ImageDraw, layout: HexLayout, last: LastTurn, theme: Theme
) -> None:
    """Outline the tile placed last and ring the pieces built last."""
    size = layout.size
    outer, inner = _px(HIGHLIGHT * 2, size, 5), _px(HIGHLIGHT, size, 3)
    placed = set(last.placed)
    paths = [p for cube in last.placed for p in _outline(layout, cube, lambda c: c not in placed)]
    for width, colour in ((outer, theme.line), (inner, theme.highlight)):
        for path, closed in paths:
            draw_path(draw, path, colour, width, closed=closed)
    # The ring hugs the piece, just outside its white halo.
    gap = PIECE_RADIUS * size + 2.5 * _halo_width(size)
    for cube in last.built:
        cx, cy = layout.centre(*to_axial(cube))
        centre = (cx, cy + PIECE_Y * size)
        _ring(draw, centre, gap, theme.line, outer)
        _ring(draw, centre, gap + (outer - inner) / 2, theme.highlight, inner)


def _draw_piece(
    draw: ImageDraw.ImageDraw, centre: Point, size: float, piece: Piece, theme: Theme
) -> None:
    """Villagers: the seat's marker with their count. A totoro: the marker with ears and a T.
    The marker grows past its share of a small hex so that its number stays legible."""
    colour = theme.player(piece.seat)
    shape = theme.marker(piece.seat)
    radius = max(PIECE_RADIUS * size, legible_px(draw.im.size[0]) / 1.3)
    width = _halo_width(size)
    label = str(piece.count)
    if piece.kind == "totoro":
        label = "T"
        cx, cy = centre
        for side in (-1, 1):
            ear = regular_polygon((cx + side * radius * 0.62, cy - radius), radius * 0.5, 3)
            draw_polygon(draw, ear, colour, outline=theme.line, width=width)
    draw_marker(draw, shape, centre, radius + width * 1.5, theme.text)
    draw_marker(draw, shape, centre, radius, colour, outline=theme.line, width=width)
    face = theme.font(radius * 1.3, bold=True)
    draw_text(draw, centre, label, face, theme.text_on(colour))


def _draw_badge(
    draw: ImageDraw.ImageDraw, centre: Point, size: float, level: int, theme: Theme
) -> None:
    """The level number in a small dark hexagon, never smaller than a phone keeps legible."""
    radius = max(BADGE_RADIUS * size, legible_px(draw.im.size[0]) / 1.35)
    draw.polygon(regular_polygon(centre, radius, 6), fill=theme.line)
    draw_text(draw, centre, str(level), theme.font(radius * 1.35, bold=True), theme.text)


def _label_font(
    cells: Sequence[Cell], size: float, theme: Theme, smallest: int
) -> FreeTypeFont | None:
    """One font for every coordinate label: the largest in which all fit their hexes, at
    least ``smallest`` (None: the hexes are too small for legible labels)."""
    if size < MIN_LABELLED_HEX:
        return None
    return fit_font(
        {coordinate_label(c.cube) for c in cells},
        LABEL_WIDTH * size,
        max_size=min(MAX_LABEL_PX, round(LABEL_HEIGHT * size)),
        min_size=smallest,
        family=theme.fonts,
    )


def _draw_contents(
    draw: ImageDraw.ImageDraw,
    layout: HexLayout,
    cells: Sequence[Cell],
    theme: Theme,
    coordinates: bool,
) -> None:
    """Symbol, level badge, piece and coordinates of every hex."""
    size = layout.size
    smallest = legible_px(draw.im.size[0])
    label_font = _label_font(cells, size, theme, smallest) if coordinates else None
    for cell in cells:
        cx, cy = layout.centre(*to_axial(cell.cube))
        fill = hex_fill(theme, cell.terrain, cell.level)
        draw_symbol(draw, cell.terrain, (cx, cy + SYMBOL_Y * size), SYMBOL_SCALE * size, fill)
        if cell.piece is not None:
            _draw_piece(draw, (cx, cy + PIECE_Y * size), size, cell.piece, theme)
        if cell.level > 1:
            _draw_badge(draw, (cx + BADGE_X * size, cy), size, cell.level, theme)
        if label_font is not None:
            label = coordinate_label(cell.cube)
            centre = (cx, cy + LABEL_Y * size)
            draw_text(draw, centre, label, label_font, theme.text_on(fill))


def draw_island(
    draw: ImageDraw.ImageDraw,
    layout: HexLayout,
    cells: Sequence[Cell],
    theme: Theme,
    *,
    last_turn: LastTurn | None = None,
    coordinates: bool = True,
) -> None:
    """Draw ``cells`` with ``layout``: lower levels first, so higher stacks stand in front."""
    ordered = sorted(cells, key=lambda c: (c.level, c.cube[2], c.cube[0]))
    for cell in ordered:
        _draw_block(draw, layout, cell, theme)
    _draw_edges(draw, layout, {c.cube: c for c in cells}, theme)
    if last_turn is not None:
        _draw_last_turn(draw, layout, last_turn, theme)
    _draw_contents(draw, layout, ordered, theme, coordinates)


def draw_origin(draw: ImageDraw.ImageDraw, layout: HexLayout, theme: Theme) -> None:
    """An empty table: a faint outline where the hex 0,0,0 will be."""
    path = layout.corners(0, 0)
    draw_path(draw, path, theme.muted_text, _px(THIN_EDGE, layout.size, 2), closed=True)
    face = theme.font(MAX_LABEL_PX)
    draw_text(draw, layout.centre(0, 0), coordinate_label((0, 0, 0)), face, theme.muted_text)
