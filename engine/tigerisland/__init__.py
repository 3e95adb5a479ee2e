"""tiggar islanote (TigerIsland) V1.0: tiles, eruptions, villagers and totoros, for two players.

Public API: the registered ``GAME`` (the engine contract), the action types and notation,
``position_from_data`` / ``position_to_data`` for plain-data positions, and the helpers
``placement_leaves_build`` and ``build_points`` for the bot, and the typed view the pictures
read (:class:`TigerView` and its records); ``GAME.describe_action(action, state)`` gives a
short sentence with the points a build would score.
"""

from engine.core import register

from .actions import Expand, Found, PlaceTile, Totoro, format_action, parse_action
from .game import TigerIsland
from .geometry import Terrain, TileKind, from_cube, to_cube
from .position import position_from_data, position_to_data
from .rules import build_points, placement_leaves_build
from .state import Phase, TigerState
from .typed_view import Cell, Cube, LastTurn, Piece, TigerView

GAME = register(TigerIsland())

__all__ = [
    "GAME",
    "Cell",
    "Cube",
    "Expand",
    "Found",
    "LastTurn",
    "Phase",
    "Piece",
    "PlaceTile",
    "Terrain",
    "TigerIsland",
    "TigerState",
    "TigerView",
    "TileKind",
    "Totoro",
    "build_points",
    "format_action",
    "from_cube",
    "parse_action",
    "placement_leaves_build",
    "position_from_data",
    "position_to_data",
    "to_cube",
]
