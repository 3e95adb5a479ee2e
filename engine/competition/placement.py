"""Secret placement: each seat builds its draft of twelve slots and confirms it.

A draft can be changed freely until it is confirmed: placing a card that already sits in
another slot moves it, and placing into an occupied slot sends the previous card back to the
hand. A card without a value in a category (Alexander Island has no population density)
may go in neither slot of that category.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Event, IllegalAction, Name, Seat, Words, joined
from engine.core.names import seat_ref

from .actions import Confirm, Fill, Place, Unplace
from .cards import CardIndex
from .slots import CATEGORY_LABELS, SLOT_INDEX, SLOTS, Slot
from .state import BLIND, CompetitionState, SeatState

UNKNOWN_CARD = "unknown_card"
NOT_YOUR_CARD = "not_your_card"
NO_VALUE_IN_CATEGORY = "no_value_in_category"
NO_BLIND_LEFT = "no_blind_left"
ALREADY_PLACED = "already_placed"
SLOT_EMPTY = "slot_empty"
PLACEMENT_INCOMPLETE = "placement_incomplete"
FILL_SLOT_TAKEN = "fill_slot_taken"
FILL_SLOT_LEFT = "fill_slot_left"
FILL_CARDS = "fill_cards"


def fits(cards: CardIndex, card: str, slot: Slot) -> bool:
    """Whether ``card`` (an island id or ``BLIND``) may be placed in ``slot``."""
    return card == BLIND or cards[card].value(slot.category) is not None


def place(
    state: CompetitionState, seat: Seat, action: Place, cards: CardIndex
) -> tuple[CompetitionState, list[Event]]:
    """Put a card into a slot of the seat's draft (see the module docstring)."""
    mine = state.seats[seat]
    index = SLOT_INDEX[action.slot]
    card = action.card
    if mine.draft[index] == card:
        raise IllegalAction(
            ALREADY_PLACED, Words("That card is already in {slot}.", {"slot": action.slot.label})
        )
    if card == BLIND:
        if mine.blinds == 0:
            raise IllegalAction(
                NO_BLIND_LEFT,
                Words(
                    "All your {count} blind cards are placed. UNPLACE one first, or place an "
                    "island card over it.",
                    {"count": state.blinds_per_hand},
                ),
            )
        mine = replace(mine, blinds=mine.blinds - 1)
    else:
        _check_island(mine, card, action.slot, cards)
        mine = replace(
            mine,
            hand=tuple(c for c in mine.hand if c != card),
            draft=tuple(None if entry == card else entry for entry in mine.draft),
        )
    mine = _back_to_hand(mine, index)
    mine = replace(mine, draft=_set(mine.draft, index, card))
    return state.with_seat(seat, mine), [_changed(seat, mine)]


def fill(
    state: CompetitionState, seat: Seat, action: Fill, cards: CardIndex
) -> tuple[CompetitionState, list[Event]]:
    """Put every card still unplaced (hand and blinds) into the empty slots at once; the
    cards already placed stay where they are."""
    mine = state.seats[seat]
    for entry, slot, held in zip(action.entries, SLOTS, mine.draft, strict=True):
        if entry is not None and held is not None:
            raise IllegalAction(
                FILL_SLOT_TAKEN,
                Words(
                    "{slot} already holds a card: fill only the empty slots.", {"slot": slot.name}
                ),
            )
        if entry is None and held is None:
            raise IllegalAction(
                FILL_SLOT_LEFT,
                Words("{slot} is still empty: fill every empty slot.", {"slot": slot.name}),
            )
    islands = sorted(entry for entry, _ in action.placed() if entry != BLIND)
    blinds = len(action.placed()) - len(islands)
    if islands != sorted(mine.hand) or blinds != mine.blinds:
        raise IllegalAction(
            FILL_CARDS,
            _fill_cards_text(mine.blinds),
        )
    for card, slot in action.placed():
        if card != BLIND:
            _check_island(mine, card, slot, cards)
    mine = replace(
        mine,
        hand=(),
        blinds=0,
        draft=tuple(
            held if entry is None else entry
            for entry, held in zip(action.entries, mine.draft, strict=True)
        ),
    )
    return state.with_seat(seat, mine), [_changed(seat, mine)]


def unplace(
    state: CompetitionState, seat: Seat, action: Unplace
) -> tuple[CompetitionState, list[Event]]:
    """Take the card in a slot back to the hand."""
    mine = state.seats[seat]
    index = SLOT_INDEX[action.slot]
    if mine.draft[index] is None:
        raise IllegalAction(
            SLOT_EMPTY, Words("There is no card in {slot}.", {"slot": action.slot.label})
        )
    mine = _back_to_hand(mine, index)
    return state.with_seat(seat, mine), [_changed(seat, mine)]


def confirm(state: CompetitionState, seat: Seat) -> tuple[CompetitionState, list[Event]]:
    """Lock the seat's placement; all twelve slots must be filled."""
    mine = state.seats[seat]
    empty = [slot.label for slot, entry in zip(SLOTS, mine.draft, strict=True) if entry is None]
    if empty:
        raise IllegalAction(
            PLACEMENT_INCOMPLETE,
            Words(
                "Fill all {count} slots before confirming; still empty: {slots}.",
                {"count": len(SLOTS), "slots": joined(empty, ", ")},
            ),
        )
    event = Event("confirm", f"{seat_ref(seat)} has placed their cards.", {"seat": seat})
    return state.with_seat(seat, replace(mine, confirmed=True)), [event]


def placement_actions(
    state: CompetitionState, seat: Seat, cards: CardIndex
) -> list[Place | Unplace | Confirm]:
    """Every placement action the seat may take now."""
    mine = state.seats[seat]
    actions: list[Place | Unplace | Confirm] = []
    placed = [entry for entry in mine.draft if entry not in (None, BLIND)]
    for card in (*mine.hand, *placed):
        actions += [
            Place(card, slot)
            for slot, entry in zip(SLOTS, mine.draft, strict=True)
            if entry != card and fits(cards, card, slot)
        ]
    if mine.blinds:
        actions += [
            Place(BLIND, slot)
            for slot, entry in zip(SLOTS, mine.draft, strict=True)
            if entry != BLIND
        ]
    actions += [Unplace(slot) for slot, entry in zip(SLOTS, mine.draft, strict=True) if entry]
    if None not in mine.draft:
        actions.append(Confirm())
    return actions


def forward_actions(state: CompetitionState, seat: Seat, cards: CardIndex) -> list[Place | Confirm]:
    """Placements from the hand (or the blinds) into empty slots; Confirm once full. A hand
    whose cards fit no empty slot may displace placed ones."""
    mine = state.seats[seat]
    if None not in mine.draft:
        return [Confirm()]
    empty = [slot for slot, entry in zip(SLOTS, mine.draft, strict=True) if entry is None]
    actions = [Place(card, slot) for card in mine.hand for slot in empty if fits(cards, card, slot)]
    if mine.blinds:
        actions += [Place(BLIND, slot) for slot in empty]
    return actions or [
        a
        for a in placement_actions(state, seat, cards)
        if isinstance(a, Place) and a.card in mine.hand
    ]


def _check_island(mine: SeatState, card: str, slot: Slot, cards: CardIndex) -> None:
    if card not in cards:
        raise IllegalAction(
            UNKNOWN_CARD, Words("There is no island card called `{card}`.", {"card": card})
        )
    if card not in mine.hand and card not in mine.draft:
        hand = ", ".join(mine.hand) or "nothing"
        raise IllegalAction(
            NOT_YOUR_CARD,
            Words(
                "{card} is not one of your cards. In hand: {hand}.",
                {"card": card_name(card, cards), "hand": hand},
            ),
        )
    if not fits(cards, card, slot):
        raise IllegalAction(
            NO_VALUE_IN_CATEGORY,
            Words(
                "{card} has no value for {category}, so it may go in neither slot of that "
                "category.",
                {"card": card_name(card, cards), "category": CATEGORY_LABELS[slot.category]},
            ),
        )


def _fill_cards_text(blinds: int) -> Words:
    """What a fill must place: the hand and the blinds left."""
    if blinds == 0:
        return Words("Place each card of your hand once, and no blind card.")
    if blinds == 1:
        return Words("Place each card of your hand once, and your last blind card.")
    return Words(
        "Place each card of your hand once, and your {count} blind cards.", {"count": blinds}
    )


def card_name(card: str, cards: CardIndex) -> str:
    """An island's name (English, with its German form from the deck), ``a blind card``, or
    the id itself when it is unknown."""
    if card == BLIND:
        return "a blind card"
    if card not in cards:
        return card
    found = cards[card]
    return Name(found.name_en, {"de": found.name_de})


def _back_to_hand(mine: SeatState, index: int) -> SeatState:
    """The seat with slot ``index`` emptied and its card (if any) returned to the hand."""
    entry = mine.draft[index]
    if entry is None:
        return mine
    draft = _set(mine.draft, index, None)
    if entry == BLIND:
        return replace(mine, draft=draft, blinds=mine.blinds + 1)
    return replace(mine, draft=draft, hand=(*mine.hand, entry))


def _set(draft: tuple[str | None, ...], index: int, entry: str | None) -> tuple[str | None, ...]:
    return (*draft[:index], entry, *draft[index + 1 :])


def _changed(seat: Seat, mine: SeatState) -> Event:
    count = mine.placed_count()
    return Event(
        "placement",
        f"{seat_ref(seat)} has filled {count} of {len(SLOTS)} slots.",
        {"seat": seat, "placed": count},
    )
