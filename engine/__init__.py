"""Pure rules engines for the island games. Importing this package registers every game."""

from .core import IllegalAction, all_games, find_game

__all__ = ["IllegalAction", "all_games", "find_game"]
