"""tiggar islanote texts carry their templates and values, for readers in other languages."""

from __future__ import annotations

from engine.core import Outcome, Resign, Words, fill_names
from engine.tigerisland import GAME

NAMES = ["Ann", "Bob"]


def test_a_placement_event_retells_the_move_with_its_values() -> None:
    state = GAME.new(2, {"first_player": 0}, 4)
    action = GAME.legal_actions(state, 0)[0]
    _, events = GAME.apply(state, 0, action)
    placed = next(e for e in events if e.kind == "place")
    assert placed.retells and placed.template == "{who} {move}."
    assert placed.params["who"] == "{p0}"
    move = placed.params["move"]
    assert move.template.startswith("places the volcano at {hex}, ")
    assert move.params["hex"] == "0 0 0"
    assert fill_names(placed.text, NAMES).startswith("Ann places the volcano at 0 0 0, ")


def test_a_resignation_ends_with_a_reason_that_survives_saving() -> None:
    state = GAME.new(2, {"first_player": 0}, 4)
    after, events = GAME.apply(state, 0, Resign())
    reason = GAME.outcome(after).reason
    assert isinstance(reason, Words) and reason.template == "{cause} {who} wins."
    assert reason.params["cause"].template == "{who} resigned."
    assert fill_names(reason, NAMES) == "Ann resigned. Bob wins."
    saved = Outcome.from_json(GAME.outcome(after).to_json())
    assert saved.reason == reason and saved.reason.template == reason.template
    assert events[-1].template == "{cause} {who} wins."


def test_placement_menus_speak_in_words_with_plurals() -> None:
    state = GAME.new(2, {"first_player": 0}, 4)
    menu = GAME.menu(state, 0)
    assert menu.prompt.template == "Which way?"
    assert all(
        c.label.template == "{a} to the {towards_a}, {b} to the {towards_b}" for c in menu.choices
    )
    assert {c.hint for c in menu.choices} == {""}  # no settlements yet: none to be away from
