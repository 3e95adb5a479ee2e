"""A sixth game that lives only in the tests: Pearl divers, secret picks made at once in timed
rounds, registered from ``tests/conftest.py`` so that every suite of the session plays, draws
and hosts a game of that shape too."""

from __future__ import annotations

from engine.core import all_games
from engine.core import register as register_game
from render import GamePictures, register_pictures

from .game import PearlGame
from .picture import render_board

GAME = PearlGame()


def register() -> PearlGame:
    """Register the game and its pictures (once; a second call changes nothing)."""
    if GAME not in all_games():
        register_game(GAME)
        register_pictures(GAME.info.name, GamePictures(render_board))
    return GAME
