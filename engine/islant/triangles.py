"""The quarter-triangle graph of a sheet: which quarters share an edge, and what kind of edge.

Triangle ``t = cell * 4 + quarter``. Inside a cell, N–E, E–S, S–W and W–N share a
half-diagonal (a *diagonal* edge); across cells, E meets the right neighbour's W and S meets
the lower neighbour's N along a cell side (a *straight* edge). Quarters on the sheet's rim have
a straight edge facing beyond the border.

Diagonal edges carry their line for counting sides: in doubled coordinates (cell corners at even
points, centres at odd ones) a half-diagonal lies on a ``/`` line (x + y constant) or a ``\\``
line (x − y constant) and covers x from ``pos`` to ``pos + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .geometry import E, N, S, W

Line = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Edge:
    """An edge from one triangle to another; ``line`` is None for a straight edge."""

    other: int
    line: Line | None
    pos: int


@dataclass(frozen=True, slots=True)
class TriangleGraph:
    """Edges and rim flags of every triangle of a ``size`` × ``size`` sheet."""

    size: int
    edges: tuple[tuple[Edge, ...], ...]
    rim: tuple[bool, ...]


def _diagonal(x: int, y: int, a: int, b: int) -> tuple[Line, int]:
    """The line and position of the half-diagonal between quarters ``a`` and ``b`` of (x, y)."""
    pair = frozenset((a, b))
    if pair == frozenset((N, E)):
        return ("/", 2 * x + 2 * y + 2), 2 * x + 1
    if pair == frozenset((E, S)):
        return ("\\", 2 * x - 2 * y), 2 * x + 1
    if pair == frozenset((S, W)):
        return ("/", 2 * x + 2 * y + 2), 2 * x
    return ("\\", 2 * x - 2 * y), 2 * x


@cache
def triangle_graph(size: int) -> TriangleGraph:
    """The (cached) triangle graph of a sheet size."""
    edges: list[list[Edge]] = [[] for _ in range(size * size * 4)]
    rim = [False] * (size * size * 4)
    for cell in range(size * size):
        y, x = divmod(cell, size)
        base = cell * 4
        for q in range(4):
            r = (q + 1) % 4
            line, pos = _diagonal(x, y, q, r)
            edges[base + q].append(Edge(base + r, line, pos))
            edges[base + r].append(Edge(base + q, line, pos))
        if x < size - 1:
            right = (cell + 1) * 4 + W
            edges[base + E].append(Edge(right, None, 0))
            edges[right].append(Edge(base + E, None, 0))
        if y < size - 1:
            below = (cell + size) * 4 + N
            edges[base + S].append(Edge(below, None, 0))
            edges[below].append(Edge(base + S, None, 0))
        rim[base + N] |= y == 0
        rim[base + S] |= y == size - 1
        rim[base + W] |= x == 0
        rim[base + E] |= x == size - 1
    return TriangleGraph(size, tuple(tuple(e) for e in edges), tuple(rim))


def components(graph: TriangleGraph, members: set[int]) -> list[list[int]]:
    """Edge-connected groups of ``members`` (each sorted; groups by their first triangle)."""
    left = set(members)
    out = []
    for start in sorted(members):
        if start not in left:
            continue
        left.discard(start)
        group, stack = [start], [start]
        while stack:
            for edge in graph.edges[stack.pop()]:
                if edge.other in left:
                    left.discard(edge.other)
                    group.append(edge.other)
                    stack.append(edge.other)
        out.append(sorted(group))
    return out


def outside_of(graph: TriangleGraph, island: frozenset[int]) -> set[int]:
    """Triangles reachable from beyond the border without crossing ``island``: those near it
    (every one sharing an edge with it among them); all the others are outside too."""
    return surroundings(graph, island)[0]


def surroundings(graph: TriangleGraph, island: frozenset[int]) -> tuple[set[int], set[int]]:
    """The island's outside near it (as :func:`outside_of`) and its holes.

    Only the island's bounding box and the ring of cells around it are looked at: the ring
    holds none of the island, so it is outside, and every hole lies inside the box. Cost:
    the area of the box, not of the sheet. An island of at most two quarters, or within one
    cell, encloses nothing: a quarter is enclosed only by three land quarters around it, and
    the quarters of one cell leave each other's outer sides open.
    """
    size = graph.size
    ys = {t // 4 // size for t in island}
    xs = {t // 4 % size for t in island}
    top, bottom, left, right = min(ys), max(ys), min(xs), max(xs)
    if len(island) <= 2 or (top == bottom and left == right):
        return {e.other for t in island for e in graph.edges[t]} - island, set()
    ring: set[int] = set()
    inside: set[int] = set()
    for y in range(max(top - 1, 0), min(bottom + 2, size)):
        for x in range(max(left - 1, 0), min(right + 2, size)):
            first = (y * size + x) * 4
            in_box = top <= y <= bottom and left <= x <= right
            (inside if in_box else ring).update(range(first, first + 4))
    inside -= island
    stack = [t for t in inside if graph.rim[t] or any(e.other in ring for e in graph.edges[t])]
    seen = set(stack)
    while stack:
        for edge in graph.edges[stack.pop()]:
            u = edge.other
            if u in inside and u not in seen:
                seen.add(u)
                stack.append(u)
    return ring | seen, inside - seen
