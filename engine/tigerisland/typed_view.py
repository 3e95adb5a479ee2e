"""The TigerIsland view as typed records: :meth:`TigerView.of` reads a :class:`View` once,
and the pictures and the bot read the records. Read only: no rules are computed here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome, View

Cube = tuple[int, int, int]


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
class TigerView:
    """Everything anyone sees of a TigerIsland game."""

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

    @classmethod
    def of(cls, view: View) -> TigerView:
        """The typed reading of a TigerIsland view."""
        return cls.from_data(view.data)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TigerView:
        """Read a TigerIsland view's data."""
        hand = data.get("tile_in_hand")
        terrain_a, _, terrain_b = (hand or "").partition("+")
        last = data.get("last_turn")
        outcome = data.get("outcome")
        return cls(
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
