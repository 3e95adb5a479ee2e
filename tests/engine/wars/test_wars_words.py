"""Island Wars texts carry their templates and values: players by seat with the colour
beside, counts with the right plural, refusals and menus translatable."""

from __future__ import annotations

from engine.core import IllegalAction, Resign, Words, fill_names
from engine.wars import GAME
from engine.wars.actions import Pass

NAMES = ["Ann", "Bob", "Cy"]


def test_a_placement_is_told_with_the_name_and_colour_and_its_conversions_counted() -> None:
    state = GAME.new(2)
    barracks = next(
        a
        for a in GAME.legal_actions(state, 0)
        if "converts 2 hexes" in GAME.describe_action(a, state)
    )
    _, events = GAME.apply(state, 0, barracks)
    told, taken = events[0], events[1]
    assert told.retells and told.template == "{who} {move}."
    assert told.params["who"].params == {"who": "{p0}", "colour": "Tan"}
    assert fill_names(told.text, NAMES).startswith("**Ann** (Tan) places a barracks at (")
    assert taken.template == "{who} takes {count} hexes." and taken.params["count"] == 2
    assert fill_names(taken.text, NAMES) == "**Ann** (Tan) takes 2 hexes."
    assert not taken.retells


def test_one_hex_taken_is_singular() -> None:
    state = GAME.new(2)
    one = next(
        a
        for a in GAME.legal_actions(state, 0)
        if GAME.describe_action(a, state).endswith("(converts 1 hex)")
    )
    _, events = GAME.apply(state, 0, one)
    assert fill_names(events[1].text, NAMES) == "**Ann** (Tan) takes 1 hex."


def test_a_resignation_and_the_end_name_players_not_colours() -> None:
    state = GAME.new(2)
    _, events = GAME.apply(state, 0, Resign())
    resign, end = events
    assert fill_names(resign.text, NAMES) == "**Ann** (Tan) resigns."
    assert end.template == "The game is over: everyone else resigned. Winner: {names}."
    assert fill_names(end.text, NAMES).endswith("Winner: **Bob** (Dark Green).")


def test_a_shared_win_after_the_last_round_names_every_winner() -> None:
    state = GAME.new(2)
    for _ in range(24):
        (seat,) = GAME.to_move(state)
        state, events = GAME.apply(state, seat, Pass())
    end = events[-1]
    assert end.template == "The game is over after the last round. Winners: {names}."
    assert fill_names(end.text, NAMES).endswith("Winners: **Ann** (Tan) and **Bob** (Dark Green).")


def test_a_refusal_with_a_hex_keeps_its_template() -> None:
    state = GAME.new(2)
    try:
        GAME.apply_text(state, 0, "PLACE TOWER 0 0")
    except IllegalAction as refused:
        assert isinstance(refused.message, Words)
        assert refused.message.template == "{hex} is water; pieces go on land hexes."
        assert refused.message.params == {"hex": "(0, 0)"}
    else:
        raise AssertionError("a tower on water was accepted")


def test_menu_labels_and_hints_are_words() -> None:
    state = GAME.new(2)
    menu = GAME.menu(state, 0)
    assert isinstance(menu.prompt, Words) and menu.prompt.template == "What do you do this turn?"
    first = menu.choices[0]
    assert first.label.template == "Place a barracks ({count} left)"
    assert first.label.params == {"count": 3}
    assert first.hint.startswith("best: converts ") and isinstance(first.hint, Words)
