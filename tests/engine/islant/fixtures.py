"""Sheets from a compact text grid: one token per cell, rows top to bottom.

Tokens are the engine's cell codes (``C`` central, ``LNE`` land, ``LNESWo`` with a lake
circle, ``RN``/``BS``/``RNBS`` coloured, ``W5`` wave, ``S3`` ship) and ``.`` for an empty cell.
"""

from __future__ import annotations

from engine.islant.geometry import CORNER_WAVE, LEVELS, orthogonal
from engine.islant.sheet import Cell, Sheet, new_sheet


def sheet(level: int, grid: str, borders: tuple[tuple[str, ...], ...] = ()) -> Sheet:
    """A sheet of ``level`` drawn exactly as ``grid`` says (printed cells included)."""
    size = LEVELS[level].size
    rows = [line.split() for line in grid.strip().splitlines()]
    assert len(rows) == size and all(len(r) == size for r in rows), "grid has the wrong shape"
    cells = tuple(None if tok == "." else Cell.from_code(tok) for row in rows for tok in row)
    named = {f"{chr(65 + i % size)}{i // size + 1}": i for i in range(size * size)}
    return Sheet(level, cells, tuple(tuple(named[n] for n in g) for g in borders))


def blank(level: int) -> str:
    """The grid text of a blank sheet of ``level`` (central tile and corner waves)."""
    spec = LEVELS[level]
    tokens = ["."] * (spec.size * spec.size)
    tokens[spec.central] = "C"
    for corner in spec.corners():
        tokens[corner] = "W6"
    return "\n".join(
        " ".join(tokens[r * spec.size : (r + 1) * spec.size]) for r in range(spec.size)
    )


def diamond(centre: str, radius: float) -> dict[str, int]:
    """Land quarters inside the diamond |x - cx| + |y - cy| <= radius (cell units, around the
    centre of cell ``centre``), as {cell name: quarter mask} on a sheet up to 26 columns."""
    cx, cy = ord(centre[0]) - 65, int(centre[1:]) - 1
    corners = {
        0: ((-1, -1), (1, -1)),
        1: ((1, -1), (1, 1)),
        2: ((1, 1), (-1, 1)),
        3: ((-1, 1), (-1, -1)),
    }
    out: dict[str, int] = {}
    span = int(radius) + 1
    for y in range(cy - span, cy + span + 1):
        for x in range(cx - span, cx + span + 1):
            mask = 0
            for q, ends in corners.items():
                points = [(x, y)] + [(x + dx / 2, y + dy / 2) for dx, dy in ends]
                if all(abs(px - cx) + abs(py - cy) <= radius for px, py in points):
                    mask |= 1 << q
            if mask and x >= 0 and y >= 0:
                out[f"{chr(65 + x)}{y + 1}"] = mask
    return out


def with_land(base: Sheet, masks: dict[str, int]) -> Sheet:
    """``base`` with plain land quarters added (the central tile stays as printed)."""
    size = base.size
    cells = list(base.cells)
    for name, mask in masks.items():
        i = (int(name[1:]) - 1) * size + ord(name[0]) - 65
        here = cells[i]
        if here is not None and here.central:
            continue
        land = (here.land if here is not None else 0) | mask
        cells[i] = Cell(land=land)
    return Sheet(base.level, tuple(cells), base.borders)


def staircase(
    level: int, corners: tuple[int, ...] = (0, 1, 2, 3), without: tuple[str, ...] = ()
) -> Sheet:
    """A sheet of ``level`` whose waves fill every cell up to five steps from the chosen corner
    waves (indices into ``LevelSpec.corners()``), except the cells named in ``without``.

    Each wave is one lower than its neighbour towards the nearest chosen corner, so the waves
    can be drawn in order of value by the placement rule: the most a legal sheet can hold.
    """
    base = new_sheet(level)
    size = base.size
    skip = {(int(n[1:]) - 1) * size + ord(n[0]) - 65 for n in without}
    start = [base.spec.corners()[i] for i in corners]
    depth = dict.fromkeys(start, 0)
    frontier = list(start)
    while frontier:
        nxt = []
        for cell in frontier:
            for near in orthogonal(size)[cell]:
                free = base.cells[near] is None and near not in skip
                if free and near not in depth and depth[cell] < CORNER_WAVE - 1:
                    depth[near] = depth[cell] + 1
                    nxt.append(near)
        frontier = nxt
    cells = list(base.cells)
    for cell, d in depth.items():
        if d:
            cells[cell] = Cell(wave=CORNER_WAVE - d)
    return Sheet(level, tuple(cells))
