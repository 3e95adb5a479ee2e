"""Resigning: a player leaves with their cards; the game goes on while two players remain."""

from __future__ import annotations

import random

from engine.competition import GAME as REAL
from engine.competition import CompetitionGame
from engine.competition.state import PLACE, REVEAL
from engine.core import Resign

from .competition_helpers import SMALL_DECK, B, one_slot, placed_state

GAME = CompetitionGame(SMALL_DECK)


def test_the_last_player_to_place_resigning_starts_the_reveal() -> None:
    state = REAL.new(3, None, seed=4)
    hand = state.seats[2].hand
    rnd = random.Random(0)
    for seat in (0, 1):
        while seat in REAL.to_move(state):
            state, _ = REAL.apply(state, seat, REAL.choose_ai_action(state, seat, rnd))
    assert state.phase == PLACE and REAL.to_move(state) == frozenset({2})
    state, events = REAL.apply(state, 2, Resign())
    assert events[0].kind == "resign"
    assert state.phase == REVEAL and REAL.to_move(state) == frozenset({0, 1})
    assert set(hand) <= set(state.removed)
    assert REAL.audit(state) == []


def test_a_taker_resigning_drops_their_trick_and_the_game_goes_on() -> None:
    drafts = [one_slot(c) for c in ("mallorca", "madagascar", "cuba")]
    state, _ = GAME.apply_text(
        placed_state(GAME, drafts, face_up=[[], ["sylt"], []]), None, "REVEAL"
    )
    state, _ = GAME.apply(state, 1, Resign())
    assert state.jobs == () and state.phase == REVEAL
    assert set(state.removed) == {"mallorca", "madagascar", "cuba", "sylt"}
    assert not GAME.is_over(state)


def test_when_one_player_is_left_they_win() -> None:
    state = placed_state(GAME, [[B] * 12] * 3, face_down=[["sylt", "timor"], [], []])
    state, _ = GAME.apply(state, 0, Resign())
    state, _ = GAME.apply(state, 2, Resign())
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.scores == (0, 0, 0)
