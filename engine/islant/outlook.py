"""What a sheet's unfinished islands may still bring: the hard player's look past the score.

An island scores its sides and lakes only once completed (every coast edge diagonal). An
unfinished island whose straight coast edges all face empty cells may still be completed:
it is counted at its lakes and sides so far (at least four, a diamond's), halved for each
straight coast edge left. One with a straight edge on the border or facing a drawn cell
never completes, and counts nothing.
"""

from __future__ import annotations

from .scoring import Island, islands
from .sheet import Sheet
from .triangles import TriangleGraph, surroundings, triangle_graph

OPEN_EDGE_ODDS = 0.5
"""How much each straight coast edge left lowers an unfinished island's chance to complete."""
SMALLEST_SIDES = 4
"""The sides of the smallest completed island (two quarters across a cell side)."""


def land_outlook(sheet: Sheet) -> float:
    """The unfinished islands' expected sides and lakes."""
    graph = triangle_graph(sheet.size)
    return sum(island_outlook(sheet, graph, i) for i in islands(sheet) if not i.completed)


def island_outlook(sheet: Sheet, graph: TriangleGraph, island: Island) -> float:
    """One unfinished island's expected sides and lakes (0 if it can never complete)."""
    outside, _ = surroundings(graph, frozenset(island.triangles))
    cells = sheet.cells
    open_edges = 0
    lines: set[tuple[str, int]] = set()
    for t in island.triangles:
        if graph.rim[t]:
            return 0.0
        for edge in graph.edges[t]:
            if edge.other not in outside:
                continue
            if edge.line is not None:
                lines.add(edge.line)
            elif cells[edge.other // 4] is not None:
                return 0.0
            else:
                open_edges += 1
    lakes = sum(1 for c in island.cells if cells[c].lake)  # type: ignore[union-attr]
    return (max(SMALLEST_SIDES, len(lines)) + lakes) * OPEN_EDGE_ODDS**open_edges
