"""Hex maths shared by the hex games: axial coordinates ``(q, r)``, with ``s = -q - r``.

The grid itself has no orientation; each game names its six directions (pointy-top or
flat-top) as offsets and converts its own notation at the edge. Both TigerIsland's cube
``x y z`` and Island Wars' axial ``q r`` map onto :class:`Hex`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex cell in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes (in the order of :data:`AXIAL_DIRECTIONS`)."""
        return tuple(self + d for d in AXIAL_DIRECTIONS)

    def distance(self, other: Hex) -> int:
        d = self - other
        return max(abs(d.q), abs(d.r), abs(d.s))

    def is_adjacent(self, other: Hex) -> bool:
        return self.distance(other) == 1

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


ORIGIN = Hex(0, 0)

# The six unit offsets, going round the hex. Games name them for their orientation.
AXIAL_DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center`` (just ``center`` for radius 0)."""
    if radius == 0:
        return [center]
    out = []
    hex_ = center + AXIAL_DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(hex_)
            hex_ = hex_ + AXIAL_DIRECTIONS[side]
    return out


def disc(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def connected_groups(cells: Iterable[Hex]) -> list[frozenset[Hex]]:
    """Split a set of hexes into its edge-connected groups (sorted by their smallest hex)."""
    remaining = set(cells)
    groups = []
    while remaining:
        start = min(remaining)
        group = set(_flood(start, remaining))
        remaining -= group
        groups.append(frozenset(group))
    return groups


def _flood(start: Hex, allowed: set[Hex]) -> Iterator[Hex]:
    seen = {start}
    stack = [start]
    while stack:
        cur = stack.pop()
        yield cur
        for n in cur.neighbors():
            if n in allowed and n not in seen:
                seen.add(n)
                stack.append(n)
