"""Moving barracks and ports: lifting, order, abandoned water, towers that never move."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.wars import GAME, score_breakdown
from engine.wars.actions import Move, Place
from engine.wars.pieces import Piece

from .wars_helpers import B, H, P, T, make_board, make_state, owner_at, piece_at

# Tan: (-1, 0), (-2, 0), (-2, 1), (-1, 1), (-2, 2), (2, -2). Dark Green: (1, 0), (1, -1),
# (2, -1), (0, 1). Everything else is water. A Tan port on (-1, 0) secures (0, 0), (0, -1)
# and (-1, -1), which opens Dark Green's (1, 0), (1, -1) and (0, 1) to Tan.
HARBOUR = make_board(
    {
        (-1, 0): 0,
        (-2, 0): 0,
        (-2, 1): 0,
        (-1, 1): 0,
        (-2, 2): 0,
        (2, -2): 0,
        (1, 0): 1,
        (1, -1): 1,
        (2, -1): 1,
        (0, 1): 1,
    }
)


def harbour(active: int = 0):
    """Tan's port on (-1, 0) and barracks on (-2, 1)."""
    return make_state(HARBOUR, pieces={(-1, 0): (0, P), (-2, 1): (0, B)}, active=active)


def refused(state, seat: int, text: str) -> str:
    before = GAME.serialize(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert GAME.serialize(state) == before
    return err.value.code


def play(state, *lines: tuple[int, str]):
    for seat, text in lines:
        state, _ = GAME.apply_text(state, seat, text)
    return state


def test_towers_never_move() -> None:
    state = make_state(HARBOUR, pieces={(-1, 1): (0, T)})
    assert refused(state, 0, "MOVE TOWER -1 1 TO -2 0") == "tower_cannot_move"
    steps = [s for a in GAME.legal_actions(state, 0) if isinstance(a, Move) for s in a.steps]
    assert steps == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("MOVE BARRACKS -2 1 TO -2 0 AND BARRACKS -2 0 TO -1 1", "move_limit"),
        ("MOVE PORT -1 0 TO -2 2 AND PORT -2 2 TO -1 0", "move_limit"),
        ("MOVE BARRACKS -2 0 TO -1 1", "no_such_piece"),
        ("MOVE PORT -2 1 TO -2 2", "no_such_piece"),
        ("MOVE BARRACKS -2 1 TO -2 1", "same_hex"),
        ("MOVE BARRACKS -2 1 TO 9 9", "off_board"),
        ("MOVE BARRACKS -2 1 TO -1 0", "occupied"),
        ("MOVE BARRACKS -2 1 TO 2 -1", "not_your_territory"),
        ("MOVE BARRACKS -2 1 TO 0 0", "water_hex"),
    ],
)
def test_move_refusals(text: str, code: str) -> None:
    assert refused(harbour(), 0, text) == code


def test_only_your_own_pieces_move() -> None:
    state = make_state(HARBOUR, pieces={(1, 0): (1, B)})
    assert refused(state, 0, "MOVE BARRACKS 1 0 TO -2 0") == "no_such_piece"


def test_an_empty_move_is_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(harbour(), 0, Move(()))
    assert err.value.code == "empty_move"


def test_a_moved_port_may_not_land_beside_another_players_water() -> None:
    # Dark Green's port on (1, -1) secures (0, 0) and (0, -1), beside Tan's (-1, 0).
    state = make_state(HARBOUR, pieces={(-2, 2): (0, P), (1, -1): (1, P)})
    assert refused(state, 0, "MOVE PORT -2 2 TO -1 0") == "water_already_secured"


def test_a_moved_piece_is_lifted_before_its_destination_is_checked() -> None:
    # Tan's port stands on Dark Green (1, 0); (0, 1) is open to Tan only through the water
    # that this very port secures, so the port cannot move there, though a new one can go.
    state = make_state(HARBOUR, pieces={(1, 0): (0, P)})
    assert refused(state, 0, "MOVE PORT 1 0 TO 0 1") == "not_your_territory"
    assert Place(P, H(0, 1)) in GAME.legal_actions(state, 0)
    # Lifting also frees the old hex: the port may step back onto water it just left.
    moved = play(harbour(), (0, "MOVE PORT -1 0 TO -1 1"))
    assert piece_at(moved, -1, 1) == Piece(0, P) and piece_at(moved, -1, 0) is None


def test_barracks_then_port_in_the_order_given() -> None:
    text = "MOVE BARRACKS -2 1 TO 1 0 AND PORT -1 0 TO -2 2"
    state = play(harbour(), (0, text))
    assert piece_at(state, 1, 0) == Piece(0, B)
    assert piece_at(state, -2, 2) == Piece(0, P)
    assert {owner_at(state, *h) for h in [(1, -1), (2, -1), (0, 1)]} == {0}
    assert owner_at(state, 1, 0) == 1
    # The other order abandons (0, 0) before the barracks needs it.
    reverse = "MOVE PORT -1 0 TO -2 2 AND BARRACKS -2 1 TO 1 0"
    assert refused(harbour(), 0, reverse) == "not_your_territory"
    legal = GAME.legal_actions(harbour(), 0)
    assert GAME.parse_action(text) in legal
    assert GAME.parse_action(reverse) not in legal


def test_port_then_barracks_when_only_that_order_works() -> None:
    # The port's new hex (2, -2) secures (1, -2), which opens Dark Green (1, -1).
    board = make_board({(-2, 0): 0, (-2, 1): 0, (2, -2): 0, (1, -1): 1})
    start = make_state(board, pieces={(-2, 0): (0, B), (-2, 1): (0, P)})
    text = "MOVE PORT -2 1 TO 2 -2 AND BARRACKS -2 0 TO 1 -1"
    reverse = "MOVE BARRACKS -2 0 TO 1 -1 AND PORT -2 1 TO 2 -2"
    assert refused(start, 0, reverse) == "not_your_territory"
    state = play(start, (0, text))
    assert piece_at(state, 1, -1) == Piece(0, B)
    legal = GAME.legal_actions(start, 0)
    assert GAME.parse_action(text) in legal and GAME.parse_action(reverse) not in legal


def test_a_pair_that_works_both_ways_is_listed_once_and_ends_the_same() -> None:
    first = "MOVE BARRACKS -2 1 TO 1 -1 AND PORT -1 0 TO -1 1"
    second = "MOVE PORT -1 0 TO -1 1 AND BARRACKS -2 1 TO 1 -1"
    a, b = play(harbour(), (0, first)), play(harbour(), (0, second))
    assert (a.owners, a.pieces) == (b.owners, b.pieces)
    legal = GAME.legal_actions(harbour(), 0)
    assert GAME.parse_action(first) in legal and GAME.parse_action(second) not in legal


def test_converted_hexes_stay_when_the_barracks_leaves() -> None:
    state = play(
        harbour(),
        (0, "MOVE BARRACKS -2 1 TO 1 0"),
        (1, "PASS"),
        (0, "MOVE BARRACKS 1 0 TO -2 1"),
    )
    assert piece_at(state, 1, 0) is None and piece_at(state, -2, 1) == Piece(0, B)
    assert {owner_at(state, *h) for h in [(1, -1), (2, -1), (0, 1)]} == {0}
    assert owner_at(state, 1, 0) == 1


def test_moving_a_port_abandons_its_water() -> None:
    state = harbour()
    assert score_breakdown(state)[0]["water"] == 3
    assert refused(harbour(active=1), 1, "PLACE PORT 1 0") == "water_already_secured"
    state = play(state, (0, "MOVE PORT -1 0 TO -2 2"))
    assert score_breakdown(state)[0]["water"] == 1  # (-1, 2) only
    cells = {(c["q"], c["r"]): c for c in GAME.view(state, None).data["hexes"]}
    assert cells[(0, 0)]["secured_by"] == [] and cells[(-1, 2)]["secured_by"] == [0]
    assert Place(P, H(1, 0)) in GAME.legal_actions(state, 1)
    state = play(state, (1, "PASS"))
    assert refused(state, 0, "PLACE TOWER 1 0") == "not_your_territory"


def test_pieces_placed_through_abandoned_water_stay_and_keep_working() -> None:
    # Tan's tower on Dark Green (1, -1), placed through the port's water, guards Tan (2, -2).
    state = play(
        harbour(),
        (0, "PLACE TOWER 1 -1"),
        (1, "PASS"),
        (0, "MOVE PORT -1 0 TO -2 2"),
        (1, "PLACE BARRACKS 2 -1"),
    )
    assert piece_at(state, 1, -1) == Piece(0, T)
    assert owner_at(state, 2, -2) == 0
    assert owner_at(state, 1, -1) == 1
