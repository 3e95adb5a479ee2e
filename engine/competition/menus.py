"""Island competition's menus: a hand placed slot after slot, a trick split in one pick, steals.

Placing: the first menu asks for the card of the first empty slot (reveal order) that a card in
hand or a blind card fits, so a hand takes one tap per slot and one to confirm, 13 in all. It
lists the cards in hand that may go there, best value for that slot first, then a blind card,
then the cards already placed elsewhere (marked "placed" and sorted last; their hint names the
slot they would leave empty), then "Another slot" and "Take a card back". From two empty slots
on, "Place the rest as suggested" comes first: one tap fills every empty slot by the plan of
:mod:`.suggest`, which the question lists card by card (the placement stays open to change
until it is confirmed), so a hand takes two taps: the suggestion, then "Confirm". Once all
twelve slots are filled, "Confirm my placement" comes first. Cards without a value for a slot
are never offered for it.

Splitting: one menu, "Which cards go face up on their sea piles?", taking several picks (the
path element is the picked indices joined by "+"). The rule's bounds are exactly a number of
picks: from two cards on, at least one face up and at least one face down, so 1 to n - 1 picks,
and the menu's bounds refuse everything else. A one-card trick goes where its taker likes: it
is asked as one question with two answers (face up, face down), which a phone shows as buttons.

Stealing: the pile to take from (whose, which sea, its top card), then face up or face down.
The other cards of a pile (alike for the scoring) wait behind "Another card of this pile"; more
piles than one menu holds are grouped by player first. "Done stealing" ends the steals early.

Revealing: every seat may turn over the next slot (the table's timer does it too), so it is
one choice. Labels and hints name seats as placeholders (see ``engine.core.names``).

Whose draft a placement changes is not part of the action, so the game overrides ``menu``
itself rather than ``menu_steps``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.core import Number, Seat, Words, counted, joined
from engine.core.menus import (
    MAX_CHOICES,
    Choice,
    Menu,
    Path,
    Picked,
    Step,
    bad_path,
    read_picks,
    tree_menu,
)
from engine.core.names import seat_ref

from .actions import DOWN, SEA, Action, Confirm, Fill, Place, Split, Steal, StealDone, Unplace
from .ai import Ranks
from .cards import CardIndex
from .describe import card_name, sea_name
from .numbers import format_with_unit
from .placement import fits
from .slots import SLOT_INDEX, SLOTS, Slot
from .state import BLIND, OVER, PLACE, SEA_INDEX, SPLIT, STEAL, CompetitionState

Order = tuple[Any, ...]
"""A sort key: the menus list choices in the order of their actions' keys."""
Keys = tuple[str, ...]
"""An action's key at each level of the menus."""
Said = tuple[tuple[str, str, str], ...]
"""An action's label, question and hint at each level of the menus."""
Route = tuple[Keys, Action]

ANOTHER_SLOT = "Another slot"
CHANGE_SLOT = "Change a slot"
TAKE_BACK = "Take a card back"
CONFIRM = "Confirm my placement"
REST_HINT = "Fills the empty slots as listed; change any before you confirm"
REST_PLAN = "Suggested for the rest:"
SPLIT_PROMPT = "Which cards go face up on their sea piles? The rest go face down."
ENTRY = "{card} · {value}"
"""An island with its value in a slot's category (the same in every language)."""
CARD_SEA = "{card} ({sea})"
"""An island with its sea (the same in every language)."""
ROW = "{slot} ← {entry}"
"""A row of the suggested plan: a slot and what goes there."""
FACE_DOWN = "Face down"
ANOTHER_CARD = "Another card of this pile"
DONE_STEALING = "Done stealing"
MAX_PILES = MAX_CHOICES - 1
"""More piles than this (with "Done stealing" beside them) are grouped by player first."""


class _Shape(Protocol):
    """Where a phase's actions sit in the menus: cheap keys first, words only where shown."""

    def route(self, action: Action) -> tuple[Order, Keys]: ...

    def words(self, action: Action) -> Said: ...


class SeatMenus:
    """Every menu of one seat in one state: its actions sorted once, words written on demand."""

    def __init__(
        self,
        state: CompetitionState,
        seat: Seat,
        actions: Sequence[Action],
        cards: CardIndex,
        ranks: Ranks,
    ) -> None:
        self.state = state
        self.cards = cards
        self.actions = actions
        self.shape = _shape(state, seat, actions, cards, ranks)
        routed = () if state.phase == SPLIT else actions  # a split has a menu of its own
        routes = sorted(((*self.shape.route(a), a) for a in routed), key=lambda r: r[0])
        self.routes = [(keys, action) for _, keys, action in routes]
        self.said: dict[Action, Said] = {}

    def at(self, path: Path) -> Menu | Picked[Action]:
        """The menu after the choices in ``path``, or the action they name."""
        if self.actions and self.state.phase == SPLIT:
            return _split_menu(self.state, path, self.cards)
        entries = [
            (tuple(Step(key, *said) for key, said in zip(keys, self.words(a), strict=True)), a)
            for keys, a in _enough(self.routes, path)
        ]
        return tree_menu(entries, path, lambda action: self.words(action)[-1][2])

    def words(self, action: Action) -> Said:
        """The words of ``action``'s steps, written once."""
        said = self.said.get(action)
        if said is None:
            said = self.said[action] = self.shape.words(action)
        return said


def _shape(
    state: CompetitionState, seat: Seat, actions: Sequence[Action], cards: CardIndex, ranks: Ranks
) -> _Shape:
    if state.phase in (SPLIT, OVER):
        return _Nothing()
    if state.phase == PLACE:
        rest = next((a for a in actions if isinstance(a, Fill)), None)
        return _Placing(state, seat, cards, ranks, rest)
    if state.phase == STEAL:
        return _Stealing(state, seat, cards)
    return _Revealing(state)


def _enough(routes: list[Route], path: Path, depth: int = 0) -> list[Route]:
    """The routes (in menu order) that answer ``path`` exactly as all of them do, so that
    only their words are written: at each level the path passes, every route of the branch
    taken and one of each other branch; at the level shown, two of each branch (enough to
    tell a branch from a lone action). Anything unusual keeps every route."""
    if len(routes) <= 1:
        return routes
    branches: dict[str, list[Route]] = {}
    for route in routes:
        if len(route[0]) <= depth:
            return routes  # an action that another one continues
        branches.setdefault(route[0][depth], []).append(route)
    if len(branches) == 1:
        return _enough(routes, path, depth + 1)  # a level with one choice is skipped
    groups = list(branches.values())
    if len(groups) > MAX_CHOICES:
        return routes  # split into ranges
    if not path:
        return [route for group in groups for route in group[:2]]
    element = path[0]
    if not (element.isdigit() and int(element) < len(groups)):
        return routes  # refused by the tree itself
    taken = int(element)
    return [
        route
        for index, group in enumerate(groups)
        for route in (_enough(group, path[1:], depth + 1) if index == taken else group[:1])
    ]


class _Nothing:
    """No routes: nothing to do, or a split (which has a menu of its own)."""

    def route(self, action: Action) -> tuple[Order, Keys]:
        raise AssertionError("no action is routed here")

    def words(self, action: Action) -> Said:
        raise AssertionError("no action is routed here")


class _Revealing:
    """Turning over the next slot: one choice."""

    def __init__(self, state: CompetitionState) -> None:
        self.slot = SLOTS[state.next_slot]

    def route(self, action: Action) -> tuple[Order, Keys]:
        return (), ("reveal",)

    def words(self, action: Action) -> Said:
        prompt = "All cards are placed. Turn over the next slot?"
        hint = "Everyone's card there is shown; the best value takes the trick"
        return ((Words("Reveal {slot}", {"slot": self.slot.name}), prompt, hint),)


# ----- placing --------------------------------------------------------------------------------
class _Placing:
    """Where one seat's placement actions sit, with what its draft holds now."""

    def __init__(
        self,
        state: CompetitionState,
        seat: Seat,
        cards: CardIndex,
        ranks: Ranks,
        rest: Fill | None,
    ) -> None:
        mine = state.seats[seat]
        self.cards = cards
        self.ranks = ranks
        self.draft = mine.draft
        self.blinds = mine.blinds
        self.placed_at = {e: i for i, e in enumerate(mine.draft) if e not in (None, BLIND)}
        empty = [i for i, entry in enumerate(mine.draft) if entry is None]
        fitting = [
            i
            for i in empty
            if mine.blinds or any(fits(cards, card, SLOTS[i]) for card in mine.hand)
        ]
        self.current = (fitting or empty or [None])[0]  # the slot asked for first
        filled = mine.placed_count()
        self.prompt: str
        if self.current is None:
            self.prompt = Words(
                "All {count} slots are filled. Confirm your placement?", {"count": len(SLOTS)}
            )
        else:
            self.prompt = Words(
                "Which card goes in {slot}? ({placed} of {count} placed)",
                {"slot": SLOTS[self.current].name, "placed": filled, "count": len(SLOTS)},
            )
        if rest is not None:
            rows = [
                Words(ROW, {"slot": slot.name, "entry": self._entry_text(card, slot)})
                for card, slot in rest.placed()
            ]
            self.prompt = joined((self.prompt, REST_PLAN, *rows), "\n")

    def route(self, action: Action) -> tuple[Order, Keys]:
        if isinstance(action, Confirm):
            return (0,), ("@confirm",)
        if isinstance(action, Fill):
            return (0,), ("@rest",)
        if isinstance(action, Unplace):
            return (3, SLOT_INDEX[action.slot]), ("@back", action.slot.key)
        assert isinstance(action, Place)
        index = SLOT_INDEX[action.slot]
        order = self._card_order(action)
        if index == self.current:
            return (1, *order), (action.card,)
        empty_first = (self.draft[index] is not None, index)
        return (2, *empty_first, *order), ("@slot", action.slot.key, action.card)

    def words(self, action: Action) -> Said:
        if isinstance(action, Confirm):
            return ((CONFIRM, self.prompt, "Lock your cards for this round"),)
        if isinstance(action, Fill):
            count = len(action.placed())
            label = counted(
                count,
                "Place the rest as suggested (1 card)",
                "Place the rest as suggested ({count} cards)",
            )
            return ((label, self.prompt, REST_HINT),)
        if isinstance(action, Unplace):
            index = SLOT_INDEX[action.slot]
            held = self._entry_text(self.draft[index], action.slot)
            hint = Words("{card} goes back to your hand", {"card": held})
            return (
                (TAKE_BACK, self.prompt, ""),
                (action.slot.name, "Which card goes back to your hand?", hint),
            )
        assert isinstance(action, Place)
        index = SLOT_INDEX[action.slot]
        if index == self.current:
            return (self._card_words(action, self.prompt),)
        return (
            (ANOTHER_SLOT if self.current is not None else CHANGE_SLOT, self.prompt, ""),
            (action.slot.name, "Which slot?", self._holds(index)),
            self._card_words(action, self._card_prompt(action.slot)),
        )

    def _card_order(self, action: Place) -> tuple[int, float]:
        """Hand cards (best for the slot first), a blind card, then cards placed elsewhere."""
        if action.card == BLIND:
            return 1, 0.0
        value = self.cards[action.card].value(action.slot.category) or 0.0
        return (2 if action.card in self.placed_at else 0), (-value if action.slot.high else value)

    def _card_prompt(self, slot: Slot) -> str:
        entry = self.draft[SLOT_INDEX[slot]]
        if entry is None:
            return Words("Which card goes in {slot}?", {"slot": slot.name})
        return Words(
            "{slot} holds {entry}. Which card goes there instead?",
            {"slot": slot.name, "entry": self._entry_text(entry, slot)},
        )

    def _card_words(self, action: Place, prompt: str) -> tuple[str, str, str]:
        slot, card = action.slot, action.card
        hint: str
        if card == BLIND:
            hint = Words("Takes no trick ({count} left)", {"count": self.blinds})
            return "Blind card", prompt, self._and_back(hint, slot)
        label = self._entry_text(card, slot)
        if card in self.placed_at:
            left = SLOTS[self.placed_at[card]].name
            hint = Words("Now in {slot}; empties that slot", {"slot": left})
            return Words("{card} · placed", {"card": label}), prompt, self._and_back(hint, slot)
        found = self.cards[card]
        value = found.value(slot.category) or 0.0
        beats = round(100 * self.ranks.strength(value, slot))
        hint = Words(
            "{sea} · beats {percent}% of the deck here",
            {"sea": sea_name(found.sea), "percent": beats},
        )
        if found.borders == 1:
            hint = Words("{hint} · 1 border", {"hint": hint})
        elif found.borders:
            hint = Words("{hint} · {count} borders", {"hint": hint, "count": found.borders})
        return label, prompt, self._and_back(hint, slot)

    def _and_back(self, hint: str, slot: Slot) -> str:
        """``hint``, and what goes back to the hand when the card lands in ``slot``."""
        replaced = self.draft[SLOT_INDEX[slot]]
        if replaced == BLIND:
            return Words("{hint}; the blind card goes back", {"hint": hint})
        if replaced is not None:
            card = card_name(replaced, self.cards)
            return Words("{hint}; {card} goes back to your hand", {"hint": hint, "card": card})
        return hint

    def _holds(self, index: int) -> str:
        entry = self.draft[index]
        if entry is None:
            return "Empty"
        return Words("Holds {entry}", {"entry": self._entry_text(entry, SLOTS[index])})

    def _entry_text(self, entry: str | None, slot: Slot) -> str:
        """``Usedom · 445 km²``, ``a blind card`` or ``nothing``."""
        if entry is None:
            return "nothing"
        if entry == BLIND:
            return "a blind card"
        value = self.cards[entry].value(slot.category)
        number = Number(format_with_unit(slot.category, value))
        return Words(ENTRY, {"card": card_name(entry, self.cards), "value": number})


# ----- splitting ------------------------------------------------------------------------------
def _split_menu(state: CompetitionState, path: Path, cards: CardIndex) -> Menu | Picked[Action]:
    job = state.jobs[0]
    trick = job.cards
    choices = tuple(
        Choice(
            Words(CARD_SEA, {"card": card_name(card, cards), "sea": sea_name(cards[card].sea)}),
            _standing(state, card, cards),
        )
        for card in trick
    )
    if len(trick) == 1:
        down = len(state.seats[job.seat].face_down)
        sea = sea_name(cards[trick[0]].sea)
        choices = (
            Choice(Words("Face up on the {sea} pile", {"sea": sea}), choices[0].hint),
            Choice(
                FACE_DOWN, Words("1 point at the end; you have {count} face down", {"count": down})
            ),
        )
        question = Menu(
            Words("Where does {card} go?", {"card": card_name(trick[0], cards)}), choices
        )
    else:
        question = Menu(SPLIT_PROMPT, choices, min_picks=1, max_picks=len(trick) - 1)
    if not path:
        return question
    if len(path) > 1:
        raise bad_path()
    picks = read_picks(path[0], question)
    if len(trick) == 1:
        return Picked(Split(((trick[0], SEA if picks == (0,) else DOWN),)))
    return Picked(Split(tuple((c, SEA if i in picks else DOWN) for i, c in enumerate(trick))))


def _standing(state: CompetitionState, card: str, cards: CardIndex) -> str:
    """``Atlantic Ocean: you have 2 face up, {p1} 3`` for the sea of ``card``."""
    seat = state.jobs[0].seat
    sea = cards[card].sea
    index = SEA_INDEX[sea]
    mine = len(state.seats[seat].face_up[index])
    best, who = max(
        ((len(state.seats[o].face_up[index]), o) for o in state.active() if o != seat),
        default=(0, seat),
    )
    if not best:
        return Words(
            "{sea}: you have {count} face up, nobody else any",
            {"sea": sea_name(sea), "count": mine},
        )
    return Words(
        "{sea}: you have {count} face up, {seat} {theirs}",
        {"sea": sea_name(sea), "count": mine, "seat": seat_ref(who), "theirs": best},
    )


def _steal_prompt(by_player: bool, left: int) -> str:
    """The first question of a steal: whose pile (or which), and how many cards are left."""
    if left == 1:
        if by_player:
            return "Whose pile do you take a face-up card from? (1 card)"
        return "Which pile do you take a face-up card from? (1 card)"
    if by_player:
        return Words(
            "Whose pile do you take a face-up card from? (up to {count} cards)", {"count": left}
        )
    return Words(
        "Which pile do you take a face-up card from? (up to {count} cards)", {"count": left}
    )


# ----- stealing -------------------------------------------------------------------------------
class _Stealing:
    """Where one taker's steals sit: pile, then where the card goes."""

    def __init__(self, state: CompetitionState, seat: Seat, cards: CardIndex) -> None:
        self.state = state
        self.seat = seat
        self.cards = cards
        self.left = state.jobs[0].count
        piles = [
            pile
            for victim in state.active()
            if victim != seat
            for pile in state.seats[victim].face_up
            if pile
        ]
        self.by_player = len(piles) > MAX_PILES
        self.prompt: str = _steal_prompt(self.by_player, self.left)

    def _pile(self, action: Steal) -> tuple[str, int, tuple[str, ...]]:
        sea = self.cards[action.card].sea
        index = SEA_INDEX[sea]
        return sea, index, self.state.seats[action.victim].face_up[index]

    def route(self, action: Action) -> tuple[Order, Keys]:
        if isinstance(action, StealDone):
            return (1,), ("@done",)
        assert isinstance(action, Steal)
        sea, index, pile = self._pile(action)
        victim, card = action.victim, action.card
        keys: Keys = (f"{victim}:{sea}",)
        if card != pile[-1]:
            keys += ("@other", card)
        if self.by_player:
            keys = (f"@{victim}", *keys)
        from_top = len(pile) - 1 - pile.index(card)
        return (0, -len(pile), victim, index, from_top, action.to != SEA), (*keys, action.to)

    def words(self, action: Action) -> Said:
        if isinstance(action, StealDone):
            hint = "Leave the steals unused" if self.left > 1 else "Leave the steal unused"
            return ((DONE_STEALING, self.prompt, hint),)
        assert isinstance(action, Steal)
        sea, index, pile = self._pile(action)
        victim, card, top = action.victim, action.card, pile[-1]
        mine = len(self.state.seats[self.seat].face_up[index])
        theirs = seat_ref(victim)
        top_name, sea_words = card_name(top, self.cards), sea_name(sea)
        pile_words = (
            Words(
                "{card} from {seat}'s {sea} pile ({count})",
                {"card": top_name, "seat": theirs, "sea": sea_words, "count": len(pile)},
            ),
            "Which pile do you take from?" if self.by_player else self.prompt,
            Words(
                "{sea}: you have {count} face up, {seat} {theirs}",
                {"sea": sea_words, "count": mine, "seat": theirs, "theirs": len(pile)},
            ),
        )
        question = Words("Where does {card} go?", {"card": top_name})
        left = len(pile) - 1
        where = (
            (
                Words("Face up on my {sea} pile", {"sea": sea_words}),
                Words(
                    "{sea}: you {mine}, {seat} {theirs}",
                    {"sea": sea_words, "mine": mine + 1, "seat": theirs, "theirs": left},
                ),
            )
            if action.to == SEA
            else (
                FACE_DOWN,
                Words("1 point at the end; {seat} keeps {count}", {"seat": theirs, "count": left}),
            )
        )
        said: Said = (pile_words,)
        if card != top:
            name = card_name(card, self.cards)
            said += (
                (ANOTHER_CARD, question, "The cards of a pile score alike"),
                (name, "Which card?", ""),
            )
            question = Words("Where does {card} go?", {"card": name})
        said += ((where[0], question, where[1]),)
        if self.by_player:
            said = ((Words("{seat}'s piles", {"seat": theirs}), self.prompt, ""), *said)
        return said
