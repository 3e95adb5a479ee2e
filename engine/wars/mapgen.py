"""The ring rule that generates the shipped maps (``python -m engine.wars.mapgen`` rewrites them).

On ring ``k``, corner ``i`` is ``k * DIRECTIONS[i]``; side ``i`` is the ``k`` hexes starting at
corner ``i`` (included) and stepping ``DIRECTIONS[i + 2]`` towards corner ``i + 1``. The six
sides partition the ring. The game reads the stored files, never this module.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.hexgrid import ORIGIN, Hex
from engine.core.words import N_

from .board import DIRECTIONS, WATER, Terrain

# Six-player map: lagoon within LAGOON_RADIUS, sea on the outermost ring, wedge i is side i of
# the rings in between (coloured in order of play, Tan on the N→NE side).
SIX_RADIUS = 5
LAGOON_RADIUS = 1
SIX_LAND_RINGS = (2, 3, 4)
# Three-player map: sector j is sides 2j and 2j+1 of the rings in between.
THREE_RADIUS = 4
THREE_LAND_RINGS = (2, 3)
THREE_SIDES_PER_SECTOR = 2


def ring_side(k: int, i: int) -> list[Hex]:
    """Side ``i`` (0..5) of ring ``k`` (k >= 1), walked clockwise from corner ``i``."""
    start = DIRECTIONS[i].scale(k)
    step = DIRECTIONS[(i + 2) % 6]
    return [start + step.scale(j) for j in range(k)]


def generate(radius: int, land_rings: tuple[int, ...], sides_per_colour: int) -> dict[Hex, Terrain]:
    """A round island: water everywhere except ``land_rings``, whose sides are coloured in turn."""
    terrain: dict[Hex, Terrain] = {ORIGIN: WATER}
    for k in range(1, radius + 1):
        for i in range(6):
            for h in ring_side(k, i):
                terrain[h] = i // sides_per_colour if k in land_rings else WATER
    return terrain


def six_player_map() -> dict[str, Any]:
    """The six-player map as board data."""
    return _as_data(
        "six", N_("Six-player island"), 6, SIX_RADIUS, generate(SIX_RADIUS, SIX_LAND_RINGS, 1)
    )


def three_player_map() -> dict[str, Any]:
    """The simplified three-player map as board data."""
    terrain = generate(THREE_RADIUS, THREE_LAND_RINGS, THREE_SIDES_PER_SECTOR)
    return _as_data("three", N_("Three-player island"), 3, THREE_RADIUS, terrain)


def _as_data(
    board_id: str, name: str, colours: int, radius: int, terrain: dict[Hex, Terrain]
) -> dict[str, Any]:
    cells = [[h.q, h.r, terrain[h]] for h in sorted(terrain)]
    return {"id": board_id, "name": name, "colours": colours, "radius": radius, "cells": cells}


def dumps(data: dict[str, Any]) -> str:
    """Board data as a file: one cell per line."""
    head = {k: v for k, v in data.items() if k != "cells"}
    lines = [json.dumps(head)[:-1] + ', "cells": [']
    lines += [f"  {json.dumps(c)}," for c in data["cells"]]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("]}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Rewrite the shipped board files from the ring rule."""
    folder = Path(__file__).parent / "boards"
    for data in (six_player_map(), three_player_map()):
        (folder / f"{data['id']}.json").write_text(dumps(data), encoding="utf-8")


if __name__ == "__main__":
    main()
