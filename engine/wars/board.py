"""Island Wars boards: flat-top hex maps stored as data, with a loader and a validator.

A board file (``engine/wars/boards/<id>.json``) reads::

    {"id": "six", "name": "...", "colours": 6, "radius": 5,
     "cells": [[q, r, terrain], ...]}

where ``terrain`` is ``"water"``, ``"neutral"`` or a colour index (0 = Tan, ... in order of
play). ``colours`` is how many colours the map is drawn for; when fewer players sit down, the
land of the colours nobody plays is neutral. Coordinates are axial ``(q, r)`` for flat-top
hexes, screen y growing downwards (``x = 1.5 q``, ``y = √3 (r + q/2)``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from engine.core.hexgrid import ORIGIN, Hex

from .pieces import COLOUR_NAMES

WATER = "water"
NEUTRAL = "neutral"
Terrain = int | str

# Neighbour directions, clockwise from north (flat-top hexes, y growing downwards).
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
DIRECTIONS: tuple[Hex, ...] = (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0))

# The maps shipped with the game, by id.
BOARD_IDS: tuple[str, ...] = ("six", "three")
BOARDS_PACKAGE = "engine.wars"
BOARDS_FOLDER = "boards"


class BoardError(ValueError):
    """Board data that does not describe a usable map."""


@dataclass(frozen=True)
class Board:
    """A map: its hexes (sorted) and each hex's terrain, with lookup tables built once."""

    id: str
    name: str
    colours: int
    hexes: tuple[Hex, ...]
    terrain: tuple[Terrain, ...]
    index: Mapping[Hex, int] = field(init=False, compare=False, repr=False)
    adjacent: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    water: tuple[bool, ...] = field(init=False, compare=False, repr=False)
    land: tuple[int, ...] = field(init=False, compare=False, repr=False)
    coastal: tuple[bool, ...] = field(init=False, compare=False, repr=False)
    radius: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        index = {h: i for i, h in enumerate(self.hexes)}
        adjacent = tuple(tuple(index[n] for n in h.neighbors() if n in index) for h in self.hexes)
        water = tuple(t == WATER for t in self.terrain)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "adjacent", adjacent)
        object.__setattr__(self, "water", water)
        object.__setattr__(self, "land", tuple(i for i, w in enumerate(water) if not w))
        coastal = tuple(
            not w and any(water[n] for n in adj) for w, adj in zip(water, adjacent, strict=True)
        )
        object.__setattr__(self, "coastal", coastal)
        object.__setattr__(self, "radius", max(h.distance(ORIGIN) for h in self.hexes))

    def owners_for(self, num_players: int) -> tuple[int | None, ...]:
        """Land colour per hex at the start: colours nobody plays become neutral (None)."""
        return tuple(t if isinstance(t, int) and t < num_players else None for t in self.terrain)


def board_to_json(board: Board) -> dict[str, Any]:
    """A board as JSON-compatible data (the format of the board files)."""
    return {
        "id": board.id,
        "name": board.name,
        "colours": board.colours,
        "radius": board.radius,
        "cells": [[h.q, h.r, t] for h, t in zip(board.hexes, board.terrain, strict=True)],
    }


def board_from_json(data: Mapping[str, Any]) -> Board:
    """A board from its data, after :func:`validate_board`."""
    validate_board(data)
    cells = sorted((Hex(q, r), t) for q, r, t in data["cells"])
    return Board(
        id=data["id"],
        name=data["name"],
        colours=data["colours"],
        hexes=tuple(h for h, _ in cells),
        terrain=tuple(t for _, t in cells),
    )


def validate_board(data: Mapping[str, Any]) -> None:
    """Raise :class:`BoardError` listing every problem with board data."""
    problems = _board_problems(data)
    if problems:
        raise BoardError("; ".join(problems))


def _board_problems(data: Mapping[str, Any]) -> list[str]:
    problems = []
    for key, kind in (("id", str), ("name", str), ("colours", int), ("radius", int)):
        if not isinstance(data.get(key), kind):
            problems.append(f"`{key}` must be a {kind.__name__}")
    colours = data.get("colours")
    if isinstance(colours, int) and not 1 <= colours <= len(COLOUR_NAMES):
        problems.append(f"`colours` must be 1 to {len(COLOUR_NAMES)}")
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        return [*problems, "`cells` must be a non-empty list of [q, r, terrain]"]
    seen: set[Hex] = set()
    for cell in cells:
        if not (
            isinstance(cell, list)
            and len(cell) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in cell[:2])
        ):
            problems.append(f"bad cell {cell!r}")
            continue
        hex_, terrain = Hex(cell[0], cell[1]), cell[2]
        if hex_ in seen:
            problems.append(f"hex {hex_.q} {hex_.r} appears twice")
        seen.add(hex_)
        if terrain not in (WATER, NEUTRAL) and not (
            isinstance(terrain, int)
            and not isinstance(terrain, bool)
            and isinstance(colours, int)
            and 0 <= terrain < colours
        ):
            problems.append(f"hex {hex_.q} {hex_.r} has bad terrain {terrain!r}")
    radius = max((h.distance(ORIGIN) for h in seen), default=0)
    if isinstance(data.get("radius"), int) and seen and data["radius"] != radius:
        problems.append(f"`radius` is {data['radius']} but the cells reach {radius}")
    return problems


@cache
def load_board(board_id: str) -> Board:
    """A board shipped with the game, by id (see :data:`BOARD_IDS`)."""
    if board_id not in BOARD_IDS:
        raise BoardError(f"there is no board {board_id!r}; boards: {', '.join(BOARD_IDS)}")
    path = resources.files(BOARDS_PACKAGE) / BOARDS_FOLDER / f"{board_id}.json"
    return board_from_json(json.loads(path.read_text(encoding="utf-8")))
