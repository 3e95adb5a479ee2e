"""Views: public information for everyone, each seat's own cards only for that seat."""

from __future__ import annotations

import json

from engine.competition import CompetitionGame
from engine.competition.actions import Place
from engine.competition.slots import SLOTS
from engine.competition.state import BLIND

from .competition_helpers import SMALL_DECK, B, one_slot, placed_state

GAME = CompetitionGame(SMALL_DECK)
REAL = CompetitionGame()


def _text(state, seat) -> str:
    return json.dumps(GAME.view(state, seat).data, sort_keys=True)


def test_a_fresh_game_shows_hands_only_to_their_owners() -> None:
    state = REAL.new(3, None, seed=8)
    state, _ = REAL.apply(state, 0, Place(state.seats[0].hand[0], SLOTS[0]))
    state, _ = REAL.apply(state, 0, Place(BLIND, SLOTS[1]))
    mine = REAL.view(state, 0).data
    assert mine["you"]["hand"] == [f"card:{c}" for c in state.seats[0].hand]
    assert mine["you"]["placement"]["area-high"] == f"card:{state.seats[0].draft[0]}"
    assert mine["you"]["placement"]["area-low"] == BLIND
    assert mine["you"]["blinds"] == 1
    assert mine["players"][0]["placed"] == 2 and mine["players"][0]["hand"] == 10  # 9 + a blind
    assert mine["phase"] == "place" and mine["round"] == 1 and mine["rounds"] == 4
    assert mine["draw_pile"] == 98 and mine["to_move"] == [0, 1, 2]
    spectator = json.dumps(REAL.view(state, None).data)
    other = json.dumps(REAL.view(state, 1).data)
    for token in REAL.secrets(state, 0):
        assert token not in spectator and token not in other
    assert REAL.view(state, None).data["you"] is None
    assert "rng" not in spectator and state.draw_pile[0] not in spectator


def _placed(card_first: bool) -> object:
    """Seat 0 with an island in area-high and a blind in peak-low, or the other way round."""
    state = REAL.new(3, None, seed=8)
    island = state.seats[0].hand[0]
    first, second = (island, BLIND) if card_first else (BLIND, island)
    state, _ = REAL.apply(state, 0, Place(first, SLOTS[0]))
    state, _ = REAL.apply(state, 0, Place(second, SLOTS[3]))
    return state


def test_everyone_sees_which_slots_are_filled_never_which_hold_blinds() -> None:
    # "The players put their blind cards (also face down and without letting the others
    # know) in these places so no free spaces remain."
    one, other = _placed(True), _placed(False)
    for seat in (None, 1, 2):
        data = REAL.view(one, seat).data
        assert data["players"][0]["filled"] == ["area-high", "peak-low"]
        assert data["players"][1]["filled"] == []
        assert REAL.view(other, seat) == REAL.view(one, seat)
        assert REAL.ai_knowledge(other, 1) == REAL.ai_knowledge(one, 1)
    place_island = Place(one.seats[0].hand[0], SLOTS[5])
    place_blind = Place(BLIND, SLOTS[5])
    assert REAL.disclosure(one, 0, place_island) == REAL.disclosure(one, 0, place_blind)
    assert REAL.disclosure(one, 0, place_blind) != REAL.disclosure(one, 0, Place(BLIND, SLOTS[6]))


def test_a_computer_guesses_where_anothers_blinds_lie_from_filled_slots_and_hand() -> None:
    known = REAL.ai_knowledge(_placed(True), 1)
    theirs = known.seats[0]
    assert [i for i, entry in enumerate(theirs.draft) if entry is not None] == [0, 3]
    assert (
        theirs.blinds + theirs.draft.count(BLIND) == REAL.view(known, 1).data["hand_size"]["blinds"]
    )
    assert len(theirs.hand) + theirs.blinds + 2 == 12


def test_revealed_slots_takers_and_pending_work_are_public() -> None:
    drafts = [one_slot(c) for c in ("mallorca", "madagascar", "cuba", "usedom")]
    state, _ = GAME.apply_text(placed_state(GAME, drafts), None, "REVEAL")
    data = GAME.view(state, None).data
    shown = data["revealed"][0]
    assert shown["slot"] == "area-high" and shown["takers"] == [1]
    assert shown["plays"][1] == {"seat": 1, "card": "card:madagascar", "value": 587_295}
    assert data["pending"] == [
        {
            "kind": "split",
            "seat": 1,
            "cards": ["card:mallorca", "card:madagascar", "card:cuba", "card:usedom"],
        },
        {"kind": "steal", "seat": 1, "remaining": 1},
    ]
    assert data["phase"] == "split" and data["next_slot"] == "area-low"


def test_face_down_piles_show_only_their_count_to_others() -> None:
    state = placed_state(
        GAME, [[B] * 12, [B] * 12], face_up=[["cuba"], []], face_down=[["sylt", "timor"], []]
    )
    assert GAME.secrets(state, 0) == {"card:sylt", "card:timor"}
    public = GAME.view(state, 1).data["players"][0]
    assert public["face_down"] == 2
    assert public["face_up"]["caribbean"] == ["card:cuba"]
    assert public["face_up_counts"]["caribbean"] == 1
    assert "card:sylt" not in _text(state, 1) and "card:sylt" not in _text(state, None)
    assert GAME.view(state, 0).data["you"]["face_down"] == ["card:sylt", "card:timor"]


def test_cards_put_face_down_this_round_were_seen_at_the_reveal() -> None:
    drafts = [one_slot(c) for c in ("mallorca", "madagascar")]
    state, _ = GAME.apply_text(placed_state(GAME, drafts), None, "REVEAL")
    state, _ = GAME.apply_text(state, 1, "SPLIT mallorca=sea madagascar=down")
    assert state.seats[1].face_down == ("madagascar",)
    assert "card:madagascar" not in GAME.secrets(state, 1)


def test_removed_cards_are_public() -> None:
    drafts = [one_slot(c, 4) for c in ("cuba", "mallorca", "jamaica")]
    state = placed_state(GAME, drafts)
    for _ in range(5):
        state, _ = GAME.apply_text(state, None, "REVEAL")
    assert GAME.view(state, None).data["removed"] == ["card:mallorca"]


def test_real_card_tokens_are_never_part_of_one_another() -> None:
    tokens = [f"card:{card}" for card in REAL.cards]
    assert not [(a, b) for a in tokens for b in tokens if a != b and a in b]
