"""Islands on the grid: which quarters form which island, their coasts, names and ship borders.

The quarter graph comes from the engine (the same one the scores were computed with); the
renderer only matches its groups to the view's islands to draw them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from engine.islant import SheetIsland, SheetView
from engine.islant.triangles import components, outside_of, triangle_graph
from render.common import Point, Theme, draw_path, draw_text, ellipsize, text_width

from .glyphs import dashed_line, tick
from .grid import GridLayout
from .palette import Palette

LABEL_PX = 0.25
MIN_LABEL_PX = 18  # of the design (see parts.Scale)
LABEL_CELLS = 3.2  # widest label, in cells


@dataclass(frozen=True, slots=True)
class Shape:
    """An island's quarters (``cell * 4 + quarter``) and the view's record of it."""

    triangles: frozenset[int]
    island: SheetIsland


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of an island's boundary: its end points, whether it faces the outside, and
    whether it runs along a cell side (straight) rather than a half-diagonal."""

    a: Point
    b: Point
    outward: bool
    straight: bool


def island_shapes(sheet: SheetView) -> list[Shape]:
    """Each island's quarters, matched to the view's islands (same order: first quarter)."""
    land = {i * 4 + q for i, c in sheet.cells.items() for q in c.land}
    groups = components(triangle_graph(sheet.size), land)
    unmatched = list(sheet.islands)
    shapes = []
    for group in groups:
        cells = frozenset(t // 4 for t in group)
        island = next((i for i in unmatched if i.cells == cells), None)
        if island is None:
            island = SheetIsland(cells, None, False, 0, 0)
        else:
            unmatched.remove(island)
        shapes.append(Shape(frozenset(group), island))
    return shapes


def completion(shapes: Sequence[Shape]) -> dict[int, bool]:
    """For every land quarter, whether its island is completed."""
    return {t: s.island.completed for s in shapes for t in s.triangles}


def boundary(shape: Shape, grid: GridLayout) -> list[Segment]:
    """The edges between an island's quarters and anything else (coast and hole edges)."""
    graph = triangle_graph(grid.size)
    outside = outside_of(graph, shape.triangles)
    segments = []
    for t in shape.triangles:
        cell, q = divmod(t, 4)
        if graph.rim[t]:
            segments.append(Segment(*grid.side(cell, q), outward=True, straight=True))
        for edge in graph.edges[t]:
            if edge.other in shape.triangles:
                continue
            outward = edge.other in outside
            if edge.line is None:
                segments.append(Segment(*grid.side(cell, q), outward=outward, straight=True))
            else:
                other = edge.other % 4
                corner = grid.corners(cell)[(q + 1) % 4 if other == (q + 1) % 4 else q]
                segments.append(Segment(grid.centre(cell), corner, outward, straight=False))
    return segments


def draw_coasts(
    draw: ImageDraw.ImageDraw, grid: GridLayout, shapes: Sequence[Shape], palette: Palette
) -> None:
    """Completed islands get a golden coast; unfinished ones a thin coast whose straight
    (not yet diagonal) stretches are dashed red."""
    thin = grid.px(0.03, 2)
    gold = grid.px(0.06, 3)
    for shape in shapes:
        segments = boundary(shape, grid)
        done = shape.island.completed
        for seg in segments:
            if done and seg.outward:
                draw_path(draw, [seg.a, seg.b], palette.coast, gold + 2 * thin)
            else:
                draw_path(draw, [seg.a, seg.b], palette.coast, thin)
        for seg in segments:
            if done and seg.outward:
                draw_path(draw, [seg.a, seg.b], palette.gold, gold)
            elif seg.outward and seg.straight:
                dashed_line(draw, seg.a, seg.b, palette.open_coast, gold, grid.cell * 0.07)


def draw_ship_borders(
    draw: ImageDraw.ImageDraw, grid: GridLayout, borders: Sequence[frozenset[int]], palette: Palette
) -> None:
    """A thick line around each completed group of ships."""
    width = grid.px(0.07, 4)
    for group in borders:
        for cell in group:
            row, col = divmod(cell, grid.size)
            neighbours = (
                cell - grid.size if row > 0 else None,
                cell + 1 if col < grid.size - 1 else None,
                cell + grid.size if row < grid.size - 1 else None,
                cell - 1 if col > 0 else None,
            )
            for q, other in enumerate(neighbours):
                if other not in group:
                    draw_path(draw, list(grid.side(cell, q)), palette.border, width)


def _anchor(shape: Shape, grid: GridLayout) -> Point:
    """The middle of the island's quarters (the mean of their centroids)."""
    points = [
        (sum(x for x, _ in tri) / 3, sum(y for _, y in tri) / 3)
        for t in shape.triangles
        for tri in [grid.quarter(t // 4, t % 4)]
    ]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def draw_labels(
    draw: ImageDraw.ImageDraw,
    grid: GridLayout,
    shapes: Sequence[Shape],
    palette: Palette,
    theme: Theme,
) -> None:
    """Island names on pale tags; completed islands' tags are golden with a tick."""
    size = max(grid.scale.text(MIN_LABEL_PX), grid.px(LABEL_PX))
    face = theme.font(size, bold=True)
    outline = grid.scale.stroke(2)
    for shape in shapes:
        island = shape.island
        if not island.name and not island.completed:
            continue
        text = ellipsize(island.name or "", face, grid.cell * LABEL_CELLS)
        mark = size if island.completed else 0
        gap = size * 0.3 if text and mark else 0
        width = text_width(text, face) + mark + gap
        cx, cy = _anchor(shape, grid)
        pad = size * 0.35
        box = (cx - width / 2 - pad, cy - size * 0.75, cx + width / 2 + pad, cy + size * 0.75)
        fill = palette.gold if island.completed else palette.sea
        draw.rounded_rectangle(box, size * 0.5, fill=fill, outline=palette.coast, width=outline)
        x = cx - width / 2
        if mark:
            tick(draw, (x + mark / 2, cy), mark * 0.8, palette.coast, max(2, round(size * 0.14)))
        draw_text(draw, (x + mark + gap, cy), text, face, palette.ink, anchor="lm")
