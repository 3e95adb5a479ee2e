"""The core's tools for ranked menus: pages of the best first, step hints, a tree built once."""

from __future__ import annotations

import engine
from engine.core.menus import MAX_CHOICES, Menu, MenuTree, Picked, Step, tree_menu
from engine.core.ranked import PAGE_SIZE, StateMemo, page_steps

MORE = Step("more", "More…")


def ranked_entries(count: int) -> list[tuple[tuple[Step, ...], int]]:
    """``count`` actions ranked 0 (best) to ``count - 1``, paged as a game pages them."""
    return [((*page_steps(n, count, MORE), Step(str(n), f"choice {n}")), n) for n in range(count)]


def test_a_level_that_fits_gets_no_pages() -> None:
    assert all(page_steps(n, MAX_CHOICES, MORE) == () for n in range(MAX_CHOICES))
    menu = tree_menu(ranked_entries(MAX_CHOICES), ())
    assert isinstance(menu, Menu) and len(menu.choices) == MAX_CHOICES


def test_a_long_level_shows_the_best_first_and_more_last() -> None:
    count = 60
    first = tree_menu(ranked_entries(count), ())
    assert isinstance(first, Menu)
    assert [c.label for c in first.choices] == [f"choice {n}" for n in range(PAGE_SIZE)] + ["More…"]
    second = tree_menu(ranked_entries(count), ("24",))
    assert isinstance(second, Menu) and second.choices[0].label == f"choice {PAGE_SIZE}"
    last = tree_menu(ranked_entries(count), ("24", "24"))
    assert isinstance(last, Menu) and len(last.choices) == count - 2 * PAGE_SIZE
    assert tree_menu(ranked_entries(count), ("24", "24", "11")) == Picked(count - 1)


def test_a_step_hint_shows_under_a_choice_that_leads_further() -> None:
    entries = [
        ((Step("a", "Eruption", hint="on top"), Step("1", "one")), 1),
        ((Step("a", "Eruption"), Step("2", "two")), 2),
        ((Step("b", "New tile", hint="beside"),), 3),
    ]
    menu = tree_menu(entries, (), lambda n: f"action {n}")
    assert isinstance(menu, Menu)
    assert [(c.label, c.hint) for c in menu.choices] == [
        ("Eruption", "on top"),
        ("New tile", "beside"),  # a step's own hint comes before the action's
    ]


def test_a_tree_built_once_answers_like_its_entries() -> None:
    entries = ranked_entries(40)
    tree = MenuTree(entries)
    for path in [(), ("3",), ("24",), ("24", "15")]:
        assert tree_menu(tree, path) == tree_menu(entries, path)


def test_the_memo_computes_once_per_state_object() -> None:
    calls: list[object] = []
    memo = StateMemo(lambda state: calls.append(state) or len(calls), size=2)
    one, two, three = object(), object(), object()
    assert [memo(one), memo(one), memo(two), memo(one)] == [1, 1, 2, 1]
    memo(three)  # pushes out the least recent, two
    assert memo(one) == 1 and memo(two) == 4


def test_search_text_defaults_to_the_notation_and_the_description() -> None:
    game = engine.find_game("islant")
    state = game.new(3, None, 1)
    seat = min(game.to_move(state))
    action = game.legal_actions(state, seat)[0]
    text = game.search_text(action, state)
    assert text == f"{game.format(action)} {game.describe_action(action, state)}"
