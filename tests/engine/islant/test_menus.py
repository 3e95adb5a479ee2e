"""Islant by taps: the menus offer exactly the legal actions, read well, and a turn is short."""

from __future__ import annotations

import random
import re

import pytest

from engine.core import IllegalAction
from engine.core.menus import MAX_CHOICES, MAX_LABEL, Menu, Path, Picked, walk_all
from engine.islant import GAME, Action, IslantState, Name, Stop, Submit, Undo, sheet_view
from engine.islant.ai import choose_action

from .helpers import play, race

LEVELS = (1, 2, 3, 4, 5)
# Words a label must not show: the notation's keywords and rotations, doubled nouns.
DEVELOPER_WORDS = re.compile(r"\b(DRAW|ASSIGN|WILD|CROSS|R[0-3])\b|=|(?i:waves wave|ships ship)")


def state_after(level: int, seed: int, steps: int) -> IslantState:
    """The state after ``steps`` actions of a solo race played by the quick computer player."""
    rnd = random.Random(seed)
    state = GAME.new(1, {"level": level}, seed)
    for _ in range(steps):
        state, _ = GAME.apply(state, 0, choose_action(state, 0, rnd))
    return state


def playout_states(level: int, seed: int, count: int = 6) -> list[IslantState]:
    """States along a solo race played by the quick computer player."""
    rnd = random.Random(seed)
    state = GAME.new(1, {"level": level}, seed)
    states = [state]
    for step in range(1, 200):
        if GAME.is_over(state) or len(states) >= count:
            break
        state, _ = GAME.apply(state, 0, choose_action(state, 0, rnd))
        if step % 9 == 0:
            states.append(state)
    return states


def walk(state: IslantState, seat: int = 0) -> tuple[list[Action], list[Menu]]:
    """Every action the menus of ``seat`` lead to, and every menu shown on the way."""
    picked: list[Action] = []
    menus: list[Menu] = []
    for _path, answer in walk_all(lambda path: GAME.menu(state, seat, path)):
        if isinstance(answer, Picked):
            picked.append(answer.action)
        else:
            menus.append(answer)
    return picked, menus


@pytest.mark.parametrize("level", LEVELS)
def test_walking_every_menu_yields_exactly_the_legal_actions_but_name(level: int) -> None:
    """Every legal action is reached by exactly one path, and NAME by none.

    NAME (naming an island) takes free text, which no menu can offer: it stays a typed
    command, is not listed by ``legal_actions``, and ``menu_excluded`` says so; the check
    leaves it out explicitly rather than by accident.
    """
    for state in playout_states(level, seed=level):
        if not GAME.to_move(state):
            continue
        picked, menus = walk(state)
        legal = GAME.legal_actions(state, 0)
        assert sorted(map(GAME.format, picked)) == sorted(map(GAME.format, legal))
        assert not any(GAME.menu_excluded(action) for action in picked)
        for menu in menus:
            assert 0 < len(menu.choices) <= MAX_CHOICES
            assert menu.prompt.endswith("?")
            for choice in menu.choices:
                assert choice.label.strip() and len(choice.label) <= MAX_LABEL
                assert not DEVELOPER_WORDS.search(choice.label), choice.label


def test_name_is_typed_not_offered() -> None:
    state = race(1, (1, 4))
    state = play(state, 0, "ASSIGN column=1 land=4", "DRAW land C4")
    assert GAME.menu_excluded(Name("C4", None, "Treasure Isle"))
    assert not GAME.menu_excluded(Submit())
    named = play(state, 0, "NAME C4 Treasure Isle")
    assert "Treasure Isle" in [island["name"] for island in sheet_view(named, 0)["islands"]]
    picked, _ = walk(state)
    assert not any(isinstance(action, Name) for action in picked)


def test_a_seat_with_nothing_to_do_is_told_so() -> None:
    state = race(1, (1, 4), players=2)
    state = play(state, 0, "ASSIGN column=1 land=4", "DRAW land C4", "SUBMIT")
    with pytest.raises(IllegalAction, match="nothing for you to do"):
        GAME.menu(state, 0)


# ----- taps -----------------------------------------------------------------------------------
def typical_turn(state: IslantState, seat: int = 0) -> tuple[int, int, IslantState]:
    """Play a turn by taps, taking the first choice that goes on with the turn each time:
    the taps and the actions it took, and the state after it."""
    taps = actions = 0
    while seat in GAME.to_move(state):
        path: Path = ()
        answer = GAME.menu(state, seat, path)
        while isinstance(answer, Menu):
            index = next(
                i
                for i, choice in enumerate(answer.choices)
                if not choice.label.startswith(("Undo", "Stop"))
            )
            path = (*path, str(index))
            answer = GAME.menu(state, seat, path)
        taps += len(path)
        actions += 1
        state, _ = GAME.apply(state, seat, answer.action)
        if answer.action == Submit():
            break
    return taps, actions, state


@pytest.mark.parametrize(
    ("roll", "taps"),
    [
        ((2, 2, 2, 4, 5), 6),  # the 20 assignments fit one menu
        ((2, 2, 4, 4, 5), 7),  # 30 do not: the grid column's die first, the rest in one menu
        ((1, 2, 3, 4, 5), 7),
        ((2, 2, 2, 4, 6), 7),  # one 6: its value is one tap more
    ],
)
def test_a_level_5_turn_takes_a_tap_per_action(roll: tuple[int, ...], taps: int) -> None:
    count, actions, after = typical_turn(race(5, roll))
    assert count == taps
    assert actions == 6 + roll.count(6)  # assign, any wild value, four tiles, submit
    assert after.round == 2  # the turn was submitted and the solo round closed


def test_each_tile_of_a_level_5_turn_is_one_tap() -> None:
    taps, actions, _ = typical_turn(race(5, (2, 2, 2, 4, 5)))
    assert taps == actions  # cell and rotation together: no tile took two taps


def test_a_level_1_turn_takes_at_most_four_taps() -> None:
    for state in playout_states(1, seed=5, count=4):
        if GAME.to_move(state) and not state.players[0].working.assigned:
            taps, _, _ = typical_turn(state)
            assert taps <= 4 + sum(1 for d in state.roll if d == 6)


def test_a_long_list_of_places_narrows_by_column_first() -> None:
    state = state_after(level=3, seed=0, steps=18)  # blue 4 has too many places for the top
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    columns = [i for i, c in enumerate(menu.choices) if " in column " in c.label]
    assert len(columns) > 1
    for i in columns:
        assert re.fullmatch(r"Blue Land 4 in column [A-G]: \d+ places?", menu.choices[i].label)
    letter = menu.choices[columns[0]].label.split(" in column ")[1][0]
    inside = GAME.menu(state, 0, (str(columns[0]),))
    assert isinstance(inside, Menu) and inside.prompt == f"Where in column {letter}?"
    assert all(c.label.startswith(letter) for c in inside.choices)


# ----- labels ---------------------------------------------------------------------------------
def test_the_assignment_menu_offers_whole_assignments_best_first() -> None:
    menu = GAME.menu(race(4, (1, 2, 4)), 0)
    assert isinstance(menu, Menu)
    assert menu.prompt == "Which dice go where?"
    labels = [c.label for c in menu.choices]
    assert labels[0] == "Land 1 · Waves 2 · Ships 4"
    assert labels[-1] == "Stop: end my game now"
    assert len(labels) == 7  # six assignments and STOP
    assert menu.choices[0].hint == "Every tile has a place"


def test_assignments_that_leave_a_tile_without_a_place_come_last() -> None:
    state = state_after(level=2, seed=0, steps=110)
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert [(c.label, c.hint) for c in menu.choices[:2]] == [
        ("Land 4 · Waves 1", "Every tile has a place"),
        ("Land 1 · Waves 4", "No place for Waves now"),
    ]


def test_the_turn_menu_offers_the_places_of_every_tile_that_fits() -> None:
    state = play(race(4, (1, 2, 4)), 0, "ASSIGN land=1 waves=2 ships=4")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert menu.prompt == "What next?"
    labels = [c.label for c in menu.choices]
    assert labels[0] == "Land 1 at E6 · Top quarter ▼"
    assert "Ship 4 at F5" in labels
    assert labels[-3:] == ["Draw your wave 2", "Undo the last step", "Stop: end my game now"]
    assert "Takes back: assigns 1 to the land" in menu.choices[-2].hint
    waves = GAME.menu(state, 0, (str(len(labels) - 3),))
    assert isinstance(waves, Menu) and waves.prompt == "Where does your wave 2 go?"
    assert all(re.fullmatch(r"[A-K]\d+", c.label) for c in waves.choices)


def test_rotations_read_as_what_the_tile_covers() -> None:
    state = play(race(1, (2, 3)), 0, "ASSIGN column=3 land=2")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu) and menu.prompt == "Where does your Land 2 (half cell) go?"
    cell = next(i for i, c in enumerate(menu.choices) if "ways round" in c.label)
    turns = GAME.menu(state, 0, (str(cell),))
    assert isinstance(turns, Menu) and turns.prompt.startswith("Which way round at ")
    assert [c.label for c in turns.choices] == [
        "Top-right half ◥",
        "Bottom-right half ◢",
        "Bottom-left half ◣",
        "Top-left half ◤",
    ]
    assert turns.choices[0].hint.endswith("turned so that it covers the top-right half")


def test_submit_comes_first_once_every_tile_is_done() -> None:
    state = play(race(1, (2, 3)), 0, "ASSIGN column=3 land=2", "DRAW land F1 R0")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert [c.label for c in menu.choices] == [
        "Submit my turn",
        "Undo the last step",
        "Stop: end my game now",
    ]
    assert menu.prompt == "Every tile is done: submit your turn?"
    assert re.fullmatch(r"Your score goes from -?\d+ to -?\d+", menu.choices[0].hint)
    assert GAME.menu(state, 0, ("0",)) == Picked(Submit())
    assert GAME.menu(state, 0, ("1",)) == Picked(Undo())
    assert GAME.menu(state, 0, ("2",)) == Picked(Stop())


def test_a_wild_value_is_offered_with_its_shape() -> None:
    state = play(race(1, (2, 6)), 0, "ASSIGN column=2 land=6")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert menu.prompt == "What does your Land 6 stand for?"
    labels = [c.label for c in menu.choices]
    assert labels[:5] == [
        "Land 6 as 1 (one quarter)",
        "Land 6 as 2 (half cell)",
        "Land 6 as 3 (three quarters)",
        "Land 6 as 4 (full square with a lake)",
        "Land 6 as 5 (bow tie)",
    ]
    assert re.fullmatch(r"Fits in \d+ cells? now", menu.choices[0].hint)


def test_a_grid_column_6_tells_the_columns_it_opens() -> None:
    state = play(race(5, (6, 1, 2, 3, 4)), 0, "ASSIGN column=6 red=1 blue=2 waves=3 ships=4")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    hints = {c.label: c.hint for c in menu.choices}
    assert hints["Grid Column 6 as 3"] == "Land goes in column C, F (ANY) or I"
