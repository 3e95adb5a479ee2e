"""What Competition's computer knows of the table (the levels every game keeps to are
checked in tests/conformance/test_computer_levels.py)."""

from __future__ import annotations

from engine import find_game
from tests.conformance.test_computer_levels import positions


def test_competition_knowledge_hides_other_hands() -> None:
    game = find_game("competition")
    state, seat = positions(game, count=1)[0]
    known = game.ai_knowledge(state, seat)
    assert known.seats[seat] == state.seats[seat]
    assert known.seats[1].hand != state.seats[1].hand or known.seats[2].hand != state.seats[2].hand
