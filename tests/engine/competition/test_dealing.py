"""Dealing: hand sizes and rounds per player count, the shared draw pile, blinds returning."""

from __future__ import annotations

import random

import pytest

from engine.competition import CompetitionGame
from engine.competition.dealing import DEALS
from engine.competition.state import BLIND, PLACE
from engine.core import IllegalAction

from .competition_helpers import synthetic_deck

GAME = CompetitionGame(synthetic_deck())


@pytest.mark.parametrize(
    ("players", "islands", "blinds", "rounds"),
    [(2, 10, 2, 6), (3, 10, 2, 4), (4, 8, 4, 4), (5, 8, 4, 3)],
)
def test_hand_sizes_and_rounds_follow_the_player_count(
    players: int, islands: int, blinds: int, rounds: int
) -> None:
    state = GAME.new(players, None, seed=3)
    assert state.rounds == rounds
    assert state.round == 1
    assert state.phase == PLACE
    assert [len(seat.hand) for seat in state.seats] == [islands] * players
    assert [seat.blinds for seat in state.seats] == [blinds] * players
    assert len(state.draw_pile) == 128 - islands * players
    assert GAME.to_move(state) == frozenset(range(players))


def test_every_hand_fills_exactly_the_twelve_slots() -> None:
    assert all(spec.islands + spec.blinds == 12 for spec in DEALS.values())


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.new(players, None, seed=1)
    assert err.value.code == "bad_player_count"


def test_the_shuffle_depends_on_the_seed_only() -> None:
    assert GAME.new(3, None, seed=9) == GAME.new(3, None, seed=9)
    assert GAME.new(3, None, seed=9).draw_pile != GAME.new(3, None, seed=10).draw_pile


def test_hands_are_dealt_from_the_top_of_the_pile_and_the_rest_stays() -> None:
    first = GAME.new(2, None, seed=4)
    hands = [card for seat in first.seats for card in seat.hand]
    assert len(set(hands)) == 20
    assert not set(hands) & set(first.draw_pile)


def _finish_round(state, rnd: random.Random):
    number = state.round
    while state.round == number and not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.choose_ai_action(state, seat, rnd))
    return state


def test_a_new_round_deals_from_the_draw_pile_and_gives_the_blinds_back() -> None:
    rnd = random.Random(0)
    state = GAME.new(4, None, seed=5)
    pile = state.draw_pile
    state = _finish_round(state, rnd)
    assert state.round == 2
    assert state.phase == PLACE
    assert [seat.hand for seat in state.seats] == [pile[i * 8 : i * 8 + 8] for i in range(4)]
    assert state.draw_pile == pile[32:]
    assert [seat.blinds for seat in state.seats] == [4] * 4
    assert all(BLIND not in seat.draft and not seat.confirmed for seat in state.seats)
    assert state.revealed == ()


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 4), (4, 4), (5, 3)])
def test_the_game_ends_after_the_last_round(players: int, rounds: int) -> None:
    rnd = random.Random(players)
    state = GAME.new(players, None, seed=players)
    for number in range(1, rounds + 1):
        assert state.round == number and not GAME.is_over(state)
        state = _finish_round(state, rnd)
    assert GAME.is_over(state)
    assert state.round == rounds
