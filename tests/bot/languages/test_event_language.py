"""Engine events built with values read in the reader's language, the values filled in."""

from __future__ import annotations

from bot.i18n import event_text
from engine import find_game
from engine.core import Resign, fill_names, said
from engine.islant import GAME as ISLANT


def test_an_event_keeps_its_english_sentence_and_reads_in_german_by_its_template() -> None:
    event = said("round_end", "Round {round} is over.", {"round": 3}, round=3)
    assert event.text == "Round 3 is over."
    assert event_text("en", event) == "Round 3 is over."
    assert event_text("de", event) == "Runde 3 ist vorbei."


def test_a_wars_resignation_names_the_player_with_the_colour_beside_in_german() -> None:
    game = find_game("wars")
    state = game.new(3, {}, 1)
    _, events = game.apply(state, 0, Resign())
    resign = next(e for e in events if e.kind == "resign")
    assert fill_names(resign.text, ["Ann", "Bob", "Cy"]) == "**Ann** (Tan) resigns."
    assert fill_names(event_text("de", resign), ["Ann"]) == "**Ann** (Sand) gibt auf."


def test_an_islant_roll_reads_in_german() -> None:
    state = ISLANT.new(2, {"level": 1}, 1)
    roll = ISLANT.apply(state, 0, ISLANT.parse("STOP"))[1]
    assert roll and all(e.text for e in roll)
    texts = [event_text("de", e) for e in roll]
    assert any(t.startswith("Spieler 1 beendet") for t in texts), texts
