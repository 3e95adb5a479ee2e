"""A simple computer player.

Placement: greedily put the island that is strongest for a free slot there (strength is the
card's rank in the whole deck for that category: high ranks above the strip, low ranks below),
so the blinds end up in the slots where the hand is weakest. Splitting: a card goes face up
when it makes the seat lead its sea outright, otherwise face down (keeping one of each when
the rules ask). Stealing: always, preferably from the biggest pile of that sea.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from engine.core import Game, Seat
from engine.core.ai import Deadline, margin_reward, rollout_search

from .actions import DOWN, SEA, Action, Confirm, Place, Reveal, Split, Steal, StealDone
from .cards import CardIndex
from .placement import fits
from .plan import planned_placement
from .scoring import score_breakdown
from .slots import CATEGORY_ORDER, SLOTS, Slot
from .state import BLIND, PLACE, REVEAL, SEA_INDEX, SPLIT, CompetitionState
from .tricks import stealable
from .views import deal_unseen

JITTER = 0.05
"""Random noise added to placement strengths, so computer players are not all alike."""
HARD_CANDIDATES = 6
"""Placements the hard player weighs (splits and steals: every legal one)."""
HARD_HORIZON = 30
"""Actions per seat in a hard player's playout (about a round); leads are squashed on
VALUE_SCALE points."""
VALUE_SCALE = 8.0


class Ranks:
    """Each card's percentile (0 to 1) in each category among the whole deck."""

    def __init__(self, cards: CardIndex) -> None:
        self._sorted: dict[str, list[float]] = {
            category: sorted(
                value for card in cards.values() if (value := card.value(category)) is not None
            )
            for category in CATEGORY_ORDER
        }

    def strength(self, value: float, slot: Slot) -> float:
        """How likely ``value`` is to win ``slot`` (1: the best in the deck)."""
        values = self._sorted[slot.category]
        below = bisect_left(values, value)
        above = len(values) - bisect_right(values, value)
        return below / len(values) if slot.high else above / len(values)


def choose_action(
    state: CompetitionState, seat: Seat, cards: CardIndex, ranks: Ranks, rnd: random.Random
) -> Action:
    """The computer player's next action for ``seat`` (which must be expected to act)."""
    if state.phase == PLACE:
        return _placement(state, seat, cards, ranks, rnd)
    if state.phase == REVEAL:
        return Reveal()
    if state.phase == SPLIT:
        return _split(state, seat, cards)
    return _steal(state, seat, cards, rnd)


def _placement(
    state: CompetitionState, seat: Seat, cards: CardIndex, ranks: Ranks, rnd: random.Random
) -> Action:
    return ranked_placements(state, seat, cards, ranks, rnd, 1)[0]


def ranked_placements(
    state: CompetitionState,
    seat: Seat,
    cards: CardIndex,
    ranks: Ranks,
    rnd: random.Random,
    count: int,
) -> list[Action]:
    """Up to ``count`` placements, the strongest card-for-slot first; with blinds in hand, a
    blind in the slot the hand is weakest for comes among them."""
    mine = state.seats[seat]
    empty = [slot for slot, entry in zip(SLOTS, mine.draft, strict=True) if entry is None]
    if not empty:
        return [Confirm()]
    if not mine.hand:
        return [Place(BLIND, empty[0])]
    stuck = [card for card in mine.hand if not any(fits(cards, card, slot) for slot in empty)]
    if stuck:
        return [Place(stuck[0], rnd.choice([s for s in SLOTS if fits(cards, stuck[0], s)]))]
    options = sorted(
        (
            (ranks.strength(value, slot) + rnd.uniform(0, JITTER), card, slot)
            for card in mine.hand
            for slot in empty
            if (value := cards[card].value(slot.category)) is not None
        ),
        reverse=True,
    )
    ranked: list[Action] = [Place(card, slot) for _, card, slot in options[:count]]
    if mine.blinds and count > 1:
        best = {slot: max((o[0] for o in options if o[2] == slot), default=0.0) for slot in empty}
        ranked[-1:] = [Place(BLIND, min(empty, key=best.__getitem__))]
    return ranked


def choose_hard_action(
    game: Game[CompetitionState, Action],
    state: CompetitionState,
    seat: Seat,
    ranks: Ranks,
    rnd: random.Random,
    deadline: Deadline,
) -> Action:
    """Information-set Monte Carlo: the cards this seat cannot see are dealt anew for every
    playout, the quick player plays every seat to about the end of the round, and the
    candidate with the best mean score lead is chosen."""
    cards = game.cards

    def policy(s: CompetitionState, mover: Seat, r: random.Random) -> Action:
        return choose_action(s, mover, cards, ranks, r)

    if state.phase == PLACE:
        if _plannable(state, seat, cards):
            planned = planned_placement(state, seat, cards, policy, rnd, deadline)
            if planned is not None:
                return planned
        candidates = ranked_placements(state, seat, cards, ranks, rnd, HARD_CANDIDATES)
    else:
        candidates = game.legal_actions(state, seat)
    return rollout_search(
        game,
        state,
        seat,
        candidates,
        rnd,
        deadline,
        policy=policy,
        value=lambda s, who: margin_reward(score_breakdown(s).totals, who, VALUE_SCALE),
        horizon=HARD_HORIZON * state.num_players,
        sample=lambda s, r: deal_unseen(s, seat, cards, lambda pool: r.sample(pool, len(pool))),
    )


def _plannable(state: CompetitionState, seat: Seat, cards: CardIndex) -> bool:
    """Whether the seat still has island cards to place, each with an open slot it fits."""
    mine = state.seats[seat]
    empty = [slot for slot, entry in zip(SLOTS, mine.draft, strict=True) if entry is None]
    return bool(mine.hand) and all(
        any(fits(cards, card, slot) for slot in empty) for card in mine.hand
    )


def _split(state: CompetitionState, seat: Seat, cards: CardIndex) -> Split:
    trick = state.jobs[0].cards
    margins = [_sea_margin(state, seat, cards[card].sea) for card in trick]
    dests = [SEA if margin > 0 else DOWN for margin in margins]
    if len(trick) > 1 and DOWN not in dests:
        dests[margins.index(min(margins))] = DOWN
    if len(trick) > 1 and SEA not in dests:
        dests[margins.index(max(margins))] = SEA
    return Split(tuple(zip(trick, dests, strict=True)))


def _steal(
    state: CompetitionState, seat: Seat, cards: CardIndex, rnd: random.Random
) -> Steal | StealDone:
    options = stealable(state, seat)
    if not options:
        return StealDone()

    def appeal(option: tuple[Seat, str]) -> tuple[int, float]:
        victim, card = option
        pile = len(state.seats[victim].face_up[SEA_INDEX[cards[card].sea]])
        return pile, rnd.random()

    victim, card = max(options, key=appeal)
    where = SEA if _sea_margin(state, seat, cards[card].sea, victim) >= 0 else DOWN
    return Steal(card, victim, where)


def _sea_margin(state: CompetitionState, seat: Seat, sea: str, weakened: Seat | None = None) -> int:
    """How far ahead ``seat`` would be on ``sea`` with one more card (``weakened``: a seat
    that would lose one card of that sea)."""
    index = SEA_INDEX[sea]
    counts: Sequence[int] = [
        len(state.seats[other].face_up[index]) - (other == weakened)
        for other in state.active()
        if other != seat
    ]
    return len(state.seats[seat].face_up[index]) + 1 - max(counts, default=0)
