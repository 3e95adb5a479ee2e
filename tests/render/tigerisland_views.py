"""Hand-built TigerIsland views for the renderer tests (geometry only; no rules checked)."""

from __future__ import annotations

import random
from typing import Any

from engine.core import EndReason, Outcome, View, Words, seat_ref

Cube = tuple[int, int, int]
TERRAINS = ("JUNGLE", "LAKE", "GRASS", "ROCK")
# Orientation o puts terrain A in direction o and B in direction o + 1 (NW, NE, E, SE, SW, W).
ORIENTATION_DIRECTIONS: tuple[Cube, ...] = (
    (0, 1, -1),
    (1, 0, -1),
    (1, -1, 0),
    (0, -1, 1),
    (-1, 0, 1),
    (-1, 1, 0),
)


def add(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def tile_hexes(volcano: Cube, orientation: int) -> tuple[Cube, Cube, Cube]:
    """The volcano, A and B hexes of a tile placed at ``volcano`` in ``orientation`` (1–6)."""
    a = add(volcano, ORIENTATION_DIRECTIONS[orientation - 1])
    b = add(volcano, ORIENTATION_DIRECTIONS[orientation % 6])
    return volcano, a, b


class Island:
    """A board under construction: tiles stack, pieces sit on hexes."""

    def __init__(self) -> None:
        self.hexes: dict[Cube, dict[str, Any]] = {}
        self.tiles = 0

    def place(self, volcano: Cube, orientation: int, a: str, b: str) -> tuple[Cube, ...]:
        cubes = tile_hexes(volcano, orientation)
        for cube, terrain in zip(cubes, ("VOLCANO", a, b), strict=True):
            below = self.hexes.get(cube)
            self.hexes[cube] = {
                "x": cube[0],
                "y": cube[1],
                "z": cube[2],
                "terrain": terrain,
                "level": 1 if below is None else below["level"] + 1,
                "tile": self.tiles,
                "piece": None,
            }
        self.tiles += 1
        return cubes

    def put(self, cube: Cube, seat: int, kind: str = "villager", count: int | None = None) -> None:
        cell = self.hexes[cube]
        cell["piece"] = {"seat": seat, "kind": kind, "count": count or cell["level"]}

    def fits_on_table(self, cubes: tuple[Cube, ...]) -> bool:
        neighbours = {add(c, d) for c in cubes for d in ORIENTATION_DIRECTIONS}
        return all(c not in self.hexes for c in cubes) and any(n in self.hexes for n in neighbours)

    def fits_on_top(self, cubes: tuple[Cube, ...]) -> bool:
        cells = [self.hexes.get(c) for c in cubes]
        if any(c is None or c["piece"] is not None for c in cells):
            return False
        return (
            cells[0]["terrain"] == "VOLCANO"
            and len({c["level"] for c in cells}) == 1
            and len({c["tile"] for c in cells}) > 1
        )

    def view(self, **fields: Any) -> View:
        data: dict[str, Any] = {
            "players": 2,
            "active": 0,
            "phase": "place",
            "tile_in_hand": "JUNGLE+LAKE",
            "tiles_left": 48 - self.tiles,
            "scores": [0, 0],
            "villagers_left": [20, 20],
            "totoros_left": [3, 3],
            "hexes": [self.hexes[c] for c in sorted(self.hexes)],
            "last_turn": None,
            "outcome": None,
        }
        data.update(fields)
        return View("tigerisland", None, data)


def grown_island(tiles: int, seed: int, eruptions: float = 0.25) -> Island:
    """A random island of ``tiles`` tiles, some placed on top of others."""
    rnd = random.Random(seed)
    island = Island()
    island.place((0, 0, 0), 1, "JUNGLE", "LAKE")
    while island.tiles < tiles:
        a, b = rnd.choice(TERRAINS), rnd.choice(TERRAINS)
        orientation = rnd.randint(1, 6)
        if rnd.random() < eruptions:
            volcanoes = [c for c, h in island.hexes.items() if h["terrain"] == "VOLCANO"]
            cubes = tile_hexes(rnd.choice(sorted(volcanoes)), orientation)
            if island.fits_on_top(cubes):
                island.place(cubes[0], orientation, a, b)
            continue
        anchor = rnd.choice(sorted(island.hexes))
        volcano = add(anchor, rnd.choice(ORIENTATION_DIRECTIONS))
        if island.fits_on_table(tile_hexes(volcano, orientation)):
            island.place(volcano, orientation, a, b)
    return island


def settle(island: Island, seed: int, pieces: int) -> None:
    """Scatter villagers and a few totoros of both seats on non-volcano hexes."""
    rnd = random.Random(seed)
    free = sorted(c for c, h in island.hexes.items() if h["terrain"] != "VOLCANO")
    for i, cube in enumerate(rnd.sample(free, min(pieces, len(free)))):
        island.put(cube, i % 2, "totoro" if i % 7 == 6 else "villager", 1 if i % 7 == 6 else None)


def empty_view() -> View:
    """The first turn: nothing on the table yet."""
    return Island().view()


def small_view() -> View:
    """Two tiles and a first villager."""
    island = Island()
    island.place((0, 0, 0), 1, "JUNGLE", "LAKE")
    placed = island.place((1, -1, 0), 3, "GRASS", "ROCK")
    island.put((1, 0, -1), 0)
    return island.view(
        active=1,
        phase="build",
        tile_in_hand=None,
        scores=[1, 0],
        villagers_left=[19, 20],
        last_turn={"seat": 1, "placed": [list(c) for c in placed], "built": []},
    )


def mid_view() -> View:
    """About twenty tiles, stacked in places, with settlements and a totoro."""
    island = grown_island(20, seed=7, eruptions=0.3)
    settle(island, seed=3, pieces=14)
    last = sorted(c for c, h in island.hexes.items() if h["tile"] == island.tiles - 1)
    built = [c for c, h in island.hexes.items() if h["piece"] is not None][:2]
    return island.view(
        active=1,
        phase="place",
        tile_in_hand="GRASS+ROCK",
        scores=[214, 17],
        villagers_left=[12, 9],
        totoros_left=[2, 3],
        last_turn={"seat": 0, "placed": [list(c) for c in last], "built": [list(c) for c in built]},
    )


def big_view() -> View:
    """All 48 tiles used."""
    island = grown_island(48, seed=11, eruptions=0.3)
    settle(island, seed=5, pieces=30)
    return island.view(active=0, phase="build", tile_in_hand=None, scores=[431, 388])


def sprawl_view() -> View:
    """48 tiles in one long line: the widest island the rules allow."""
    island = Island()
    for k in range(48):
        island.place((2 * k, -2 * k, 0), 1, TERRAINS[k % 4], TERRAINS[(k + 1) % 4])
    return island.view()


def finished_view() -> View:
    """A game that ended with a winner."""
    island = grown_island(26, seed=23, eruptions=0.35)
    settle(island, seed=9, pieces=22)
    return island.view(
        active=None,
        phase="over",
        tile_in_hand=None,
        scores=[466, 251],
        villagers_left=[0, 6],
        totoros_left=[0, 1],
        outcome=Outcome(  # as the engine ends a game: its sentence readers translate
            (466, 251),
            (0,),
            Words("{who} placed their last piece.", {"who": seat_ref(0)}),
            EndReason("last_piece"),
        ).to_json(),
    )
