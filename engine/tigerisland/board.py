"""The island: an immutable map from hex to the visible cell, and the settlements on it."""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from dataclasses import dataclass
from enum import Enum

from engine.core.hexgrid import Hex

from .geometry import Terrain, hex_key, neighbours


class PieceKind(Enum):
    """The two kinds of piece in V1.0."""

    VILLAGER = "villager"
    TOTORO = "totoro"


@dataclass(frozen=True, slots=True)
class Piece:
    """The pieces standing on one hex: one player's villagers (as many as the level) or a totoro."""

    seat: int
    kind: PieceKind
    count: int


@dataclass(frozen=True, slots=True)
class Cell:
    """The visible top of one hex of the island."""

    terrain: Terrain
    level: int
    tile: int
    piece: Piece | None = None


class Board(Mapping[Hex, Cell]):
    """A persistent hex -> cell map: updates return a new board and leave this one as it was."""

    __slots__ = ("_cells", "_hash")

    def __init__(self, cells: Mapping[Hex, Cell] | Iterable[tuple[Hex, Cell]] = ()) -> None:
        self._cells: dict[Hex, Cell] = dict(cells)
        self._hash: int | None = None

    def __getitem__(self, key: Hex) -> Cell:
        return self._cells[key]

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, key: object) -> bool:
        return key in self._cells

    def get(self, key: Hex, default: Cell | None = None) -> Cell | None:  # type: ignore[override]
        return self._cells.get(key, default)

    def keys(self) -> KeysView[Hex]:
        return self._cells.keys()

    def values(self) -> ValuesView[Cell]:
        return self._cells.values()

    def items(self) -> ItemsView[Hex, Cell]:
        return self._cells.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self._cells == other._cells
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._cells.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Board({self._cells!r})"

    def updated(self, changes: Mapping[Hex, Cell]) -> Board:
        """A copy with ``changes`` written over it."""
        cells = dict(self._cells)
        cells.update(changes)
        return Board(cells)


@dataclass(frozen=True, slots=True)
class Settlement:
    """A maximal connected group of one player's occupied hexes."""

    seat: int
    hexes: frozenset[Hex]
    has_totoro: bool

    @property
    def size(self) -> int:
        return len(self.hexes)


class Settlements:
    """Every settlement on a board, and which one each occupied hex belongs to."""

    __slots__ = ("by_hex", "groups")

    def __init__(self, board: Board) -> None:
        owner = {h: c.piece for h, c in board.items() if c.piece is not None}
        self.groups: list[Settlement] = []
        self.by_hex: dict[Hex, Settlement] = {}
        for start in sorted(owner, key=hex_key):
            if start in self.by_hex:
                continue
            seat = owner[start].seat
            group = {start}
            stack = [start]
            while stack:
                for n in neighbours(stack.pop()):
                    piece = owner.get(n)
                    if piece is not None and piece.seat == seat and n not in group:
                        group.add(n)
                        stack.append(n)
            totoro = any(owner[h].kind is PieceKind.TOTORO for h in group)
            settlement = Settlement(seat, frozenset(group), totoro)
            self.groups.append(settlement)
            self.by_hex.update(dict.fromkeys(group, settlement))

    def of_seat(self, seat: int) -> list[Settlement]:
        """One player's settlements, ordered by their smallest hex."""
        return [s for s in self.groups if s.seat == seat]
