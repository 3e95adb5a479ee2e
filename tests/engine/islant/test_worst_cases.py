"""Islands and the stuck check, which only look near what matters, against plain references."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.islant.geometry import COLUMN, LAND_SLOTS, LEVELS, E, N, S
from engine.islant.scoring import Island, _count_runs, islands, score
from engine.islant.sheet import Cell, Sheet, new_sheet
from engine.islant.triangles import TriangleGraph, components, outside_of, triangle_graph
from engine.islant.turn import (
    can_draw_anything,
    column_choices,
    placements,
    possible_values,
)


def whole_outside(graph: TriangleGraph, island: frozenset[int]) -> set[int]:
    """Everything reachable from beyond the border without crossing the island."""
    seen = {t for t, on_rim in enumerate(graph.rim) if on_rim and t not in island}
    stack = list(seen)
    while stack:
        for edge in graph.edges[stack.pop()]:
            if edge.other not in seen and edge.other not in island:
                seen.add(edge.other)
                stack.append(edge.other)
    return seen


def reference_islands(sheet: Sheet) -> tuple[Island, ...]:
    """Islands as the rules define them, searching the whole sheet for each one."""
    graph = triangle_graph(sheet.size)
    land = {i * 4 + q for i, c in sheet.drawn() for q in range(4) if c.land >> q & 1}
    out = []
    for group in components(graph, land):
        members = frozenset(group)
        outside = whole_outside(graph, members)
        straight = any(graph.rim[t] for t in group)
        runs: dict[tuple[str, int], list[int]] = defaultdict(list)
        for t in group:
            for edge in graph.edges[t]:
                if edge.other in outside:
                    if edge.line is None:
                        straight = True
                    else:
                        runs[edge.line].append(edge.pos)
        if straight:
            out.append(Island(tuple(group), False, 0, 0, 0))
            continue
        holes = set(range(len(graph.rim))) - outside - members
        circles = sum(1 for c in {t // 4 for t in group} if sheet.cells[c].lake)  # type: ignore[union-attr]
        out.append(
            Island(tuple(group), True, _count_runs(runs), len(components(graph, holes)), circles)
        )
    return tuple(out)


def reference_can_draw(sheet: Sheet, roll: tuple[int, ...]) -> bool:
    """Every assignment of the roll, every tile, every cell."""
    spec = sheet.spec
    for order in set(permutations(roll)):
        dice = dict(zip(spec.slots, order, strict=True))
        for slot in spec.tile_slots:
            column_die = dice.get(COLUMN) if slot in LAND_SLOTS else None
            for columns in column_choices(spec, column_die):
                for value in possible_values(dice[slot]):
                    if next(placements(sheet, slot, value, columns), None) is not None:
                        return True
    return False


@st.composite
def random_sheets(draw: st.DrawFn) -> Sheet:
    """Any mix of land (coloured on levels 3 and 5), waves and ships, anywhere."""
    level = draw(st.integers(1, 5))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    fill = draw(st.sampled_from((0.3, 0.6, 0.9, 1.0)))
    base = new_sheet(level)
    cells = list(base.cells)
    for i, cell in enumerate(cells):
        if cell is not None or rnd.random() > fill:
            continue
        kind = rnd.random()
        if kind < 0.15:
            cells[i] = Cell(wave=rnd.randint(1, 5))
        elif kind < 0.25:
            cells[i] = Cell(ship=rnd.randint(1, 5))
        else:
            mask = rnd.randint(1, 15)
            red = mask if LEVELS[level].coloured and rnd.random() < 0.5 else 0
            blue = mask if LEVELS[level].coloured and not red else 0
            cells[i] = Cell(land=mask, red=red, blue=blue, lake=mask == 15 and rnd.random() < 0.3)
    return replace(base, cells=tuple(cells))


@settings(max_examples=200, deadline=None)
@given(random_sheets())
def test_islands_match_the_whole_sheet_reference(sheet: Sheet) -> None:
    assert islands(sheet) == reference_islands(sheet)


@settings(max_examples=100, deadline=None)
@given(random_sheets())
def test_the_outside_near_an_island_is_all_its_neighbours_need(sheet: Sheet) -> None:
    graph = triangle_graph(sheet.size)
    for island in islands(sheet):
        members = frozenset(island.triangles)
        near, whole = outside_of(graph, members), whole_outside(graph, members)
        assert near <= whole
        for t in members:
            for edge in graph.edges[t]:
                assert (edge.other in near) == (edge.other in whole)


@settings(max_examples=200, deadline=None)
@given(random_sheets(), st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_can_draw_anything_matches_trying_every_assignment(sheet: Sheet, dice: list[int]) -> None:
    roll = tuple(dice[: sheet.spec.dice])
    assert can_draw_anything(sheet, roll) == reference_can_draw(sheet, roll)


def every_cell(level: int, cell: Cell) -> Sheet:
    base = new_sheet(level)
    return replace(base, cells=tuple(c if c is not None else cell for c in base.cells))


@pytest.mark.parametrize(
    ("mask", "count"),
    [(1 << E, 116), (1 << N | 1 << S, 127), (1 << N | 1 << E, 115)],
)
def test_a_sheet_of_tiny_islands_scores_each_of_them(mask: int, count: int) -> None:
    # The most islands a sheet holds: one or two quarters each, all on Level 5.
    sheet = every_cell(5, Cell(land=mask, red=mask))
    assert islands(sheet) == reference_islands(sheet)
    assert score(sheet).islands == count


@pytest.mark.parametrize("roll", [(6, 6, 6, 6, 6), (1, 2, 3, 4, 5), (2, 3, 4, 2, 3)])
def test_full_and_walled_in_sheets_cannot_draw(roll: tuple[int, ...]) -> None:
    full = every_cell(5, Cell(land=15, red=15))
    assert not can_draw_anything(full, roll)
    half = every_cell(5, Cell(land=1 << N | 1 << S, red=1 << N | 1 << S))
    assert can_draw_anything(half, roll) == reference_can_draw(half, roll)
