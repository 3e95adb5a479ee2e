"""The computer player: strong cards in matching slots, sensible splits, eager steals."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.competition import CompetitionGame
from engine.competition.actions import DOWN, SEA, Confirm, Split, Steal
from engine.competition.slots import SLOTS
from engine.competition.state import SEA_INDEX

from .competition_helpers import SMALL_DECK, B, island, one_slot, placed_state

FILLER = tuple(island(f"middle-{i}", area=50 + i, peak=50 + i, temp=5 + i / 10) for i in range(20))
GIANT = island(
    "giant", area=10**6, peak=9000, temp=40, precip=9000, inhabitants=10**9, density=10**5
)
DWARF = island("dwarf", area=0.1, peak=0, temp=-50, precip=0, inhabitants=1, density=0.01)


def test_placement_puts_the_strong_card_above_the_weak_below_and_blinds_elsewhere() -> None:
    game = CompetitionGame((*FILLER, GIANT, DWARF))
    state = placed_state(game, [[None] * 12, [B] * 12])
    mine = replace(state.seats[0], hand=("giant", "dwarf"), blinds=10, confirmed=False)
    state = state.with_seat(0, mine)
    rnd = random.Random(3)
    while (action := game.choose_ai_action(state, 0, rnd)) != Confirm():
        state, _ = game.apply(state, 0, action)
    draft = state.seats[0].draft
    assert SLOTS[draft.index("giant")].high
    assert not SLOTS[draft.index("dwarf")].high
    assert draft.count(B) == 10


def test_split_goes_face_up_where_it_leads_a_sea_and_keeps_one_down() -> None:
    game = CompetitionGame(SMALL_DECK)
    drafts = [one_slot("madagascar"), one_slot("mallorca")]
    state = placed_state(game, drafts, face_up=[[], ["lampedusa"]])
    state, _ = game.apply_text(state, None, "REVEAL")
    action = game.choose_ai_action(state, 0, random.Random(0))
    assert action == Split((("madagascar", SEA), ("mallorca", DOWN)))


def test_the_computer_steals_whenever_it_can() -> None:
    game = CompetitionGame(SMALL_DECK)
    state = placed_state(game, [one_slot("usedom"), one_slot(B)], face_up=[[], ["cuba", "jamaica"]])
    state, _ = game.apply_text(state, None, "REVEAL")
    state, _ = game.apply_text(state, 0, "SPLIT usedom=down")
    action = game.choose_ai_action(state, 0, random.Random(0))
    assert isinstance(action, Steal) and action.victim == 1
    state, _ = game.apply(state, 0, action)
    assert len(state.seats[1].face_up[SEA_INDEX["caribbean"]]) == 1
