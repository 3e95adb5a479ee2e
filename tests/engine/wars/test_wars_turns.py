"""Turn order, twelve rounds, options, supplies, resigning and the winners."""

from __future__ import annotations

import pytest

from engine.core import EndReason, IllegalAction, Resign
from engine.core.errors import BAD_OPTION, GAME_OVER, NOT_YOUR_TURN
from engine.wars import GAME
from engine.wars.actions import Pass
from engine.wars.pieces import COLOUR_NAMES, NUM_ROUNDS, SUPPLY
from engine.wars.scoring import REASON_RESIGNATION, REASON_ROUNDS

from .wars_helpers import B, make_board, make_state


def pass_turns(state, count: int):
    for _ in range(count):
        (seat,) = GAME.to_move(state)
        state, _ = GAME.apply(state, seat, Pass())
    return state


def test_info_and_aliases() -> None:
    info = GAME.info
    assert (info.name, info.title, info.min_players, info.max_players) == (
        "wars",
        "Island Wars",
        2,
        6,
    )
    assert set(info.aliases) == {"islandwars", "island wars", "wars"}
    assert [o.name for o in info.options] == ["board"]
    assert info.options[0].default == "auto"


def test_colours_in_order_of_play_and_their_pieces() -> None:
    assert COLOUR_NAMES == ("Tan", "Dark Green", "Pale Green", "Orange", "Yellow", "Pink")
    state = GAME.new(6)
    assert (
        state.reserve
        == SUPPLY
        == (
            (3, 2, 2),
            (2, 2, 3),
            (3, 2, 2),
            (3, 1, 3),
            (2, 3, 2),
            (4, 1, 2),
        )
    )
    left = GAME.view(state, None).data["pieces_left"]
    assert left[5] == {"barracks": 4, "tower": 1, "port": 2}
    assert GAME.view(state, None).data["colours"] == list(COLOUR_NAMES)


def test_seats_play_in_order_and_rounds_count() -> None:
    state = GAME.new(4)
    seen = []
    for _ in range(9):
        (seat,) = GAME.to_move(state)
        seen.append((state.round, seat))
        state = pass_turns(state, 1)
    assert seen == [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0)]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, Pass())
    assert err.value.code == NOT_YOUR_TURN


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_game_ends_after_twelve_rounds(players: int) -> None:
    state = pass_turns(GAME.new(players), NUM_ROUNDS * players - 1)
    assert not GAME.is_over(state)
    assert GAME.view(state, None).data["round"] == NUM_ROUNDS
    state, events = GAME.apply(state, players - 1, Pass())
    assert GAME.is_over(state) and GAME.to_move(state) == frozenset()
    assert events[-1].kind == "game_over"
    assert GAME.legal_actions(state, 0) == []
    assert GAME.view(state, None).data["round"] == NUM_ROUNDS
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Pass())
    assert err.value.code == GAME_OVER


def test_ties_share_the_win() -> None:
    outcome = GAME.outcome(pass_turns(GAME.new(2), 2 * NUM_ROUNDS))
    assert outcome.scores == (9, 9) and outcome.winners == (0, 1)
    assert outcome.reason == REASON_ROUNDS
    assert outcome.code == EndReason.ROUNDS_OVER


def test_highest_score_wins() -> None:
    state, _ = GAME.apply_text(GAME.new(2), 0, "PLACE PORT 0 -2")
    outcome = GAME.outcome(pass_turns(state, 2 * NUM_ROUNDS - 1))
    # Tan: 8 plain hexes, 1 piece, and the port on (0, -2) secures the lagoon hex (0, -1);
    # (-1, -1) beside it is Pink's wedge, neutral land in a two-player game.
    assert outcome.scores == (10, 9) and outcome.winners == (0,)


@pytest.mark.parametrize(
    ("players", "option", "board"),
    [
        (3, None, "three"),
        (3, "auto", "three"),
        (3, "six", "six"),
        (2, None, "six"),
        (2, "three", "three"),
        (4, None, "six"),
        (6, "six", "six"),
    ],
)
def test_board_option(players: int, option: str | None, board: str) -> None:
    options = None if option is None else {"board": option}
    state = GAME.new(players, options)
    assert state.board.id == board
    assert GAME.view(state, None).data["board"] == board


def test_board_option_refuses_a_map_too_small() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.new(4, {"board": "three"})
    assert err.value.code == BAD_OPTION
    with pytest.raises(IllegalAction) as err:
        GAME.new(3, {"board": "moon"})
    assert err.value.code == BAD_OPTION


def test_three_player_board_seats_tan_dark_green_pale_green() -> None:
    state = GAME.new(3)
    assert GAME.view(state, None).data["colours"] == ["Tan", "Dark Green", "Pale Green"]
    assert [b["total"] for b in GAME.view(state, None).data["scores"]] == [10, 10, 10]


def test_a_resigned_player_passes_for_the_rest_of_the_game() -> None:
    state, _ = GAME.apply_text(GAME.new(3, {"board": "six"}), 0, "PLACE BARRACKS 0 -2")
    state, events = GAME.apply(state, 1, Resign())  # on their own turn
    assert events[0].kind == "resign" and GAME.to_move(state) == {2}
    state = pass_turns(state, 1)
    assert GAME.to_move(state) == {0} and state.round == 2
    state = pass_turns(state, 1)
    assert GAME.to_move(state) == {2} and state.round == 2
    assert GAME.view(state, None).data["resigned"] == [1]
    assert GAME.legal_actions(state, 1) == []
    assert GAME.view(state, None).data["scores"][0]["pieces"] == 1


def test_resigning_out_of_turn_keeps_the_turn() -> None:
    state, _ = GAME.apply(GAME.new(4), 3, Resign())
    assert GAME.to_move(state) == {0}
    state = pass_turns(state, 3)
    assert GAME.to_move(state) == {0} and state.round == 2


def test_the_game_ends_when_one_player_is_left() -> None:
    state = pass_turns(GAME.new(4), 5)
    for seat in (3, 0):
        state, _ = GAME.apply(state, seat, Resign())
    assert not GAME.is_over(state)
    state, events = GAME.apply(state, 1, Resign())
    outcome = GAME.outcome(state)
    assert outcome.winners == (2,) and outcome.reason == REASON_RESIGNATION
    assert outcome.code == EndReason.RESIGNED
    assert outcome.scores == (9, 9, 9, 9)  # resigned players' land still scores
    assert events[-1].kind == "game_over"


def test_resigned_players_cannot_win_on_points() -> None:
    board = make_board({(0, 0): 0, (0, -1): 0, (1, 0): 1, (-1, 1): 2})
    state = make_state(board, num_players=3, pieces={(0, 0): (0, B)})
    state, _ = GAME.apply(state, 0, Resign())
    state = pass_turns(state, 2 * NUM_ROUNDS)
    outcome = GAME.outcome(state)
    assert outcome.scores == (2, 1, 1) and outcome.winners == (1, 2)


def test_resigning_twice_is_refused() -> None:
    state, _ = GAME.apply(GAME.new(3), 2, Resign())
    before = GAME.serialize(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, Resign())
    assert err.value.code == "already_resigned"
    assert GAME.serialize(state) == before
