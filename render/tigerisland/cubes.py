"""Cube coordinates on the picture: the rules' named directions and the axial drawing
coordinates of a cube."""

from __future__ import annotations

from engine.tigerisland import Cube

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
