"""Scoring a sheet: islands (sides, lakes), the colour group, waves and ships.

All of it follows the Islant rulings (``rules/islant.md`` of the design notes): an island is
an edge-connected group of land quarters; its coast faces what is reachable from beyond the
border without crossing it; it is completed when every coast edge is diagonal; sides are
maximal straight runs of collinear coast edges; lakes are the connected parts of its holes plus
the lake circles in its own tiles.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise, product

from .geometry import (
    BLUE,
    ISLAND_PENALTY,
    RED,
    SHIP_POINTS,
    WAVE_SEGMENT_POINTS,
    WAVES,
)
from .sheet import Sheet
from .triangles import TriangleGraph, components, surroundings, triangle_graph


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
    """Every island of the sheet, ordered by its first quarter (reading order).

    Cost: one pass over the sheet, plus for each island the area around its bounding box
    (:func:`~engine.islant.triangles.surroundings`), not the whole sheet again.
    """
    graph = triangle_graph(sheet.size)
    land = {i * 4 + q for i, c in sheet.drawn() for q in range(4) if c.land >> q & 1}
    return tuple(_island(sheet, graph, group) for group in components(graph, land))


def _island(sheet: Sheet, graph: TriangleGraph, group: list[int]) -> Island:
    members = frozenset(group)
    outside, holes = surroundings(graph, members)
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
Factor = tuple[tuple[int, ...], list[int]]


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


def wave_score(sheet: Sheet) -> int:
    """The best choice of non-overlapping wave segments in rows and columns (exact).

    Only a cell where a row run and a column run of at least 4 waves cross can be wanted by
    both. Each such column run is cut at the waves between its crossing cells into parts; a
    part's choice is the set of its crossing cells the column claims, keeping only claims
    that can score more than a smaller one. Rows take every cell the columns leave, so each
    row run is a table over the parts it crosses and each column run a table over its own
    parts; the best sum over all choices comes from eliminating the parts one at a time
    (max-sum variable elimination, smallest joint table first).

    Cost: O(n² + p·t) for an n×n sheet, p parts and joint tables of at most t entries. On a
    legal sheet each wave is at most five steps from a corner (values fall from the corner's
    6 by at least one a step), so crossing cells lie in the three rows and columns along
    each border: at most 36 of them, in parts of at most 3 cells with at most 4 useful
    claims, and a row run crosses at most 6 parts (a table of at most 4⁶ entries). The worst
    legal sheets a random search found, Level 2 staircases of waves in all four corners with
    a few cells left out, need joint tables of up to 2,048 entries and about 21,000 table
    steps (a few milliseconds).
    """
    size = sheet.size
    waves = {i for i, c in sheet.drawn() if c.wave}
    lines = _lines(size)
    rows, cols = _long_runs(lines[:size], waves), _long_runs(lines[size:], waves)
    crossing = {c for run in rows for c in run} & {c for run in cols for c in run}
    total, domains, claims, column_tables = _column_parts(cols, crossing)
    row_runs = []
    for run in rows:
        where = tuple(k for k, cell in enumerate(run) if cell in claims)
        if where:
            row_runs.append((run, where))
        else:
            total += best_run_score(len(run))
    scopes = [s for s, _ in column_tables]
    scopes += [tuple({claims[run[k]][0] for k in where}) for run, where in row_runs]
    rank = {var: i for i, var in enumerate(_elimination_order(scopes, domains))}
    dims = [domains[var] for var in sorted(rank, key=rank.__getitem__)]
    factors = [_ranked(scope, table, rank, domains) for scope, table in column_tables]
    factors += [_row_factor(run, where, claims, rank) for run, where in row_runs]
    return total + _max_sum(factors, dims)


Claims = dict[int, tuple[int, tuple[int, ...]]]
"""For each crossing cell a column may claim: its part's variable and, per choice of that
part, 1 if the choice claims the cell."""


def _column_parts(
    cols: list[tuple[int, ...]], crossing: set[int]
) -> tuple[int, list[int], Claims, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """The columns' fixed score, each part's number of choices, the claims, and each
    crossed column's table over its parts."""
    total, domains, claims, tables = 0, [], {}, []
    for run in cols:
        where = tuple(k for k, cell in enumerate(run) if cell in crossing)
        parts, table = _column_choices(len(run), where)
        scope = tuple(range(len(domains), len(domains) + len(parts)))
        for var, choices in zip(scope, parts, strict=True):
            domains.append(len(choices))
            for j, k in enumerate(where):
                taken = tuple(choice >> j & 1 for choice in choices)
                if any(taken):
                    claims[run[k]] = (var, taken)
        if scope:
            tables.append((scope, table))
        else:
            total += table[0]
    return total, domains, claims, tables


def _lines(size: int) -> list[tuple[int, ...]]:
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    return rows + cols


def _long_runs(lines: list[tuple[int, ...]], waves: set[int]) -> list[tuple[int, ...]]:
    """The maximal runs of consecutive waves long enough to hold a segment."""
    shortest = min(WAVE_SEGMENT_POINTS)
    out = []
    for line in lines:
        run: list[int] = []
        for cell in (*line, -1):
            if cell in waves:
                run.append(cell)
                continue
            if len(run) >= shortest:
                out.append(tuple(run))
            run = []
    return out


@lru_cache(maxsize=1024)
def _run_values(length: int, where: tuple[int, ...]) -> tuple[int, ...]:
    """A run's best score for each set of its cells at positions ``where`` it may use
    (bit j: position ``where[j]`` is usable; the other cells always are)."""
    values = []
    for usable in range(1 << len(where)):
        total, start = 0, 0
        for j, pos in enumerate(where):
            if not usable >> j & 1:
                total += best_run_score(pos - start)
                start = pos + 1
        values.append(total + best_run_score(length - start))
    return tuple(values)


@lru_cache(maxsize=1024)
def _column_choices(
    length: int, where: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """A column run's parts, each part's useful claims (masks over ``where``), and its score
    for every combination of claims (first part varying fastest).

    Parts are split at waves between crossing cells. A claim is useless, and dropped, when
    giving up one of its cells never lowers the column's score, whatever the other parts do.
    """
    values = _run_values(length, where)
    groups: list[int] = []
    for j, pos in enumerate(where):
        if not j or pos > where[j - 1] + 1:
            groups.append(0)
        groups[-1] |= 1 << j
    everything = (1 << len(where)) - 1
    parts = []
    for group in groups:
        others = _submasks(everything & ~group)
        parts.append(
            tuple(
                claim
                for claim in sorted(_submasks(group))
                if not any(
                    all(values[claim | rest] == values[claim & ~bit | rest] for rest in others)
                    for bit in (1 << j for j in range(len(where)) if claim >> j & 1)
                )
            )
        )
    return tuple(parts), tuple(values[sum(combo)] for combo in product(*reversed(parts)))


def _submasks(mask: int) -> list[int]:
    out, sub = [mask], mask
    while sub:
        sub = (sub - 1) & mask
        out.append(sub)
    return out


def _row_factor(
    run: tuple[int, ...], where: tuple[int, ...], claims: Claims, rank: dict[int, int]
) -> Factor:
    """A row run's score over the column parts crossing it: it uses what they leave."""
    values = _run_values(len(run), where)
    bits: dict[int, list[tuple[int, tuple[int, ...]]]] = defaultdict(list)
    for j, k in enumerate(where):
        var, taken = claims[run[k]]
        bits[rank[var]].append((j, taken))
    scope = tuple(sorted(bits))
    left = [(1 << len(where)) - 1]
    for var in scope:
        var_bits = bits[var]
        lost = [sum(taken[i] << j for j, taken in var_bits) for i in range(len(var_bits[0][1]))]
        left = [mask - gone for gone in lost for mask in left]
    return scope, [values[mask] for mask in left]


def _elimination_order(scopes: list[tuple[int, ...]], domains: list[int]) -> list[int]:
    """Variables in a greedy order: next, the one whose joint table with its neighbours is
    smallest."""
    near = [0] * len(domains)
    for scope in scopes:
        mask = sum(1 << var for var in set(scope))
        for var in scope:
            near[var] |= mask

    def weight(var: int) -> int:
        product, mask = 1, near[var]
        while mask:
            low = mask & -mask
            product *= domains[low.bit_length() - 1]
            mask ^= low
        return product

    weights = {var: weight(var) for var in range(len(domains))}
    order = []
    while weights:
        var = min(weights, key=weights.__getitem__)
        del weights[var]
        order.append(var)
        others = near[var] & ~(1 << var)
        for other in weights:
            if others >> other & 1:
                near[other] = (near[other] | others) & ~(1 << var)
                weights[other] = weight(other)
    return order


def _ranked(
    scope: tuple[int, ...], table: tuple[int, ...], rank: dict[int, int], domains: list[int]
) -> Factor:
    """A factor over variables renamed to their ranks, its axes put in ascending order."""
    axes = sorted(range(len(scope)), key=lambda a: rank[scope[a]])
    strides, stride = [], 1
    for var in scope:
        strides.append(stride)
        stride *= domains[var]
    index = [0]
    for a in axes:
        index = [i + k * strides[a] for k in range(domains[scope[a]]) for i in index]
    return tuple(rank[scope[a]] for a in axes), [table[i] for i in index]


@lru_cache(maxsize=512)
def _spread(shape: tuple[int, ...], axes: tuple[int, ...]) -> list[int]:
    """For each entry of a table of ``shape`` (first axis fastest), the entry of a table over
    only ``axes`` of it that lies beneath."""
    index, stride = [0], 1
    for axis, size in enumerate(shape):
        if axis in axes:
            index = [i + k * stride for k in range(size) for i in index]
            stride *= size
        else:
            index *= size
    return index


def _max_sum(factors: list[Factor], dims: list[int]) -> int:
    """The largest sum of the factors over all assignments (variable ``v`` takes values
    ``range(dims[v])``; scopes ascending), eliminating variables 0, 1, …"""
    total = 0
    for var, size in enumerate(dims):
        joined = sorted((f for f in factors if f[0][0] == var), key=lambda f: len(f[1]))
        factors = [f for f in factors if f[0][0] != var]
        scope, values = joined[0]
        for other, table in joined[1:]:
            both = tuple(sorted({*scope, *other}))
            shape = tuple(dims[v] for v in both)
            mine = _spread(shape, tuple(both.index(v) for v in scope))
            theirs = _spread(shape, tuple(both.index(v) for v in other))
            values = [values[i] + table[j] for i, j in zip(mine, theirs, strict=True)]
            scope = both
        best = values[::size]
        for k in range(1, size):
            best = [a if a > b else b for a, b in zip(best, values[k::size], strict=True)]
        if len(scope) > 1:
            factors.append((scope[1:], best))
        else:
            total += best[0]
    return total


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
