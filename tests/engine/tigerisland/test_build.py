"""Build actions: found, expand, totoro sanctuary (rulings 4 to 7), and merging at turn end."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.tigerisland import GAME, Expand, Found, Terrain, Totoro
from engine.tigerisland.board import PieceKind, Settlements
from engine.tigerisland.geometry import from_cube

from .tiger_helpers import at, cell, dump, make, settlement_sizes


def row(*specs: tuple[str, int], start: int = 0, z: int = 0) -> list[dict]:
    """Hexes in a row going east from ``start``: (terrain, level) each, tile = position + 1."""
    return [
        cell((start + k, -start - k - z, z), terrain, level, tile=start + k + 1)
        for k, (terrain, level) in enumerate(specs)
    ]


def villagers(*xs: int, seat: int = 0, z: int = 0) -> dict:
    """One level-1 villager on each hex ``x`` of row ``z``."""
    return {(x, -x - z, z): (seat, "villager", 1) for x in xs}


def refused(state, text: str, code: str) -> IllegalAction:
    before = dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, state.active, text)
    assert err.value.code == code
    assert dump(state) == before
    return err.value


FLAT = row(*[("JUNGLE", 1)] * 9)


# ----- found (ruling 4) ---------------------------------------------------------------------
def test_found_puts_one_villager_on_an_empty_level_one_hex_for_one_point() -> None:
    state = make(FLAT, scores=(5, 7))
    new, events = GAME.apply_text(state, 0, "FOUND SETTLEMENT AT 3 -3 0")
    piece = at(new, (3, -3, 0)).piece
    assert (piece.seat, piece.kind, piece.count) == (0, PieceKind.VILLAGER, 1)
    assert new.scores == (6, 7)
    assert new.villagers_left == (19, 20)
    assert new.last_turn.built == (from_cube(3, -3, 0),)
    assert events[0].data["points"] == 1


def test_found_is_refused_above_level_one() -> None:
    state = make(row(("JUNGLE", 2)))
    err = refused(state, "FOUND SETTLEMENT AT 0 0 0", "not_level_one")
    assert "level 2" in err.message


def test_found_is_refused_on_a_volcano() -> None:
    refused(make(row(("VOLCANO", 1))), "FOUND SETTLEMENT AT 0 0 0", "volcano_hex")


def test_found_is_refused_on_an_occupied_hex() -> None:
    state = make(FLAT, villagers(2, seat=1), villagers_left=(20, 19))
    refused(state, "FOUND SETTLEMENT AT 2 -2 0", "occupied")


def test_found_is_refused_off_the_island() -> None:
    refused(make(FLAT), "FOUND SETTLEMENT AT 0 5 -5", "no_such_hex")


def test_found_needs_a_villager_in_supply() -> None:
    state = make(FLAT, villagers_left=(0, 20))
    refused(state, "FOUND SETTLEMENT AT 2 -2 0", "no_villagers_left")
    assert not any(isinstance(a, Found) for a in GAME.legal_actions(state, 0))


# ----- expand (ruling 5) --------------------------------------------------------------------
# x = 0: the settlement; GRASS at levels 1, 2, 3; then LAKE; then GRASS that is not reached.
TERRACE = row(("JUNGLE", 1), ("GRASS", 1), ("GRASS", 2), ("GRASS", 3), ("LAKE", 1), ("GRASS", 1))


def test_expand_floods_across_levels_with_level_villagers_and_squared_points() -> None:
    state = make(TERRACE, villagers(0), villagers_left=(19, 20))
    new, _ = GAME.apply_text(state, 0, "EXPAND SETTLEMENT AT 0 0 0 GRASS")
    counts = [at(new, (x, -x, 0)).piece for x in range(6)]
    assert [p.count if p else 0 for p in counts] == [1, 1, 2, 3, 0, 0]
    assert new.scores == (1 + 4 + 9, 0)
    assert new.villagers_left == (13, 20)
    assert settlement_sizes(new, 0) == [4]


def test_expand_can_be_named_by_any_hex_of_the_settlement() -> None:
    state = make(
        TERRACE + row(("JUNGLE", 1), start=1, z=-1),
        {**villagers(0), **villagers(1, z=-1)},
        villagers_left=(18, 20),
    )
    by_first, _ = GAME.apply_text(state, 0, "EXPAND SETTLEMENT AT 0 0 0 GRASS")
    by_second, _ = GAME.apply_text(state, 0, "EXPAND SETTLEMENT AT 1 0 -1 GRASS")
    assert by_first.board == by_second.board
    assert by_first.scores == by_second.scores == (14, 0)


def test_expand_needs_an_empty_hex_of_that_terrain_next_to_the_settlement() -> None:
    state = make(TERRACE, villagers(0), villagers_left=(19, 20))
    err = refused(state, "EXPAND SETTLEMENT AT 0 0 0 LAKE", "nothing_to_expand")
    assert "LAKE" in err.message


def test_expand_is_all_or_nothing_with_enough_villagers() -> None:
    state = make(TERRACE, villagers(0), villagers_left=(5, 20))
    err = refused(state, "EXPAND SETTLEMENT AT 0 0 0 GRASS", "not_enough_villagers")
    assert "needs 6" in err.message and "have 5" in err.message
    assert Expand(from_cube(0, 0, 0), Terrain.GRASS) not in GAME.legal_actions(state, 0)


def test_expand_exactly_the_last_villagers_is_allowed() -> None:
    state = make(TERRACE, villagers(0), villagers_left=(6, 20))
    new, _ = GAME.apply_text(state, 0, "EXPAND SETTLEMENT AT 0 0 0 GRASS")
    assert new.villagers_left == (0, 20)


def test_expand_needs_one_of_your_own_settlements() -> None:
    state = make(TERRACE, villagers(0, seat=1), villagers_left=(20, 19))
    refused(state, "EXPAND SETTLEMENT AT 0 0 0 GRASS", "not_your_settlement")
    refused(state, "EXPAND SETTLEMENT AT 1 -1 0 GRASS", "not_your_settlement")


def test_expand_stops_at_other_pieces() -> None:
    pieces = {**villagers(0), **villagers(2, seat=1)}
    state = make(TERRACE, pieces, villagers_left=(19, 19))
    new, _ = GAME.apply_text(state, 0, "EXPAND SETTLEMENT AT 0 0 0 GRASS")
    assert new.scores == (1, 0)
    assert at(new, (3, -3, 0)).piece is None


# ----- totoro (ruling 6) --------------------------------------------------------------------
def test_a_totoro_next_to_a_settlement_of_five_scores_200() -> None:
    state = make(FLAT, villagers(0, 1, 2, 3, 4), villagers_left=(15, 20), scores=(5, 0))
    new, _ = GAME.apply_text(state, 0, "BUILD TOTORO SANCTUARY AT 5 -5 0")
    piece = at(new, (5, -5, 0)).piece
    assert (piece.seat, piece.kind, piece.count) == (0, PieceKind.TOTORO, 1)
    assert new.scores == (205, 0)
    assert new.totoros_left == (2, 3)
    assert new.villagers_left == (15, 20)


def test_a_totoro_needs_a_settlement_of_at_least_five() -> None:
    state = make(FLAT, villagers(0, 1, 2, 3), villagers_left=(16, 20))
    err = refused(state, "BUILD TOTORO SANCTUARY AT 4 -4 0", "no_sanctuary_settlement")
    assert "5" in err.message


def test_two_small_settlements_never_add_up_to_five() -> None:
    state = make(FLAT, villagers(0, 1, 2, 4, 5, 6), villagers_left=(14, 20))
    refused(state, "BUILD TOTORO SANCTUARY AT 3 -3 0", "no_sanctuary_settlement")


def test_a_settlement_with_a_totoro_gets_no_second_one() -> None:
    pieces = {**villagers(0, 1, 2, 3), (4, -4, 0): (0, "totoro", 1)}
    state = make(FLAT, pieces, villagers_left=(16, 20), totoros_left=(2, 3))
    refused(state, "BUILD TOTORO SANCTUARY AT 5 -5 0", "no_sanctuary_settlement")


def test_the_opponents_settlement_does_not_count() -> None:
    state = make(FLAT, villagers(0, 1, 2, 3, 4, seat=1), villagers_left=(20, 15))
    refused(state, "BUILD TOTORO SANCTUARY AT 5 -5 0", "no_sanctuary_settlement")


def test_a_totoro_may_stand_at_any_level() -> None:
    hexes = FLAT[:5] + row(("ROCK", 3), start=5)
    state = make(hexes, villagers(0, 1, 2, 3, 4), villagers_left=(15, 20))
    new, _ = GAME.apply_text(state, 0, "BUILD TOTORO SANCTUARY AT 5 -5 0")
    assert new.scores == (200, 0)
    assert at(new, (5, -5, 0)).piece.count == 1


def test_a_totoro_is_refused_on_a_volcano_or_an_occupied_hex() -> None:
    hexes = FLAT[:5] + row(("VOLCANO", 1), start=5)
    state = make(hexes, villagers(0, 1, 2, 3, 4), villagers_left=(15, 20))
    refused(state, "BUILD TOTORO SANCTUARY AT 5 -5 0", "volcano_hex")
    refused(state, "BUILD TOTORO SANCTUARY AT 4 -4 0", "occupied")


def test_a_totoro_needs_one_in_supply() -> None:
    pieces = {
        **villagers(0, 1, 2, 3, 4),
        **{(x, -x - 2, 2): (0, "totoro", 1) for x in range(3)},
    }
    hexes = FLAT + row(*[("LAKE", 1)] * 3, z=2)
    state = make(hexes, pieces, villagers_left=(15, 20), totoros_left=(0, 3))
    refused(state, "BUILD TOTORO SANCTUARY AT 5 -5 0", "no_totoros_left")
    assert not any(isinstance(a, Totoro) for a in GAME.legal_actions(state, 0))


# ----- merging at the end of the turn (ruling 7) --------------------------------------------
def test_settlements_merge_only_at_the_end_of_the_turn_so_one_can_hold_two_totoros() -> None:
    pieces = {**villagers(0, 1, 2, 3, 4, 6), (7, -7, 0): (0, "totoro", 1)}
    state = make(FLAT, pieces, villagers_left=(14, 20), totoros_left=(2, 3))
    assert settlement_sizes(state, 0) == [5, 2]
    new, _ = GAME.apply_text(state, 0, "BUILD TOTORO SANCTUARY AT 5 -5 0")
    (merged,) = Settlements(new.board).of_seat(0)
    assert merged.size == 8
    totoros = [h for h in merged.hexes if new.board[h].piece.kind is PieceKind.TOTORO]
    assert len(totoros) == 2


def test_different_players_never_merge() -> None:
    pieces = {**villagers(0, 1, 2), **villagers(3, 4, seat=1)}
    state = make(FLAT, pieces, villagers_left=(17, 18))
    assert settlement_sizes(state, 0) == [3]
    assert settlement_sizes(state, 1) == [2]


def test_legal_builds_are_exactly_the_accepted_ones() -> None:
    pieces = {**villagers(0, 1, 2, 3, 4), **villagers(6, seat=1)}
    hexes = TERRACE + row(("GRASS", 1), ("VOLCANO", 1), ("LAKE", 2), start=6)
    state = make(hexes, pieces, villagers_left=(15, 19))
    legal = set(GAME.legal_actions(state, 0))
    candidates = []
    for x in range(-1, 10):
        h = from_cube(x, -x, 0)
        candidates += [Found(h), Totoro(h)] + [
            Expand(h, t) for t in Terrain if t.value != "VOLCANO"
        ]
    accepted = set()
    for action in candidates:
        try:
            GAME.apply(state, 0, action)
        except IllegalAction:
            continue
        accepted.add(action)
    assert legal <= accepted
    # One expansion per settlement and terrain: any hex of it names the same expansion.
    canonical = {
        Expand(min(Settlements(state.board).by_hex[a.hex].hexes), a.terrain)
        if isinstance(a, Expand)
        else a
        for a in accepted
    }
    assert canonical == legal
