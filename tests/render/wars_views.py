"""Island Wars views for the renderer tests, played by the engine's computer players."""

from __future__ import annotations

import random

from engine.core import View
from engine.wars import GAME
from engine.wars.state import WarsState


def play(num_players: int, seed: int, turns: int | None = None) -> WarsState:
    """A game of ``num_players`` after ``turns`` computer turns (None: to the end)."""
    state = GAME.new(num_players, None, seed)
    rnd = random.Random(seed)
    done = 0
    while not GAME.is_over(state) and (turns is None or done < turns):
        seat = min(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.choose_ai_action(state, seat, rnd))
        done += 1
    return state


def start_view(num_players: int = 6) -> View:
    """The first turn: every piece in hand."""
    return GAME.view(GAME.new(num_players, None, 1), None)


def mid_view(num_players: int = 6, seed: int = 4) -> View:
    """About five rounds in: pieces on the board, converted land and secured water."""
    return GAME.view(play(num_players, seed, turns=5 * num_players), None)


def finished_view(num_players: int = 6, seed: int = 7) -> View:
    """A game played to the end of round 12."""
    return GAME.view(play(num_players, seed), None)
