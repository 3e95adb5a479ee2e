"""tiggar islanote's words for terrains and compass points: one wording for menus, move
descriptions and events ("Grass to the east")."""

from __future__ import annotations

from engine.core.words import N_, Words

from .geometry import Terrain, TileKind

COMPASS = {
    "N": N_("north"),
    "NE": N_("north-east"),
    "E": N_("east"),
    "SE": N_("south-east"),
    "S": N_("south"),
    "SW": N_("south-west"),
    "W": N_("west"),
    "NW": N_("north-west"),
}
TERRAINS = {
    Terrain.VOLCANO: Words("Volcano"),
    Terrain.JUNGLE: Words("Jungle"),
    Terrain.LAKE: Words("Lake"),
    Terrain.GRASS: Words("Grass"),
    Terrain.ROCK: Words("Rock"),
}


def tile_words(kind: TileKind) -> Words:
    """A tile as a sentence names it (``Jungle + Lake``), each terrain in the reader's words."""
    return Words("{a} + {b}", {"a": TERRAINS[kind.a], "b": TERRAINS[kind.b]})
