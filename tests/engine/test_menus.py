"""Menus: walking every game's menus yields exactly its legal actions, 25 choices at most."""

from __future__ import annotations

import random

import pytest

import engine
from engine.core import Game, IllegalAction
from engine.core.menus import (
    MAX_CHOICES,
    THAT_IS_ALL,
    Choice,
    Menu,
    Picked,
    Step,
    read_picks,
    tree_menu,
    walk_all,
)

GAMES = engine.all_games()
SAMPLED_STATES = 3
PLAYERS = {"tigerisland": 2, "islant": 3, "competition": 3, "wars": 3}


def sampled_states(game: Game, seed: int) -> list:
    """A few states from a random playout: the start, and two later points."""
    rnd = random.Random(seed)
    state = game.new(PLAYERS[game.info.name], None, seed)
    states = [state]
    for step in range(1, 120):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        state, _ = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        if step % 37 == 0 and len(states) < SAMPLED_STATES:
            states.append(state)
    return states


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_walking_every_menu_yields_exactly_the_legal_actions(game: Game) -> None:
    """Every legal action has one path of its own; a choice that plays several actions in a
    row (``Picked.then``) plays only legal ones, each after the one before."""
    for state in sampled_states(game, seed=11):
        for seat in sorted(game.to_move(state)):
            picked: list[str] = []
            for _path, answer in walk_all(lambda path: game.menu(state, seat, path)):  # noqa: B023
                if isinstance(answer, Picked) and answer.then:
                    played_in_a_row(game, state, seat, answer.actions)
                elif isinstance(answer, Picked):
                    picked.append(game.format(answer.action))
                else:
                    assert len(answer.choices) <= MAX_CHOICES
                    assert all(choice.label.strip() for choice in answer.choices)
            legal = sorted(
                game.format(action)
                for action in game.legal_actions(state, seat)
                if not game.menu_excluded(action)  # typed only, e.g. a free-text name
            )
            assert sorted(picked) == legal


def played_in_a_row(game: Game, state: object, seat: int, actions: tuple[object, ...]) -> None:
    """Each of ``actions`` is legal once the ones before it are played."""
    for action in actions:
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        assert game.format(action) in legal
        state, _ = game.apply(state, seat, action)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_seat_version_moves_with_what_the_seat_may_do(game: Game) -> None:
    state = game.new(PLAYERS[game.info.name], None, 3)
    seat = min(game.to_move(state))
    before = game.seat_version(state, seat)
    assert before == game.seat_version(state, seat)
    action = game.legal_actions(state, seat)[0]
    after, _ = game.apply(state, seat, action)
    assert game.seat_version(after, seat) != before or game.legal_actions(
        after, seat
    ) == game.legal_actions(state, seat)


def _steps(*words: str) -> tuple[Step, ...]:
    return tuple(Step(word, word.title(), f"which {i}?") for i, word in enumerate(words))


def test_single_choice_levels_are_skipped_after_a_pick() -> None:
    entries = [
        (_steps("draw", "land", "c4"), "a"),
        (_steps("draw", "land", "d4"), "b"),
        (_steps("stop"), "c"),
    ]
    root = tree_menu(entries, ())
    assert isinstance(root, Menu)
    assert [c.label for c in root.choices] == ["Draw", "Stop"]
    after_draw = tree_menu(entries, ("0",))
    assert isinstance(after_draw, Menu)
    assert [c.label for c in after_draw.choices] == ["C4", "D4"]  # "land" was the only slot
    assert after_draw.prompt == "which 2?"
    assert tree_menu(entries, ("0", "1")) == Picked("b")
    assert tree_menu(entries, ("1",)) == Picked("c")


def test_a_lone_action_is_still_offered_before_it_is_played() -> None:
    root = tree_menu([(_steps("submit", "now"), "x")], ())
    assert isinstance(root, Menu) and [c.label for c in root.choices] == ["Submit"]
    assert tree_menu([(_steps("submit", "now"), "x")], ("0",)) == Picked("x")


def test_long_levels_are_split_into_ranges_of_at_most_25() -> None:
    entries = [(_steps(f"{n:03d}"), n) for n in range(200)]
    root = tree_menu(entries, ())
    assert isinstance(root, Menu) and len(root.choices) == 25
    assert root.choices[0].label == "000 – 007"
    narrowed = tree_menu(entries, ("1",))
    assert isinstance(narrowed, Menu) and narrowed.choices[0].label == "008"
    assert tree_menu(entries, ("1", "2")) == Picked(10)


def test_an_action_continued_by_another_gets_a_that_is_allChoice() -> None:
    entries = [
        (_steps("move", "a"), "short"),
        (_steps("move", "a", "and", "b"), "long"),
        (_steps("pass"), "pass"),
    ]
    after_move = tree_menu(entries, ("0",))
    assert isinstance(after_move, Menu)
    assert [c.label for c in after_move.choices] == [THAT_IS_ALL, "And"]
    assert tree_menu(entries, ("0", "0")) == Picked("short")
    assert tree_menu(entries, ("0", "1")) == Picked("long")


@pytest.mark.parametrize("path", [("9",), ("x",), ("0", "0", "0"), ("0+1",), ("-1",), ("",)])
def test_a_path_that_names_nothing_is_refused(path: tuple[str, ...]) -> None:
    entries = [(_steps("draw", "c4"), "a"), (_steps("draw", "d4"), "b"), (_steps("stop"), "c")]
    with pytest.raises(IllegalAction):
        tree_menu(entries, path)


def test_several_picks_are_read_within_the_menus_bounds() -> None:
    menu = Menu("Which cards go face up?", tuple(Choice(n) for n in "abc"), 1, 2)
    assert read_picks("0+2", menu) == (0, 2)
    for bad in ("", "0+1+2", "0+0", "3", "1+x"):
        with pytest.raises(IllegalAction):
            read_picks(bad, menu)


def test_labels_and_hints_are_clipped_to_discords_limits() -> None:
    choice = Choice("x" * 200)
    assert len(choice.label) == 80 and choice.label.endswith("…")
