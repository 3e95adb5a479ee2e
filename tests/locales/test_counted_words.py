"""A count with its noun after a preposition takes the case the sentence needs: German says
"mit 27 Punkten" and "mit 1 Punkt", never "mit 27 Punkte", in every game's final picture and
in the race's standing lines; English says "1 point"."""

from __future__ import annotations

import random
import re

import pytest

import engine
from bot.islant.texts import rank_line
from engine.core import Game, Level
from locales import speaking
from render import render_view

from ..render.test_german_words import drawn_words

WRONG_CASE = re.compile(
    r"\b(mit|von|bei|nach|aus|zu) \**\d+\** Punkte\b|\b1 Punkten\b|\b1 points\b"
)


def finished(game: Game, seed: int) -> object:
    """A random game of computers played to its end."""
    rnd = random.Random(seed)
    state = game.new(game.info.min_players, None, seed)
    while not game.is_over(state):
        seat = min(game.to_move(state))
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd, Level.RANDOM))
    return state


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", engine.all_games(), ids=lambda g: g.info.name)
def test_final_pictures_count_points_in_the_case_of_their_sentence(monkeypatch, game, lang):
    drawn: list[str] = []
    for seed in (1, 2):
        state = finished(game, seed)
        with drawn_words(monkeypatch) as words, speaking(lang):
            render_view(game.view(state, None), ["Ada", "Ben", "Cem", "Dee"])
        drawn += [text for text, _, _ in words]
    assert drawn
    assert [text for text in drawn if WRONG_CASE.search(text)] == []


@pytest.mark.parametrize("points", [1, 27])
@pytest.mark.parametrize("seat", [None, 0])
def test_standing_lines_count_points_in_the_dative(points, seat):
    with speaking("de"):
        line = rank_line(["Ada", "Ben"], [points, 0], seat)
        named = rank_line(["Ada", "Ben"], [points, 0], 0, "Ada")
    expected = "1** Punkt." if points == 1 else f"{points}** Punkten."
    for text in (line, named):
        assert "mit" in text and text.replace("**", "").endswith(expected.replace("**", ""))
    assert not WRONG_CASE.search(line + named)
