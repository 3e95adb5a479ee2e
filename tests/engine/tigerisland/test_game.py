"""The turn cycle, the ways a game ends (rulings 8, 9, 11), resigning, views and positions."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.core import EndReason, IllegalAction, Outcome, Resign
from engine.core.errors import GAME_OVER
from engine.tigerisland import (
    GAME,
    Phase,
    position_from_data,
    position_to_data,
)
from engine.tigerisland.geometry import FULL_DECK, from_cube

from .tiger_helpers import cell, make

FLAT = [cell((x, -x, 0), "JUNGLE", 1, tile=x + 1) for x in range(8)]
VIEW_KEYS = {
    "players",
    "active",
    "phase",
    "tile_in_hand",
    "tiles_left",
    "scores",
    "villagers_left",
    "totoros_left",
    "hexes",
    "last_turn",
    "outcome",
}


def v(x: int) -> dict:
    return {(x, -x, 0): (0, "villager", 1)}


# ----- setup --------------------------------------------------------------------------------
def test_a_new_game_shuffles_48_tiles_and_draws_the_first() -> None:
    state = GAME.new(2, None, seed=11)
    assert Counter((state.hand, *state.deck)) == Counter(FULL_DECK)
    assert len(state.deck) == 47
    assert state.phase is Phase.PLACE
    assert (state.villagers_left, state.totoros_left, state.scores) == ((20, 20), (3, 3), (0, 0))
    assert GAME.new(2, None, seed=11) == state
    assert GAME.new(2, None, seed=12).deck != state.deck


@pytest.mark.parametrize("first", [0, 1])
def test_players_may_choose_who_moves_first(first: int) -> None:
    state = GAME.new(2, {"first_player": first}, seed=3)
    assert GAME.to_move(state) == frozenset({first})


def test_who_moves_first_is_drawn_from_the_seed_by_default() -> None:
    firsts = {GAME.new(2, None, seed=s).active for s in range(30)}
    assert firsts == {0, 1}
    assert GAME.new(2, {"first_player": -1}, seed=8) == GAME.new(2, None, seed=8)
    with pytest.raises(IllegalAction) as err:
        GAME.new(2, {"first_player": 2}, seed=8)
    assert err.value.code == "bad_option"


def test_a_turn_is_a_placement_then_a_build_then_the_other_player_draws() -> None:
    state = GAME.new(2, {"first_player": 1}, seed=4)
    hand, next_tile = state.hand, state.deck[0]
    state, _ = GAME.apply_text(state, 1, f"PLACE {hand} AT 0 0 0 1")
    assert (state.phase, state.active, state.hand) == (Phase.BUILD, 1, None)
    state, events = GAME.apply_text(state, 1, "FOUND SETTLEMENT AT 0 1 -1")
    assert (state.phase, state.active, state.hand) == (Phase.PLACE, 0, next_tile)
    assert len(state.deck) == 46
    assert [e.kind for e in events] == ["build", "draw"]
    assert state.last_turn.seat == 1
    assert state.last_turn.built == (from_cube(0, 1, -1),)


def test_a_refused_command_changes_nothing_and_the_player_tries_again() -> None:
    state = GAME.new(2, {"first_player": 0}, seed=9)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, 0, f"PLACE {state.hand} AT 2 -2 0 1")
    assert err.value.code == "first_tile_at_centre"
    assert GAME.to_move(state) == frozenset({0})
    new, _ = GAME.apply_text(state, 0, f"PLACE {state.hand} AT 0 0 0 1")
    assert new.phase is Phase.BUILD


# ----- ruling 8: no build, no game ------------------------------------------------------------
def test_a_player_who_cannot_build_after_placing_loses_at_once() -> None:
    state = make(FLAT, v(0), phase="place", villagers_left=(0, 20), scores=(50, 1))
    new, events = GAME.apply_text(state, 0, "PLACE JUNGLE+LAKE AT 0 1 -1 2")
    outcome = GAME.outcome(new)
    assert outcome.winners == (1,)
    assert outcome.scores == (50, 1)
    assert "cannot build" in outcome.reason
    assert outcome.code == EndReason("cannot_build")
    assert new.phase is Phase.OVER
    assert GAME.to_move(new) == frozenset()
    assert events[-1].kind == "end"
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(new, 0, "FOUND SETTLEMENT AT 1 -1 0")
    assert err.value.code == GAME_OVER


# ----- ruling 9: the end and the ranking ------------------------------------------------------
def test_the_game_ends_after_the_turn_in_which_a_player_places_her_last_piece() -> None:
    totoros = {(x, -x - 1, 1): (0, "totoro", 1) for x in range(3)}
    state = make(
        FLAT + [cell((x, -x - 1, 1), "LAKE", 1, tile=9) for x in range(3)],
        {**v(0), **totoros},
        villagers_left=(1, 20),
        totoros_left=(0, 3),
        scores=(3, 9),
    )
    new, _ = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 5 -5 0")
    outcome = GAME.outcome(new)
    assert outcome.scores == (4, 9)
    assert outcome.winners == (1,)
    assert "last piece" in outcome.reason
    assert outcome.code == EndReason("last_piece")


def test_the_game_goes_on_while_the_active_player_has_a_piece_left() -> None:
    state = make(FLAT, v(0), villagers_left=(1, 20))
    new, _ = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 5 -5 0")
    assert GAME.outcome(new) is None
    assert new.active == 1


def test_the_game_ends_when_the_tiles_run_out() -> None:
    state = make(FLAT, v(0), villagers_left=(19, 20), deck=[], scores=(10, 3))
    new, _ = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 5 -5 0")
    outcome = GAME.outcome(new)
    assert outcome.scores == (11, 3)
    assert outcome.winners == (0,)
    assert "tiles ran out" in outcome.reason
    assert outcome.code == EndReason("tiles_out")


@pytest.mark.parametrize(
    ("scores", "totoros_left", "villagers_left", "winners", "phrase"),
    [
        ((8, 10), (3, 3), (10, 10), (1,), "wins."),
        ((9, 10), (2, 3), (10, 10), (0,), "on totoros placed"),
        ((9, 10), (3, 2), (10, 10), (1,), "on totoros placed"),
        ((9, 10), (3, 3), (10, 10), (0,), "on villagers placed"),
        ((9, 10), (3, 3), (12, 10), (1,), "on villagers placed"),
        ((9, 10), (3, 3), (11, 10), (0, 1), "draw"),
    ],
)
def test_ties_go_to_totoros_then_villagers_placed_else_a_draw(
    scores, totoros_left, villagers_left, winners, phrase
) -> None:
    # Seat 0 founds (+1 point, one villager) and the empty deck ends the game.
    pieces = {}
    for seat in (0, 1):
        for k in range(3 - totoros_left[seat]):
            pieces[(k, -k - 2 - seat, 2 + seat)] = (seat, "totoro", 1)
    rows = [cell((k, -k - z, z), "ROCK", 2, tile=9) for z in (2, 3) for k in range(3)]
    state = make(
        FLAT + rows,
        pieces,
        deck=[],
        scores=scores,
        totoros_left=totoros_left,
        villagers_left=villagers_left,
    )
    new, _ = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 0 0 0")
    outcome = GAME.outcome(new)
    assert outcome.winners == winners
    assert phrase in outcome.reason


# ----- RESIGN -------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_resigning_hands_the_win_to_the_opponent(seat: int) -> None:
    state = make(FLAT, v(0), villagers_left=(19, 20), scores=(40, 2))
    new, _ = GAME.apply(state, seat, Resign())
    outcome = GAME.outcome(new)
    assert outcome.winners == (1 - seat,)
    assert outcome.scores == (40, 2)
    assert "resigned" in outcome.reason
    assert outcome.code == EndReason.RESIGNED
    assert GAME.audit(new) == []


# ----- views and positions ------------------------------------------------------------------
def test_the_view_has_exactly_the_published_schema() -> None:
    state = GAME.new(2, {"first_player": 0}, seed=2)
    state, _ = GAME.apply_text(state, 0, f"PLACE {state.hand} AT 0 0 0 1")
    state, _ = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 0 1 -1")
    view = GAME.view(state, 1)
    data = json.loads(json.dumps(view.data))
    assert (view.game, view.seat) == ("tigerisland", 1)
    assert set(data) == VIEW_KEYS
    assert data["players"] == 2
    assert data["active"] == 1
    assert data["phase"] == "place"
    assert data["tile_in_hand"] == str(state.hand)
    assert data["tiles_left"] == 46
    assert data["scores"] == [1, 0]
    assert data["villagers_left"] == [19, 20]
    assert data["totoros_left"] == [3, 3]
    assert data["hexes"][0] == {
        "x": 0,
        "y": 0,
        "z": 0,
        "terrain": "VOLCANO",
        "level": 1,
        "tile": 1,
        "piece": None,
    }
    settled = next(h for h in data["hexes"] if h["piece"])
    assert (settled["x"], settled["y"], settled["z"]) == (0, 1, -1)
    assert settled["piece"] == {"seat": 0, "kind": "villager", "count": 1}
    assert data["hexes"] == sorted(data["hexes"], key=lambda h: (h["x"], h["y"], h["z"]))
    assert data["last_turn"] == {
        "seat": 0,
        "placed": [[0, 0, 0], [0, 1, -1], [1, 0, -1]],
        "built": [[0, 1, -1]],
    }
    assert data["outcome"] is None


def test_the_view_shows_the_turn_in_progress() -> None:
    state = GAME.new(2, {"first_player": 0}, seed=2)
    state, _ = GAME.apply_text(state, 0, f"PLACE {state.hand} AT 0 0 0 4")
    data = GAME.view(state, 0).data
    assert (data["phase"], data["active"], data["tile_in_hand"]) == ("build", 0, None)
    assert data["last_turn"] == {
        "seat": 0,
        "placed": [[0, 0, 0], [0, -1, 1], [-1, 0, 1]],
        "built": [],
    }


def test_views_hide_the_deck_order_and_the_random_state() -> None:
    state = GAME.new(2, None, seed=2)
    text = json.dumps(GAME.view(state, None).data)
    assert "deck" not in text and "rng" not in text
    assert str(state.deck[0]) not in text.replace(str(state.hand), "")


def test_the_view_of_a_finished_game() -> None:
    state = make(FLAT, v(0), villagers_left=(19, 20), deck=[], scores=(1, 0))
    new, _ = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 5 -5 0")
    data = GAME.view(new, None).data
    assert (data["active"], data["phase"], data["tile_in_hand"]) == (None, "over", None)
    assert data["outcome"] == {
        "scores": [2, 0],
        "winners": [0],
        "reason": "The tiles ran out. {p0} wins.",
        "code": "tiles_out",
        "reason_words": {
            "template": "{cause} {who} wins.",
            "params": {"cause": {"template": "The tiles ran out.", "params": {}}, "who": "{p0}"},
        },
    }
    assert Outcome.from_json(data["outcome"]).reason.template == "{cause} {who} wins."


def test_positions_round_trip_through_plain_data() -> None:
    state = make(FLAT, v(0), villagers_left=(19, 20), scores=(1, 0))
    data = json.loads(json.dumps(position_to_data(state)))
    assert position_from_data(data) == state
    assert data["villagers_removed"] == [0, 0]
    assert data["tile_in_hand"] is None


def test_the_audit_catches_lost_pieces_and_tiles() -> None:
    data = position_to_data(make(FLAT, v(0), villagers_left=(19, 20)))
    data["villagers_left"] = [20, 20]
    assert GAME.audit(position_from_data(data)) == ["{p0} has 21 villagers in all"]
    data = position_to_data(make(FLAT, v(0), villagers_left=(19, 20)))
    data["deck"] = [*data["deck"], "LAKE+LAKE"]
    assert GAME.audit(position_from_data(data)) == [
        "the tiles placed, in hand and in the deck are not the 48 tiles"
    ]


def test_describe_action_with_the_state_adds_the_points() -> None:
    state = make([FLAT[0], cell((1, -1, 0), "GRASS", 2, tile=2)], v(0), villagers_left=(19, 20))
    expand = GAME.parse("EXPAND SETTLEMENT AT 0 0 0 GRASS")
    assert GAME.describe_action(expand, state) == (
        "expands the settlement at 0 0 0 into Grass (+4)"
    )
    found = GAME.parse("FOUND SETTLEMENT AT 0 0 0")
    assert GAME.describe_action(found) == "founds a settlement at 0 0 0"


def test_described_moves_carry_their_consequences() -> None:
    state = GAME.new(2, {"first_player": 0}, 4)
    first = GAME.legal_actions(state, 0)[0]
    assert "⚠" not in GAME.describe_action(first, state)
    state, _ = GAME.apply(state, 0, first)
    build = GAME.legal_actions(state, 0)[0]
    assert GAME.describe_action(build, state).endswith("(+1)")
    broke = position_to_data(GAME.new(2, {"first_player": 0}, 4))
    broke["villagers_left"], broke["totoros_left"] = [0, 20], [0, 3]
    broke = position_from_data(broke)
    place = GAME.legal_actions(broke, 0)[0]
    assert GAME.describe_action(place, broke).endswith("⚠ leaves you no build: you would lose")
