"""The colours, their pieces and the length of the game, as the seed states them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# Order of play, which is also the order of the colours on the six-player map.
COLOUR_NAMES: tuple[str, ...] = ("Tan", "Dark Green", "Pale Green", "Orange", "Yellow", "Pink")

# The game is over after this many rounds (every player takes one turn per round).
NUM_ROUNDS = 12


class Kind(StrEnum):
    """A type of piece."""

    BARRACKS = "barracks"
    TOWER = "tower"
    PORT = "port"


KINDS: tuple[Kind, ...] = (Kind.BARRACKS, Kind.TOWER, Kind.PORT)

# Pieces that a move may relocate (Defense Towers never move).
MOVABLE: frozenset[Kind] = frozenset({Kind.BARRACKS, Kind.PORT})

# Barracks / Defense Towers / Ports per colour, in order of play.
SUPPLY: tuple[tuple[int, int, int], ...] = (
    (3, 2, 2),  # Tan
    (2, 2, 3),  # Dark Green
    (3, 2, 2),  # Pale Green
    (3, 1, 3),  # Orange
    (2, 3, 2),  # Yellow
    (4, 1, 2),  # Pink
)

Counts = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on the board: whose it is and what it is."""

    seat: int
    kind: Kind


def count_of(counts: Counts, kind: Kind) -> int:
    """The number for ``kind`` in a (barracks, tower, port) triple."""
    return counts[KINDS.index(kind)]


def with_count(counts: Counts, kind: Kind, delta: int) -> Counts:
    """A (barracks, tower, port) triple with ``delta`` added to ``kind``."""
    i = KINDS.index(kind)
    return (*counts[:i], counts[i] + delta, *counts[i + 1 :])  # type: ignore[return-value]
