"""Every registered game is drawn: each view of a random game (a spectator's and every
seat's, in every language) is a PNG of sensible size, and a finished game's final pictures
too. (Where the words and marks inside the pictures lie is checked in test_picture_bounds.py,
what they must not tell in test_privacy.py.)"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.core import Game, Level
from locales import LANGUAGES, speaking
from render import final_pictures, render_view

from .registry import each_game, usual_players

MIN_SIDE, MAX_SIDE = 300, 4096
"""Bounds of a picture's width and height, in pixels: legible on a phone, not a poster."""
MAX_BYTES = 500 * 1024
"""A picture's PNG size at most: quick to upload and load (Discord's limit is far above)."""
SAMPLES = 4
"""States drawn from one random game: its start, its end, and evenly between."""
PNG = b"\x89PNG\r\n\x1a\n"


def sampled_states(game: Game, seed: int) -> list:
    """``SAMPLES`` states of a random game with the usual player count, the last one over."""
    rnd = random.Random(seed)
    state = game.new(usual_players(game), None, seed)
    states = [state]
    while not game.is_over(state):
        seat = rnd.choice(sorted(game.to_move(state)))
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd, Level.RANDOM))
        states.append(state)
        assert len(states) < 5000, "the random game did not end"
    last = len(states) - 1
    return [states[round(i * last / (SAMPLES - 1))] for i in range(SAMPLES)]


def problems(what: str, png: bytes) -> list[str]:
    if not png.startswith(PNG):
        return [f"{what}: not a PNG"]
    found = []
    width, height = Image.open(io.BytesIO(png)).size
    for side, size in (("width", width), ("height", height)):
        if not MIN_SIDE <= size <= MAX_SIDE:
            found.append(f"{what}: {side} {size} outside {MIN_SIDE}–{MAX_SIDE}")
    if len(png) > MAX_BYTES:
        found.append(f"{what}: {len(png)} bytes, more than {MAX_BYTES}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@each_game
def test_every_view_is_drawn_within_bounds(game: Game, lang: str) -> None:
    found = []
    for number, state in enumerate(sampled_states(game, seed=5)):
        players = game.num_players(state)
        names = [f"Player {seat + 1}" for seat in range(players)]
        for seat in [None, *range(players)]:
            view = game.view(state, seat)
            found += problems(f"state {number}, seat {seat}", render_view(view, names, locale=lang))
        if game.is_over(state):
            with speaking(lang):
                finals = final_pictures(game.view(state, None), names)
            for name, png in finals.items():
                found += problems(f"final {name}", png)
    assert found == []
