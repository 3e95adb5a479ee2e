"""Placing pieces: own land, land beside your secured water, and the port rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import IllegalAction
from engine.wars import GAME
from engine.wars.actions import Pass, Place
from engine.wars.board import NEUTRAL
from engine.wars.pieces import Piece

from .wars_helpers import B, H, P, T, make_board, make_state, piece_at

# Tan at (-1, 0), (-1, 1) and (0, -1), Dark Green at (1, 0), (1, -1) and (2, 0), neutral at
# (2, -2); the centre (0, 0) is water beside all but (2, 0) and (2, -2).
SHORE = make_board(
    {(-1, 0): 0, (-1, 1): 0, (0, -1): 0, (1, 0): 1, (1, -1): 1, (2, 0): 1, (2, -2): NEUTRAL}
)


def refused(state, seat: int, text: str) -> str:
    """Apply text, expect a refusal, check nothing changed, return the code."""
    before = GAME.serialize(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert GAME.serialize(state) == before
    return err.value.code


def test_place_on_own_colour() -> None:
    state, _ = GAME.apply_text(make_state(SHORE), 0, "PLACE TOWER -1 0")
    assert piece_at(state, -1, 0) == Piece(0, T)
    assert state.reserve[0] == (3, 1, 2)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("PLACE BARRACKS 1 0", "not_your_territory"),
        ("PLACE BARRACKS 2 -2", "not_your_territory"),
        ("PLACE TOWER 0 0", "water_hex"),
        ("PLACE PORT 5 5", "off_board"),
        ("PLACE BARRACKS -1 1", "occupied"),
    ],
)
def test_placement_refusals(text: str, code: str) -> None:
    state = make_state(SHORE, pieces={(-1, 1): (1, T)})
    assert refused(state, 0, text) == code


def test_no_free_piece_left() -> None:
    state = make_state(SHORE, pieces={(-1, 0): (0, T), (-1, 1): (0, T)})
    assert refused(state, 0, "PLACE TOWER 0 -1") == "no_piece_left"
    assert Place(T, H(0, -1)) not in GAME.legal_actions(state, 0)


def test_secured_water_opens_any_colour_beside_it() -> None:
    state, _ = GAME.apply_text(make_state(SHORE), 0, "PLACE PORT -1 0")
    state, _ = GAME.apply_text(state, 1, "PASS")
    legal = GAME.legal_actions(state, 0)
    assert Place(B, H(1, 0)) in legal and Place(T, H(1, -1)) in legal
    assert Place(B, H(2, 0)) not in legal  # Dark Green, not beside the secured water
    assert Place(B, H(2, -2)) not in legal  # neutral, not beside the secured water
    state, _ = GAME.apply_text(state, 0, "PLACE TOWER 1 -1")
    assert piece_at(state, 1, -1) == Piece(0, T)


def test_ports_need_water() -> None:
    inland = make_board(
        {(q, r): 0 for q, r in [(0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]}
    )
    state = make_state(inland)
    assert refused(state, 0, "PLACE PORT 0 0") == "port_needs_water"
    state, _ = GAME.apply_text(state, 0, "PLACE PORT 0 -1")
    assert piece_at(state, 0, -1) == Piece(0, P)


def test_no_port_beside_water_secured_by_another_player() -> None:
    state, _ = GAME.apply_text(make_state(SHORE), 0, "PLACE PORT -1 0")
    # (1, -1) and (1, 0) touch the centre, which Tan's port secures; (2, 0) does not.
    assert refused(state, 1, "PLACE PORT 1 -1") == "water_already_secured"
    assert refused(state, 1, "PLACE PORT 1 0") == "water_already_secured"
    legal = GAME.legal_actions(state, 1)
    assert Place(P, H(2, 0)) in legal and Place(P, H(1, 0)) not in legal
    assert Place(B, H(1, 0)) in legal  # other pieces may still go there


def test_a_second_port_beside_your_own_secured_water() -> None:
    state, _ = GAME.apply_text(make_state(SHORE), 0, "PLACE PORT -1 0")
    state, _ = GAME.apply_text(state, 1, "PASS")
    state, _ = GAME.apply_text(state, 0, "PLACE PORT -1 1")
    assert piece_at(state, -1, 1) == Piece(0, P)


def test_pass_is_always_legal() -> None:
    state = make_state(SHORE)
    assert Pass() in GAME.legal_actions(state, 0)
    assert GAME.legal_actions(state, 1) == []
    state = make_state(SHORE, pieces={(-1, 0): (0, T), (-1, 1): (0, T), (0, -1): (0, B)})
    state = replace(state, reserve=((0, 0, 0), (2, 2, 3)))
    assert GAME.legal_actions(state, 0)[0] == Pass()
    after, events = GAME.apply(state, 0, Pass())
    assert after.active == 1 and events[0].kind == "pass"
