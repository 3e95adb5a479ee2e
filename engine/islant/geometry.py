"""The Islant sheets: sizes, cell names, quarter triangles, tile shapes and level settings.

A cell is an index ``row * size + col``; its name is the column letter and the row number
(``F6``). Each cell is split by both diagonals into four quarters, numbered N=0, E=1, S=2,
W=3; a set of quarters is a 4-bit mask (bit ``q``). Every reconstructed choice of
the Islant rulings (``rules/islant.md`` of the design notes) is a named constant here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# ----- quarters ----------------------------------------------------------------------------
N, E, S, W = 0, 1, 2, 3
QUARTER_NAMES = "NESW"
FULL = 0b1111

# ----- slots: what a die may be assigned to -------------------------------------------------
COLUMN, LAND, RED, BLUE, WAVES, SHIPS = "column", "land", "red", "blue", "waves", "ships"
SLOT_ORDER: tuple[str, ...] = (COLUMN, LAND, RED, BLUE, WAVES, SHIPS)
LAND_SLOTS = frozenset({LAND, RED, BLUE})
TILE_SLOTS = frozenset({LAND, RED, BLUE, WAVES, SHIPS})

# ----- dice -----------------------------------------------------------------------------------
WILD_FACE = 6
WILD_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)
DIE_FACES = 6

# ----- land scoring ---------------------------------------------------------------------------
ISLAND_PENALTY = 2

# ----- ships ----------------------------------------------------------------------------------
SHIP_TOTALS: tuple[int, ...] = (7, 9, 11, 13, 15, 17, 19, 21, 23, 25)
SHIP_POINTS: tuple[int, ...] = (2, 4, 7, 11, 15, 20, 27, 34, 45, 60)

# ----- waves ----------------------------------------------------------------------------------
CORNER_WAVE = 6
WAVE_SEGMENT_POINTS: dict[int, int] = {4: 4, 5: 6, 6: 9}

# ----- the grid-column labels (None = the ANY column) -----------------------------------------
ANY = None
ANY_LABEL = "ANY"


@dataclass(frozen=True, slots=True)
class LevelSpec:
    """Everything that differs between the five sheets."""

    level: int
    size: int
    slots: tuple[str, ...]
    reroll_doubles: bool
    column_labels: tuple[int | None, ...] | None
    corner_waves: bool

    @property
    def dice(self) -> int:
        return len(self.slots)

    @property
    def central(self) -> int:
        half = self.size // 2
        return half * self.size + half

    @property
    def coloured(self) -> bool:
        return RED in self.slots

    @property
    def land_slots(self) -> tuple[str, ...]:
        return tuple(s for s in self.slots if s in LAND_SLOTS)

    @property
    def tile_slots(self) -> tuple[str, ...]:
        return tuple(s for s in self.slots if s in TILE_SLOTS)

    def corners(self) -> tuple[int, ...]:
        last = self.size - 1
        return (0, last, last * self.size, last * self.size + last) if self.corner_waves else ()

    def columns_for(self, value: int) -> frozenset[int]:
        """The columns a land tile may use when the grid-column die shows ``value``."""
        labels = self.column_labels or ()
        return frozenset(i for i, lab in enumerate(labels) if lab is ANY or lab == value)


L1_COLUMN_LABELS: tuple[int | None, ...] = (4, 5, 1, ANY, 2, 3, 4)
L5_COLUMN_LABELS: tuple[int | None, ...] = (5, 4, 3, 2, 1, ANY, 1, 2, 3, 4, 5)

LEVELS: dict[int, LevelSpec] = {
    1: LevelSpec(1, 7, (COLUMN, LAND), True, L1_COLUMN_LABELS, False),
    2: LevelSpec(2, 9, (LAND, WAVES), True, None, True),
    3: LevelSpec(3, 7, (RED, BLUE), True, None, False),
    4: LevelSpec(4, 11, (LAND, WAVES, SHIPS), False, None, True),
    5: LevelSpec(5, 11, (COLUMN, RED, BLUE, WAVES, SHIPS), False, L5_COLUMN_LABELS, True),
}
# Level 1 is the only sheet where a land tile needs no side contact with land.
LEVELS_WITHOUT_LAND_CONTACT = frozenset({1})


# ----- land tiles -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tile:
    """A land tile before rotation: its quarters and whether it holds a lake circle."""

    mask: int
    lake: bool = False


LAND_TILES: dict[int, Tile] = {
    1: Tile(1 << N),
    2: Tile(1 << N | 1 << E),
    3: Tile(1 << N | 1 << E | 1 << W),
    4: Tile(FULL, lake=True),
    5: Tile(1 << N | 1 << S),
}
# Blue Land swaps faces 3 and 4.
BLUE_TILES: dict[int, Tile] = {**LAND_TILES, 3: LAND_TILES[4], 4: LAND_TILES[3]}
ROTATIONS: tuple[int, ...] = (0, 1, 2, 3)


def tile_for(slot: str, value: int) -> Tile:
    """The tile a land slot draws for a die value 1–5."""
    return (BLUE_TILES if slot == BLUE else LAND_TILES)[value]


def rotate(mask: int, rotation: int) -> int:
    """A quarter mask turned clockwise by ``rotation`` quarter turns (N→E→S→W)."""
    rotation %= 4
    return ((mask << rotation) | (mask >> (4 - rotation))) & FULL


def distinct_rotations(mask: int) -> tuple[int, ...]:
    """The smallest rotations that give each different shape of ``mask``."""
    seen: dict[int, int] = {}
    for r in ROTATIONS:
        seen.setdefault(rotate(mask, r), r)
    return tuple(seen.values())


def quarters_text(mask: int) -> str:
    """``NE`` for a mask holding N and E."""
    return "".join(QUARTER_NAMES[q] for q in range(4) if mask >> q & 1)


def quarters_mask(text: str) -> int:
    """The inverse of :func:`quarters_text`."""
    return sum(1 << QUARTER_NAMES.index(ch) for ch in set(text))


# ----- cells ----------------------------------------------------------------------------------
def column_letter(col: int) -> str:
    """``F`` for the sixth column."""
    return chr(ord("A") + col)


def cell_name(cell: int, size: int) -> str:
    """``F6`` for the cell in column F, row 6."""
    row, col = divmod(cell, size)
    return f"{column_letter(col)}{row + 1}"


def parse_cell_name(name: str, size: int) -> int | None:
    """The cell index of a name like ``F6`` on a sheet of ``size``, or None if off the sheet."""
    name = name.strip().upper()
    if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
        return None
    col, row = ord(name[0]) - ord("A"), int(name[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        return None
    return row * size + col


@cache
def orthogonal(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells sharing a side with it."""
    out = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        near = []
        if row > 0:
            near.append(cell - size)
        if col < size - 1:
            near.append(cell + 1)
        if row < size - 1:
            near.append(cell + size)
        if col > 0:
            near.append(cell - 1)
        out.append(tuple(near))
    return tuple(out)
