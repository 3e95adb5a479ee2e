"""The shipped maps: regenerated from the ring rule, and their stated properties."""

from __future__ import annotations

from importlib import resources

import pytest

from engine.core.hexgrid import ORIGIN, Hex, connected_groups
from engine.wars import GAME
from engine.wars.board import (
    BOARD_IDS,
    DIRECTION_NAMES,
    DIRECTIONS,
    NEUTRAL,
    WATER,
    Board,
    BoardError,
    board_from_json,
    board_to_json,
    load_board,
    validate_board,
)
from engine.wars.mapgen import dumps, ring_side, six_player_map, three_player_map


def rotate(h: Hex) -> Hex:
    """A sixth of a turn clockwise: N goes to NE."""
    return Hex(-h.r, h.q + h.r)


def colour_land(board: Board, colour: int) -> set[Hex]:
    return {h for h, t in zip(board.hexes, board.terrain, strict=True) if t == colour}


def neighbours_terrain(board: Board, cells: set[Hex]) -> set:
    terrain = dict(zip(board.hexes, board.terrain, strict=True))
    return {terrain[n] for h in cells for n in h.neighbors() if n in terrain and n not in cells}


@pytest.mark.parametrize("make", [six_player_map, three_player_map])
def test_stored_maps_are_the_ring_rule(make) -> None:
    data = make()
    path = resources.files("engine.wars") / "boards" / f"{data['id']}.json"
    assert path.read_text(encoding="utf-8") == dumps(data)
    assert board_to_json(load_board(data["id"])) == data


def test_directions_are_clockwise_from_north() -> None:
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")
    assert (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)) == DIRECTIONS
    assert set(DIRECTIONS) == set(ORIGIN.neighbors())
    assert [rotate(d) for d in DIRECTIONS] == [*DIRECTIONS[1:], DIRECTIONS[0]]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_ring_sides_partition_the_ring(k: int) -> None:
    sides = [ring_side(k, i) for i in range(6)]
    every = [h for side in sides for h in side]
    assert all(len(side) == k for side in sides)
    assert len(set(every)) == 6 * k
    assert all(h.distance(ORIGIN) == k for h in every)
    assert sides[0][0] == Hex(0, -k) and sides[1][0] == Hex(k, -k)
    assert all(a.is_adjacent(b) for a, b in zip(every, every[1:] + every[:1], strict=True))


def test_six_player_map() -> None:
    board = load_board("six")
    assert (board.radius, len(board.hexes), board.colours) == (5, 91, 6)
    water = {h for h, t in zip(board.hexes, board.terrain, strict=True) if t == WATER}
    assert {h for h in water if h.distance(ORIGIN) <= 1} == set(Hex(0, 0).neighbors()) | {ORIGIN}
    assert len([h for h in water if h.distance(ORIGIN) == 5]) == 30
    assert len(water) == 37
    assert NEUTRAL not in board.terrain
    assert colour_land(board, 0) == {Hex(0, -2), Hex(1, -2), Hex(0, -3), Hex(1, -3), Hex(2, -3)} | {
        Hex(0, -4),
        Hex(1, -4),
        Hex(2, -4),
        Hex(3, -4),
    }


def test_three_player_map() -> None:
    board = load_board("three")
    assert (board.radius, len(board.hexes), board.colours) == (4, 61, 3)
    water = [h for h, t in zip(board.hexes, board.terrain, strict=True) if t == WATER]
    assert len([h for h in water if h.distance(ORIGIN) <= 1]) == 7
    assert len([h for h in water if h.distance(ORIGIN) == 4]) == 24
    assert len(water) == 31
    tan = set(ring_side(2, 0) + ring_side(2, 1) + ring_side(3, 0) + ring_side(3, 1))
    assert colour_land(board, 0) == tan


@pytest.mark.parametrize(("board_id", "size", "turn"), [("six", 9, 1), ("three", 10, 2)])
def test_each_colour_is_one_wedge_touching_lagoon_sea_and_two_colours(
    board_id: str, size: int, turn: int
) -> None:
    board = load_board(board_id)
    for colour in range(board.colours):
        land = colour_land(board, colour)
        assert len(land) == size
        assert len(connected_groups(land)) == 1
        assert any(n.distance(ORIGIN) <= 1 for h in land for n in h.neighbors())
        assert any(n.distance(ORIGIN) == board.radius for h in land for n in h.neighbors())
        others = neighbours_terrain(board, land) - {WATER}
        assert others == {(colour - 1) % board.colours, (colour + 1) % board.colours}
        turned = land
        for _ in range(turn):
            turned = {rotate(h) for h in turned}
        assert turned == colour_land(board, (colour + 1) % board.colours)


@pytest.mark.parametrize(("players", "neutral"), [(2, {2, 3, 4, 5}), (4, {4, 5}), (5, {5})])
def test_unplayed_wedges_are_neutral_land(players: int, neutral: set[int]) -> None:
    state = GAME.new(players)
    board = state.board
    assert board.id == "six"
    for terrain, owner in zip(board.terrain, state.owners, strict=True):
        if terrain == WATER or terrain in neutral:
            assert owner is None
        else:
            assert owner == terrain
    cells = GAME.view(state, None).data["hexes"]
    assert sum(c["neutral"] for c in cells) == 9 * len(neutral)


def test_every_board_round_trips_through_json() -> None:
    for board_id in BOARD_IDS:
        board = load_board(board_id)
        assert board_from_json(board_to_json(board)) == board


def good_data() -> dict:
    return {
        "id": "tiny",
        "name": "Tiny",
        "colours": 2,
        "radius": 1,
        "cells": [[0, 0, WATER], [0, -1, 0], [1, -1, 1], [1, 0, NEUTRAL]],
    }


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"cells": []}, "cells"),
        ({"cells": [[0, 0, WATER], [0, 0, 0]]}, "appears twice"),
        ({"cells": [[0, 0, 2]]}, "bad terrain"),
        ({"cells": [[0, 0, "lava"]]}, "bad terrain"),
        ({"cells": [[0, "x", 0]]}, "bad cell"),
        ({"radius": 3}, "radius"),
        ({"colours": 9}, "colours"),
        ({"id": 5}, "id"),
    ],
)
def test_validator_refuses_bad_maps(change: dict, problem: str) -> None:
    validate_board(good_data())
    with pytest.raises(BoardError, match=problem):
        validate_board({**good_data(), **change})


def test_unknown_board_id_is_refused() -> None:
    with pytest.raises(BoardError, match="no board"):
        load_board("moon")
