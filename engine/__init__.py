"""Pure rules engines for the island games.

Importing this package registers every game: each sub-package but ``core`` is a game and
registers itself when imported, so adding a game needs no list to edit here.
"""

from importlib import import_module
from pkgutil import iter_modules

from .core import IllegalAction, all_games, find_game

for _game in iter_modules(__path__):
    if _game.ispkg and _game.name != "core":
        import_module(f"{__name__}.{_game.name}")

__all__ = ["IllegalAction", "all_games", "find_game"]
