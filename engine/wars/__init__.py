"""Island Wars: a hex territory game for 2 to 6 players (board for 3 or 6)."""

from engine.core import register

from .game import WarsGame
from .moves import preview_barracks
from .scoring import score_breakdown

GAME = register(WarsGame())

__all__ = ["GAME", "WarsGame", "preview_barracks", "score_breakdown"]
