"""Terrains, tile kinds and the hex geometry of tiggar islanote.

Coordinates in notation are cube ``x y z`` with ``x + y + z = 0`` (pointy-top hexes). They map
onto the shared axial :class:`~engine.core.hexgrid.Hex` as ``q = x``, ``r = z`` (so
``y = s = -q - r``); :func:`to_cube` and :func:`from_cube` are the only crossing points.

A tile is placed by its volcano hex and an orientation 1..6: terrain A goes in direction
``d(o)`` from the volcano and terrain B in ``d(o + 1)`` (6 wraps to 1), with the directions
NW, NE, E, SE, SW, W for orientations 1..6.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from engine.core.hexgrid import Hex
from engine.core.words import N_


class Terrain(Enum):
    """What a hex shows. Every terrain but the volcano is habitable."""

    VOLCANO = "VOLCANO"
    JUNGLE = "JUNGLE"
    LAKE = "LAKE"
    GRASS = "GRASS"
    ROCK = "ROCK"


HABITABLE: tuple[Terrain, ...] = (Terrain.JUNGLE, Terrain.LAKE, Terrain.GRASS, Terrain.ROCK)


@dataclass(frozen=True, slots=True)
class TileKind:
    """The two habitable terrains of a tile, in order: A then B (clockwise from A)."""

    a: Terrain
    b: Terrain

    def __str__(self) -> str:
        return f"{self.a.value}+{self.b.value}"

    @classmethod
    def from_text(cls, text: str) -> TileKind:
        """``JUNGLE+LAKE`` (any case); ValueError if it is not two habitable terrains."""
        parts = [p.strip().upper() for p in text.split("+")]
        if len(parts) != 2:
            raise ValueError(text)
        a, b = (Terrain(p) for p in parts)
        if a not in HABITABLE or b not in HABITABLE:
            raise ValueError(text)
        return cls(a, b)


# The 16 ordered terrain pairs, three tiles of each: the 48-tile deck.
COPIES_PER_KIND = 3
TILE_KINDS: tuple[TileKind, ...] = tuple(TileKind(a, b) for a in HABITABLE for b in HABITABLE)
FULL_DECK: tuple[TileKind, ...] = tuple(k for k in TILE_KINDS for _ in range(COPIES_PER_KIND))

# The six neighbour offsets in cube x y z, named by compass direction.
CUBE_DIRECTIONS: dict[str, tuple[int, int, int]] = {
    "NW": (0, 1, -1),
    "NE": (1, 0, -1),
    "E": (1, -1, 0),
    "SE": (0, -1, 1),
    "SW": (-1, 0, 1),
    "W": (-1, 1, 0),
}
# Orientation o (1..6) points terrain A towards ORIENTATION_DIRECTIONS[o - 1] (marked for
# the catalog: a reader's language has its own letters for them).
ORIENTATION_DIRECTIONS: tuple[str, ...] = (N_("NW"), N_("NE"), N_("E"), N_("SE"), N_("SW"), N_("W"))
ORIENTATIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
CENTRE = Hex(0, 0)


def to_cube(h: Hex) -> tuple[int, int, int]:
    """The notation's ``(x, y, z)`` of a hex."""
    return (h.q, -h.q - h.r, h.r)


def from_cube(x: int, y: int, z: int) -> Hex:
    """The hex at cube ``x y z``; ValueError unless ``x + y + z == 0``."""
    if x + y + z != 0:
        raise ValueError((x, y, z))
    return Hex(x, z)


def cube_text(h: Hex) -> str:
    """``x y z`` as written in notation."""
    return " ".join(str(c) for c in to_cube(h))


def _direction(o: int) -> Hex:
    x, y, z = CUBE_DIRECTIONS[ORIENTATION_DIRECTIONS[(o - 1) % 6]]
    return from_cube(x, y, z)


_OFFSETS: tuple[tuple[Hex, Hex], ...] = tuple(
    (_direction(o), _direction(o + 1)) for o in ORIENTATIONS
)


@lru_cache(maxsize=65536)
def footprint(volcano: Hex, orientation: int) -> tuple[Hex, Hex, Hex]:
    """The hexes a tile covers: volcano, terrain A, terrain B."""
    da, db = _OFFSETS[orientation - 1]
    return (volcano, volcano + da, volcano + db)


# Hot loops work on integer keys: a hex is q * KEY_STRIDE + r (|r| < KEY_STRIDE / 2), so the
# keys sort like the hexes and a step to a neighbour is one addition.
KEY_STRIDE = 1 << 20
_HALF = KEY_STRIDE // 2


def hex_key(h: Hex) -> int:
    """The integer key of a hex."""
    return h.q * KEY_STRIDE + h.r


@lru_cache(maxsize=65536)
def key_hex(key: int) -> Hex:
    """The hex of an integer key."""
    q, r = divmod(key + _HALF, KEY_STRIDE)
    return Hex(q, r - _HALF)


NEIGHBOUR_STEPS: tuple[int, ...] = tuple(hex_key(d) for d in CENTRE.neighbors())
ORIENTATION_STEPS: tuple[tuple[int, int], ...] = tuple(
    (hex_key(da), hex_key(db)) for da, db in _OFFSETS
)


@lru_cache(maxsize=65536)
def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes sharing an edge with ``h``."""
    return h.neighbors()
