"""Pure rules engines for the island games. Importing this package registers every game."""

from . import (
    competition,  # noqa: F401
    islant,  # noqa: F401
    tigerisland,  # noqa: F401
    wars,  # noqa: F401
)
from .core import IllegalAction, all_games, find_game

__all__ = ["IllegalAction", "all_games", "find_game"]
