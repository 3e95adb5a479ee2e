"""Short phrases for actions, read after the player's name ("places Usedom in area above").

Given the state an action would be applied to, a phrase also says what follows from it: a
card moved out of another slot or sent back to the hand, who would lead a sea afterwards,
steals given up. Seats are written as name placeholders (see ``engine.core.names``).

A phrase may name the player's own cards, so it belongs in that player's private replies
(suggested moves, their own panel), never in a public message about a placement.
"""

from __future__ import annotations

from engine.core import Resign, Seat, Words, joined, listing
from engine.core.names import seat_ref

from .actions import SEA, Action, Confirm, Fill, Place, Reveal, Split, Steal, StealDone, Unplace
from .cards import CardIndex
from .deck import Sea
from .placement import card_name, fits
from .slots import CATEGORY_LABELS, SLOT_INDEX, SLOTS
from .state import BLIND, PLACE, REVEAL, SEA_INDEX, SPLIT, STEAL, CompetitionState

WITH_NOTES = "{phrase} ({notes})"
"""A move's phrase with what follows from it (the same in every language)."""


def describe(action: Action | Resign, state: CompetitionState | None, cards: CardIndex) -> str:
    """The phrase for ``action``; with ``state``, its consequences in brackets."""
    if isinstance(action, Resign):
        return Words("resigns")
    text = _phrase(action, cards)
    notes = _consequences(action, state, cards) if state is not None else []
    if not notes:
        return text
    return Words(WITH_NOTES, {"phrase": text, "notes": joined(notes, "; ")})


def sea_name(sea: str) -> str:
    """A sea key as people read it (``north-baltic`` → ``North & Baltic Sea``)."""
    return Sea(sea).display_name


def _phrase(action: Action, cards: CardIndex) -> str:
    if isinstance(action, Place):
        card = card_name(action.card, cards)
        return Words("places {card} in {slot}", {"card": card, "slot": action.slot.label})
    if isinstance(action, Fill):
        rows = [
            Words("{card} in {slot}", {"card": card_name(card, cards), "slot": slot.label})
            for card, slot in action.placed()
        ]
        return Words("places the rest: {cards}", {"cards": listing(rows)})
    if isinstance(action, Unplace):
        return Words("takes the card in {slot} back to the hand", {"slot": action.slot.label})
    if isinstance(action, Confirm):
        return Words("confirms the placement")
    if isinstance(action, Reveal):
        return Words("reveals the next slot")
    if isinstance(action, Split):
        return _split_phrase(action, cards)
    if isinstance(action, Steal):
        card, victim = card_name(action.card, cards), seat_ref(action.victim)
        if action.to == SEA and action.card in cards:
            return Words(
                "takes {card} from {seat} onto the {sea} pile",
                {"card": card, "seat": victim, "sea": sea_name(cards[action.card].sea)},
            )
        return Words("takes {card} from {seat} face down", {"card": card, "seat": victim})
    return Words("stops stealing")


def _split_phrase(action: Split, cards: CardIndex) -> str:
    up = [card_name(card, cards) for card, where in action.assignments if where == SEA]
    down = [card_name(card, cards) for card, where in action.assignments if where != SEA]
    if up and down:
        return Words(
            "puts {up} face up and {down} face down", {"up": listing(up), "down": listing(down)}
        )
    if up:
        return Words("puts {cards} face up", {"cards": listing(up)})
    return Words("puts {cards} face down", {"cards": listing(down)})


def _consequences(action: Action, state: CompetitionState, cards: CardIndex) -> list[str]:
    if isinstance(action, Place) and state.phase == PLACE and action.card != BLIND:
        return _place_notes(action, state, cards)
    if isinstance(action, Reveal) and state.phase == REVEAL and state.next_slot < len(SLOTS):
        return [Words("{slot} is next", {"slot": SLOTS[state.next_slot].label})]
    if isinstance(action, Split) and state.phase == SPLIT:
        seat = state.jobs[0].seat
        up = [card for card, where in action.assignments if where == SEA and card in cards]
        seas = dict.fromkeys(cards[card].sea for card in up)
        return [_sea_standing(state, seat, sea, gain=_count(action, sea, cards)) for sea in seas]
    if isinstance(action, Steal) and state.phase == STEAL and action.card in cards:
        return _steal_notes(action, state, cards)
    if isinstance(action, StealDone) and state.phase == STEAL:
        left = state.jobs[0].count
        if left == 1:
            return ["1 steal left unused"]
        return [Words("{count} steals left unused", {"count": left})]
    return []


def _place_notes(action: Place, state: CompetitionState, cards: CardIndex) -> list[str]:
    owner = next(
        (s for s, mine in enumerate(state.seats) if action.card in (*mine.hand, *mine.draft)),
        None,
    )
    if owner is None or action.card not in cards:
        return []
    if not fits(cards, action.card, action.slot):
        label = CATEGORY_LABELS[action.slot.category]
        card = card_name(action.card, cards)
        return [
            Words(
                "not allowed: {card} has no value for {category}", {"card": card, "category": label}
            )
        ]
    draft = state.seats[owner].draft
    notes: list[str] = []
    if action.card in draft:
        notes.append(Words("moved from {slot}", {"slot": SLOTS[draft.index(action.card)].label}))
    replaced = draft[SLOT_INDEX[action.slot]]
    if replaced is not None and replaced != action.card:
        card = card_name(replaced, cards)
        notes.append(Words("{card} goes back to the hand", {"card": card}))
    return notes


def _steal_notes(action: Steal, state: CompetitionState, cards: CardIndex) -> list[str]:
    thief = state.jobs[0].seat
    sea = cards[action.card].sea
    index = SEA_INDEX[sea]
    mine = len(state.seats[thief].face_up[index]) + (action.to == SEA)
    theirs = len(state.seats[action.victim].face_up[index]) - 1
    return [
        Words(
            "{sea}: {mine} to {seat}'s {theirs}",
            {"sea": sea_name(sea), "mine": mine, "seat": seat_ref(action.victim), "theirs": theirs},
        )
    ]


def _sea_standing(state: CompetitionState, seat: Seat, sea: str, gain: int) -> str:
    """Where ``seat`` would stand on ``sea`` with ``gain`` more face-up cards."""
    index = SEA_INDEX[sea]
    mine = len(state.seats[seat].face_up[index]) + gain
    best = max((len(state.seats[o].face_up[index]) for o in state.active() if o != seat), default=0)
    if mine > best:
        return Words("{sea}: {count}, leading", {"sea": sea_name(sea), "count": mine})
    if mine == best:
        return Words("{sea}: {count}, tied for the lead", {"sea": sea_name(sea), "count": mine})
    return Words("{sea}: {count}, behind", {"sea": sea_name(sea), "count": mine})


def _count(action: Split, sea: str, cards: CardIndex) -> int:
    return sum(
        1 for c, where in action.assignments if where == SEA and c in cards and cards[c].sea == sea
    )
