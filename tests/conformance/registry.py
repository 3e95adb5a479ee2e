"""The registered games as test parameters: by game object or by name, ids by name."""

from __future__ import annotations

import pytest

import engine
from engine.core import Game

GAMES: list[Game] = list(engine.all_games())
NAMES: list[str] = [game.info.name for game in GAMES]


def game_name(game: Game) -> str:
    return game.info.name


each_game = pytest.mark.parametrize("game", GAMES, ids=game_name)
"""Run a test once for every registered game (argument ``game``: the game object)."""
each_name = pytest.mark.parametrize("name", NAMES)
"""Run a test once for every registered game (argument ``name``: its registered name)."""


def usual_players(game: Game) -> int:
    """The player count the game is most usually played with (for a game that declares none,
    which tests/conformance/test_completeness.py fails on, the fewest it can be played with)."""
    info = game.info
    return info.typical_players[0] if info.typical_players else info.min_players


def player_counts(game: Game) -> tuple[int, ...]:
    """Every player count the generic suites play the game with."""
    return game.info.typical_players or (usual_players(game),)
