"""Island Wars: a hex territory game for 2 to 6 players (board for 3 or 6).

Besides the game, this face offers the typed view the pictures and the bot read
(:class:`WarsView` and its records) and the score helpers.
"""

from engine.core import register

from .game import WarsGame
from .moves import preview_barracks
from .scoring import score_breakdown
from .typed_view import KINDS, SCORE_PARTS, Axial, Cell, LastAction, Piece, WarsView

GAME = register(WarsGame())

__all__ = [
    "GAME",
    "KINDS",
    "SCORE_PARTS",
    "Axial",
    "Cell",
    "LastAction",
    "Piece",
    "WarsGame",
    "WarsView",
    "preview_barracks",
    "score_breakdown",
]
