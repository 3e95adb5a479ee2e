"""What a seat of Competition cannot see, changed (for
tests/conformance/test_computer_levels.py, which also gives the state a new random source)."""

from __future__ import annotations

from dataclasses import replace

from engine.competition.state import CompetitionState


def scrambled(state: CompetitionState, seat: int) -> CompetitionState:
    """Another player's first card swapped with the top of the draw pile, the rest of the
    pile reversed."""
    other = next(i for i in range(state.num_players) if i != seat and state.seats[i].hand)
    mine = state.seats[other]
    hand = (state.draw_pile[0], *mine.hand[1:])
    pile = (*reversed(state.draw_pile[1:]), mine.hand[0])
    return replace(
        state, seats=state.with_seat(other, replace(mine, hand=hand)).seats, draw_pile=pile
    )
