"""Pictures beyond a game's own views keep their words whole (a leaderboard's title and
column titles, a replay's last caption), and tiggar islanote's "Which way?" marks stay on the
board and apart (the check every game's pictures pass is
tests/conformance/test_picture_bounds.py)."""

from __future__ import annotations

import math
import random

import pytest

import engine
from bot.ratings import Skill
from bot.records_texts import CARD, board_card, board_title, stats_card
from bot.stats import PlayerStats
from bot.store.history import Standing
from engine.core import Game, IllegalAction, Level, Menu, View, lettered
from locales import LANGUAGES, speaking, tr
from render import marks as marks_module
from render import render_marked, render_view
from render.common import BOARD
from render.common.text import drawable
from render.records import draw_card
from render.replay import animate
from tests.conformance.test_picture_bounds import (
    EMOJI_NAME,
    inside,
    problems,
)
from tests.conformance.test_picture_bounds import (
    test_words_and_marks_stay_in_their_places as words_and_marks_checked,
)
from tests.render.test_german_words import drawn_words

GAMES = engine.all_games()
GAME_VIEW = engine.find_game("tigerisland").view(engine.find_game("tigerisland").new(2), None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_leaderboards_title_and_a_replays_last_caption_are_drawn_whole(monkeypatch, lang):
    with speaking(lang):
        title = max((board_title(g.info.name, "global", "month") for g in GAMES), key=len)
        rows = [[f"{i}. {EMOJI_NAME}", 1000 + i, 12, 3] for i in range(1, 11)]
        card = View(CARD, None, {"title": title, "subtitle": "", "header": [], "rows": rows})
        reason = f"{drawable(EMOJI_NAME)} cannot build after placing the tile and loses."
        caption = tr("Game over after {total} moves: {reason}", total=123, reason=reason)
        picture = render_view(GAME_VIEW, ["Ada", "Ben"])
        with drawn_words(monkeypatch) as words:
            draw_card(card)
            animate([picture, picture], ["", caption])
    drawn = [text for text, _, _ in words]
    assert title in drawn
    assert caption in " ".join(drawn)  # on one line, or broken onto two
    assert problems(words, [], 0, None) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_leaderboards_and_a_records_cards_column_titles_are_drawn_whole(monkeypatch, lang):
    """German's "Wertungszahl" once lost its end in both cards."""
    skill = Skill(25, 3, 9, 4)
    rows = [Standing(place, f"p{place}", EMOJI_NAME, skill) for place in range(1, 4)]
    with speaking(lang):
        leaderboard = board_card(board_title("wars", "global", "all"), rows, None)
        card = stats_card(EMOJI_NAME, PlayerStats(games=9, wins=4), {"wars": skill})
        with drawn_words(monkeypatch) as words:
            draw_card(leaderboard)
            draw_card(card)
    titles = {*leaderboard.data["header"], *card.data["header"]}
    assert titles <= {text for text, _, _ in words}
    assert problems(words, [EMOJI_NAME], 0, None) == []


def test_marks_drawn_over_each_other_are_found(monkeypatch) -> None:
    """Badges all put on their first hex (a "Which way?" letter each on the shared volcano)
    fail the check."""
    monkeypatch.setattr(
        marks_module, "badge_centre", lambda layout, hexes, shared: layout.centre(*hexes[0])
    )
    with pytest.raises(AssertionError, match="overlap"):
        words_and_marks_checked(monkeypatch, engine.find_game("tigerisland"), "en")


def which_way(game: Game) -> tuple[object, int, list]:
    """A random game's first "Which way?" menu with at least four ways: state, seat, marks."""
    rnd = random.Random(1)
    state = game.new(2, None, 1)
    while True:
        seat = min(game.to_move(state))
        for path in (("0", "0"), ("1", "0")):
            try:
                menu = game.menu(state, seat, path)
            except IllegalAction:
                continue
            if not isinstance(menu, Menu) or menu.prompt != "Which way?":
                continue
            marks = lettered(menu)[1]
            if len(marks) >= 4:
                return state, seat, marks
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd, Level.RANDOM))


def test_a_which_way_picture_frames_and_rings_every_way(monkeypatch) -> None:
    """tiggar islanote's "Which way?": every hex of every way lies on the board (one once
    stuck out past the left edge), the volcano they share is ringed in the marks' colour."""
    game = engine.find_game("tigerisland")
    state, seat, marks = which_way(game)
    flat = [(letter, tuple((h.q, h.r) for h in at)) for letter, at in marks]
    drawn = []
    original = marks_module.draw_marks
    monkeypatch.setattr(
        marks_module, "draw_marks", lambda *args: (drawn.append(args), original(*args))
    )
    render_marked(game.view(state, seat), ["Ada", "Ben"], flat)
    image, layout, _ = drawn[0]
    board = image.info[BOARD]
    corners = [c for _, hexes in flat for q, r in hexes for c in layout.corners(q, r)]
    assert all(inside((x, y, x, y), board) for x, y in corners)
    (volcano,) = marks_module.shared_hexes(flat)
    (x0, y0), (x1, y1) = layout.corners(*volcano, 0.92)[:2]
    cx, cy = layout.centre(*volcano)
    side = ((x0 + x1) / 2, (y0 + y1) / 2)  # the middle of a side, a pixel inwards
    step = 1.5 / math.dist(side, (cx, cy))
    at = (round(side[0] + (cx - side[0]) * step), round(side[1] + (cy - side[1]) * step))
    assert image.getpixel(at) == marks_module.FILL
