"""What each seat, and a spectator, may see; and each seat's secrets.

Island cards appear as tokens ``card:<id>``; a blind card as ``"blind"``. View schema::

    variant          "standard" | "simple"
    phase            "place" | "reveal" | "split" | "steal" | "over"
    round, rounds    the current round (1-based) and how many there are
    hand_size        {"islands": n, "blinds": n}
    draw_pile        number of undealt island cards
    slots            the twelve slot keys in reveal order ("area-high", "area-low", ...)
    next_slot        key of the slot the next REVEAL shows, or null
    to_move          seats expected to act now
    players          per seat: {"seat", "active", "confirmed", "placed" (slots filled),
                     "filled" (keys of the slots holding a face-down card, island or
                     blind alike: everyone sees where cards lie, never which are blinds),
                     "hand" (cards in hand, blinds included),
                     "face_up" ({sea: [tokens]} in scoring order),
                     "face_up_counts" ({sea: n}), "face_down" (count only)}
    revealed         this round's revealed slots: {"slot", "plays": [{"seat", "card",
                     "value"}], "takers": [seats], "removed": [tokens]}
    pending          jobs before the next reveal, the first is current:
                     {"kind": "split", "seat", "cards": [tokens]} or
                     {"kind": "steal", "seat", "remaining": n}
    removed          cards out of the game (all were revealed)
    scores           the score table so far (see scoring.ScoreBreakdown.to_json)
    outcome          {"scores", "winners", "reason"} once over, else null
    you              null for spectators; for a seat: {"seat", "hand": [tokens],
                     "blinds" (unplaced), "placement" ({slot: token | "blind" | null}),
                     "face_down": [tokens]}

Secrets of a seat: its hand, its unrevealed placement (what lies in each filled slot, a blind
included), and the cards of its face-down pile
(except those still on show in this round's revealed slots, which everyone saw).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.core import Rng, Seat

from .cards import CardIndex, token
from .placement import fits
from .scoring import outcome, score_breakdown
from .slots import SLOTS, Slot
from .state import BLIND, SEA_ORDER, CompetitionState, SeatState


def view_data(
    state: CompetitionState, seat: Seat | None, cards: CardIndex, to_move: frozenset[Seat]
) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator), following the schema above."""
    result = outcome(state)
    return {
        "variant": state.variant,
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "hand_size": {"islands": state.islands_per_hand, "blinds": state.blinds_per_hand},
        "draw_pile": len(state.draw_pile),
        "slots": [slot.key for slot in SLOTS],
        "next_slot": SLOTS[state.next_slot].key if state.next_slot < len(SLOTS) else None,
        "to_move": sorted(to_move),
        "players": [_player(index, mine) for index, mine in enumerate(state.seats)],
        "revealed": [
            {
                "slot": SLOTS[shown.slot].key,
                "plays": [
                    _play(who, entry, SLOTS[shown.slot].category, cards)
                    for who, entry in shown.plays
                ],
                "takers": list(shown.takers),
                "removed": _tokens(shown.removed),
            }
            for shown in state.revealed
        ],
        "pending": [
            {"kind": job.kind, "seat": job.seat, "cards": _tokens(job.cards)}
            if job.cards
            else {"kind": job.kind, "seat": job.seat, "remaining": job.count}
            for job in state.jobs
        ],
        "removed": _tokens(state.removed),
        "scores": score_breakdown(state).to_json(),
        "outcome": result.to_json() if result else None,
        "you": None if seat is None else _own(seat, state.seats[seat]),
    }


def secrets(state: CompetitionState, seat: Seat) -> frozenset[str]:
    """Tokens only ``seat`` may see: hand, unrevealed placement, unseen face-down cards."""
    mine = state.seats[seat]
    on_show = {entry for shown in state.revealed for _, entry in shown.plays}
    placed = (entry for entry in mine.draft if entry not in (None, BLIND))
    hidden_down = (card for card in mine.face_down if card not in on_show)
    return frozenset(token(card) for card in (*mine.hand, *placed, *hidden_down))


def _player(index: Seat, mine: SeatState) -> dict[str, Any]:
    return {
        "seat": index,
        "active": not mine.resigned,
        "confirmed": mine.confirmed,
        "placed": mine.placed_count(),
        "filled": filled_slots(mine),
        "hand": len(mine.hand) + mine.blinds,
        "face_up": {sea: _tokens(pile) for sea, pile in zip(SEA_ORDER, mine.face_up, strict=True)},
        "face_up_counts": {
            sea: len(pile) for sea, pile in zip(SEA_ORDER, mine.face_up, strict=True)
        },
        "face_down": len(mine.face_down),
    }


def filled_slots(mine: SeatState) -> list[str]:
    """Keys of the slots that hold a face-down card (island or blind), in reveal order."""
    return [slot.key for slot, entry in zip(SLOTS, mine.draft, strict=True) if entry is not None]


def _own(index: Seat, mine: SeatState) -> dict[str, Any]:
    return {
        "seat": index,
        "hand": _tokens(mine.hand),
        "blinds": mine.blinds,
        "placement": {
            slot.key: None if entry is None else _entry(entry)
            for slot, entry in zip(SLOTS, mine.draft, strict=True)
        },
        "face_down": _tokens(mine.face_down),
    }


def _play(seat: Seat, entry: str, category: str, cards: CardIndex) -> dict[str, Any]:
    value = None if entry == BLIND else cards[entry].value(category)
    return {"seat": seat, "card": _entry(entry), "value": value}


def _entry(entry: str) -> str:
    return BLIND if entry == BLIND else token(entry)


def _tokens(card_ids: tuple[str, ...]) -> list[str]:
    return [token(card) for card in card_ids]


def knowledge(state: CompetitionState, seat: Seat, cards: CardIndex) -> CompetitionState:
    """The state as ``seat`` may know it: every card it cannot see, sorted, dealt back into
    the places they could be, so that it depends on the seat's view only."""
    return deal_unseen(state, seat, cards, sorted)


def deal_unseen(
    state: CompetitionState,
    seat: Seat,
    cards: CardIndex,
    order: Callable[[list[str]], list[str]],
) -> CompetitionState:
    """The cards ``seat`` cannot see (the draw pile, other hands, other seats' unrevealed
    slots and unseen face-down cards) put in ``order`` and dealt back.

    Everyone sees which of another seat's slots hold a card, never which of them are blinds:
    each other seat's blinds not yet shown go first to places chosen in ``order`` among its
    filled slots and hand; then each of its other filled slots takes the first island that
    fits it, and hands, face-down piles and the draw pile take the rest in turn."""
    shown_slots = {shown.slot for shown in state.revealed}
    on_show = {entry for shown in state.revealed for _, entry in shown.plays}

    def hidden(mine: SeatState) -> list[int]:
        return [i for i, e in enumerate(mine.draft) if e is not None and i not in shown_slots]

    others = [i for i in range(state.num_players) if i != seat]
    unseen = list(state.draw_pile)
    for other in others:
        mine = state.seats[other]
        unseen += mine.hand
        unseen += [e for i in hidden(mine) if (e := mine.draft[i]) != BLIND]
        unseen += [card for card in mine.face_down if card not in on_show]
    pool = order(unseen)

    def take(slot: Slot | None) -> str:
        index = next(
            (i for i, card in enumerate(pool) if slot is None or fits(cards, card, slot)), 0
        )
        return pool.pop(index)

    seats = list(state.seats)
    blind_places: dict[Seat, set[str]] = {}
    for other in others:
        mine = seats[other]
        places = [f"hand {n:02d}" for n in range(len(mine.hand) + mine.blinds)]
        places += [f"slot {i:02d}" for i in hidden(mine)]
        blinds = mine.blinds + sum(mine.draft[i] == BLIND for i in hidden(mine))
        blind_places[other] = set(order(places)[:blinds])
    for other in others:
        mine = seats[other]
        draft = list(mine.draft)
        for i in hidden(mine):
            draft[i] = BLIND if f"slot {i:02d}" in blind_places[other] else take(SLOTS[i])
        seats[other] = replace(mine, draft=tuple(draft))
    for other in others:
        mine = seats[other]
        held = len(mine.hand) + mine.blinds
        blinds = sum(f"hand {n:02d}" in blind_places[other] for n in range(held))
        seats[other] = replace(
            mine,
            hand=tuple(take(None) for _ in range(held - blinds)),
            blinds=blinds,
            face_down=tuple(c if c in on_show else take(None) for c in mine.face_down),
        )
    return replace(state, seats=tuple(seats), draw_pile=tuple(pool), rng=Rng(0))
