"""Short phrases for actions, read after the player's name ("places Usedom in area above").

Given the state an action would be applied to, a phrase also says what follows from it: a
card moved out of another slot or sent back to the hand, who would lead a sea afterwards,
steals given up. Seats are written as name placeholders (see ``engine.core.names``).

A phrase may name the player's own cards, so it belongs in that player's private replies
(suggested moves, their own panel), never in a public message about a placement.
"""

from __future__ import annotations

from engine.core import Resign, Seat
from engine.core.names import seat_ref

from .actions import SEA, Action, Confirm, Fill, Place, Reveal, Split, Steal, StealDone, Unplace
from .cards import CardIndex
from .deck import Sea
from .placement import fits
from .slots import CATEGORY_LABELS, SLOT_INDEX, SLOTS
from .state import BLIND, PLACE, REVEAL, SEA_INDEX, SPLIT, STEAL, CompetitionState


def describe(action: Action | Resign, state: CompetitionState | None, cards: CardIndex) -> str:
    """The phrase for ``action``; with ``state``, its consequences in brackets."""
    if isinstance(action, Resign):
        return "resigns"
    text = _phrase(action, cards)
    notes = _consequences(action, state, cards) if state is not None else []
    return f"{text} ({'; '.join(notes)})" if notes else text


def card_name(card: str, cards: CardIndex) -> str:
    """An island's English name, ``a blind card``, or the id itself when it is unknown."""
    if card == BLIND:
        return "a blind card"
    return cards[card].name_en if card in cards else card


def sea_name(sea: str) -> str:
    """A sea key as people read it (``north-baltic`` → ``North & Baltic Sea``)."""
    return Sea(sea).display_name


def _phrase(action: Action, cards: CardIndex) -> str:
    if isinstance(action, Place):
        return f"places {card_name(action.card, cards)} in {action.slot.label}"
    if isinstance(action, Fill):
        rows = [f"{card_name(card, cards)} in {slot.label}" for card, slot in action.placed()]
        return f"places the rest: {_join(rows)}"
    if isinstance(action, Unplace):
        return f"takes the card in {action.slot.label} back to the hand"
    if isinstance(action, Confirm):
        return "confirms the placement"
    if isinstance(action, Reveal):
        return "reveals the next slot"
    if isinstance(action, Split):
        return _split_phrase(action, cards)
    if isinstance(action, Steal):
        where = (
            f"onto the {sea_name(cards[action.card].sea)} pile"
            if action.to == SEA and action.card in cards
            else "face down"
        )
        return f"takes {card_name(action.card, cards)} from {seat_ref(action.victim)} {where}"
    return "stops stealing"


def _split_phrase(action: Split, cards: CardIndex) -> str:
    up = [card_name(card, cards) for card, where in action.assignments if where == SEA]
    down = [card_name(card, cards) for card, where in action.assignments if where != SEA]
    parts = [f"{_join(up)} face up"] if up else []
    parts += [f"{_join(down)} face down"] if down else []
    return "puts " + " and ".join(parts)


def _consequences(action: Action, state: CompetitionState, cards: CardIndex) -> list[str]:
    if isinstance(action, Place) and state.phase == PLACE and action.card != BLIND:
        return _place_notes(action, state, cards)
    if isinstance(action, Reveal) and state.phase == REVEAL and state.next_slot < len(SLOTS):
        return [f"{SLOTS[state.next_slot].label} is next"]
    if isinstance(action, Split) and state.phase == SPLIT:
        seat = state.jobs[0].seat
        up = [card for card, where in action.assignments if where == SEA and card in cards]
        seas = dict.fromkeys(cards[card].sea for card in up)
        return [_sea_standing(state, seat, sea, gain=_count(action, sea, cards)) for sea in seas]
    if isinstance(action, Steal) and state.phase == STEAL and action.card in cards:
        return _steal_notes(action, state, cards)
    if isinstance(action, StealDone) and state.phase == STEAL:
        left = state.jobs[0].count
        return [f"{left} steal{'s' if left != 1 else ''} left unused"]
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
        return [f"not allowed: {card_name(action.card, cards)} has no value for {label}"]
    draft = state.seats[owner].draft
    notes = []
    if action.card in draft:
        notes.append(f"moved from {SLOTS[draft.index(action.card)].label}")
    replaced = draft[SLOT_INDEX[action.slot]]
    if replaced is not None and replaced != action.card:
        notes.append(f"{card_name(replaced, cards)} goes back to the hand")
    return notes


def _steal_notes(action: Steal, state: CompetitionState, cards: CardIndex) -> list[str]:
    thief = state.jobs[0].seat
    sea = cards[action.card].sea
    index = SEA_INDEX[sea]
    mine = len(state.seats[thief].face_up[index]) + (action.to == SEA)
    theirs = len(state.seats[action.victim].face_up[index]) - 1
    return [f"{sea_name(sea)}: {mine} to {seat_ref(action.victim)}'s {theirs}"]


def _sea_standing(state: CompetitionState, seat: Seat, sea: str, gain: int) -> str:
    """Where ``seat`` would stand on ``sea`` with ``gain`` more face-up cards."""
    index = SEA_INDEX[sea]
    mine = len(state.seats[seat].face_up[index]) + gain
    best = max((len(state.seats[o].face_up[index]) for o in state.active() if o != seat), default=0)
    standing = "leading" if mine > best else "tied for the lead" if mine == best else "behind"
    return f"{sea_name(sea)}: {mine}, {standing}"


def _count(action: Split, sea: str, cards: CardIndex) -> int:
    return sum(
        1 for c, where in action.assignments if where == SEA and c in cards and cards[c].sea == sea
    )


def _join(names: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
