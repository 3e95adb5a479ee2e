"""Secret placement: twelve slots, every hand card in one, changeable until confirmed."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.competition import CompetitionGame
from engine.competition.actions import Confirm, Place, Unplace
from engine.competition.deck import Sea
from engine.competition.slots import SLOTS, Slot
from engine.competition.state import BLIND, REVEAL, CompetitionState
from engine.core import IllegalAction

from .competition_helpers import island, synthetic_deck

ALEXANDER = "alexander-island"
GAME = CompetitionGame(
    (*synthetic_deck(127), island(ALEXANDER, Sea.ANTARCTIC, inhabitants=0, density=None))
)
AREA_HIGH = Slot("area", True)
DENSITY_HIGH = Slot("density", True)
DENSITY_LOW = Slot("density", False)


def _start(seed: int = 2) -> CompetitionState:
    """A two-player game in which seat 0 holds Alexander Island as its first hand card."""
    state = GAME.new(2, None, seed)
    hand = state.seats[0].hand
    if ALEXANDER in hand:
        return state
    displaced = hand[0]
    swap = {ALEXANDER: displaced, displaced: ALEXANDER}
    seats = tuple(replace(s, hand=tuple(swap.get(c, c) for c in s.hand)) for s in state.seats)
    pile = tuple(swap.get(c, c) for c in state.draw_pile)
    return replace(state, seats=seats, draw_pile=pile)


def _dump(state: CompetitionState) -> str:
    return json.dumps(GAME.serialize(state), sort_keys=True)


def _refused(state: CompetitionState, seat: int, text: str) -> IllegalAction:
    before = _dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert _dump(state) == before
    return err.value


def _fill(state: CompetitionState, seat: int) -> CompetitionState:
    """Place the seat's whole hand: islands in the first fitting free slots, then blinds."""
    while state.seats[seat].hand or state.seats[seat].blinds:
        mine = state.seats[seat]
        free = [s for s, e in zip(SLOTS, mine.draft, strict=True) if e is None]
        if mine.hand:
            card = mine.hand[0]
            slot = next(s for s in free if GAME.cards[card].value(s.category) is not None)
        else:
            card, slot = BLIND, free[0]
        state, _ = GAME.apply(state, seat, Place(card, slot))
    return state


def test_placing_moves_a_hand_card_into_the_private_draft() -> None:
    state = _start()
    card = state.seats[0].hand[1]
    after, events = GAME.apply_text(state, 0, f"PLACE {card} AREA HIGH")
    assert after.seats[0].draft[0] == card
    assert card not in after.seats[0].hand
    assert events[0].data == {"seat": 0, "placed": 1}
    assert card not in json.dumps([e.to_json() for e in events])
    assert after.seats[1] == state.seats[1]


def test_alexander_island_is_refused_in_both_density_slots() -> None:
    state = _start()
    for slot in ("DENSITY HIGH", "DENSITY LOW"):
        err = _refused(state, 0, f"PLACE {ALEXANDER} {slot}")
        assert err.code == "no_value_in_category"
        assert "population density" in err.message
    assert Place(ALEXANDER, DENSITY_HIGH) not in GAME.legal_actions(state, 0)
    assert Place(ALEXANDER, DENSITY_LOW) not in GAME.legal_actions(state, 0)
    assert Place(ALEXANDER, Slot("inhabitants", False)) in GAME.legal_actions(state, 0)


def test_a_placed_card_can_be_moved_and_an_occupant_goes_back_to_hand() -> None:
    state = _start()
    first, second = state.seats[0].hand[1:3]
    state, _ = GAME.apply(state, 0, Place(first, AREA_HIGH))
    state, _ = GAME.apply(state, 0, Place(first, Slot("peak", True)))
    assert state.seats[0].draft[0] is None and state.seats[0].draft[2] == first
    state, _ = GAME.apply(state, 0, Place(second, Slot("peak", True)))
    assert state.seats[0].draft[2] == second
    assert first in state.seats[0].hand
    state, _ = GAME.apply(state, 0, Place(BLIND, Slot("peak", True)))
    assert state.seats[0].draft[2] == BLIND and state.seats[0].blinds == 1
    assert second in state.seats[0].hand


def test_unplace_returns_islands_and_blinds() -> None:
    state = _start()
    card = state.seats[0].hand[1]
    state, _ = GAME.apply(state, 0, Place(card, AREA_HIGH))
    state, _ = GAME.apply(state, 0, Place(BLIND, DENSITY_LOW))
    state, _ = GAME.apply(state, 0, Unplace(AREA_HIGH))
    state, _ = GAME.apply(state, 0, Unplace(DENSITY_LOW))
    assert state.seats[0].draft == (None,) * 12
    assert card in state.seats[0].hand and state.seats[0].blinds == 2


def test_placement_refusals_have_clear_codes_and_change_nothing() -> None:
    state = _start()
    mine = state.seats[0]
    other = state.seats[1].hand[0]
    assert _refused(state, 0, "PLACE atlantis AREA HIGH").code == "unknown_card"
    err = _refused(state, 0, f"PLACE {other} AREA HIGH")
    assert err.code == "not_your_card" and mine.hand[1] in err.message
    assert _refused(state, 0, "UNPLACE AREA HIGH").code == "slot_empty"
    state, _ = GAME.apply(state, 0, Place(mine.hand[1], AREA_HIGH))
    assert _refused(state, 0, f"PLACE {mine.hand[1]} AREA HIGH").code == "already_placed"
    state, _ = GAME.apply(state, 0, Place(BLIND, DENSITY_LOW))
    state, _ = GAME.apply(state, 0, Place(BLIND, DENSITY_HIGH))
    assert _refused(state, 0, "PLACE BLIND PEAK LOW").code == "no_blind_left"


def test_confirm_needs_all_twelve_slots() -> None:
    state = _start()
    state, _ = GAME.apply(state, 0, Place(state.seats[0].hand[1], AREA_HIGH))
    err = _refused(state, 0, "CONFIRM")
    assert err.code == "placement_incomplete"
    assert "area below (lowest)" in err.message and "area above" not in err.message
    assert Confirm() not in GAME.legal_actions(state, 0)


def test_after_confirming_the_placement_cannot_change() -> None:
    state = _fill(_start(), 0)
    assert Confirm() in GAME.legal_actions(state, 0)
    state, events = GAME.apply(state, 0, Confirm())
    assert events[0].kind == "confirm"
    assert GAME.to_move(state) == frozenset({1})
    assert GAME.legal_actions(state, 0) == []
    for text in ("UNPLACE AREA HIGH", "PLACE BLIND AREA HIGH", "CONFIRM"):
        assert _refused(state, 0, text).code == "not_your_turn"


def test_when_everyone_has_confirmed_the_reveal_phase_starts() -> None:
    state = _fill(_start(), 0)
    state, _ = GAME.apply(state, 0, Confirm())
    state = _fill(state, 1)
    assert _refused(state, None, "REVEAL").code == "wrong_phase"
    state, _ = GAME.apply(state, 1, Confirm())
    assert state.phase == REVEAL
    assert GAME.to_move(state) == frozenset({0, 1})
    assert GAME.legal_actions(state, 1) == [GAME.parse("REVEAL")]


def test_legal_placement_actions_all_apply() -> None:
    state = _start()
    state, _ = GAME.apply(state, 0, Place(state.seats[0].hand[1], AREA_HIGH))
    for action in GAME.legal_actions(state, 0):
        if action != Confirm():
            GAME.apply(state, 0, action)
