"""Scoring: plain land, pieces, secured water once each, and the territory bonus."""

from __future__ import annotations

import pytest

from engine.wars import GAME, score_breakdown

from .wars_helpers import B, P, T, make_board, make_state


def parts(state, seat: int) -> tuple[int, int, int, int, int]:
    b = score_breakdown(state)[seat]
    return b["land"], b["pieces"], b["water"], b["territories"], b["total"]


def test_scoring_example_with_a_hex_under_another_players_piece() -> None:
    # Tan: {(0, 0), (1, -1), (1, 0)} and {(-2, 1), (-2, 2)}; Dark Green: {(0, -2), (-1, -1)}.
    board = make_board(
        {(0, 0): 0, (1, -1): 0, (1, 0): 0, (-2, 1): 0, (-2, 2): 0, (0, -2): 1, (-1, -1): 1}
    )
    state = make_state(board, pieces={(0, 0): (0, B), (1, 0): (0, P), (1, -1): (1, T)})
    # Tan: 2 plain hexes; barracks and port; the port secures (2, -1), (2, 0), (1, 1), (0, 1);
    # two territories, of which {(0, 0), (1, -1), (1, 0)} has 3 hexes (one under a Dark Green
    # tower, which still counts).
    assert parts(state, 0) == (2, 2, 4, 1, 9)
    # Dark Green: 2 plain hexes, the tower, one territory only: no bonus.
    assert parts(state, 1) == (2, 1, 0, 0, 3)


def test_water_secured_by_several_ports_counts_once() -> None:
    # Tan ports on (-1, 0) and (1, -1) both secure (0, 0) and (0, -1).
    board = make_board({(-1, 0): 0, (1, -1): 0})
    state = make_state(board, pieces={(-1, 0): (0, P), (1, -1): (0, P)})
    assert parts(state, 0) == (0, 2, 10, 0, 12)


@pytest.mark.parametrize(
    ("land", "bonus"),
    [
        ({(0, 0), (0, -1), (1, -1), (1, 0), (0, 1)}, 0),  # one territory: no bonus
        ({(0, -2), (1, -2), (2, -2), (0, 2), (-1, 2), (-2, 2)}, 2),  # two of three hexes
        ({(0, -2), (1, -2), (2, -2), (0, 2), (-1, 2), (-2, 2), (2, 0)}, 2),  # and a single
        ({(0, -2), (1, -2), (2, -2), (2, 0)}, 1),  # a small one makes the big one count
        ({(0, -2), (1, -2), (2, 0)}, 0),  # two territories, none of three hexes
    ],
)
def test_territory_bonus(land: set, bonus: int) -> None:
    state = make_state(make_board({h: 0 for h in land}))
    assert parts(state, 0) == (len(land), 0, 0, bonus, len(land) + bonus)


def test_pieces_in_reserve_score_nothing() -> None:
    state = GAME.new(6)
    assert [b["total"] for b in score_breakdown(state)] == [9] * 6
    assert score_breakdown(state)[0] == {
        "land": 9,
        "pieces": 0,
        "water": 0,
        "territories": 0,
        "total": 9,
    }


def test_a_short_game_on_the_six_player_map() -> None:
    state = GAME.new(2)
    for seat, text in [
        (0, "PLACE BARRACKS 1 -2"),  # takes Dark Green (2, -2)
        (1, "PLACE TOWER 2 -1"),
        (0, "PLACE PORT 0 -2"),  # secures lagoon (0, -1); (-1, -1) is neutral land
        (1, "PLACE BARRACKS 3 -2"),  # takes (2, -2) back: Tan has no tower beside it
    ]:
        state, _ = GAME.apply_text(state, seat, text)
    assert parts(state, 0) == (7, 2, 1, 0, 10)
    assert parts(state, 1) == (7, 2, 0, 0, 9)
    assert GAME.view(state, None).data["scores"] == score_breakdown(state)
