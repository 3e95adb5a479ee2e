"""The square grid: where cells and quarters are, and what each drawn cell looks like."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.islant import SheetCell, SheetView
from render.common import RGB, Box, Point, Theme, draw_text, shade
from render.common.layers import cached_layer

from .glyphs import boat, compass, dashed_box, wave_lines
from .palette import Palette
from .parts import Scale

# Sizes are fractions of the cell side.
LAKE_RADIUS = 0.24
NUMBER_PX = 0.4
NAME_PX = 0.22
TILES = 128  # wave and ship cells kept drawn per process (a few per cell size and value)


@dataclass(frozen=True, slots=True)
class GridLayout:
    """A ``size`` × ``size`` grid of square cells ``cell`` pixels wide, top-left at ``origin``
    (whole pixels), in a picture drawn at ``scale`` (its text floor and the design's fixed
    strokes)."""

    size: int
    cell: int
    origin: Point
    scale: Scale

    def box(self, index: int) -> Box:
        """The pixel box of a cell."""
        row, col = divmod(index, self.size)
        x, y = self.origin[0] + col * self.cell, self.origin[1] + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def centre(self, index: int) -> Point:
        left, top, right, bottom = self.box(index)
        return ((left + right) / 2, (top + bottom) / 2)

    def corners(self, index: int) -> tuple[Point, Point, Point, Point]:
        """Top-left, top-right, bottom-right, bottom-left."""
        left, top, right, bottom = self.box(index)
        return ((left, top), (right, top), (right, bottom), (left, bottom))

    def side(self, index: int, quarter: int) -> tuple[Point, Point]:
        """The cell side that quarter ``quarter`` (N, E, S, W) touches."""
        corners = self.corners(index)
        return corners[quarter], corners[(quarter + 1) % 4]

    def quarter(self, index: int, quarter: int) -> list[Point]:
        """The triangle of a quarter: its cell side and the cell centre."""
        return [*self.side(index, quarter), self.centre(index)]

    @property
    def extent(self) -> Box:
        """The box of the whole grid."""
        x, y = self.origin
        span = self.cell * self.size
        return (x, y, x + span, y + span)

    def px(self, fraction: float, minimum: int = 1) -> int:
        """A length in pixels, ``fraction`` of a cell side."""
        return max(minimum, round(fraction * self.cell))


def draw_sea(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    grid: GridLayout,
    sheet: SheetView,
    palette: Palette,
    theme: Theme,
) -> None:
    """Empty cells with their faint names, and the grid lines.

    The empty grid (every cell named) is drawn once per grid size, palette, theme and
    language and pasted; the cells in use are then cleared to plain sea inside their lines.
    """
    names = tuple(sheet.name_of(index) for index in range(grid.size * grid.size))
    left, top = grid.origin
    # Whole-pixel anchors round halves to even: a grid moved by an even number of pixels
    # rounds alike, so the layer depends on the origin's parity only.
    parity = (round(left) % 2, round(top) % 2)
    home = replace(grid, origin=parity)
    layer = cached_layer(
        ("islant sea", home, names, palette, theme), lambda: sea_layer(home, names, palette, theme)
    )
    image.paste(layer, (round(left), round(top)))
    for index in sheet.cells:
        x0, y0, x1, y1 = grid.box(index)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=palette.sea)


def sea_layer(
    grid: GridLayout, names: Sequence[str], palette: Palette, theme: Theme
) -> Image.Image:
    """The empty grid as an image of its extent, lines included: sea, each cell's faint
    name, the grid lines (drawn where ``grid`` puts them, then cut out)."""
    left, top, right, bottom = grid.extent
    image = Image.new("RGB", (round(right) + 1, round(bottom) + 1), palette.sea)
    draw = ImageDraw.Draw(image)
    face = theme.font(max(grid.scale.smallest_px, grid.px(NAME_PX)))
    for index, name in enumerate(names):
        draw_text(draw, grid.centre(index), name, face, palette.cell_name)
    for k in range(grid.size + 1):
        x = left + k * grid.cell
        y = top + k * grid.cell
        draw.line([(x, top), (x, bottom)], fill=palette.grid, width=1)
        draw.line([(left, y), (right, y)], fill=palette.grid, width=1)
    return image.crop((round(left), round(top), round(right) + 1, round(bottom) + 1))


def draw_land(
    draw: ImageDraw.ImageDraw,
    grid: GridLayout,
    cell: SheetCell,
    palette: Palette,
    completed: dict[int, bool],
) -> None:
    """The land quarters of a cell (faded on unfinished islands), its lake and centre mark.

    ``completed`` tells, per quarter of this cell, whether its island is completed.
    """
    for q in sorted(cell.land):
        colour = palette.quarter(cell, q)
        fill = colour if completed.get(q, False) else palette.faded(colour)
        draw.polygon(grid.quarter(cell.index, q), fill=fill, outline=fill)
    cx, cy = grid.centre(cell.index)
    if cell.lake:
        r = LAKE_RADIUS * grid.cell
        width = grid.px(0.035, 2)
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=palette.lake, outline=palette.coast, width=width
        )
    if cell.central:
        land = palette.land if completed.get(0, False) else palette.faded(palette.land)
        compass(draw, (cx, cy), grid.cell * 0.3, shade(land, 0.3))


def _number(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    grid: GridLayout,
    value: int,
    fill: RGB,
    halo: RGB,
    theme: Theme,
) -> None:
    face = theme.font(grid.px(NUMBER_PX), bold=True)
    draw_text(draw, centre, str(value), face, fill, halo=halo, halo_width=grid.px(0.03, 2))


def draw_wave(
    image: Image.Image,
    grid: GridLayout,
    cell: SheetCell,
    palette: Palette,
    theme: Theme,
    *,
    corner: bool,
) -> None:
    """A wave cell (see :func:`paint_wave`), pasted from its tile."""
    left, top = _corner(grid, cell.index)
    tile = wave_tile(grid.cell, (left % 2, top % 2), grid.scale, cell.wave, corner, palette, theme)
    image.paste(tile, (left, top))


@lru_cache(maxsize=TILES)
def wave_tile(
    cell: int,
    parity: tuple[int, int],
    scale: Scale,
    value: int,
    corner: bool,
    palette: Palette,
    theme: Theme,
) -> Image.Image:
    """A wave cell of ``value`` with its sides (``cell + 1`` pixels square), drawn where a
    corner of this ``parity`` puts it (see :func:`_corner`)."""
    grid, image = _tile(cell, parity, scale, palette.sea)
    wave = SheetCell(0, wave=value)
    paint_wave(ImageDraw.Draw(image), grid, wave, palette, theme, corner=corner)
    return image.crop((*parity, parity[0] + cell + 1, parity[1] + cell + 1))


def _corner(grid: GridLayout, index: int) -> tuple[int, int]:
    """The top-left pixel of a cell. Texts are anchored at whole pixels rounded half to even,
    so a cell's tile depends on the parity of its corner as well as on its size."""
    left, top, _, _ = grid.box(index)
    return round(left), round(top)


def _tile(
    cell: int, parity: tuple[int, int], scale: Scale, background: RGB
) -> tuple[GridLayout, Image.Image]:
    """A one-cell grid whose corner has ``parity``, and an image it fits in."""
    return GridLayout(1, cell, parity, scale), Image.new("RGB", (cell + 2, cell + 2), background)


def paint_wave(
    draw: ImageDraw.ImageDraw,
    grid: GridLayout,
    cell: SheetCell,
    palette: Palette,
    theme: Theme,
    *,
    corner: bool,
) -> None:
    """A wave cell: deep blue with wave lines and its value (darker for the corner sixes)."""
    left, top, right, bottom = grid.box(cell.index)
    fill = palette.corner_wave if corner else palette.wave
    draw.rectangle((left, top, right, bottom), fill=fill)
    pad = grid.cell * 0.1
    lines = (left + pad, top + grid.cell * 0.62, right - pad, bottom - pad * 0.6)
    wave_lines(draw, lines, palette.wave_line, 2, grid.px(0.04, 2))
    centre = ((left + right) / 2, top + grid.cell * 0.36)
    _number(draw, centre, grid, cell.wave, palette.wave_line, shade(fill, 0.4), theme)


def draw_ship(
    image: Image.Image, grid: GridLayout, cell: SheetCell, palette: Palette, theme: Theme
) -> None:
    """A ship cell (see :func:`paint_ship`) on plain sea, pasted inside its sides from its
    tile."""
    left, top = _corner(grid, cell.index)
    tile = ship_tile(grid.cell, (left % 2, top % 2), grid.scale, cell.ship, palette, theme)
    image.paste(tile, (left + 1, top + 1))


@lru_cache(maxsize=TILES)
def ship_tile(
    cell: int, parity: tuple[int, int], scale: Scale, value: int, palette: Palette, theme: Theme
) -> Image.Image:
    """A ship cell of ``value`` inside its sides (``cell - 1`` pixels square), drawn where a
    corner of this ``parity`` puts it (see :func:`_corner`)."""
    grid, image = _tile(cell, parity, scale, palette.sea)
    paint_ship(ImageDraw.Draw(image), grid, SheetCell(0, ship=value), palette, theme)
    left, top = parity
    return image.crop((left + 1, top + 1, left + cell, top + cell))


def paint_ship(
    draw: ImageDraw.ImageDraw, grid: GridLayout, cell: SheetCell, palette: Palette, theme: Theme
) -> None:
    """A ship cell: a boat in the lower left and its value on the right."""
    left, top, _, _ = grid.box(cell.index)
    s = grid.cell
    boat(draw, (left + s * 0.3, top + s * 0.58), s * 0.42, palette.hull, palette.sail)
    _number(draw, (left + s * 0.7, top + s * 0.5), grid, cell.ship, palette.ink, palette.sea, theme)


def draw_draft(
    draw: ImageDraw.ImageDraw, grid: GridLayout, cell: SheetCell, palette: Palette
) -> None:
    """The dashed frame of a cell drawn this turn (not yet submitted)."""
    inset = grid.px(0.06, 3)
    left, top, right, bottom = grid.box(cell.index)
    box = (left + inset, top + inset, right - inset, bottom - inset)
    dashed_box(draw, box, palette.draft, grid.px(0.06, 3), grid.cell * 0.08)
