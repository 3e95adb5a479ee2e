"""Revealing slots, taking tricks, ties, blind-only slots and splitting."""

from __future__ import annotations

import json

import pytest

from engine.competition import CompetitionGame
from engine.competition.actions import DOWN, SEA, Split
from engine.competition.slots import SLOTS
from engine.competition.state import REVEAL, SEA_INDEX, SIMPLE, SPLIT, Job
from engine.core import IllegalAction

from .competition_helpers import SMALL_DECK, B, one_slot, placed_state

GAME = CompetitionGame(SMALL_DECK)
INHABITANTS_LOW = 9


def _dump(state) -> str:
    return json.dumps(GAME.serialize(state), sort_keys=True)


def _refused(state, seat, text: str) -> IllegalAction:
    before = _dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert _dump(state) == before
    return err.value


def _reveal(state, times: int = 1):
    events = []
    for _ in range(times):
        state, more = GAME.apply_text(state, None, "REVEAL")
        events += more
    return state, events


def test_slots_are_revealed_area_first_always_above_then_below() -> None:
    drafts = [
        ["mallorca", "madagascar", "cuba", "usedom", "sylt", "iceland"] + [B] * 6,
        [B] * 6 + ["tenerife", "lampedusa", "borneo", "timor", "jamaica", "tasmania"],
    ]
    state = placed_state(GAME, drafts, variant=SIMPLE)
    shown = []
    for _ in SLOTS:
        state, events = _reveal(state)
        shown.append(events[0].data["slot"])
    assert shown == [
        "area-high",
        "area-low",
        "peak-high",
        "peak-low",
        "temperature-high",
        "temperature-low",
        "precipitation-high",
        "precipitation-low",
        "inhabitants-high",
        "inhabitants-low",
        "density-high",
        "density-low",
    ]
    assert GAME.is_over(state)


def test_highest_area_above_the_strip_takes_all_four_cards() -> None:
    state = placed_state(GAME, [one_slot(c) for c in ("mallorca", "madagascar", "cuba", "usedom")])
    state, events = _reveal(state)
    assert events[0].data["takers"] == [1]
    assert state.jobs[0] == Job(SPLIT, 1, ("mallorca", "madagascar", "cuba", "usedom"))
    assert state.phase == SPLIT and GAME.to_move(state) == frozenset({1})
    assert all(seat.draft[0] is None for seat in state.seats)


def test_lowest_inhabitants_below_the_strip_takes_the_trick() -> None:
    cards = ("sylt", "iceland", "tenerife", "lampedusa")
    state = placed_state(GAME, [one_slot(c, INHABITANTS_LOW) for c in cards])
    state, events = _reveal(state, INHABITANTS_LOW + 1)
    assert [e.data["takers"] for e in events if e.kind == "reveal"][-1] == [3]
    assert state.jobs[0].seat == 3 and set(state.jobs[0].cards) == set(cards)


def test_a_slot_with_only_blinds_makes_no_trick() -> None:
    state = placed_state(GAME, [one_slot("sylt", 1), one_slot("usedom", 1)])
    state, events = _reveal(state)
    assert events[0].data["takers"] == [] and "no trick" in events[0].text
    assert state.phase == REVEAL and state.next_slot == 1 and state.jobs == ()


def test_blind_cards_do_not_count_in_a_trick() -> None:
    state = placed_state(GAME, [one_slot("sylt"), one_slot(B), one_slot("lampedusa")])
    state, _ = _reveal(state)
    assert state.jobs == (Job(SPLIT, 0, ("sylt", "lampedusa")),)


TEMPERATURE_HIGH = 4


def test_tied_best_players_each_take_only_their_own_card_and_the_rest_leave() -> None:
    drafts = [one_slot(c, TEMPERATURE_HIGH) for c in ("cuba", "mallorca", "jamaica")]
    state, events = _reveal(placed_state(GAME, drafts), TEMPERATURE_HIGH + 1)
    assert events[-1].data["takers"] == [0, 2]
    assert events[-1].data["removed"] == ["mallorca"]
    assert state.removed == ("mallorca",)
    assert state.jobs == (Job(SPLIT, 0, ("cuba",)), Job(SPLIT, 2, ("jamaica",)))
    state, _ = GAME.apply_text(state, 0, "SPLIT cuba=sea")
    assert GAME.to_move(state) == frozenset({2})
    state, _ = GAME.apply_text(state, 2, "SPLIT jamaica=down")
    assert state.seats[0].face_up[SEA_INDEX["caribbean"]] == ("cuba",)
    assert state.seats[2].face_down == ("jamaica",)
    assert state.phase == REVEAL
    assert GAME.audit(state) == []


@pytest.mark.parametrize("where", [DOWN, SEA])
def test_a_one_card_trick_goes_wherever_the_taker_likes(where: str) -> None:
    state, _ = _reveal(placed_state(GAME, [one_slot("sylt"), one_slot(B)]))
    assert GAME.legal_actions(state, 0) == [Split((("sylt", DOWN),)), Split((("sylt", SEA),))]
    state, events = GAME.apply(state, 0, Split((("sylt", where),)))
    mine = state.seats[0]
    placed = mine.face_up[SEA_INDEX["north-baltic"]] if where == SEA else mine.face_down
    assert placed == ("sylt",)
    assert events[0].kind == "split"


def _four_card_trick():
    drafts = [one_slot(c) for c in ("mallorca", "madagascar", "cuba", "usedom")]
    return _reveal(placed_state(GAME, drafts))[0]


def test_split_puts_face_up_cards_on_their_own_sea_piles() -> None:
    state = _four_card_trick()
    text = "SPLIT mallorca=sea madagascar=down cuba=sea usedom=sea"
    state, _ = GAME.apply_text(state, 1, text)
    mine = state.seats[1]
    assert mine.face_up[SEA_INDEX["mediterranean"]] == ("mallorca",)
    assert mine.face_up[SEA_INDEX["caribbean"]] == ("cuba",)
    assert mine.face_up[SEA_INDEX["north-baltic"]] == ("usedom",)
    assert mine.face_down == ("madagascar",)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("SPLIT mallorca=down madagascar=down cuba=down usedom=down", "split_needs_face_up"),
        ("SPLIT mallorca=sea madagascar=sea cuba=sea usedom=sea", "split_needs_face_down"),
        ("SPLIT mallorca=sea madagascar=down cuba=sea", "split_incomplete"),
        ("SPLIT mallorca=sea madagascar=down cuba=sea usedom=sea sylt=sea", "not_in_trick"),
        ("SPLIT mallorca=sea mallorca=down cuba=sea usedom=sea", "split_duplicate"),
    ],
)
def test_split_constraints_are_refused_with_clear_messages(text: str, code: str) -> None:
    err = _refused(_four_card_trick(), 1, text)
    assert err.code == code
    assert "trick" in err.message


def test_split_options_keep_one_card_down_and_one_up() -> None:
    state = _four_card_trick()
    options = GAME.legal_actions(state, 1)
    assert len(options) == 2**4 - 2
    assert all({where for _, where in split.assignments} == {DOWN, SEA} for split in options)


def test_only_the_taker_splits_and_nothing_is_revealed_meanwhile() -> None:
    state = _four_card_trick()
    assert _refused(state, 0, "SPLIT mallorca=sea madagascar=down cuba=sea usedom=sea").code == (
        "not_your_turn"
    )
    assert _refused(state, 1, "REVEAL").code == "wrong_phase"
    assert _refused(state, None, "REVEAL").code == "wrong_phase"
    assert _refused(state, None, "SPLIT mallorca=sea madagascar=down").code == "not_a_player"


def test_any_player_may_reveal() -> None:
    state = placed_state(GAME, [one_slot("sylt", 1), one_slot("usedom", 1)])
    by_seat, _ = GAME.apply_text(state, 1, "REVEAL")
    by_system, _ = GAME.apply_text(state, None, "REVEAL")
    assert by_seat == by_system


def test_simple_variant_tricks_go_face_down_without_splitting() -> None:
    drafts = [one_slot(c) for c in ("mallorca", "madagascar", "cuba", "usedom")]
    state, _ = _reveal(placed_state(GAME, drafts, variant=SIMPLE))
    assert state.phase == REVEAL and state.jobs == ()
    assert state.seats[1].face_down == ("mallorca", "madagascar", "cuba", "usedom")


def test_after_the_twelfth_slot_the_last_round_ends_the_game() -> None:
    state, events = _reveal(placed_state(GAME, [one_slot("sylt", 11), one_slot(B, 11)]), 12)
    assert state.phase == SPLIT
    state, events = GAME.apply_text(state, 0, "SPLIT sylt=down")
    assert [e.kind for e in events] == ["split", "round_end", "game_end"]
    assert GAME.is_over(state)
    assert _refused(state, 0, "REVEAL").code == "game_over"
