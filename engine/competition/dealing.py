"""Setting up a game and dealing each round from the shuffled draw pile."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.core import Event, Rng, said

from .state import EMPTY_DRAFT, CompetitionState, SeatState


@dataclass(frozen=True, slots=True)
class DealSpec:
    """Hand cards per round and number of rounds for one player count."""

    islands: int
    blinds: int
    rounds: int


DEALS: dict[int, DealSpec] = {
    2: DealSpec(islands=10, blinds=2, rounds=6),
    3: DealSpec(islands=10, blinds=2, rounds=4),
    4: DealSpec(islands=8, blinds=4, rounds=4),
    5: DealSpec(islands=8, blinds=4, rounds=3),
}
"""The rules' table: hand size (island + blind cards, always 12) and rounds per player count."""


def new_state(
    num_players: int, variant: str, deck_ids: Sequence[str], rng: Rng
) -> CompetitionState:
    """A new game: the deck shuffled into the draw pile and the first round dealt."""
    spec = DEALS[num_players]
    needed = spec.islands * spec.rounds * num_players
    if len(deck_ids) < needed:
        raise ValueError(f"{num_players} players need {needed} island cards, not {len(deck_ids)}")
    pile, rng = rng.shuffled(sorted(deck_ids))
    state = CompetitionState(
        num_players=num_players,
        variant=variant,
        rounds=spec.rounds,
        islands_per_hand=spec.islands,
        blinds_per_hand=spec.blinds,
        rng=rng,
        round=0,
        draw_pile=pile,
        seats=(SeatState(),) * num_players,
    )
    return deal_round(state)[0]


def deal_round(state: CompetitionState) -> tuple[CompetitionState, list[Event]]:
    """Start the next round: each active seat takes its islands from the top of the draw
    pile and gets its own blind cards back; drafts and this round's reveals are cleared."""
    pile = state.draw_pile
    seats = list(state.seats)
    for index in state.active():
        hand, pile = pile[: state.islands_per_hand], pile[state.islands_per_hand :]
        seats[index] = replace(
            seats[index],
            hand=hand,
            blinds=state.blinds_per_hand,
            draft=EMPTY_DRAFT,
            confirmed=False,
        )
    number = state.round + 1
    dealt = replace(
        state,
        round=number,
        draw_pile=pile,
        seats=tuple(seats),
        next_slot=0,
        revealed=(),
    )
    event = said(
        "deal",
        "Round {round} of {rounds}: everyone gets {islands} island cards and {blinds} blind cards.",
        {"round": number, "draw_pile": len(pile)},
        round=number,
        rounds=state.rounds,
        islands=state.islands_per_hand,
        blinds=state.blinds_per_hand,
    )
    return dealt, [event]
