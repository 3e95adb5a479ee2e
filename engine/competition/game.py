"""Island competition (Inseln toppen!): the engine contract, phases and action dispatch."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import (
    N_,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Resign,
    Rng,
    Seat,
    View,
    Words,
    counted,
    joined,
)
from engine.core.ai import Deadline
from engine.core.errors import NOT_A_PLAYER, WRONG_PHASE
from engine.core.menus import Menu, Path, Picked
from engine.core.names import seat_ref
from engine.core.options import OptionValue

from . import ai, codec, menus, placement, scoring, suggest, tricks, views
from .actions import (
    Action,
    Confirm,
    Fill,
    Place,
    Reveal,
    Split,
    Steal,
    StealDone,
    Unplace,
    format_action,
    parse_action,
)
from .cards import Card, CardIndex, index_cards
from .dealing import new_state
from .deck import Sea, load_deck
from .describe import describe
from .flow import resign, settle
from .slots import SLOTS
from .state import (
    BLIND,
    OVER,
    PLACE,
    REVEAL,
    SIMPLE,
    SPLIT,
    STANDARD,
    STEAL,
    VARIANTS,
    CompetitionState,
    card_locations,
)

ACTION_PHASES: dict[type, str] = {
    Place: PLACE,
    Fill: PLACE,
    Unplace: PLACE,
    Confirm: PLACE,
    Reveal: REVEAL,
    Split: SPLIT,
    Steal: STEAL,
    StealDone: STEAL,
}
"""The phase in which each kind of action is allowed."""


class CompetitionGame(Game[CompetitionState, Action]):
    """Island competition for 2 to 5 players; ``deck`` defaults to the 128 real islands."""

    info = GameInfo(
        name="competition",
        title="Island competition",
        summary=(
            "Place real islands secretly by area, peak, temperature, rain, inhabitants and "
            "density; the best value takes each trick; split tricks to win the seas."
        ),
        min_players=2,
        max_players=5,
        rules_version=1,
        aliases=("inseln toppen", "inselntoppen", "islands", "island competition"),
        typical_players=(3, 2, 5),
        simultaneous=True,
        hidden_information=True,
        options=(
            OptionSpec(
                "variant",
                "`standard` (split tricks, score by seas) or `simple` (most cards wins)",
                STANDARD,
                choices=VARIANTS,
                title=N_("Scoring"),
                words=(
                    (STANDARD, N_("standard: split tricks, score by seas")),
                    (SIMPLE, N_("simple: most cards wins")),
                ),
            ),
        ),
    )

    def __init__(self, deck: tuple[Card, ...] | None = None) -> None:
        self._deck = deck
        self._cards: dict[str, Card] | None = None
        self._ranks: ai.Ranks | None = None
        self._last_menus: tuple[CompetitionState, Seat, menus.SeatMenus] | None = None
        """The menus drawn last (a walk through them asks for one seat's menus many times)."""

    @property
    def cards(self) -> CardIndex:
        """The deck's island cards by id (loaded on first use)."""
        if self._cards is None:
            self._cards = index_cards(self._deck if self._deck is not None else load_deck())
        return self._cards

    # ----- the contract ---------------------------------------------------------------------
    def _new_state(
        self, num_players: int, options: Mapping[str, OptionValue], rng: Rng
    ) -> CompetitionState:
        return new_state(num_players, str(options["variant"]), tuple(self.cards), rng)

    def to_move(self, state: CompetitionState) -> frozenset[Seat]:
        phase = state.phase
        if phase == OVER:
            return frozenset()
        if phase == PLACE:
            return frozenset(s for s in state.active() if not state.seats[s].confirmed)
        if phase == REVEAL:
            return frozenset(state.active())
        return frozenset({state.jobs[0].seat})

    def legal_actions(self, state: CompetitionState, seat: Seat) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        phase = state.phase
        if phase == PLACE:
            actions: list[Action] = [*placement.placement_actions(state, seat, self.cards)]
            rest = suggest.rest_plan(state, seat, self.cards, self.ranks)
            return actions if rest is None else [*actions, rest]
        if phase == REVEAL:
            return [Reveal()]
        if phase == SPLIT:
            return tricks.split_actions(state.jobs[0].cards)
        return tricks.steal_actions(state, seat)

    def _apply(
        self, state: CompetitionState, seat: Seat | None, action: Action
    ) -> tuple[CompetitionState, list[Event]]:
        phase = state.phase
        if seat is None and not isinstance(action, Reveal):
            raise IllegalAction(NOT_A_PLAYER, "Only a player can place, split or steal.")
        if ACTION_PHASES[type(action)] != phase:
            raise IllegalAction(WRONG_PHASE, self._phase_hint(state))
        state, events = self._dispatch(state, seat, action)
        state, more = settle(state)
        return state, events + more

    def _dispatch(
        self, state: CompetitionState, seat: Seat | None, action: Action
    ) -> tuple[CompetitionState, list[Event]]:
        if isinstance(action, Reveal):
            return tricks.reveal(state, self.cards)
        assert seat is not None
        if isinstance(action, Place):
            return placement.place(state, seat, action, self.cards)
        if isinstance(action, Fill):
            return placement.fill(state, seat, action, self.cards)
        if isinstance(action, Unplace):
            return placement.unplace(state, seat, action)
        if isinstance(action, Confirm):
            return placement.confirm(state, seat)
        if isinstance(action, Split):
            return tricks.split(state, seat, action, self.cards)
        if isinstance(action, Steal):
            return tricks.steal(state, seat, action, self.cards)
        return tricks.steal_done(state, seat)

    def still_playing(self, state: CompetitionState, seat: Seat) -> bool:
        return not self.is_over(state) and not state.seats[seat].resigned

    def _resign(self, state: CompetitionState, seat: Seat) -> tuple[CompetitionState, list[Event]]:
        return resign(state, seat)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def describe_action(
        self, action: Action | Resign, state: CompetitionState | None = None
    ) -> str:
        """A phrase after the player's name, with island names ("places Usedom in area
        above (highest)"); given the state, what follows from it (a card sent back to the
        hand, the standing on a sea)."""
        return describe(action, state, self.cards)

    def menu(self, state: CompetitionState, seat: Seat, path: Path = ()) -> Menu | Picked[Action]:
        """A hand placed slot after slot, a trick split in one multi-pick menu, steals pile
        first (see :mod:`.menus`)."""
        last = self._last_menus
        if last is None or last[0] is not state or last[1] != seat:
            actions = self.legal_actions(state, seat)
            found = menus.SeatMenus(state, seat, actions, self.cards, self.ranks)
            last = self._last_menus = (state, seat, found)
        return last[2].at(path)

    def state_to_json(self, state: CompetitionState) -> dict[str, Any]:
        return codec.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> CompetitionState:
        return codec.state_from_json(data)

    def view(self, state: CompetitionState, seat: Seat | None) -> View:
        data = views.view_data(state, seat, self.cards, self.to_move(state))
        return View(self.info.name, seat, data)

    def declared_words(self) -> Iterator[str]:
        yield from super().declared_words()
        yield from (sea.display_name for sea in Sea)

    def secrets(self, state: CompetitionState, seat: Seat) -> frozenset[str]:
        return views.secrets(state, seat)

    def score_sheet(self, state: CompetitionState) -> tuple[Mapping[str, int], ...]:
        table = scoring.score_breakdown(state)
        return tuple(table.seat_parts(seat) for seat in range(state.num_players))

    def outcome(self, state: CompetitionState) -> Outcome | None:
        return scoring.outcome(state)

    def num_players(self, state: CompetitionState) -> int:
        return state.num_players

    def paced_action(self, state: CompetitionState) -> Action | None:
        """The next reveal, once every card is placed and every trick is taken."""
        return Reveal() if state.phase == REVEAL else None

    def forward_actions(self, state: CompetitionState, seat: Seat) -> list[Action]:
        """While placing: cards and blinds from the hand into empty slots, then Confirm."""
        if seat not in self.to_move(state) or state.phase != PLACE:
            return self.legal_actions(state, seat)
        return placement.forward_actions(state, seat, self.cards)

    def disclosure(self, state: CompetitionState, seat: Seat, action: Action) -> str | None:
        """Cards laid face down: others see which slots are filled, never with what (an island
        or a blind): "The players put their blind cards (also face down and without letting
        the others know) in these places so no free spaces remain"."""
        if not isinstance(action, (Place, Unplace, Fill)):
            return None
        after, _ = self.apply(state, seat, action)
        return "filled: " + " ".join(views.filled_slots(after.seats[seat]))

    def ai_knowledge(self, state: CompetitionState, seat: Seat) -> CompetitionState:
        return views.knowledge(state, seat, self.cards)

    def redeal(self, state: CompetitionState, seat: Seat, rnd: random.Random) -> CompetitionState:
        """Every card ``seat`` cannot see shuffled and dealt back where such cards may lie."""
        return views.deal_unseen(
            state, seat, self.cards, lambda cards: rnd.sample(cards, len(cards))
        )

    def _normal_action(self, known: CompetitionState, seat: Seat, rnd: random.Random) -> Action:
        return ai.choose_action(known, seat, self.cards, self.ranks, rnd)

    def _hard_action(
        self, known: CompetitionState, seat: Seat, rnd: random.Random, deadline: Deadline
    ) -> Action:
        return ai.choose_hard_action(self, known, seat, self.ranks, rnd, deadline)

    @property
    def ranks(self) -> ai.Ranks:
        """Each card's strength per category among the whole deck (computed once)."""
        if self._ranks is None:
            self._ranks = ai.Ranks(self.cards)
        return self._ranks

    def audit(self, state: CompetitionState) -> list[str]:
        """Every deck card in exactly one place; every seat's blinds accounted for."""
        places: dict[str, list[str]] = {}
        for place, card in card_locations(state):
            places.setdefault(card, []).append(place)
        problems = [
            f"{card} is in {len(p)} places: {', '.join(p)}"
            for card, p in places.items()
            if len(p) > 1
        ]
        problems += [f"{card} is not in the deck" for card in places if card not in self.cards]
        problems += [f"{card} is nowhere" for card in self.cards if card not in places]
        problems += _blind_problems(state)
        return problems

    def _phase_hint(self, state: CompetitionState) -> str:
        phase = state.phase
        if phase == PLACE:
            waiting = joined([seat_ref(s) for s in sorted(self.to_move(state))], ", ")
            return Words(
                "Cards are still being placed (waiting for {seats} to CONFIRM).", {"seats": waiting}
            )
        if phase == REVEAL:
            slot = SLOTS[state.next_slot].label
            return Words("All cards are placed: next is REVEAL ({slot}).", {"slot": slot})
        job = state.jobs[0]
        if phase == SPLIT:
            return Words("{seat} must first SPLIT their trick.", {"seat": seat_ref(job.seat)})
        return counted(
            job.count,
            "{seat} may first STEAL 1 card, or say STEAL DONE.",
            "{seat} may first STEAL {count} cards, or say STEAL DONE.",
            seat=seat_ref(job.seat),
        )


def _blind_problems(state: CompetitionState) -> list[str]:
    if state.finished:
        return []
    shown = Counter(seat for slot in state.revealed for seat, entry in slot.plays if entry == BLIND)
    return [
        f"seat {seat} holds {held} blind cards, not {state.blinds_per_hand}"
        for seat in state.active()
        if (held := state.seats[seat].blinds + state.seats[seat].draft.count(BLIND) + shown[seat])
        != state.blinds_per_hand
    ]
