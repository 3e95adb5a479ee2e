"""National borders: after splitting, take that many face-up cards from other players."""

from __future__ import annotations

import json

import pytest

from engine.competition import CompetitionGame
from engine.competition.actions import DOWN, SEA, Steal, StealDone
from engine.competition.state import REVEAL, SEA_INDEX, SIMPLE, SPLIT, STEAL, Job
from engine.core import IllegalAction

from .competition_helpers import SMALL_DECK, B, one_slot, placed_state

GAME = CompetitionGame(SMALL_DECK)
TEMPERATURE_HIGH = 4


def _up(state, seat: int, sea: str) -> tuple[str, ...]:
    return state.seats[seat].face_up[SEA_INDEX[sea]]


def _won_with(card: str, variant: str = "standard"):
    """Seat 0 takes ``card`` alone in area high and puts it face down; seats 1 and 2 show
    face-up cards (seat 1 also has a face-down card, seat 0 a face-up one)."""
    state = placed_state(
        GAME,
        [one_slot(card), one_slot(B), one_slot(B)],
        variant=variant,
        face_up=[["jamaica"], ["mallorca", "cuba"], ["tenerife"]],
        face_down=[[], ["lampedusa"], []],
    )
    state, _ = GAME.apply_text(state, None, "REVEAL")
    if variant == SIMPLE:
        return state
    state, _ = GAME.apply_text(state, 0, f"SPLIT {card}=down")
    return state


def _refused(state, seat, text: str) -> IllegalAction:
    before = json.dumps(GAME.serialize(state), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert json.dumps(GAME.serialize(state), sort_keys=True) == before
    return err.value


def test_one_border_mark_allows_one_steal_onto_the_same_sea_pile() -> None:
    state = _won_with("usedom")
    assert state.jobs == (Job(STEAL, 0, count=1),)
    assert GAME.to_move(state) == frozenset({0})
    state, events = GAME.apply_text(state, 0, "STEAL mallorca FROM 1 TO SEA")
    assert _up(state, 0, "mediterranean") == ("mallorca",)
    assert _up(state, 1, "mediterranean") == ()
    assert events[0].data == {"seat": 0, "victim": 1, "card": "mallorca", "to": SEA}
    assert state.phase == REVEAL


def test_two_border_marks_take_cards_from_two_players() -> None:
    state = _won_with("borneo")
    assert state.jobs == (Job(STEAL, 0, count=2),)
    state, _ = GAME.apply_text(state, 0, "STEAL cuba FROM 1 TO DOWN")
    assert state.jobs == (Job(STEAL, 0, count=1),)
    state, _ = GAME.apply_text(state, 0, "STEAL tenerife FROM 2 TO SEA")
    assert state.seats[0].face_down == ("borneo", "cuba")
    assert _up(state, 0, "atlantic") == ("tenerife",)
    assert _up(state, 2, "atlantic") == ()
    assert state.phase == REVEAL


def test_two_border_marks_take_both_cards_from_one_player() -> None:
    state = _won_with("borneo")
    state, _ = GAME.apply_text(state, 0, "STEAL cuba FROM 1 TO SEA")
    state, _ = GAME.apply_text(state, 0, "STEAL mallorca FROM 1 TO SEA")
    assert list(state.seats[1].face_up_cards()) == []
    assert set(state.seats[0].face_up_cards()) == {"jamaica", "cuba", "mallorca"}


def test_only_face_up_cards_of_other_players_can_be_taken() -> None:
    state = _won_with("usedom")
    err = _refused(state, 0, "STEAL lampedusa FROM 1 TO SEA")
    assert err.code == "steal_not_available"
    assert "mallorca from 1" in err.message
    assert _refused(state, 0, "STEAL tenerife FROM 1 TO SEA").code == "steal_not_available"
    assert _refused(state, 0, "STEAL jamaica FROM 0 TO SEA").code == "steal_from_self"
    assert _refused(state, 1, "STEAL tenerife FROM 2 TO SEA").code == "not_your_turn"
    assert _refused(state, 0, "REVEAL").code == "wrong_phase"


def test_steal_options_list_every_face_up_card_of_the_others() -> None:
    state = _won_with("usedom")
    options = GAME.legal_actions(state, 0)
    cards = {(a.victim, a.card) for a in options if isinstance(a, Steal)}
    assert cards == {(1, "mallorca"), (1, "cuba"), (2, "tenerife")}
    assert {a.to for a in options if isinstance(a, Steal)} == {DOWN, SEA}
    assert options[-1] == StealDone()


def test_stealing_is_optional() -> None:
    state = _won_with("borneo")
    state, _ = GAME.apply_text(state, 0, "STEAL cuba FROM 1 TO SEA")
    state, events = GAME.apply_text(state, 0, "STEAL DONE")
    assert events[0].kind == "steal_done"
    assert state.phase == REVEAL
    assert _up(state, 1, "mediterranean") == ("mallorca",)


def test_no_steal_when_nobody_else_has_a_face_up_card() -> None:
    state = placed_state(GAME, [one_slot("usedom"), one_slot(B)], face_down=[[], ["sylt"]])
    state, _ = GAME.apply_text(state, None, "REVEAL")
    state, events = GAME.apply_text(state, 0, "SPLIT usedom=sea")
    assert [e.kind for e in events] == ["split", "no_steal"]
    assert state.phase == REVEAL


def test_a_tied_player_keeping_a_border_card_steals_after_all_splits() -> None:
    drafts = [one_slot(c, TEMPERATURE_HIGH) for c in ("timor", "cuba", "mallorca")]
    state = placed_state(GAME, drafts, face_up=[[], [], ["tenerife"]])
    for _ in range(TEMPERATURE_HIGH + 1):
        state, _ = GAME.apply_text(state, None, "REVEAL")
    assert state.jobs == (
        Job(SPLIT, 0, ("timor",)),
        Job(SPLIT, 1, ("cuba",)),
        Job(STEAL, 0, count=1),
    )
    state, _ = GAME.apply_text(state, 0, "SPLIT timor=sea")
    state, _ = GAME.apply_text(state, 1, "SPLIT cuba=sea")
    assert state.phase == STEAL and GAME.to_move(state) == frozenset({0})
    state, _ = GAME.apply_text(state, 0, "STEAL cuba FROM 1 TO DOWN")
    assert state.seats[0].face_down == ("cuba",)


def test_the_simple_variant_has_no_steals() -> None:
    state = _won_with("borneo", variant=SIMPLE)
    assert state.phase == REVEAL
    assert state.seats[0].face_down == ("borneo",)
