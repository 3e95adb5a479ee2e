"""Action phrases: island names, seat placeholders, and consequences given the state."""

from __future__ import annotations

from engine.competition import CompetitionGame
from engine.competition.actions import Place, Unplace
from engine.competition.slots import SLOTS
from engine.competition.state import BLIND
from engine.core import Words
from engine.core.names import fill_names
from locales import engine_words

from .competition_helpers import SMALL_DECK, B, one_slot, placed_state

GAME = CompetitionGame(SMALL_DECK)
REAL = CompetitionGame()
NAMES = ["Ann", "Ben", "Cleo"]


def _say(text: str, state=None) -> str:
    return fill_names(GAME.describe_action(GAME.parse(text), state), NAMES)


def test_phrases_name_islands_slots_and_seats() -> None:
    assert _say("PLACE usedom AREA HIGH") == "places Usedom in area above (highest)"
    assert (
        _say("PLACE BLIND DENSITY LOW")
        == "places a blind card in population density below (lowest)"
    )
    assert (
        _say("UNPLACE PEAK LOW") == "takes the card in highest peak below (lowest) back to the hand"
    )
    assert _say("CONFIRM") == "confirms the placement"
    assert _say("REVEAL") == "reveals the next slot"
    assert (
        _say("SPLIT cuba=sea usedom=down sylt=down")
        == "puts Cuba face up and Usedom and Sylt face down"
    )
    assert _say("STEAL cuba FROM 1 TO SEA") == "takes Cuba from Ben onto the Caribbean Sea pile"
    assert _say("STEAL cuba FROM 2 TO DOWN") == "takes Cuba from Cleo face down"
    assert _say("STEAL DONE") == "stops stealing"
    assert _say("RESIGN") == "resigns"


def test_a_placement_says_what_it_moves_and_sends_back() -> None:
    state = REAL.new(2, None, seed=3)
    first, second = state.seats[0].hand[:2]
    state, _ = REAL.apply(state, 0, Place(first, SLOTS[0]))
    moved = REAL.describe_action(Place(first, SLOTS[1]), state)
    assert moved.endswith("(moved from area above (highest))")
    replaced = REAL.describe_action(Place(second, SLOTS[0]), state)
    name = REAL.cards[first].name_en
    assert replaced.endswith(f"({name} goes back to the hand)")
    assert REAL.describe_action(Unplace(SLOTS[0]), state).endswith("back to the hand")
    blind = REAL.describe_action(Place(BLIND, SLOTS[2]), state)
    assert blind == "places a blind card in highest peak above (highest)"


def test_alexander_island_in_a_density_slot_is_marked_not_allowed() -> None:
    state = REAL.new(3, None, seed=1014)
    assert "alexander-island" in state.seats[2].hand
    text = REAL.describe_action(Place("alexander-island", SLOTS[10]), state)
    assert text.endswith("(not allowed: Alexander Island has no value for population density)")


def test_splits_and_steals_say_where_the_taker_stands_on_each_sea() -> None:
    drafts = [one_slot("madagascar"), one_slot("cuba"), one_slot(B)]
    state = placed_state(GAME, drafts, face_up=[[], ["jamaica", "mallorca"], ["tenerife"]])
    state, _ = GAME.apply_text(state, None, "REVEAL")
    assert _say("SPLIT madagascar=down cuba=sea", state).endswith(
        "(Caribbean Sea: 1, tied for the lead)"
    )
    assert _say("SPLIT madagascar=sea cuba=down", state).endswith("(Indian Ocean: 1, leading)")
    steal = placed_state(
        GAME, [one_slot("usedom"), one_slot(B), one_slot(B)], face_up=[[], ["mallorca"], []]
    )
    steal, _ = GAME.apply_text(steal, None, "REVEAL")
    steal, _ = GAME.apply_text(steal, 0, "SPLIT usedom=down")
    assert _say("STEAL mallorca FROM 1 TO SEA", steal).endswith("(Mediterranean Sea: 1 to Ben's 0)")
    assert _say("STEAL DONE", steal) == "stops stealing (1 steal left unused)"
    assert _say("REVEAL", steal) == "reveals the next slot"


def test_phrases_without_values_are_words_a_reader_translates() -> None:
    for text in ("CONFIRM", "REVEAL", "STEAL DONE", "RESIGN"):
        phrase = GAME.describe(GAME.parse(text))
        assert isinstance(phrase, Words), text
        assert engine_words("de", phrase) != phrase, text
