"""The TigerIsland view data as typed records (read only; no rules are computed here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome

Cube = tuple[int, int, int]

# Cube offsets of the rules' named directions (x + y + z = 0).
EAST: Cube = (1, -1, 0)
NORTH_EAST: Cube = (1, 0, -1)
NORTH_WEST: Cube = (0, 1, -1)
WEST: Cube = (-1, 1, 0)
SOUTH_WEST: Cube = (-1, 0, 1)
SOUTH_EAST: Cube = (0, -1, 1)
DIRECTIONS: tuple[Cube, ...] = (EAST, NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST, SOUTH_EAST)


def to_axial(cube: Cube) -> tuple[int, int]:
    """Axial drawing coordinates of a cube coordinate: ``q = x`` (east), ``r = z`` (south)."""
    return (cube[0], cube[2])


def add(a: Cube, b: Cube) -> Cube:
    """The sum of two cube coordinates."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


@dataclass(frozen=True, slots=True)
class Piece:
    """Pieces of one seat on a hex: ``count`` villagers, or a totoro."""

    seat: int
    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class Cell:
    """The visible top hex at a position."""

    cube: Cube
    terrain: str
    level: int
    tile: int
    piece: Piece | None


@dataclass(frozen=True, slots=True)
class LastTurn:
    """What the previous player did: the three hexes of the tile placed, the hexes built on."""

    seat: int
    placed: tuple[Cube, ...]
    built: tuple[Cube, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """Everything the picture shows."""

    players: int
    active: int | None
    phase: str
    tile_in_hand: tuple[str, str] | None
    tiles_left: int
    scores: tuple[int, ...]
    villagers_left: tuple[int, ...]
    totoros_left: tuple[int, ...]
    cells: tuple[Cell, ...]
    last_turn: LastTurn | None
    outcome: Outcome | None


def _cube(value: Sequence[int]) -> Cube:
    x, y, z = value
    return (int(x), int(y), int(z))


def _cell(data: Mapping[str, Any]) -> Cell:
    piece = data.get("piece")
    return Cell(
        cube=(int(data["x"]), int(data["y"]), int(data["z"])),
        terrain=str(data["terrain"]),
        level=int(data["level"]),
        tile=int(data["tile"]),
        piece=None if piece is None else Piece(piece["seat"], piece["kind"], piece["count"]),
    )


def parse_board(data: Mapping[str, Any]) -> Board:
    """Read a TigerIsland view's data."""
    hand = data.get("tile_in_hand")
    terrain_a, _, terrain_b = (hand or "").partition("+")
    last = data.get("last_turn")
    outcome = data.get("outcome")
    return Board(
        players=int(data["players"]),
        active=data.get("active"),
        phase=str(data["phase"]),
        tile_in_hand=None if hand is None else (terrain_a, terrain_b),
        tiles_left=int(data["tiles_left"]),
        scores=tuple(data["scores"]),
        villagers_left=tuple(data["villagers_left"]),
        totoros_left=tuple(data["totoros_left"]),
        cells=tuple(_cell(h) for h in data["hexes"]),
        last_turn=None
        if last is None
        else LastTurn(
            seat=int(last["seat"]),
            placed=tuple(_cube(c) for c in last["placed"]),
            built=tuple(_cube(c) for c in last.get("built", ())),
        ),
        outcome=None if outcome is None else Outcome.from_json(outcome),
    )
