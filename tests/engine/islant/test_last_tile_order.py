"""The last tile's places, which submit the turn, come best first: by the score the turn ends
with, as each place's hint says."""

from __future__ import annotations

import random

from engine.core import Level, Menu
from engine.islant import GAME


def last_tile_scores(seed: int, level: int) -> list[list[int]]:
    """For each turn of a computer's game that ends on a last tile, its places' scores."""
    rnd = random.Random(seed)
    state = GAME.new(1, {"level": level}, seed)
    found = []
    while not GAME.is_over(state):
        menu = GAME.menu(state, 0, ())
        if isinstance(menu, Menu) and str(menu.prompt).startswith("Last tile"):
            hints = [getattr(c.hint, "params", {}) for c in menu.choices]
            found.append([hint["after"] for hint in hints if "after" in hint])
        state, _ = GAME.apply(state, 0, GAME.choose_ai_action(state, 0, rnd, Level.NORMAL))
    return found


def test_the_last_tiles_places_come_best_first() -> None:
    turns = [s for seed in range(3) for level in (1, 5) for s in last_tile_scores(seed, level)]
    assert any(len(set(scores)) > 1 for scores in turns)  # some places are worth more
    assert all(scores == sorted(scores, reverse=True) for scores in turns)
