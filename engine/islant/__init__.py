"""Islant: an island-building roll-and-write for 1 to 99 players, five levels.

The bot's helpers besides the engine contract: :func:`legal_cells`, :func:`draft_summary`,
:func:`sheet_view`, and ``GAME.choose_ai_action`` for computer players.
"""

from engine.core import register

from .game import IslantGame
from .queries import draft_summary, legal_cells
from .views import sheet_view

GAME = register(IslantGame())

__all__ = ["GAME", "IslantGame", "draft_summary", "legal_cells", "sheet_view"]
