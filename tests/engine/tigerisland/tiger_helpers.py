"""Compact builders for tiggar islanote positions (plain data read by ``position_from_data``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.tigerisland import GAME, TigerState, position_from_data, position_to_data
from engine.tigerisland.board import Settlements
from engine.tigerisland.geometry import footprint, from_cube, to_cube

XYZ = tuple[int, int, int]
Spec = dict[str, Any]


def cell(xyz: XYZ, terrain: str, level: int = 1, tile: int = 1) -> Spec:
    """One visible hex."""
    x, y, z = xyz
    return {"x": x, "y": y, "z": z, "terrain": terrain, "level": level, "tile": tile}


def tile(
    tile_id: int, volcano: XYZ, orientation: int, kind: str = "JUNGLE+LAKE", level: int = 1
) -> list[Spec]:
    """The three hexes of a tile laid with its volcano at ``volcano``."""
    a, b = kind.split("+")
    hexes = footprint(from_cube(*volcano), orientation)
    return [
        cell(to_cube(h), terrain, level, tile_id)
        for h, terrain in zip(hexes, ("VOLCANO", a, b), strict=True)
    ]


def hexes_of(volcano: XYZ, orientation: int) -> list[XYZ]:
    """The cube coordinates a tile covers: volcano, A, B."""
    return [to_cube(h) for h in footprint(from_cube(*volcano), orientation)]


def make(
    layers: Iterable[Spec],
    pieces: dict[XYZ, tuple[int, str, int]] | None = None,
    *,
    active: int = 0,
    phase: str = "build",
    hand: str | None = None,
    deck: list[str] | None = None,
    scores: tuple[int, int] = (0, 0),
    villagers_left: tuple[int, int] = (20, 20),
    totoros_left: tuple[int, int] = (3, 3),
) -> TigerState:
    """A position; later hexes in ``layers`` lie on top of earlier ones at the same place.

    ``pieces`` maps a hex to (seat, kind, count); ``villagers_removed`` is inferred.
    """
    top: dict[XYZ, Spec] = {}
    for spec in layers:
        top[(spec["x"], spec["y"], spec["z"])] = dict(spec, piece=None)
    for xyz, (seat, kind, count) in (pieces or {}).items():
        top[xyz]["piece"] = {"seat": seat, "kind": kind, "count": count}
    if phase == "place" and hand is None:
        hand = "JUNGLE+LAKE"
    data = {
        "hexes": list(top.values()),
        "active": active,
        "phase": phase,
        "tile_in_hand": hand,
        "deck": ["ROCK+ROCK", "GRASS+GRASS"] if deck is None else deck,
        "scores": list(scores),
        "villagers_left": list(villagers_left),
        "totoros_left": list(totoros_left),
    }
    state = position_from_data(data)
    assert GAME.audit(state) == []
    return state


def at(state: TigerState, xyz: XYZ):
    """The visible cell at cube ``xyz``."""
    return state.board[from_cube(*xyz)]


def settlement_sizes(state: TigerState, seat: int) -> list[int]:
    """Sizes of one player's settlements, largest first."""
    return sorted((s.size for s in Settlements(state.board).of_seat(seat)), reverse=True)


def dump(state: TigerState) -> str:
    """The state as canonical text, to check that a refusal changed nothing."""
    return json.dumps(position_to_data(state), sort_keys=True)
