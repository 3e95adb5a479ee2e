"""Whole random games as replay jobs (what the bot stores: seed, options and the action log)."""

from __future__ import annotations

import random
from typing import Any

from bot.replays import ReplayJob
from engine import find_game

LEVELS = {"islant": "normal"}
"""Levels other than random (random and easy Islant players often stop their sheets at once)."""


def random_job(name: str, players: int, seed: int) -> ReplayJob:
    """A finished game of ``name`` between computer players, as a replay job."""
    level = LEVELS.get(name, "random")
    game = find_game(name)
    rnd = random.Random(seed)
    state: Any = game.new(players, None, seed)
    log: list[tuple[int | None, str]] = []
    while not game.is_over(state):
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, rnd, level)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.format(action)))
    names = tuple(f"Player {i + 1}" for i in range(players))
    return ReplayJob(name, players, {}, seed, tuple(log), names)
