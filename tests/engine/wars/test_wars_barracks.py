"""Barracks convert the land around them; towers and other players' pieces stop them."""

from __future__ import annotations

from engine.wars import GAME, preview_barracks
from engine.wars.board import NEUTRAL

from .wars_helpers import B, H, P, T, make_board, make_state, owner_at

# Tan's barracks goes on the centre. Around it:
#   N  (0, -1) Dark Green, plain                         -> converts
#   NE (1, -1) Dark Green, Dark Green tower on (2, -1)    -> protected
#   SE (1, 0)  Pale Green, beside that Dark Green tower   -> converts
#   S  (0, 1)  neutral, Dark Green tower on (1, 1) beside -> converts (neutral is never protected)
#   SW (-1, 1) Dark Green under a Pale Green piece        -> stays
#   NW (-1, 0) Dark Green under Tan's own tower           -> converts
# (0, -2) is Dark Green beside the converted N hex: no chain reaction. The rest is water.
RING = make_board(
    {
        (0, 0): 0,
        (0, -1): 1,
        (1, -1): 1,
        (1, 0): 2,
        (0, 1): NEUTRAL,
        (-1, 1): 1,
        (-1, 0): 1,
        (2, -1): 1,
        (1, 1): 1,
        (0, -2): 1,
    }
)
RING_PIECES = {
    (2, -1): (1, T),
    (1, 1): (1, T),
    (-1, 1): (2, B),
    (-1, 0): (0, T),
}


def ring_state():
    return make_state(RING, num_players=3, pieces=RING_PIECES)


def test_barracks_conversion_rules() -> None:
    state = ring_state()
    after, events = GAME.apply_text(state, 0, "PLACE BARRACKS 0 0")
    expected = {(0, -1): 0, (1, -1): 1, (1, 0): 0, (0, 1): 0, (-1, 1): 1, (-1, 0): 0}
    assert {h: owner_at(after, *h) for h in expected} == expected
    assert owner_at(after, 0, -2) == 1  # no chain reaction
    assert owner_at(after, 2, -1) == 1  # not adjacent
    assert owner_at(after, 0, 0) == 0
    assert events[1].kind == "convert"
    assert sorted(map(tuple, events[1].data["flipped"])) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert set(after.last.flipped) == {H(0, -1), H(1, 0), H(0, 1), H(-1, 0)}


def test_preview_matches_the_conversion() -> None:
    state = ring_state()
    assert set(preview_barracks(state, 0, H(0, 0))) == {H(0, -1), H(1, 0), H(0, 1), H(-1, 0)}
    assert GAME.serialize(state) == GAME.serialize(ring_state())


def test_a_tower_protects_only_its_owners_colour() -> None:
    # The Dark Green tower at (2, -1) stands beside (1, 0) and (1, -1); it protects only
    # the Dark Green one.
    state = ring_state()
    flips = preview_barracks(state, 0, H(0, 0))
    assert H(1, 0) in flips and H(1, -1) not in flips


def test_a_barracks_never_converts_its_own_hex_or_water() -> None:
    # Tan's port at (-1, 0) secures the centre water; a barracks goes on Dark Green (1, 0).
    board = make_board({(-1, 0): 0, (1, 0): 1, (2, -1): 1, (1, 1): NEUTRAL})
    state = make_state(board, pieces={(-1, 0): (0, P)})
    after, _ = GAME.apply_text(state, 0, "PLACE BARRACKS 1 0")
    assert owner_at(after, 1, 0) == 1
    assert owner_at(after, 2, -1) == 0 and owner_at(after, 1, 1) == 0
    assert owner_at(after, 0, 0) is None and owner_at(after, 2, 0) is None


def test_placing_on_neutral_land_through_secured_water() -> None:
    board = make_board({(-1, 0): 0, (1, 0): NEUTRAL, (1, -1): NEUTRAL})
    state = make_state(board, pieces={(-1, 0): (0, P)})
    after, _ = GAME.apply_text(state, 0, "PLACE BARRACKS 1 0")
    assert owner_at(after, 1, 0) is None
    assert owner_at(after, 1, -1) == 0


def test_converted_hexes_can_be_claimed_back() -> None:
    board = make_board({(0, 0): 0, (0, -1): 1, (0, -2): 1})
    state = make_state(board)
    state, _ = GAME.apply_text(state, 0, "PLACE BARRACKS 0 0")
    assert owner_at(state, 0, -1) == 0
    state, _ = GAME.apply_text(state, 1, "PLACE BARRACKS 0 -2")
    assert owner_at(state, 0, -1) == 1
    assert owner_at(state, 0, 0) == 0  # beside (0, -1) only, and under Tan's barracks


def test_resigned_players_tower_still_protects() -> None:
    board = make_board({(0, 0): 0, (0, -1): 1, (1, -2): 1})
    state = make_state(board, num_players=3, pieces={(1, -2): (1, T)})
    state, _ = GAME.apply_text(state, 1, "RESIGN")
    state, _ = GAME.apply_text(state, 0, "PLACE BARRACKS 0 0")
    assert owner_at(state, 0, -1) == 1
