"""The "place the rest" suggestion: every unplaced card of a seat put in an open slot at once.

The cards in hand go where the normal computer player would put them: the strongest
card-for-slot first (strength: the card's rank in the whole deck for the slot), again and again,
and the blinds fill the slots left, where the hand is weakest. Should that leave a card with no
slot it fits, the hand is matched to the slots for the largest sum of strengths instead.
Cards already placed stay where the player put them. The plan has no randomness: the same
draft always gets the same suggestion.
"""

from __future__ import annotations

from engine.core import Seat

from .actions import Fill
from .ai import Ranks
from .cards import CardIndex
from .placement import fits
from .plan import Table, best_matching
from .slots import SLOTS
from .state import BLIND, PLACE, CompetitionState

MIN_EMPTY = 2
"""The suggestion is offered from this many empty slots on (one slot is one tap anyway)."""


def rest_plan(state: CompetitionState, seat: Seat, cards: CardIndex, ranks: Ranks) -> Fill | None:
    """The suggested fill of the seat's empty slots, or None when there is nothing to fill
    (or no way to fit every card)."""
    mine = state.seats[seat]
    empty = [i for i, entry in enumerate(mine.draft) if entry is None]
    entries = [*mine.hand, *[BLIND] * mine.blinds]
    if state.phase != PLACE or mine.confirmed or len(empty) < MIN_EMPTY:
        return None
    if len(entries) != len(empty):
        return None
    worth: Table = {}
    for card in dict.fromkeys(entries):
        for index in empty:
            slot = SLOTS[index]
            if card == BLIND:
                worth[card, index] = 0.0
            elif (value := cards[card].value(slot.category)) is not None:
                worth[card, index] = ranks.strength(value, slot)
    plan = _greedy(mine.hand, empty, worth) or best_matching(entries, empty, worth)
    if not all(fits(cards, card, SLOTS[index]) for card, index in plan):
        return None
    given = {index: card for card, index in plan}
    return Fill(tuple(given.get(i) for i in range(len(SLOTS))))


def _greedy(hand: tuple[str, ...], empty: list[int], worth: Table) -> list[tuple[str, int]]:
    """As the computer player places: the strongest card-for-slot first, again and again;
    the blinds fill the slots left. Empty when a card is left with no slot it fits."""
    order = sorted(
        ((w, card, index) for (card, index), w in worth.items() if card != BLIND), reverse=True
    )
    plan: dict[str, int] = {}
    for _, card, index in order:
        if card not in plan and index not in plan.values():
            plan[card] = index
    if len(plan) != len(hand):
        return []
    taken = set(plan.values())
    return [*plan.items(), *((BLIND, index) for index in empty if index not in taken)]
