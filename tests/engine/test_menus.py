"""The menu tree: levels, ranges, picks and refusals. (Every game's own menus are checked in
tests/conformance/test_menus.py.)"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.core.menus import (
    THAT_IS_ALL,
    Choice,
    Menu,
    Picked,
    Step,
    read_picks,
    tree_menu,
)


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
