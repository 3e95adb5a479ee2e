"""Positions as plain data: the saved form of a state, and the way tests build positions.

``position_to_data(state)`` returns, and ``position_from_data(data)`` reads::

    {
      "hexes": [                      # the visible top of the island, sorted by x, y, z
        {"x": 0, "y": 0, "z": 0, "terrain": "VOLCANO", "level": 1, "tile": 1,
         "piece": null},
        {"x": 0, "y": 1, "z": -1, "terrain": "JUNGLE", "level": 1, "tile": 1,
         "piece": {"seat": 0, "kind": "villager", "count": 1}},    # kind: villager|totoro
        ...
      ],
      "active": 0,                    # the player to move (the last one to move when over)
      "phase": "place",               # place | build | over
      "tile_in_hand": "JUNGLE+LAKE",  # null in the build phase; kept unplayed when over
      "deck": ["LAKE+ROCK", ...],     # the tiles still to draw, next first
      "scores": [0, 0],
      "villagers_left": [20, 20],
      "totoros_left": [3, 3],
      # optional (filled in when missing):
      "villagers_removed": [0, 0],    # buried by eruptions; default 20 - left - on the island
      "placed_tiles": ["JUNGLE+LAKE", ...],  # default: the 48 minus hand and deck
      "last_turn": {"seat": 0, "placed": [[0, 0, 0], ...], "built": [[1, -1, 0]]},
      "outcome": {"scores": [..], "winners": [..], "reason": "..."},
      "rng": [seed, draws],           # default [0, 0]
    }

Tile ids number the tiles in the order they reached the island (1 is the first), so no
visible hex may name a tile beyond ``len(placed_tiles)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import EndReason, Outcome, Rng
from engine.core.hexgrid import Hex

from .board import Board, Cell, Piece, PieceKind
from .geometry import FULL_DECK, Terrain, TileKind, from_cube, to_cube
from .state import (
    CANNOT_BUILD,
    LAST_PIECE,
    TILES_OUT,
    VILLAGERS_PER_PLAYER,
    LastTurn,
    Phase,
    TigerState,
)


def hex_to_data(h: Hex, cell: Cell) -> dict[str, Any]:
    """One visible hex as plain data (the same shape in positions and views)."""
    x, y, z = to_cube(h)
    piece = cell.piece
    return {
        "x": x,
        "y": y,
        "z": z,
        "terrain": cell.terrain.value,
        "level": cell.level,
        "tile": cell.tile,
        "piece": None
        if piece is None
        else {"seat": piece.seat, "kind": piece.kind.value, "count": piece.count},
    }


def hexes_to_data(board: Board) -> list[dict[str, Any]]:
    """Every visible hex, sorted by cube coordinates."""
    return [hex_to_data(h, board[h]) for h in sorted(board, key=to_cube)]


def last_turn_to_data(turn: LastTurn | None) -> dict[str, Any] | None:
    """The last turn's hexes as lists of cube coordinates."""
    if turn is None:
        return None
    return {
        "seat": turn.seat,
        "placed": [list(to_cube(h)) for h in turn.placed],
        "built": [list(to_cube(h)) for h in turn.built],
    }


def position_to_data(state: TigerState) -> dict[str, Any]:
    """The whole state as plain JSON-compatible data (the deck order included)."""
    return {
        "hexes": hexes_to_data(state.board),
        "active": state.active,
        "phase": state.phase.value,
        "tile_in_hand": None if state.hand is None else str(state.hand),
        "deck": [str(k) for k in state.deck],
        "scores": list(state.scores),
        "villagers_left": list(state.villagers_left),
        "totoros_left": list(state.totoros_left),
        "villagers_removed": list(state.villagers_removed),
        "placed_tiles": [str(k) for k in state.placed_tiles],
        "last_turn": last_turn_to_data(state.last_turn),
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "rng": state.rng.to_json(),
    }


def position_from_data(data: Mapping[str, Any]) -> TigerState:
    """A state from plain data (see the module docstring); ValueError if inconsistent."""
    board = Board(_cell_from_data(h) for h in data["hexes"])
    hand = None if data.get("tile_in_hand") is None else TileKind.from_text(data["tile_in_hand"])
    deck = tuple(TileKind.from_text(k) for k in data["deck"])
    villagers_left = _pair(data["villagers_left"])
    if "placed_tiles" in data:
        placed = tuple(TileKind.from_text(k) for k in data["placed_tiles"])
    else:
        placed = _missing_tiles((*deck, *((hand,) if hand else ())))
    if "villagers_removed" in data:
        removed = _pair(data["villagers_removed"])
    else:
        removed = _pair(
            VILLAGERS_PER_PLAYER - villagers_left[seat] - _villagers_on(board, seat)
            for seat in (0, 1)
        )
    if any(c.tile > len(placed) or c.tile < 1 for c in board.values()):
        raise ValueError(f"tile ids must be 1 to {len(placed)} (the tiles placed so far)")
    return TigerState(
        board=board,
        active=int(data["active"]),
        phase=Phase(data["phase"]),
        hand=hand,
        deck=deck,
        placed_tiles=placed,
        scores=_pair(data["scores"]),
        villagers_left=villagers_left,
        totoros_left=_pair(data["totoros_left"]),
        villagers_removed=removed,
        rng=Rng.from_json(data.get("rng", (0, 0))),
        last_turn=_last_turn_from_data(data.get("last_turn")),
        outcome=_outcome_from_data(data.get("outcome")),
    )


def _cell_from_data(item: Mapping[str, Any]) -> tuple[Hex, Cell]:
    h = from_cube(int(item["x"]), int(item["y"]), int(item["z"]))
    raw = item.get("piece")
    piece = (
        None
        if raw is None
        else Piece(int(raw["seat"]), PieceKind(raw["kind"]), int(raw.get("count", 1)))
    )
    return h, Cell(Terrain(item["terrain"]), int(item["level"]), int(item["tile"]), piece)


def _pair(values: Any) -> tuple[int, int]:
    a, b = (int(v) for v in values)
    return (a, b)


def _villagers_on(board: Board, seat: int) -> int:
    return sum(
        c.piece.count
        for c in board.values()
        if c.piece is not None and c.piece.seat == seat and c.piece.kind is PieceKind.VILLAGER
    )


def _missing_tiles(unplaced: Sequence[TileKind]) -> tuple[TileKind, ...]:
    left = Counter(FULL_DECK)
    left.subtract(unplaced)
    if any(n < 0 for n in left.values()):
        raise ValueError("the deck and hand hold more than three tiles of one kind")
    return tuple(left.elements())


def _last_turn_from_data(data: Mapping[str, Any] | None) -> LastTurn | None:
    if data is None:
        return None
    return LastTurn(
        int(data["seat"]),
        tuple(from_cube(*map(int, c)) for c in data["placed"]),
        tuple(from_cube(*map(int, c)) for c in data.get("built", ())),
    )


def _outcome_from_data(data: Mapping[str, Any] | None) -> Outcome | None:
    if data is None:
        return None
    return Outcome.from_json(data, _legacy_code(str(data["reason"])))


# Games saved before outcomes carried a code: the code their sentence stands for.
_LEGACY_PHRASES = (
    ("cannot build", CANNOT_BUILD),
    ("resigned", EndReason.RESIGNED),
    ("last piece", LAST_PIECE),
)


def _legacy_code(reason: str) -> EndReason:
    return next((code for phrase, code in _LEGACY_PHRASES if phrase in reason), TILES_OUT)
