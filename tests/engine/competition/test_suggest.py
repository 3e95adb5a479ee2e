"""The "place the rest" suggestion: one tap fills every empty slot, as listed beforehand."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.competition import GAME, SLOTS, CompetitionGame, card_by_id
from engine.competition.actions import Confirm, Fill, Place, Unplace
from engine.competition.deck import Sea
from engine.competition.placement import (
    FILL_CARDS,
    FILL_SLOT_LEFT,
    FILL_SLOT_TAKEN,
    NO_VALUE_IN_CATEGORY,
)
from engine.competition.state import BLIND, CompetitionState
from engine.core import IllegalAction
from engine.core.menus import Menu, Picked

from .competition_helpers import island, synthetic_deck

REST = "Place the rest as suggested"


def _menu(state: CompetitionState, *path: str) -> Menu:
    answer = GAME.menu(state, 0, path)
    assert isinstance(answer, Menu)
    return answer


def _picked(state: CompetitionState, *path: str):
    answer = GAME.menu(state, 0, path)
    assert isinstance(answer, Picked)
    return answer.action


def _suggested(state: CompetitionState) -> Fill:
    fills = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Fill)]
    assert len(fills) == 1
    return fills[0]


def _placed_by_hand(seed: int, count: int) -> CompetitionState:
    """Seat 0 has placed ``count`` cards itself, each in the slot its menu asked for."""
    state = GAME.new(3, None, seed)
    for _ in range(count):
        state, _ = GAME.apply(state, 0, _picked(state, "1"))  # "0" is the suggestion
    return state


@pytest.mark.parametrize(("seed", "placed"), [(1, 0), (2, 3), (5, 7), (8, 10)])
def test_the_suggestion_places_exactly_the_unplaced_cards_and_keeps_the_placed_ones(
    seed: int, placed: int
) -> None:
    state = _placed_by_hand(seed, placed)
    mine = state.seats[0]
    fill = _suggested(state)
    assert [e is None for e in fill.entries] == [e is not None for e in mine.draft]
    assert sorted(card for card, _ in fill.placed()) == sorted([*mine.hand, *[BLIND] * mine.blinds])
    after, _ = GAME.apply(state, 0, fill)
    done = after.seats[0]
    assert done.hand == () and done.blinds == 0 and None not in done.draft
    for index, entry in enumerate(mine.draft):
        assert done.draft[index] == (entry if entry is not None else fill.entries[index])
    assert not done.confirmed and GAME.audit(after) == []


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_hand_takes_two_taps_the_suggestion_then_confirm(seed: int) -> None:
    state = GAME.new(2 + seed % 4, None, seed)
    taps = []
    for _ in range(3):
        top = _menu(state)
        taps.append(top.choices[0].label)
        action = _picked(state, "0")
        state, _ = GAME.apply(state, 0, action)
        if isinstance(action, Confirm):
            break
    assert taps == [f"{REST} (12 cards)", "Confirm my placement"]
    assert state.seats[0].confirmed


def test_the_question_lists_every_card_of_the_suggestion_with_its_slot() -> None:
    state = _placed_by_hand(3, 4)
    prompt = _menu(state).prompt
    fill = _suggested(state)
    lines = prompt.splitlines()
    assert lines[0].startswith("Which card goes in ") and lines[0].endswith("(4 of 12 placed)")
    assert lines[1] == "Suggested for the rest:"
    rows = lines[2:]
    assert len(rows) == len(fill.placed()) == 8
    for row, (card, slot) in zip(rows, fill.placed(), strict=True):
        name = "a blind card" if card == BLIND else card_by_id(card).name_en
        assert row.startswith(f"{slot.name} ← {name}")
    assert _menu(state).choices[0].label == f"{REST} (8 cards)"


def test_the_suggestion_stays_open_to_change_until_confirmed() -> None:
    state, _ = GAME.apply(GAME.new(3, None, 4), 0, _suggested(GAME.new(3, None, 4)))
    labels = [c.label for c in _menu(state).choices]
    assert labels == ["Confirm my placement", "Change a slot", "Take a card back"]
    back, _ = GAME.apply(state, 0, Unplace(SLOTS[0]))
    assert back.seats[0].draft[0] is None
    assert any(isinstance(a, Place) for a in GAME.legal_actions(back, 0))


def test_no_suggestion_with_one_empty_slot_or_none() -> None:
    state = _placed_by_hand(6, 11)
    assert not any(isinstance(a, Fill) for a in GAME.legal_actions(state, 0))
    assert not _menu(state).choices[0].label.startswith(REST)


def test_the_suggestion_is_the_same_every_time_and_its_notation_reads_back() -> None:
    state = _placed_by_hand(7, 2)
    fill = _suggested(state)
    assert _suggested(GAME.deserialize(json.loads(json.dumps(GAME.serialize(state))))) == fill
    text = GAME.format(fill)
    assert text.startswith("FILL - - ") and len(text.split()) == 13
    assert GAME.parse(text) == fill


def _refused(state: CompetitionState, fill: Fill) -> str:
    before = GAME.serialize(state)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, fill)
    assert GAME.serialize(state) == before
    return error.value.code


def test_a_fill_that_is_not_complete_and_exact_is_refused_and_changes_nothing() -> None:
    state = _placed_by_hand(9, 2)
    fill = list(_suggested(state).entries)
    taken = [state.seats[0].draft[0], *fill[1:]]
    assert _refused(state, Fill(tuple(taken))) == FILL_SLOT_TAKEN
    assert _refused(state, Fill((*fill[:-1], None))) == FILL_SLOT_LEFT
    twice = [*fill[:-1], next(e for e in fill if e not in (None, BLIND))]
    assert _refused(state, Fill(tuple(twice))) == FILL_CARDS
    error = None
    try:
        GAME.apply(state, 0, Fill(tuple(twice)))
    except IllegalAction as refused:
        error = refused
    assert error is not None and "Place each card of your hand once" in str(error)


def test_a_card_without_a_value_never_goes_where_it_has_none() -> None:
    alexander = "alexander-island"
    game = CompetitionGame(
        (*synthetic_deck(127), island(alexander, Sea.ANTARCTIC, inhabitants=0, density=None))
    )
    state = game.new(2, None, 2)
    hand = state.seats[0].hand
    swap = {alexander: hand[0], hand[0]: alexander}
    seats = tuple(replace(s, hand=tuple(swap.get(c, c) for c in s.hand)) for s in state.seats)
    state = replace(state, seats=seats, draw_pile=tuple(swap.get(c, c) for c in state.draw_pile))
    fill = next(a for a in game.legal_actions(state, 0) if isinstance(a, Fill))
    where = next(slot for card, slot in fill.placed() if card == alexander)
    assert where.category != "density"
    density = next(i for i, s in enumerate(SLOTS) if s.category == "density")
    entries = list(fill.entries)
    moved = entries.index(alexander)
    entries[moved], entries[density] = entries[density], entries[moved]
    with pytest.raises(IllegalAction) as error:
        game.apply(state, 0, Fill(tuple(entries)))
    assert error.value.code == NO_VALUE_IN_CATEGORY


def test_a_greedy_plan_that_strands_a_card_gives_way_to_a_matching() -> None:
    from engine.competition.plan import best_matching
    from engine.competition.suggest import _greedy

    worth = {("y", 10): 0.9, ("x", 10): 0.5, ("y", 11): 0.1}  # x fits slot 10 only
    assert _greedy(("x", "y"), [10, 11], worth) == []
    assert sorted(best_matching(["x", "y"], [10, 11], worth)) == [("x", 10), ("y", 11)]
    assert _greedy(("y",), [10, 11], worth) == [("y", 10), (BLIND, 11)]
