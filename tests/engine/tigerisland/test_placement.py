"""Tile placement: the first tile, table placements, and eruptions (rulings 1 to 3)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.core.errors import WRONG_PHASE
from engine.tigerisland import GAME, Phase, PlaceTile, placement_leaves_build
from engine.tigerisland.geometry import footprint, from_cube

from .tiger_helpers import at, dump, hexes_of, make, settlement_sizes, tile

# Tile 1: volcano 0 0 0, JUNGLE at 0 1 -1, LAKE at 1 0 -1.
# Tile 2: volcano 1 -2 1, GRASS at 1 -1 0, ROCK at 2 -2 0.
# Tile 3: volcano 2 0 -2, GRASS at 3 -1 -2, JUNGLE at 2 -1 -1.
TILE_1 = tile(1, (0, 0, 0), 1, "JUNGLE+LAKE")
TILE_2 = tile(2, (1, -2, 1), 1, "GRASS+ROCK")
TILE_3 = tile(3, (2, 0, -2), 3, "GRASS+JUNGLE")
BASE = TILE_1 + TILE_2 + TILE_3
# Volcano on tile 1's volcano, covering LAKE 1 0 -1 (tile 1) and GRASS 1 -1 0 (tile 2).
ERUPTION = "PLACE JUNGLE+LAKE AT 0 0 0 2"


def refused(state, text: str, code: str, seat: int = 0) -> IllegalAction:
    before = dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert err.value.code == code
    assert dump(state) == before
    return err.value


def test_the_layout_is_what_the_comments_say() -> None:
    assert hexes_of((0, 0, 0), 1) == [(0, 0, 0), (0, 1, -1), (1, 0, -1)]
    assert hexes_of((1, -2, 1), 1) == [(1, -2, 1), (1, -1, 0), (2, -2, 0)]
    assert hexes_of((2, 0, -2), 3) == [(2, 0, -2), (3, -1, -2), (2, -1, -1)]
    assert hexes_of((0, 0, 0), 2) == [(0, 0, 0), (1, 0, -1), (1, -1, 0)]


def test_orientation_one_puts_a_north_west_and_b_north_east() -> None:
    v = from_cube(3, -1, -2)
    assert footprint(v, 1) == (v, from_cube(3, 0, -3), from_cube(4, -1, -3))
    assert footprint(v, 6) == (v, from_cube(2, 0, -2), from_cube(3, 0, -3))


# ----- ruling 1: the first tile -------------------------------------------------------------
def test_first_tile_goes_at_the_centre_in_any_orientation() -> None:
    state = GAME.new(2, {"first_player": 0}, seed=5)
    actions = GAME.legal_actions(state, 0)
    assert {(a.volcano, a.orientation) for a in actions} == {
        (from_cube(0, 0, 0), o) for o in range(1, 7)
    }
    new, _ = GAME.apply(state, 0, actions[3])
    assert new.phase is Phase.BUILD
    assert at(new, (0, 0, 0)).terrain.value == "VOLCANO"


def test_first_tile_elsewhere_is_refused() -> None:
    state = GAME.new(2, {"first_player": 0}, seed=5)
    err = refused(state, f"PLACE {state.hand} AT 1 -1 0 1", "first_tile_at_centre")
    assert "0 0 0" in err.message


def test_only_the_tile_in_hand_may_be_placed() -> None:
    state = make(BASE, phase="place", hand="ROCK+LAKE")
    err = refused(state, "PLACE JUNGLE+LAKE AT -1 1 0 5", "wrong_tile")
    assert "Rock + Lake" in err.message


def test_an_orientation_outside_one_to_six_is_refused() -> None:
    state = make(BASE, phase="place")
    before = dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, PlaceTile(state.hand, from_cube(-1, 1, 0), 7))
    assert err.value.code == "bad_orientation"
    assert dump(state) == before


def test_building_before_placing_is_refused() -> None:
    state = make(BASE, phase="place")
    refused(state, "FOUND SETTLEMENT AT 0 1 -1", WRONG_PHASE)


def test_placing_twice_in_a_turn_is_refused() -> None:
    state = make(BASE, phase="build")
    refused(state, "PLACE JUNGLE+LAKE AT -1 1 0 5", WRONG_PHASE)


# ----- ruling 2: on the table ---------------------------------------------------------------
def test_a_table_tile_touching_the_island_is_legal() -> None:
    state = make(BASE, phase="place")
    new, _ = GAME.apply_text(state, 0, "PLACE JUNGLE+LAKE AT -1 1 0 5")
    for xyz, terrain in zip(hexes_of((-1, 1, 0), 5), ("VOLCANO", "JUNGLE", "LAKE"), strict=True):
        assert (at(new, xyz).terrain.value, at(new, xyz).level) == (terrain, 1)
        assert at(new, xyz).tile == new.next_tile_id - 1
    assert new.last_turn.placed == footprint(from_cube(-1, 1, 0), 5)


def test_a_table_tile_away_from_the_island_is_refused() -> None:
    state = make(BASE, phase="place")
    refused(state, "PLACE JUNGLE+LAKE AT -3 3 0 5", "not_touching")


def test_a_tile_partly_on_the_table_and_partly_on_tiles_is_refused() -> None:
    state = make(BASE, phase="place")
    refused(state, "PLACE JUNGLE+LAKE AT -1 1 0 1", "mixed_placement")


# ----- ruling 3: on top (eruptions) ---------------------------------------------------------
def test_an_eruption_raises_the_hexes_and_takes_the_new_terrain() -> None:
    state = make(BASE, phase="place", hand="ROCK+ROCK", deck=["LAKE+LAKE"])
    new, events = GAME.apply_text(state, 0, "PLACE ROCK+ROCK AT 0 0 0 2")
    tile_id = new.next_tile_id - 1
    for xyz, terrain in zip(hexes_of((0, 0, 0), 2), ("VOLCANO", "ROCK", "ROCK"), strict=True):
        assert (at(new, xyz).terrain.value, at(new, xyz).level, at(new, xyz).tile) == (
            terrain,
            2,
            tile_id,
        )
    assert at(new, (0, 1, -1)).level == 1
    assert [e.kind for e in events] == ["place"]


def test_an_eruption_may_put_its_volcano_on_either_covered_volcano() -> None:
    state = make(BASE, phase="place")
    legal = set(GAME.legal_actions(state, 0))
    kind = state.hand
    assert PlaceTile(kind, from_cube(0, 0, 0), 2) in legal
    assert PlaceTile(kind, from_cube(1, -2, 1), 5) not in legal  # covers GRASS only (tile 2)
    GAME.apply_text(state, 0, ERUPTION)


def test_a_tile_over_two_volcanoes_may_take_either_one_and_bury_the_other() -> None:
    # Tile 1 and a tile whose volcano sits at 1 -1 0, next to tile 1's volcano.
    state = make(TILE_1 + tile(2, (1, -1, 0), 3, "ROCK+ROCK"), phase="place")
    legal = set(GAME.legal_actions(state, 0))
    both = [
        PlaceTile(state.hand, from_cube(0, 0, 0), 2),
        PlaceTile(state.hand, from_cube(1, -1, 0), 6),
    ]
    assert set(both) <= legal
    assert {frozenset(footprint(a.volcano, a.orientation)) for a in both} == {
        frozenset(from_cube(*xyz) for xyz in hexes_of((0, 0, 0), 2))
    }
    new, _ = GAME.apply(state, 0, both[0])
    assert at(new, (1, -1, 0)).terrain.value == "LAKE"
    new, _ = GAME.apply(state, 0, both[1])
    assert at(new, (0, 0, 0)).terrain.value == "JUNGLE"


def test_an_eruption_needs_hexes_at_one_level() -> None:
    raised = [dict(h, level=2) for h in TILE_2]
    state = make(TILE_1 + raised + TILE_3, phase="place")
    refused(state, ERUPTION, "uneven_level")


def test_an_eruption_may_not_cover_exactly_one_tile() -> None:
    state = make(BASE, phase="place")
    refused(state, "PLACE JUNGLE+LAKE AT 0 0 0 1", "single_tile")


def test_an_eruption_over_three_tiles_is_legal() -> None:
    tile_4 = tile(4, (0, -2, 2), 6, "LAKE+ROCK")
    assert hexes_of((0, 0, 0), 3) == [(0, 0, 0), (1, -1, 0), (0, -1, 1)]
    state = make(BASE + tile_4, phase="place")
    new, _ = GAME.apply_text(state, 0, "PLACE JUNGLE+LAKE AT 0 0 0 3")
    assert [at(new, xyz).level for xyz in hexes_of((0, 0, 0), 3)] == [2, 2, 2]


def test_an_eruption_volcano_must_cover_a_volcano() -> None:
    state = make(BASE, phase="place")
    assert sorted(hexes_of((1, 0, -1), 4)) == sorted(hexes_of((0, 0, 0), 2))
    refused(state, "PLACE JUNGLE+LAKE AT 1 0 -1 4", "volcano_not_on_volcano")


def test_an_eruption_may_not_cover_a_totoro() -> None:
    state = make(BASE, {(1, 0, -1): (1, "totoro", 1)}, phase="place", totoros_left=(3, 2))
    refused(state, ERUPTION, "covers_totoro")


def test_an_eruption_may_not_cover_a_settlement_of_one_hex() -> None:
    state = make(BASE, {(1, 0, -1): (1, "villager", 1)}, phase="place", villagers_left=(20, 19))
    refused(state, ERUPTION, "removes_settlement")


def test_an_eruption_may_not_cover_both_hexes_of_a_settlement_of_two() -> None:
    pieces = {(1, 0, -1): (0, "villager", 1), (1, -1, 0): (0, "villager", 1)}
    state = make(BASE, pieces, phase="place", villagers_left=(18, 20))
    refused(state, ERUPTION, "removes_settlement")


def test_buried_villagers_leave_the_game_and_scores_stay() -> None:
    pieces = {
        (1, 0, -1): (0, "villager", 1),
        (1, -1, 0): (0, "villager", 1),
        (2, -2, 0): (0, "villager", 1),
    }
    state = make(BASE, pieces, phase="place", villagers_left=(17, 20), scores=(3, 0))
    new, events = GAME.apply_text(state, 0, ERUPTION)
    assert at(new, (1, 0, -1)).piece is None
    assert at(new, (1, -1, 0)).piece is None
    assert at(new, (2, -2, 0)).piece is not None
    assert new.scores == (3, 0)
    assert new.villagers_left == (17, 20)
    assert new.villagers_removed == (2, 0)
    assert events[-1].kind == "erupt"
    assert GAME.audit(new) == []


def test_a_settlement_cut_by_an_eruption_becomes_two_before_the_build() -> None:
    pieces = {
        (0, 1, -1): (0, "villager", 1),
        (1, 0, -1): (0, "villager", 1),
        (2, -1, -1): (0, "villager", 1),
    }
    state = make(BASE, pieces, phase="place", hand="GRASS+GRASS", villagers_left=(17, 20))
    assert settlement_sizes(state, 0) == [3]
    new, _ = GAME.apply_text(state, 0, "PLACE GRASS+GRASS AT 0 0 0 2")
    assert settlement_sizes(new, 0) == [1, 1]
    # Only the western part floods: both new level-2 GRASS hexes, 2 villagers each, 4 points each.
    done, _ = GAME.apply_text(new, 0, "EXPAND SETTLEMENT AT 0 1 -1 GRASS")
    assert done.scores == (8, 0)
    assert done.villagers_left == (13, 20)
    assert at(done, (3, -1, -2)).piece is None
    # At the end of the turn the pieces touching each other are one settlement again.
    assert settlement_sizes(done, 0) == [4]


# ----- legal placements ---------------------------------------------------------------------
def test_legal_placements_are_exactly_the_accepted_ones() -> None:
    pieces = {(1, 0, -1): (1, "villager", 1), (2, -1, -1): (0, "villager", 1)}
    state = make(BASE, pieces, phase="place", villagers_left=(19, 19))
    legal = set(GAME.legal_actions(state, 0))
    for x in range(-5, 6):
        for y in range(-5, 6):
            for o in range(1, 7):
                action = PlaceTile(state.hand, from_cube(x, y, -x - y), o)
                try:
                    GAME.apply(state, 0, action)
                except IllegalAction:
                    assert action not in legal
                else:
                    assert action in legal
    assert not GAME.legal_actions(state, 1)


def test_placement_leaves_build_tells_a_losing_placement() -> None:
    state = make(BASE, phase="place", villagers_left=(1, 20))
    # Founding on JUNGLE 0 1 -1 or elsewhere stays possible after a table placement...
    assert placement_leaves_build(state, GAME.parse("PLACE JUNGLE+LAKE AT -1 1 0 5"))
    # ...but with no villager left only a sanctuary could be built, and there is none.
    stuck = make(BASE, phase="place", villagers_left=(0, 20), totoros_left=(3, 3))
    assert not placement_leaves_build(stuck, GAME.parse("PLACE JUNGLE+LAKE AT -1 1 0 5"))
    with pytest.raises(IllegalAction):
        placement_leaves_build(stuck, GAME.parse("PLACE JUNGLE+LAKE AT -3 3 0 5"))
