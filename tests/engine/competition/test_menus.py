"""Island competition's menus: every legal action once, a hand in 13 taps, words players use."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest

from engine.competition import GAME, SLOTS, Sea, card_by_id, format_with_unit
from engine.competition.actions import DOWN, SEA, Confirm, Place, Reveal, Split, Steal, Unplace
from engine.competition.deck import load_deck
from engine.competition.state import (
    EMPTY_PILES,
    PLACE,
    SPLIT,
    STEAL,
    CompetitionState,
    Job,
    SeatState,
    with_pile_card,
)
from engine.core import IllegalAction, Rng
from engine.core.menus import MAX_CHOICES, MAX_HINT, MAX_LABEL, Menu, Picked, walk_all

SEEDS = (3, 17)


def _menu(state: CompetitionState, seat: int, *path: str) -> Menu:
    answer = GAME.menu(state, seat, path)
    assert isinstance(answer, Menu)
    return answer


def _picked(state: CompetitionState, seat: int, *path: str):
    answer = GAME.menu(state, seat, path)
    assert isinstance(answer, Picked)
    return answer.action


def _labels(menu: Menu) -> list[str]:
    return [choice.label for choice in menu.choices]


def _playout_states(players: int, seed: int) -> Iterator[CompetitionState]:
    """Every state of a game played by the normal computer player."""
    rnd = random.Random(seed)
    state = GAME.new(players, None, seed)
    while not GAME.is_over(state):
        yield state
        seat = min(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.choose_ai_action(state, seat, rnd, "normal"))


@cache
def _sample() -> dict[str, CompetitionState]:
    """A state of every kind, from two games (3 and 5 players): placing (an empty, a part
    filled, an almost full and a full draft), revealing, splitting one card and several, and
    stealing (the last steal of each game, when the piles are largest)."""
    kinds: dict[str, CompetitionState] = {}
    for players, seed in ((3, SEEDS[0]), (5, SEEDS[1])):
        for state in _playout_states(players, seed):
            placed = state.seats[0].placed_count()
            if state.phase == PLACE and placed in PLACED:
                kinds.setdefault(f"place-{placed}", state)
            elif state.phase == SPLIT:
                kinds.setdefault(f"split-{min(len(state.jobs[0].cards), 2)}", state)
            elif state.phase != PLACE:
                kinds[f"{state.phase}-{players}p" if state.phase == STEAL else state.phase] = state
    kinds["steal-crowded"] = _crowded_steal()
    return kinds


PLACED = (0, 5, 11, 12)
KINDS = (
    *(f"place-{n}" for n in PLACED),
    "reveal",
    "split-1",
    "split-2",
    "steal-3p",
    "steal-5p",
    "steal-crowded",
)


def _crowded_steal() -> CompetitionState:
    """Seat 0 steals two cards; the four others each show a card on every sea (36 piles)."""
    deck = load_deck()
    by_sea = {sea: [card.id for card in deck if card.sea == sea] for sea in Sea}
    seats = [SeatState()]
    for other in range(4):
        piles = EMPTY_PILES
        for sea in Sea:
            picks = by_sea[sea][other * 2 : other * 2 + 2] if sea != Sea.ANTARCTIC else []
            picks = picks or by_sea[sea][other : other + 1]
            for card in picks:
                piles = with_pile_card(piles, sea, card)
        seats.append(SeatState(face_up=piles))
    used = {card for seat in seats for card in seat.face_up_cards()}
    return CompetitionState(
        num_players=5,
        variant="standard",
        rounds=3,
        islands_per_hand=8,
        blinds_per_hand=4,
        rng=Rng(0),
        round=1,
        draw_pile=tuple(card.id for card in deck if card.id not in used),
        seats=tuple(seats),
        next_slot=1,
        jobs=(Job(STEAL, 0, count=2),),
    )


def _walk(state: CompetitionState, seat: int) -> list[str]:
    picked = []
    for _path, answer in walk_all(lambda path: GAME.menu(state, seat, path)):
        if isinstance(answer, Picked):
            picked.append(GAME.format(answer.action))
        else:
            assert 0 < len(answer.choices) <= MAX_CHOICES
            assert answer.prompt.strip()
            for choice in answer.choices:
                assert choice.label.strip() and len(choice.label) <= MAX_LABEL
                assert len(choice.hint) <= MAX_HINT
    return picked


@pytest.mark.parametrize("kind", KINDS)
def test_walking_every_menu_yields_each_legal_action_once(kind: str) -> None:
    state = _sample()[kind]
    for seat in sorted(GAME.to_move(state)):
        legal = sorted(GAME.format(a) for a in GAME.legal_actions(state, seat))
        assert sorted(_walk(state, seat)) == legal


def test_the_sample_holds_every_kind_of_state() -> None:
    assert sorted(_sample()) == sorted(KINDS)


@pytest.mark.parametrize("seed", range(6))
def test_a_hand_is_placed_in_13_taps_each_filling_the_slot_it_names(seed: int) -> None:
    players = 2 + seed % 4
    state = GAME.new(players, None, seed)
    taps = 0
    while True:
        top = _menu(state, 0)
        card_by_card = "1" if _labels(top)[0].startswith("Place the rest") else "0"
        action = _picked(state, 0, card_by_card)
        taps += 1
        if isinstance(action, Confirm):
            break
        assert isinstance(action, Place)
        assert top.prompt.startswith(f"Which card goes in {action.slot.name}?")
        assert action.card in (*state.seats[0].hand, "blind")  # from the hand: no surprise
        before = state.seats[0].placed_count()
        state, _ = GAME.apply(state, 0, action)
        assert state.seats[0].placed_count() == before + 1
    assert taps == len(SLOTS) + 1
    assert top.choices[0].label == "Confirm my placement"


def test_slots_are_named_in_players_words() -> None:
    assert [slot.name for slot in SLOTS[:4]] == [
        "Area: largest",
        "Area: smallest",
        "Peak: highest",
        "Peak: lowest",
    ]
    assert SLOTS[5].name == "Temperature: coldest"
    state = GAME.new(3, None, 4)
    other = _menu(state, 0, str(_labels(_menu(state, 0)).index("Another slot")))
    assert other.prompt == "Which slot?"
    assert _labels(other)[0] == "Area: smallest"
    assert [c.hint for c in other.choices] == ["Empty"] * 11


def _card_by_card(state: CompetitionState) -> CompetitionState:
    """The state after seat 0 placed the card its first menu asks for (not the suggestion)."""
    first = "1" if _labels(_menu(state, 0))[0].startswith("Place the rest") else "0"
    return GAME.apply(state, 0, _picked(state, 0, first))[0]


def _two_placed(seed: int = 4) -> CompetitionState:
    state = GAME.new(3, None, seed)
    for _ in range(2):
        state = _card_by_card(state)
    return state


def test_cards_best_for_the_slot_come_first_and_placed_ones_last_and_marked() -> None:
    state = _two_placed()
    top = _menu(state, 0)
    assert top.prompt.startswith("Which card goes in Peak: highest? (2 of 12 placed)\n")
    labels = _labels(top)[1:]  # after the suggestion
    hand = [card_by_id(card) for card in state.seats[0].hand]
    assert labels[: len(hand)] == [
        f"{card.name_en} · {card.peak_m:,} m" for card in sorted(hand, key=lambda c: -c.peak_m)
    ]
    assert labels[len(hand)] == "Blind card"
    best = max(hand, key=lambda c: c.peak_m)
    assert top.choices[1].hint.startswith(f"{best.sea.display_name} · beats ")
    beats = [int(c.hint.split("beats ")[1].split("%")[0]) for c in top.choices[1 : len(hand) + 1]]
    assert beats == sorted(beats, reverse=True)
    placed = [c for c in top.choices if c.label.endswith("· placed")]
    assert len(placed) == 2 and labels.index(placed[0].label) == len(hand) + 1
    assert placed[0].hint.startswith("Now in Area: ") and "empties that slot" in placed[0].hint
    assert labels[-2:] == ["Another slot", "Take a card back"]


def test_a_card_placed_over_another_says_the_other_goes_back_to_the_hand() -> None:
    state = _two_placed()
    labels = _labels(_menu(state, 0))
    slots = _menu(state, 0, str(labels.index("Another slot")))
    filled = _labels(slots).index("Area: largest")
    assert _labels(slots)[-2:] == ["Area: largest", "Area: smallest"]  # empty slots first
    cards = _menu(state, 0, str(labels.index("Another slot")), str(filled))
    held = card_by_id(state.seats[0].draft[0]).name_en
    assert cards.prompt.startswith(f"Area: largest holds {held}")
    assert all(f"{held} goes back to your hand" in c.hint for c in cards.choices)


def test_a_card_can_be_taken_back() -> None:
    state = _two_placed()
    labels = _labels(_menu(state, 0))
    back = _menu(state, 0, str(labels.index("Take a card back")))
    assert back.prompt == "Which card goes back to your hand?"
    assert _labels(back) == ["Area: largest", "Area: smallest"]
    assert _picked(state, 0, str(labels.index("Take a card back")), "1") == Unplace(SLOTS[1])


def test_confirm_comes_first_once_every_slot_is_filled() -> None:
    state = GAME.new(2, None, 9)
    for _ in SLOTS:
        state = _card_by_card(state)
    top = _menu(state, 0)
    assert top.prompt == "All 12 slots are filled. Confirm your placement?"
    assert _labels(top) == ["Confirm my placement", "Change a slot", "Take a card back"]


def _split_state(cards: tuple[str, ...]) -> CompetitionState:
    state = GAME.new(3, None, 1)
    return CompetitionState(
        **{
            **{f: getattr(state, f) for f in state.__dataclass_fields__},
            "draw_pile": tuple(c for c in state.draw_pile if c not in cards),
            "jobs": (Job(SPLIT, 1, cards),),
        }
    )


def test_a_split_is_one_multi_pick_menu_bounded_by_the_rule() -> None:
    trick = tuple(
        card
        for card in GAME.new(3, None, 1).draw_pile
        if card_by_id(card).sea in (Sea.ATLANTIC, Sea.PACIFIC)
    )[:3]
    state = _split_state(trick)
    split = _menu(state, 1)
    assert split.prompt.startswith("Which cards go face up on their sea piles?")
    assert (split.min_picks, split.max_picks) == (1, 2)
    name, sea = card_by_id(trick[0]).name_en, card_by_id(trick[0]).sea.display_name
    assert split.choices[0].label == f"{name} ({sea})"
    assert split.choices[0].hint.startswith(f"{sea}: you have 0 face up")
    assert _picked(state, 1, "0+2") == Split(((trick[0], SEA), (trick[1], DOWN), (trick[2], SEA)))
    for refused in (("0+1+2",), ("",), ("3",), ("0+0",), ("0", "1")):  # all up, none up, ...
        with pytest.raises(IllegalAction):
            GAME.menu(state, 1, refused)


def test_a_one_card_trick_asks_face_up_or_face_down() -> None:
    card = GAME.new(3, None, 1).draw_pile[0]
    state = _split_state((card,))
    question = _menu(state, 1)
    sea = card_by_id(card).sea.display_name
    assert question.prompt == f"Where does {card_by_id(card).name_en} go?"
    assert _labels(question) == [f"Face up on the {sea} pile", "Face down"]
    assert _picked(state, 1, "0") == Split(((card, SEA),))
    assert _picked(state, 1, "1") == Split(((card, DOWN),))


def test_a_steal_takes_two_taps_pile_then_where() -> None:
    state = _crowded_steal()
    whose = _menu(state, 0)
    assert whose.prompt == "Whose pile do you take a face-up card from? (up to 2 cards)"
    players = [f"{{p{seat}}}'s piles" for seat in range(1, 5)]
    assert _labels(whose) == [*players, "Done stealing"]
    piles = _menu(state, 0, "0")
    pile = state.seats[1].face_up[0]
    top = card_by_id(pile[-1])
    assert piles.choices[0].label == f"{top.name_en} from {{p1}}'s North & Baltic Sea pile (2)"
    where = _menu(state, 0, "0", "0")
    assert _labels(where) == [
        "Face up on my North & Baltic Sea pile",
        "Face down",
        "Another card of this pile",
    ]
    assert _picked(state, 0, "0", "0", "0") == Steal(top.id, 1, SEA)
    assert _picked(state, 0, "0", "0", "1") == Steal(top.id, 1, DOWN)
    assert _picked(state, 0, "0", "0", "2", "1") == Steal(pile[0], 1, DOWN)


def test_reveal_is_one_choice_naming_the_slot() -> None:
    state = next(s for s in _playout_states(3, SEEDS[0]) if s.phase == "reveal")
    for seat in GAME.to_move(state):
        menu = _menu(state, seat)
        assert _labels(menu) == [f"Reveal {SLOTS[state.next_slot].name}"]
        assert _picked(state, seat, "0") == Reveal()


def test_nothing_is_offered_to_a_seat_that_waits() -> None:
    state = _crowded_steal()
    with pytest.raises(IllegalAction):
        GAME.menu(state, 1, ())


def test_a_choice_that_acts_at_once_says_what_it_does() -> None:
    state = _card_by_card(GAME.new(3, None, 4))
    top = _menu(state, 0)
    back = top.choices[_labels(top).index("Take a card back")]
    held = card_by_id(state.seats[0].draft[0])
    area = format_with_unit("area", held.area_km2)
    assert back.hint == f"{held.name_en} · {area} goes back to your hand"
    assert _picked(state, 0, str(_labels(top).index("Take a card back"))) == Unplace(SLOTS[0])
