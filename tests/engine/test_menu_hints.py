"""Menus: a step may carry its own hint; a choice that acts through skipped levels says so."""

from __future__ import annotations

from engine.core.menus import Menu, Step, tree_menu


def test_a_steps_hint_is_shown_beside_its_choice() -> None:
    entries = [
        ((Step("slot", "Another slot", "Which?", "any slot"), Step("a", "A", "Card?")), "x"),
        ((Step("slot", "Another slot"), Step("b", "B", "Card?")), "y"),
        ((Step("confirm", "Confirm", "Which?", "lock it"),), "z"),
    ]
    menu = tree_menu(entries, (), hint=lambda action: f"does {action}")
    assert isinstance(menu, Menu)
    assert [(c.label, c.hint) for c in menu.choices] == [
        ("Another slot", "any slot"),
        ("Confirm", "lock it"),
    ]


def test_a_choice_acting_through_skipped_levels_hints_its_action() -> None:
    entries = [
        ((Step("back", "Take a card back", "Which?"), Step("s1", "Slot 1", "Slot?", "x")), "u"),
        ((Step("stop", "Stop", "Which?", "ends it"),), "s"),
    ]
    menu = tree_menu(entries, (), hint=lambda action: f"does {action}")
    assert isinstance(menu, Menu)
    assert [c.hint for c in menu.choices] == ["does u", "ends it"]
    without = tree_menu(entries, (), hint=lambda action: "")
    assert isinstance(without, Menu) and without.choices[0].hint == ""
