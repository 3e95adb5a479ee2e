"""The hard player's placement: expected tricks against the placements the others would make.

For every sampled deal of the cards this seat cannot see, the other seats' unrevealed cards go
back to their hands and the quick player places them; each of this seat's cards is then
judged in each open slot by the trick it would win or lose there (a won trick brings all its
cards, a lost one hands them to the winner, a tie keeps one's own card). The hand is matched
to the slots to make the most of it, and the surest placement of that plan is played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from engine.core import Seat
from engine.core.ai import Deadline

from .actions import Place
from .cards import CardIndex
from .placement import fits, place
from .slots import SLOTS, Slot
from .state import BLIND, EMPTY_DRAFT, CompetitionState
from .views import deal_unseen

Policy = Callable[[CompetitionState, Seat, random.Random], object]
Table = dict[tuple[str, int], float]
"""The mean worth of an entry (island card or BLIND) in a slot (by index)."""


def planned_placement(
    state: CompetitionState,
    seat: Seat,
    cards: CardIndex,
    policy: Policy,
    rnd: random.Random,
    deadline: Deadline,
) -> Place | None:
    """The surest placement of the best plan, or None when no deal could be sampled."""
    mine = state.seats[seat]
    empty = [i for i, entry in enumerate(mine.draft) if entry is None]
    entries = [*mine.hand, *[BLIND] * mine.blinds]
    totals: Table = {}
    samples = 0
    while deadline.spend():
        rivals = _rival_slots(state, seat, cards, policy, rnd)
        for entry in dict.fromkeys(entries):
            for index in empty:
                if fits(cards, entry, SLOTS[index]):
                    worth = _worth(cards, entry, SLOTS[index], rivals[index], state.num_players)
                    totals[entry, index] = totals.get((entry, index), 0.0) + worth
        samples += 1
    if not samples:
        return None
    plan = best_matching(entries, empty, totals)
    entry, index = max(plan, key=lambda pair: totals.get(pair, float("-inf")))
    return Place(entry, SLOTS[index])


def _rival_slots(
    state: CompetitionState, seat: Seat, cards: CardIndex, policy: Policy, rnd: random.Random
) -> list[list[float]]:
    """For one sampled deal, the values the other seats' island cards show in each slot once
    the quick player has placed all of their hands."""
    dealt = deal_unseen(state, seat, cards, lambda pool: rnd.sample(pool, len(pool)))
    rivals: list[list[float]] = [[] for _ in SLOTS]
    for other in dealt.active():
        if other == seat:
            continue
        dealt = _replace_hidden(dealt, other)
        for _ in SLOTS:
            action = policy(dealt, other, rnd)
            if not isinstance(action, Place):
                break
            dealt, _ = place(dealt, other, action, cards)
        for index, entry in enumerate(dealt.seats[other].draft):
            if entry not in (None, BLIND):
                rivals[index].append(cards[entry].value(SLOTS[index].category))
    return rivals


def _replace_hidden(state: CompetitionState, other: Seat) -> CompetitionState:
    """The seat with every placed card back in hand (islands and blinds alike: the deal put
    them at random), for the quick player to place as that seat might."""
    theirs = state.seats[other]
    islands = tuple(e for e in theirs.draft if e not in (None, BLIND))
    blinds = theirs.draft.count(BLIND)
    return state.with_seat(
        other,
        replace(
            theirs,
            hand=(*theirs.hand, *islands),
            blinds=theirs.blinds + blinds,
            draft=EMPTY_DRAFT,
        ),
    )


def _worth(cards: CardIndex, entry: str, slot: Slot, rivals: list[float], players: int) -> float:
    """Cards this seat gains from the slot's trick, less the share of what a rival gains."""
    count = len(rivals) + (entry != BLIND)
    if entry == BLIND:
        return -count / (players - 1) if rivals else 0.0
    value = cards[entry].value(slot.category)
    if not rivals:
        return count
    best = max(rivals) if slot.high else min(rivals)
    mine = value if slot.high else -value  # type: ignore[operator]
    theirs = best if slot.high else -best
    if mine > theirs:
        return count
    if mine == theirs:
        return 0.0
    return -count / (players - 1)


def best_matching(entries: list[str], empty: list[int], totals: Table) -> list[tuple[str, int]]:
    """Entries matched to slots for the largest total worth: greedy, then pairwise swaps."""
    worst = min(totals.values(), default=0.0) - 1.0

    def worth(entry: str, index: int) -> float:
        return totals.get((entry, index), worst - 1000.0)

    order = sorted(
        ((worth(e, i), k, i) for k, e in enumerate(entries) for i in empty), reverse=True
    )
    given: dict[int, int] = {}
    used: set[int] = set()
    for _, k, i in order:
        if k not in given and i not in used:
            given[k] = i
            used.add(i)
    keys = list(given)
    improved = True
    while improved:
        improved = False
        for a in range(len(keys)):
            for b in range(a + 1, len(keys)):
                ka, kb = keys[a], keys[b]
                ia, ib = given[ka], given[kb]
                now = worth(entries[ka], ia) + worth(entries[kb], ib)
                if worth(entries[ka], ib) + worth(entries[kb], ia) > now + 1e-9:
                    given[ka], given[kb] = ib, ia
                    improved = True
    return [(entries[k], i) for k, i in given.items()]
