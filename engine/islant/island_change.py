"""How a land tile would change the number of islands on a sheet (for the careful player)."""

from __future__ import annotations

from functools import lru_cache

from .geometry import E, N, S, W
from .scoring import islands
from .sheet import Sheet

# The quarter across each cell side: (neighbour offset in (col, row), quarter it meets).
FACING = {N: ((0, -1), S), E: ((1, 0), W), S: ((0, 1), N), W: ((-1, 0), E)}


@lru_cache(maxsize=256)
def island_of(sheet: Sheet) -> dict[int, int]:
    """Each land quarter (``cell * 4 + quarter``) of the sheet and the number of its island."""
    return {t: k for k, island in enumerate(islands(sheet)) for t in island.triangles}


def island_change(sheet: Sheet, cell: int, mask: int) -> int:
    """How many islands more (or fewer, when it joins some) the sheet has once the quarters
    ``mask`` are drawn in ``cell``."""
    owner = island_of(sheet)
    size = sheet.size
    row, col = divmod(cell, size)
    here = sheet.cells[cell]
    existing = here.land if here is not None else 0
    group = {q: q for q in range(4) if mask >> q & 1}

    def root(q: int) -> int:
        while group[q] != q:
            q = group[q]
        return q

    for q in group:
        nxt = (q + 1) % 4
        if nxt in group:
            group[root(q)] = root(nxt)
    touched: dict[int, int] = {}  # island -> the root of a new quarter touching it
    for q in list(group):
        near = [cell * 4 + n for n in ((q + 1) % 4, (q + 3) % 4) if existing >> n & 1]
        (dc, dr), meets = FACING[q]
        c, r = col + dc, row + dr
        if 0 <= c < size and 0 <= r < size:
            other = sheet.cells[r * size + c]
            if other is not None and other.land >> meets & 1:
                near.append((r * size + c) * 4 + meets)
        for t in near:
            island = owner[t]
            if island in touched:
                group[root(q)] = root(touched[island])
            else:
                touched[island] = q
    return len({root(q) for q in group}) - len(touched)
