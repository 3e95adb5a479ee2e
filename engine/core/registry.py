"""Find a game by name or alias."""

from __future__ import annotations

from .errors import IllegalAction
from .game import Game
from .words import Words

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}


def register(game: Game) -> Game:
    """Make a game findable by its name and aliases. Returns it, so it can be used inline."""
    name = game.info.name
    _GAMES[name] = game
    for alias in (name, *game.info.aliases):
        _ALIASES[_normalize(alias)] = name
    return game


def find_game(name: str) -> Game:
    """The game called ``name`` (any alias, any case), or an IllegalAction listing the games."""
    key = _ALIASES.get(_normalize(name))
    if key is None:
        known = ", ".join(f"`{g}`" for g in sorted(_GAMES))
        raise IllegalAction(
            "unknown_game",
            Words(
                "There is no game called `{name}`. Games: {games}.", {"name": name, "games": known}
            ),
        )
    return _GAMES[key]


def all_games() -> list[Game]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())


def game_count() -> int:
    """How many games are registered (cheap: what depends on the set of games keys on it)."""
    return len(_GAMES)


def _normalize(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())
