"""Revealing a slot, who takes its trick, splitting the trick, and national-border steals.

A revealed slot's island cards (blinds ignored) go to the single best value (highest above
the strip, lowest below). On a tie for best, each tied seat takes only its own card and the
other island cards of the slot leave the game. In the standard variant every taker then
splits (a job each, in seat order), and afterwards every taker whose cards carry national
borders may steal that many face-up cards (a job each). In the simple variant tricks go
straight to the face-down pile.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from engine.core import Event, IllegalAction, Seat, Words, joined, told
from engine.core.names import seat_ref
from engine.core.words import counted, listing

from .actions import DOWN, SEA, Split, Steal, StealDone
from .cards import CardIndex
from .slots import SLOTS
from .state import (
    BLIND,
    SIMPLE,
    SPLIT,
    STEAL,
    CompetitionState,
    Job,
    RevealedSlot,
    SeatState,
    with_pile_card,
    without_pile_card,
)

SPLIT_DUPLICATE = "split_duplicate"
NOT_IN_TRICK = "not_in_trick"
SPLIT_INCOMPLETE = "split_incomplete"
SPLIT_NEEDS_FACE_DOWN = "split_needs_face_down"
SPLIT_NEEDS_FACE_UP = "split_needs_face_up"
STEAL_FROM_SELF = "steal_from_self"
STEAL_NOT_AVAILABLE = "steal_not_available"

MIN_CARDS_TO_SPLIT = 2
"""From this many cards on, a trick needs at least one card face down and one face up."""


def best_seats(state: CompetitionState, index: int, cards: CardIndex) -> tuple[Seat, ...]:
    """The seats whose island card in slot ``index`` has the best value (several on a tie)."""
    slot = SLOTS[index]
    values = {
        seat: cards[entry].value(slot.category)
        for seat, entry in _plays(state, index)
        if entry != BLIND
    }
    if not values:
        return ()
    best = max(values.values()) if slot.high else min(values.values())
    return tuple(seat for seat, value in values.items() if value == best)


def reveal(state: CompetitionState, cards: CardIndex) -> tuple[CompetitionState, list[Event]]:
    """Reveal the next slot of every active seat and hand its trick to the taker(s)."""
    index = state.next_slot
    slot = SLOTS[index]
    plays = _plays(state, index)
    takers = best_seats(state, index, cards)
    islands = {seat: entry for seat, entry in plays if entry != BLIND}
    if len(takers) == 1:
        taken, removed = {takers[0]: tuple(islands.values())}, ()
    else:
        taken = {seat: (islands[seat],) for seat in takers}
        removed = tuple(card for seat, card in islands.items() if seat not in takers)
    seats = tuple(
        replace(mine, draft=(*mine.draft[:index], None, *mine.draft[index + 1 :]))
        for mine in state.seats
    )
    state = replace(
        state,
        seats=seats,
        next_slot=index + 1,
        revealed=(*state.revealed, RevealedSlot(index, plays, takers, removed)),
        removed=state.removed + removed,
    )
    state = _hand_over(state, taken, cards)
    shown = ", ".join(f"{seat_ref(seat)}: {_name(cards, entry)}" for seat, entry in plays)
    if not takers:
        text = f"{slot.label.capitalize()}: only blind cards ({shown}), no trick."
    else:
        text = f"{slot.label.capitalize()}: {shown}. Trick to {_seats(takers)}."
    data = {"slot": slot.key, "plays": [list(p) for p in plays], "takers": list(takers)}
    return state, [Event("reveal", text, {**data, "removed": list(removed)})]


def split(
    state: CompetitionState, seat: Seat, action: Split, cards: CardIndex
) -> tuple[CompetitionState, list[Event]]:
    """Put each card of the seat's trick on its face-down pile or its own sea's pile."""
    trick = state.jobs[0].cards
    _check_split(trick, action)
    mine = state.seats[seat]
    for card, where in action.assignments:
        mine = _add(mine, card, where, cards)
    state = replace(state.with_seat(seat, mine), jobs=state.jobs[1:])
    up = [card for card, where in action.assignments if where == SEA]
    down = len(trick) - len(up)
    shown = {"seat": seat_ref(seat), "cards": listing([_name(cards, c) for c in up]) if up else ""}
    if not up:
        words = counted(
            down, "{seat} puts 1 card face down.", "{seat} puts {count} cards face down.", **shown
        )
    elif not down:
        words = Words("{seat} puts {cards} face up.", shown)
    else:
        words = counted(
            down,
            "{seat} puts 1 card face down and {cards} face up.",
            "{seat} puts {count} cards face down and {cards} face up.",
            **shown,
        )
    return state, [told("split", words, {"seat": seat, "down": down, "up": up})]


def steal(
    state: CompetitionState, seat: Seat, action: Steal, cards: CardIndex
) -> tuple[CompetitionState, list[Event]]:
    """Take one face-up card of another seat onto one of the thief's own piles."""
    if action.victim == seat:
        raise IllegalAction(STEAL_FROM_SELF, "Steal from another player's sea piles, not yours.")
    if (action.victim, action.card) not in stealable(state, seat):
        options = [
            Words("{card} from {seat}", {"card": card, "seat": victim})
            for victim, card in stealable(state, seat)
        ]
        raise IllegalAction(
            STEAL_NOT_AVAILABLE,
            Words(
                "`{card}` is not on a face-up pile of seat {seat}. You may take: {options}.",
                {"card": action.card, "seat": action.victim, "options": joined(options, ", ")},
            ),
        )
    victim = state.seats[action.victim]
    state = state.with_seat(
        action.victim, replace(victim, face_up=without_pile_card(victim.face_up, action.card))
    )
    state = state.with_seat(seat, _add(state.seats[seat], action.card, action.to, cards))
    job = state.jobs[0]
    rest = (replace(job, count=job.count - 1),) if job.count > 1 else ()
    state = replace(state, jobs=rest + state.jobs[1:])
    where = "face up" if action.to == SEA else "face down"
    thief, victim = seat_ref(seat), seat_ref(action.victim)
    text = f"{thief} takes {_name(cards, action.card)} from {victim} ({where})."
    data = {"seat": seat, "victim": action.victim, "card": action.card, "to": action.to}
    return state, [Event("steal", text, data)]


def steal_done(state: CompetitionState, seat: Seat) -> tuple[CompetitionState, list[Event]]:
    """Give up the remaining steals."""
    event = Event("steal_done", f"{seat_ref(seat)} stops stealing.", {"seat": seat})
    return replace(state, jobs=state.jobs[1:]), [event]


def stealable(state: CompetitionState, seat: Seat) -> list[tuple[Seat, str]]:
    """The ``(victim, card)`` pairs ``seat`` may steal: face-up cards of other active seats."""
    return [
        (victim, card)
        for victim in state.active()
        if victim != seat
        for card in state.seats[victim].face_up_cards()
    ]


def split_actions(trick: tuple[str, ...]) -> list[Split]:
    """Every legal split of a trick."""
    choices = (
        tuple(zip(trick, dests, strict=True)) for dests in product((DOWN, SEA), repeat=len(trick))
    )
    return [
        Split(pairs)
        for pairs in choices
        if len(trick) < MIN_CARDS_TO_SPLIT or len({where for _, where in pairs}) == 2
    ]


def steal_actions(state: CompetitionState, seat: Seat) -> list[Steal | StealDone]:
    """Every steal the seat may make now, and stopping."""
    steals: list[Steal | StealDone] = [
        Steal(card, victim, to) for victim, card in stealable(state, seat) for to in (DOWN, SEA)
    ]
    return [*steals, StealDone()]


def _plays(state: CompetitionState, index: int) -> tuple[tuple[Seat, str], ...]:
    return tuple(
        (seat, entry)
        for seat in state.active()
        if (entry := state.seats[seat].draft[index]) is not None
    )


def _hand_over(
    state: CompetitionState, taken: dict[Seat, tuple[str, ...]], cards: CardIndex
) -> CompetitionState:
    """Tricks straight face down (simple variant), or split and steal jobs (standard)."""
    if state.variant == SIMPLE:
        for seat, trick in taken.items():
            mine = state.seats[seat]
            state = state.with_seat(seat, replace(mine, face_down=mine.face_down + trick))
        return state
    splits = tuple(Job(SPLIT, seat, trick) for seat, trick in taken.items())
    steals = tuple(
        Job(STEAL, seat, count=marks)
        for seat, trick in taken.items()
        if (marks := sum(cards[card].borders for card in trick))
    )
    return replace(state, jobs=splits + steals)


def _check_split(trick: tuple[str, ...], action: Split) -> None:
    named = [card for card, _ in action.assignments]
    listed = ", ".join(trick)
    if len(set(named)) != len(named):
        raise IllegalAction(SPLIT_DUPLICATE, "Name every card of your trick only once.")
    stray = [card for card in named if card not in trick]
    if stray:
        raise IllegalAction(
            NOT_IN_TRICK,
            Words(
                "`{card}` is not in your trick. Your trick: {cards}.",
                {"card": stray[0], "cards": listed},
            ),
        )
    missing = [card for card in trick if card not in named]
    if missing:
        raise IllegalAction(
            SPLIT_INCOMPLETE,
            Words(
                "Say where every card of your trick goes; missing: {cards}.",
                {"cards": ", ".join(missing)},
            ),
        )
    places = {where for _, where in action.assignments}
    if len(trick) >= MIN_CARDS_TO_SPLIT and DOWN not in places:
        raise IllegalAction(
            SPLIT_NEEDS_FACE_DOWN, "Put at least one card of the trick on your face-down pile."
        )
    if len(trick) >= MIN_CARDS_TO_SPLIT and SEA not in places:
        raise IllegalAction(
            SPLIT_NEEDS_FACE_UP, "Put at least one card of the trick face up on its sea pile."
        )


def _add(mine: SeatState, card: str, where: str, cards: CardIndex) -> SeatState:
    if where == SEA:
        return replace(mine, face_up=with_pile_card(mine.face_up, cards[card].sea, card))
    return replace(mine, face_down=(*mine.face_down, card))


def _name(cards: CardIndex, entry: str) -> str:
    return "a blind card" if entry == BLIND else cards[entry].name_en


def _seats(seats: tuple[Seat, ...]) -> str:
    return " and ".join(seat_ref(seat) for seat in seats)
