"""Island Wars menus: which piece, where, maybe a second piece; best first, pass last."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from engine.core import IllegalAction
from engine.core.hexgrid import Hex
from engine.core.menus import MAX_CHOICES, THAT_IS_ALL, Menu, Path, Picked
from engine.wars import GAME
from engine.wars.actions import Action, Move, Pass, Place
from engine.wars.state import WarsState
from tests.engine.wars.wars_helpers import B, make_board, make_state

from ..menu_helpers import labels, walk
from ..menu_helpers import menu_at as menu_in

TAPS_PER_TURN = 3  # piece, hex, and "only this one" when a second piece could follow
SCORE = re.compile(r"score ([+-]\d+|±0)")


def ai_game(players: int, seed: int, actions: int) -> list[tuple[WarsState, Action]]:
    """A game between computer players: each state with the action taken there."""
    rnd = random.Random(seed)
    state = GAME.new(players, None, seed)
    played = []
    for _ in range(actions):
        action = GAME.choose_ai_action(state, state.active, rnd)
        played.append((state, action))
        state, _ = GAME.apply(state, state.active, action)
    return played


PLAYED = ai_game(3, 5, 30) + ai_game(6, 6, 30)
STATES = [state for state, _ in PLAYED]
WALKED = range(0, len(STATES), 6)


@cache
def walk_at(index: int) -> tuple[dict[str, Path], list[Menu]]:
    """Every action's path (by notation) and every menu of ``STATES[index]``."""
    return walk(GAME, STATES[index], STATES[index].active)


def menu_at(state: WarsState, *path: str) -> Menu:
    return menu_in(GAME, state, state.active, *path)


@pytest.mark.parametrize("index", WALKED)
def test_walking_every_menu_yields_exactly_the_legal_actions(index: int) -> None:
    state = STATES[index]
    paths, menus = walk_at(index)
    assert sorted(paths) == sorted(GAME.format(a) for a in GAME.legal_actions(state, state.active))
    for menu in menus:
        assert 0 < len(menu.choices) <= MAX_CHOICES and menu.prompt.endswith("?")
        for choice in menu.choices:
            assert choice.label.strip() and choice.label != THAT_IS_ALL
            assert not re.search(r"PLACE|MOVE|BARRACKS|PORT| TO |-?\d+ -?\d+$", choice.label)


@pytest.mark.parametrize("index", WALKED)
def test_places_come_best_score_first(index: int) -> None:
    for menu in walk_at(index)[1]:
        if menu.prompt.startswith("Where does your"):
            scores = [SCORE.search(c.hint) for c in menu.choices]
            gains = [0 if m.group(1) == "±0" else int(m.group(1)) for m in scores if m]
            assert gains == sorted(gains, reverse=True)


def test_the_first_menu_is_by_piece_with_pass_last() -> None:
    state = STATES[40]
    menu = menu_at(state)
    assert menu.prompt == "What do you do this turn?"
    assert menu.choices[-1].label == "Pass this turn"
    assert menu.choices[-1].hint == "place and move nothing"
    assert GAME.menu(state, state.active, (str(len(menu.choices) - 1),)) == Picked(Pass())
    pieces = labels(menu)[:-1]  # placements, then moves
    assert all(
        re.fullmatch(r"(Place a .+ \(\d left\)|Move your .+ at \(-?\d+, -?\d+\))", p)
        for p in pieces
    )
    assert pieces.index(next(p for p in pieces if p.startswith("Move"))) > max(
        i for i, p in enumerate(pieces) if p.startswith("Place")
    )


def test_a_second_piece_is_offered_after_the_first_one_moves() -> None:
    index = next(i for i in WALKED if any(" AND " in text for text in walk_at(i)[0]))
    state = STATES[index]
    text, path = next((t, p) for t, p in walk_at(index)[0].items() if " AND " in t)
    prefix = next(
        path[:k] for k in range(len(path)) if menu_at(state, *path[:k]).prompt == "Anything else?"
    )
    asked = menu_at(state, *prefix)
    noun = asked.choices[0].label.removeprefix("Move only this ")
    assert noun in ("barracks", "port") and noun.upper() in text.split(" AND ")[0]
    assert all(label.startswith("Also move your ") for label in labels(asked)[1:])
    single = GAME.menu(state, state.active, (*prefix, "0"))
    assert isinstance(single, Picked) and isinstance(single.action, Move)
    assert GAME.format(single.action) == text.split(" AND ")[0]
    assert menu_at(state, *prefix, path[len(prefix)]).prompt.startswith("Where does your ")


def test_a_barracks_says_what_it_converts_and_scores() -> None:
    land = {(-1, 0): 0, (0, 0): 0, (1, 0): "neutral", (0, 1): "neutral", (1, -1): 1}
    board = make_board(land)
    state = make_state(board)
    menu = menu_at(state, "0")
    assert menu.prompt == "Where does your barracks go?"
    assert menu.choices[0].label == "(0, 0), your land"
    assert menu.choices[0].hint == "converts 3 hexes · score +3"
    assert GAME.menu(state, 0, ("0", "0")) == Picked(Place(B, Hex(0, 0)))


def test_a_seat_with_nothing_to_place_or_move_may_still_pass() -> None:
    state = make_state(make_board({(0, 0): 1, (1, 0): 1}))
    menu = menu_at(state)
    assert menu.prompt == "What do you do this turn?" and labels(menu) == ["Pass this turn"]
    assert GAME.menu(state, 0, ("0",)) == Picked(Pass())


def test_the_other_seats_get_no_menu() -> None:
    state = STATES[0]
    with pytest.raises(IllegalAction):
        GAME.menu(state, state.active + 1, ())


def test_a_typical_turn_takes_three_taps() -> None:
    """The computer players' own actions, tapped through the menus."""
    taps = [len(walk_at(i)[0][GAME.format(PLAYED[i][1])]) for i in range(0, len(PLAYED), 3)]
    assert sum(taps) / len(taps) <= TAPS_PER_TURN


def test_search_text_has_the_notation_and_the_menu_words() -> None:
    state = STATES[40]
    for action in GAME.legal_actions(state, state.active):
        text = GAME.search_text(action, state)
        assert text.startswith(GAME.format(action))
        if isinstance(action, Place):
            assert f"({action.at.q}, {action.at.r})" in text and "Place a " in text
    assert GAME.search_text(Pass(), state).split()[:2] == ["PASS", "Pass"]
