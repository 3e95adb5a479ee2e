"""The immutable game state, its phases, and where every island card is.

Card locations (each island card is in exactly one): the draw pile, a hand (dealt, not yet
placed), a draft (placed in an unrevealed slot), a pending split job (a trick being split),
a face-up sea pile, a face-down pile, or the removed pile (cards out of the game). Blind
cards are not island cards: each seat only holds a count of unplaced blinds, and ``BLIND``
marks a draft slot holding one.

Phases (derived, see :attr:`CompetitionState.phase`):

- ``place``: every seat still placing builds its draft privately and confirms it;
- ``reveal``: all placements confirmed; anyone (or the system) reveals the next slot;
- ``split``: the taker at the head of the job queue assigns the trick's cards to piles;
- ``steal``: the taker at the head of the queue takes face-up cards for national borders;
- ``over``: the last round is finished (or too few players are left).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from engine.core import Rng, Seat

from .deck import SEAS
from .slots import SLOTS

BLIND = "blind"
"""The draft marker for a blind card."""

SEA_ORDER: tuple[str, ...] = tuple(str(sea) for sea in SEAS)
"""Sea keys in scoring order; face-up piles are stored in this order."""

SEA_INDEX: dict[str, int] = {sea: i for i, sea in enumerate(SEA_ORDER)}

PLACE = "place"
REVEAL = "reveal"
SPLIT = "split"
STEAL = "steal"
OVER = "over"

STANDARD = "standard"
SIMPLE = "simple"
VARIANTS: tuple[str, ...] = (STANDARD, SIMPLE)

Piles = tuple[tuple[str, ...], ...]
EMPTY_DRAFT: tuple[str | None, ...] = (None,) * len(SLOTS)
EMPTY_PILES: Piles = ((),) * len(SEA_ORDER)


@dataclass(frozen=True, slots=True)
class SeatState:
    """One player's cards: hand, private draft, piles, and whether they are still playing."""

    hand: tuple[str, ...] = ()
    blinds: int = 0
    draft: tuple[str | None, ...] = EMPTY_DRAFT
    confirmed: bool = False
    face_up: Piles = EMPTY_PILES
    face_down: tuple[str, ...] = ()
    resigned: bool = False

    def face_up_cards(self) -> Iterator[str]:
        """Every card on this seat's face-up sea piles, in scoring order of the seas."""
        for pile in self.face_up:
            yield from pile

    def placed_count(self) -> int:
        """How many of the twelve slots hold a card (island or blind)."""
        return sum(entry is not None for entry in self.draft)


@dataclass(frozen=True, slots=True)
class Job:
    """Work a taker must do before the next reveal: a split, or border steals."""

    kind: str
    seat: Seat
    cards: tuple[str, ...] = ()
    count: int = 0


@dataclass(frozen=True, slots=True)
class RevealedSlot:
    """A revealed slot of this round: what each seat played there and who took the trick."""

    slot: int
    plays: tuple[tuple[Seat, str], ...]
    takers: tuple[Seat, ...]
    removed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CompetitionState:
    """The whole state of a game of Island competition."""

    num_players: int
    variant: str
    rounds: int
    islands_per_hand: int
    blinds_per_hand: int
    rng: Rng
    round: int
    draw_pile: tuple[str, ...]
    seats: tuple[SeatState, ...]
    next_slot: int = 0
    revealed: tuple[RevealedSlot, ...] = ()
    jobs: tuple[Job, ...] = ()
    removed: tuple[str, ...] = ()
    finished: bool = False

    @property
    def phase(self) -> str:
        """The current phase: ``place``, ``reveal``, ``split``, ``steal`` or ``over``."""
        if self.finished:
            return OVER
        if self.jobs:
            return self.jobs[0].kind
        if all(self.seats[i].confirmed for i in self.active()):
            return REVEAL
        return PLACE

    def active(self) -> tuple[Seat, ...]:
        """Seats still playing (not resigned)."""
        return tuple(i for i, seat in enumerate(self.seats) if not seat.resigned)

    def with_seat(self, index: Seat, seat: SeatState) -> CompetitionState:
        """A copy with one seat replaced."""
        return replace(self, seats=(*self.seats[:index], seat, *self.seats[index + 1 :]))


def with_pile_card(piles: Piles, sea: str, card: str) -> Piles:
    """Face-up piles with ``card`` added to the pile of ``sea``."""
    i = SEA_INDEX[sea]
    return (*piles[:i], (*piles[i], card), *piles[i + 1 :])


def without_pile_card(piles: Piles, card: str) -> Piles:
    """Face-up piles with ``card`` taken away from whichever pile holds it."""
    return tuple(tuple(c for c in pile if c != card) for pile in piles)


def card_locations(state: CompetitionState) -> Iterator[tuple[str, str]]:
    """Every island card in the state with the name of the place holding it."""
    yield from (("draw pile", card) for card in state.draw_pile)
    yield from (("removed", card) for card in state.removed)
    for job in state.jobs:
        yield from ((f"trick of seat {job.seat}", card) for card in job.cards)
    for index, seat in enumerate(state.seats):
        yield from ((f"hand of seat {index}", card) for card in seat.hand)
        places: Iterable[str | None] = seat.draft
        yield from ((f"draft of seat {index}", c) for c in places if c not in (None, BLIND))
        yield from ((f"face-up piles of seat {index}", card) for card in seat.face_up_cards())
        yield from ((f"face-down pile of seat {index}", card) for card in seat.face_down)
