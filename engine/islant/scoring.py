"""Scoring a sheet: islands (sides, lakes), the colour group, waves and ships.

All of it follows ``/work/shared/rules/islant.md``: an island is an edge-connected group of land
quarters; its coast faces what is reachable from beyond the border without crossing it; it is
completed when every coast edge is diagonal; sides are maximal straight runs of collinear coast
edges; lakes are the connected parts of its holes plus the lake circles in its own tiles.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from .geometry import (
    BLUE,
    ISLAND_PENALTY,
    RED,
    SHIP_POINTS,
    WAVE_SEGMENT_POINTS,
    WAVES,
)
from .sheet import Sheet
from .triangles import TriangleGraph, components, outside_of, triangle_graph


@dataclass(frozen=True, slots=True)
class Island:
    """One island of a sheet and what it scores (sides and lakes only when completed)."""

    triangles: tuple[int, ...]
    completed: bool
    sides: int
    holes: int
    circles: int

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(sorted({t // 4 for t in self.triangles}))

    @property
    def lakes(self) -> int:
        return self.holes + self.circles if self.completed else 0


@dataclass(frozen=True, slots=True)
class Score:
    """A sheet's score by part; parts a level does not use are zero."""

    sides: int
    lakes: int
    islands: int
    colour: int
    waves: int
    ships: int

    @property
    def land(self) -> int:
        return self.sides + self.lakes - ISLAND_PENALTY * self.islands

    @property
    def total(self) -> int:
        return self.land + self.colour + self.waves + self.ships

    def to_json(self) -> dict[str, int]:
        return {
            "sides": self.sides,
            "lakes": self.lakes,
            "islands": self.islands,
            "land": self.land,
            "colour": self.colour,
            "waves": self.waves,
            "ships": self.ships,
            "total": self.total,
        }


@lru_cache(maxsize=4096)
def islands(sheet: Sheet) -> tuple[Island, ...]:
    """Every island of the sheet, ordered by its first quarter (reading order)."""
    graph = triangle_graph(sheet.size)
    land = {i * 4 + q for i, c in sheet.drawn() for q in range(4) if c.land >> q & 1}
    return tuple(_island(sheet, graph, group) for group in components(graph, land))


def _island(sheet: Sheet, graph: TriangleGraph, group: list[int]) -> Island:
    members = frozenset(group)
    outside = outside_of(graph, members)
    straight = False
    runs: dict[tuple[str, int], list[int]] = defaultdict(list)
    for t in group:
        straight |= graph.rim[t]
        for edge in graph.edges[t]:
            if edge.other in outside:
                if edge.line is None:
                    straight = True
                else:
                    runs[edge.line].append(edge.pos)
    if straight:
        return Island(tuple(group), False, 0, 0, 0)
    holes = set(range(len(graph.rim))) - outside - members
    circles = sum(1 for c in {t // 4 for t in group} if sheet.cells[c].lake)  # type: ignore[union-attr]
    return Island(tuple(group), True, _count_runs(runs), len(components(graph, holes)), circles)


def _count_runs(runs: dict[tuple[str, int], list[int]]) -> int:
    """Sides: on each line, the number of maximal runs of touching edges."""
    sides = 0
    for positions in runs.values():
        ordered = sorted(set(positions))
        sides += 1 + sum(1 for a, b in pairwise(ordered) if b != a + 1)
    return sides


def colour_group(sheet: Sheet, colour: str) -> int:
    """Cells in the largest edge-connected group of ``colour``'s quarters in completed islands.

    Every quarter of a purple cell counts as both colours; the central tile has no colour.
    """
    graph = triangle_graph(sheet.size)
    inside = {t for island in islands(sheet) if island.completed for t in island.triangles}
    members = set()
    for t in inside:
        cell = sheet.cells[t // 4]
        mask = cell.land if cell.purple else (cell.red if colour == RED else cell.blue)  # type: ignore[union-attr]
        if mask >> (t % 4) & 1:
            members.add(t)
    return max((len({t // 4 for t in g}) for g in components(graph, members)), default=0)


# ----- waves ----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def best_run_score(length: int) -> int:
    """The best split of a straight run of ``length`` wave cells into scoring segments."""
    best = [0] * (length + 1)
    for i in range(1, length + 1):
        best[i] = best[i - 1]
        for seg, points in WAVE_SEGMENT_POINTS.items():
            if seg <= i:
                best[i] = max(best[i], best[i - seg] + points)
    return best[length]


def _lines(size: int) -> list[tuple[int, ...]]:
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    return rows + cols


def _line_score(line: tuple[int, ...], usable: set[int]) -> int:
    total, run = 0, 0
    for cell in (*line, -1):
        if cell in usable:
            run += 1
        else:
            total += best_run_score(run)
            run = 0
    return total


def wave_score(sheet: Sheet) -> int:
    """The best choice of non-overlapping wave segments in rows and columns.

    Only a cell lying in a long-enough run both across and down can be wanted by both
    directions; those cells are given to one direction each by an exact branch and bound.
    """
    size = sheet.size
    waves = {i for i, c in sheet.drawn() if c.wave}
    min_seg = min(WAVE_SEGMENT_POINTS)
    rows, cols = _lines(size)[:size], _lines(size)[size:]
    in_row_run = _cells_in_long_runs(rows, waves, min_seg)
    in_col_run = _cells_in_long_runs(cols, waves, min_seg)
    shared = sorted(in_row_run & in_col_run)
    row_only = waves - in_col_run
    col_only = waves - in_row_run
    best = [0]

    def value(row_cells: set[int], col_cells: set[int]) -> int:
        return sum(_line_score(r, row_cells) for r in rows) + sum(
            _line_score(c, col_cells) for c in cols
        )

    def search(i: int, row_cells: set[int], col_cells: set[int]) -> None:
        rest = set(shared[i:])
        if value(row_cells | rest, col_cells | rest) <= best[0]:
            return
        if i == len(shared):
            best[0] = value(row_cells, col_cells)
            return
        cell = shared[i]
        search(i + 1, row_cells | {cell}, col_cells)
        search(i + 1, row_cells, col_cells | {cell})

    best[0] = -1
    search(0, row_only, col_only)
    return best[0]


def _cells_in_long_runs(lines: list[tuple[int, ...]], waves: set[int], length: int) -> set[int]:
    out: set[int] = set()
    for line in lines:
        run: list[int] = []
        for cell in (*line, -1):
            if cell in waves:
                run.append(cell)
                continue
            if len(run) >= length:
                out.update(run)
            run = []
    return out


def ship_score(sheet: Sheet) -> int:
    """The points of the largest marked ship total."""
    return SHIP_POINTS[sheet.marked - 1] if sheet.marked else 0


@lru_cache(maxsize=4096)
def score(sheet: Sheet) -> Score:
    """The full breakdown of a sheet for its level."""
    spec = sheet.spec
    found = islands(sheet)
    coloured = spec.coloured
    return Score(
        sides=sum(i.sides for i in found),
        lakes=sum(i.lakes for i in found),
        islands=len(found),
        colour=max(colour_group(sheet, RED), colour_group(sheet, BLUE)) if coloured else 0,
        waves=wave_score(sheet) if WAVES in spec.slots else 0,
        ships=ship_score(sheet),
    )
