"""The immutable game state of tiggar islanote and its piece and tile counts."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.core import EndReason, Outcome, Rng
from engine.core.hexgrid import Hex
from engine.core.names import seat_ref

from .board import Board
from .geometry import TileKind

PLAYERS = 2
LAST_PIECE = EndReason("last_piece")  # a player placed their last piece
TILES_OUT = EndReason("tiles_out")  # the tiles ran out
CANNOT_BUILD = EndReason("cannot_build")  # a player could not build after placing
END_REASONS = (LAST_PIECE, TILES_OUT, CANNOT_BUILD)
VILLAGERS_PER_PLAYER = 20
TOTOROS_PER_PLAYER = 3


class Phase(Enum):
    """Where the turn stands: the tile comes first, then one build; ``over`` when finished."""

    PLACE = "place"
    BUILD = "build"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The hexes the most recent (or current) turn's tile covered, and where pieces went."""

    seat: int
    placed: tuple[Hex, ...]
    built: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class TigerState:
    """Everything about a game in progress. ``deck`` is secret: views only show its size."""

    board: Board
    active: int
    phase: Phase
    hand: TileKind | None
    deck: tuple[TileKind, ...]
    placed_tiles: tuple[TileKind, ...]
    scores: tuple[int, int]
    villagers_left: tuple[int, int]
    totoros_left: tuple[int, int]
    villagers_removed: tuple[int, int]
    rng: Rng
    last_turn: LastTurn | None = None
    outcome: Outcome | None = None

    @property
    def next_tile_id(self) -> int:
        """Tiles are numbered 1, 2, ... in the order they reach the island."""
        return len(self.placed_tiles) + 1

    @property
    def is_first_tile(self) -> bool:
        return len(self.board) == 0

    def pieces_left(self, seat: int) -> int:
        return self.villagers_left[seat] + self.totoros_left[seat]


def player(seat: int) -> str:
    """How messages name a seat (a placeholder the bot fills with the player's name)."""
    return seat_ref(seat)


def with_seat(values: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    """``values`` with the entry of ``seat`` replaced."""
    return (value, values[1]) if seat == 0 else (values[0], value)
