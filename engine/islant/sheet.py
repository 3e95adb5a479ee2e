"""One player's sheet: what is drawn in each cell, where tiles may go, and the ship cascade.

Cell codes (used in saved states and test fixtures): ``C`` the central tile; ``L`` + quarters
(``LNE``) plain land; ``R``/``B`` + quarters red or blue land, both for a purple cell
(``RNBS``); a trailing ``o`` marks a lake circle (``LNESWo``); ``W5`` a wave; ``S3`` a ship.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from engine.core.memo import BoundedMemo

from .geometry import (
    BLUE,
    CORNER_WAVE,
    FULL,
    LEVELS,
    LEVELS_WITHOUT_LAND_CONTACT,
    RED,
    SHIP_TOTALS,
    LevelSpec,
    cell_name,
    orthogonal,
    quarters_mask,
    quarters_text,
)


@dataclass(frozen=True, slots=True)
class Cell:
    """What is drawn in one cell. ``land`` is the union of all land quarters."""

    land: int = 0
    red: int = 0
    blue: int = 0
    lake: bool = False
    central: bool = False
    wave: int = 0
    ship: int = 0

    @property
    def purple(self) -> bool:
        return bool(self.red and self.blue)

    def code(self) -> str:
        """The compact text form (see the module docstring)."""
        if self.central:
            return "C"
        if self.wave:
            return f"W{self.wave}"
        if self.ship:
            return f"S{self.ship}"
        lake = "o" if self.lake else ""
        if not (self.red or self.blue):
            return f"L{quarters_text(self.land)}{lake}"
        red = f"R{quarters_text(self.red)}" if self.red else ""
        blue = f"B{quarters_text(self.blue)}" if self.blue else ""
        return f"{red}{blue}{lake}"

    @classmethod
    def from_code(cls, code: str) -> Cell:
        """The inverse of :meth:`code`; raises ValueError on a bad code."""
        code = code.strip()
        if code == "C":
            return CENTRAL
        if code[:1] in ("W", "S") and code[1:].isdigit():
            value = int(code[1:])
            return cls(wave=value) if code[0] == "W" else cls(ship=value)
        lake = code.endswith("o")
        body = code[:-1] if lake else code
        parts: dict[str, str] = {}
        kind = ""
        for ch in body:
            if ch in "LRB":
                kind = ch
                parts[kind] = ""
            elif ch in "NESW" and kind:
                parts[kind] += ch
            else:
                raise ValueError(code)
        if not parts or ("L" in parts and len(parts) > 1):
            raise ValueError(code)
        red, blue = quarters_mask(parts.get("R", "")), quarters_mask(parts.get("B", ""))
        land = quarters_mask(parts.get("L", "")) | red | blue
        if not land or red & blue:
            raise ValueError(code)
        return cls(land=land, red=red, blue=blue, lake=lake)


CENTRAL = Cell(land=FULL, central=True)
CORNER = Cell(wave=CORNER_WAVE)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A sheet: cells (None = empty) and the bordered ship groups in marking order."""

    level: int
    cells: tuple[Cell | None, ...]
    borders: tuple[tuple[int, ...], ...] = ()

    @property
    def spec(self) -> LevelSpec:
        return LEVELS[self.level]

    @property
    def size(self) -> int:
        return self.spec.size

    @property
    def marked(self) -> int:
        """How many ship totals are marked off."""
        return len(self.borders)

    def name_of(self, cell: int) -> str:
        return cell_name(cell, self.size)

    def drawn(self) -> Iterator[tuple[int, Cell]]:
        """Every non-empty cell with its index."""
        return ((i, c) for i, c in enumerate(self.cells) if c is not None)

    def bordered(self) -> frozenset[int]:
        return frozenset(c for group in self.borders for c in group)

    def with_cell(self, cell: int, content: Cell) -> Sheet:
        cells = list(self.cells)
        cells[cell] = content
        return replace(self, cells=tuple(cells))


def new_sheet(level: int) -> Sheet:
    """A blank sheet of ``level`` with its central tile and corner waves."""
    spec = LEVELS[level]
    cells: list[Cell | None] = [None] * (spec.size * spec.size)
    cells[spec.central] = CENTRAL
    for corner in spec.corners():
        cells[corner] = CORNER
    return Sheet(level, tuple(cells))


# ----- where tiles may go ---------------------------------------------------------------------
def touches_land(sheet: Sheet, cell: int) -> bool:
    """Whether a cell shares a side with a cell holding land (the central tile included)."""
    return cell in land_neighbours(sheet)


_per_sheet: BoundedMemo[tuple[str, int], tuple[Sheet, Any]] = BoundedMemo(256)
T = TypeVar("T")


def once_per_sheet(sheet: Sheet, work: Callable[[Sheet], T]) -> T:
    """``work(sheet)``, worked out once for a sheet seen lately (the computer asks about one
    sheet many times a decision; a sheet never changes)."""
    key = (work.__name__, id(sheet))
    kept = _per_sheet.get(key)
    if kept is not None and kept[0] is sheet:
        return kept[1]  # type: ignore[no-any-return]
    value = work(sheet)
    _per_sheet.put(key, (sheet, value))
    return value


def land_neighbours(sheet: Sheet) -> frozenset[int]:
    """The cells sharing a side with a cell holding land (the central tile included)."""
    return once_per_sheet(sheet, _land_neighbours)


def _land_neighbours(sheet: Sheet) -> frozenset[int]:
    cells, near = sheet.cells, orthogonal(sheet.size)
    return frozenset(
        c for c in range(len(cells)) if any((n := cells[o]) is not None and n.land for o in near[c])
    )


def land_spots(sheet: Sheet, cells: Iterable[int], columns: frozenset[int]) -> Iterator[int]:
    """The ``cells`` where some land tile may go as far as the cell's place goes: in an
    allowed column and beside land (on the levels that ask it); what is drawn there already
    is :func:`land_fits`'s other half (:func:`fits_over`)."""
    spec = sheet.spec
    size = spec.size
    contact = spec.level not in LEVELS_WITHOUT_LAND_CONTACT
    beside = land_neighbours(sheet) if contact else frozenset()
    for cell in cells:
        if columns and cell % size not in columns:
            continue
        if contact and cell not in beside:
            continue
        yield cell


def fits_over(here: Cell | None, colour: str | None, mask: int, lake: bool) -> bool:
    """Whether a land tile of quarters ``mask`` may be drawn over what ``here`` holds."""
    return here is None or _purple_fits(here, colour, mask, lake)


def purple_overlays(sheet: Sheet, colour: str | None) -> dict[int, int]:
    """The drawn cells a land tile of ``colour`` without a lake may go over (the coloured
    levels' exception, :func:`_purple_fits`), each with the quarters the other colour holds
    there (the tile must leave them free); not to be changed."""
    if colour is None:
        return {}
    return once_per_sheet(sheet, _purple_overlays)[colour]


def _purple_overlays(sheet: Sheet) -> dict[str, dict[int, int]]:
    overlays: dict[str, dict[int, int]] = {RED: {}, BLUE: {}}
    for cell, here in sheet.drawn():
        if here.lake or not here.land or here.central or here.purple:
            continue
        for colour, other in ((RED, here.blue), (BLUE, here.red)):
            if other:
                overlays[colour][cell] = other
    return overlays


def land_fits(
    sheet: Sheet, cell: int, colour: str | None, mask: int, lake: bool, columns: frozenset[int]
) -> bool:
    """Whether a land tile of quarters ``mask`` may be drawn in ``cell``.

    ``colour`` is RED or BLUE on the coloured levels (None otherwise); ``columns`` is the set
    of allowed columns on the grid-column levels (empty = no column rule).
    """
    placed = next(land_spots(sheet, (cell,), columns), None) is not None
    return placed and fits_over(sheet.cells[cell], colour, mask, lake)


def _purple_fits(here: Cell, colour: str | None, mask: int, lake: bool) -> bool:
    """The coloured levels' exception: the other colour's tile is there and nothing overlaps."""
    if colour is None or lake or here.lake or not here.land or here.central or here.purple:
        return False
    other = here.blue if colour == RED else here.red
    return bool(other) and not other & mask


def wave_fits(sheet: Sheet, cell: int, value: int) -> bool:
    """An empty cell beside a higher wave and beside no equal or lower wave."""
    floor = wave_floors(sheet).get(cell)
    return floor is not None and floor > value


def wave_floors(sheet: Sheet) -> dict[int, int]:
    """Each empty cell beside a wave: the lowest wave beside it (a wave fits there if it is
    lower); not to be changed."""
    return once_per_sheet(sheet, _wave_floors)


def _wave_floors(sheet: Sheet) -> dict[int, int]:
    """Each empty cell beside a wave: the lowest wave beside it."""
    cells, near = sheet.cells, orthogonal(sheet.size)
    floors = {}
    for cell in range(len(cells)):
        if cells[cell] is None:
            waves = [n.wave for o in near[cell] if (n := cells[o]) and n.wave]
            if waves:
                floors[cell] = min(waves)
    return floors


def ship_fits(sheet: Sheet, cell: int) -> bool:
    """An empty cell beside land (or the central tile) or beside an unfinished ship."""
    return cell in ship_spots(sheet)


def ship_spots(sheet: Sheet) -> frozenset[int]:
    """The cells where a ship fits (:func:`ship_fits`)."""
    return once_per_sheet(sheet, _ship_spots)


def _ship_spots(sheet: Sheet) -> frozenset[int]:
    cells, near = sheet.cells, orthogonal(sheet.size)
    done = sheet.bordered()
    return frozenset(
        cell
        for cell in range(len(cells))
        if cells[cell] is None
        and any(
            (n := cells[o]) is not None and (n.land or (n.ship and o not in done))
            for o in near[cell]
        )
    )


# ----- drawing --------------------------------------------------------------------------------
def draw_land(sheet: Sheet, cell: int, colour: str | None, mask: int, lake: bool) -> Sheet:
    """The sheet with a land tile drawn (placement already checked)."""
    here = sheet.cells[cell] or Cell()
    red = here.red | (mask if colour == RED else 0)
    blue = here.blue | (mask if colour == BLUE else 0)
    return sheet.with_cell(cell, Cell(land=here.land | mask, red=red, blue=blue, lake=lake))


def draw_wave(sheet: Sheet, cell: int, value: int) -> Sheet:
    return sheet.with_cell(cell, Cell(wave=value))


def draw_ship(sheet: Sheet, cell: int, value: int) -> tuple[Sheet, list[tuple[int, ...]]]:
    """The sheet with a ship drawn and the cascade of borders; returns the new borders too."""
    sheet = sheet.with_cell(cell, Cell(ship=value))
    added: list[tuple[int, ...]] = []
    while sheet.marked < len(SHIP_TOTALS):
        target = SHIP_TOTALS[sheet.marked]
        groups = [g for g in unfinished_ship_groups(sheet) if _ship_sum(sheet, g) == target]
        if not groups:
            break
        group = next((g for g in groups if cell in g), groups[0])
        sheet = replace(sheet, borders=(*sheet.borders, group))
        added.append(group)
    return sheet, added


def unfinished_ship_groups(sheet: Sheet) -> list[tuple[int, ...]]:
    """Orthogonally connected groups of unbordered ships, ordered by their first cell."""
    return list(once_per_sheet(sheet, _unfinished_ship_groups))


def _unfinished_ship_groups(sheet: Sheet) -> tuple[tuple[int, ...], ...]:
    done = sheet.bordered()
    ships = {i for i, c in sheet.drawn() if c.ship and i not in done}
    near = orthogonal(sheet.size)
    groups = []
    for start in sorted(ships):
        if start not in ships:
            continue
        ships.discard(start)
        group, stack = [start], [start]
        while stack:
            for o in near[stack.pop()]:
                if o in ships:
                    ships.discard(o)
                    group.append(o)
                    stack.append(o)
        groups.append(tuple(sorted(group)))
    return tuple(groups)


def _ship_sum(sheet: Sheet, group: tuple[int, ...]) -> int:
    return sum(sheet.cells[c].ship for c in group)  # type: ignore[union-attr]


# ----- serialization --------------------------------------------------------------------------
def sheet_to_json(sheet: Sheet) -> dict:
    """Only what differs from a blank sheet: drawn cells by name and the borders."""
    blank = new_sheet(sheet.level).cells
    data: dict = {"cells": {sheet.name_of(i): c.code() for i, c in sheet.drawn() if blank[i] != c}}
    if sheet.borders:
        data["borders"] = [[sheet.name_of(c) for c in g] for g in sheet.borders]
    return data


def sheet_from_json(level: int, data: dict) -> Sheet:
    """The inverse of :func:`sheet_to_json`."""
    sheet = new_sheet(level)
    size = sheet.size
    cells = list(sheet.cells)
    for name, code in data.get("cells", {}).items():
        cells[cell_index(name, size)] = Cell.from_code(code)
    borders = tuple(tuple(cell_index(n, size) for n in g) for g in data.get("borders", ()))
    return Sheet(level, tuple(cells), borders)


def cell_index(name: str, size: int) -> int:
    """The index of a cell name known to be on the sheet."""
    col, row = ord(name[0].upper()) - ord("A"), int(name[1:]) - 1
    return row * size + col
