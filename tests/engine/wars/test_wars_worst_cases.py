"""The widest Island Wars position: every two-piece move listed once, as a plain search finds."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from engine.wars import moves
from engine.wars.actions import Move
from engine.wars.board import load_board
from engine.wars.game import new_state
from engine.wars.moves import own_pieces, single_moves
from engine.wars.pieces import SUPPLY, Kind, Piece
from engine.wars.rules import land_piece, put, targets
from engine.wars.state import WarsState
from tests.benchmarks.bench import random_game

B, P = Kind.BARRACKS, Kind.PORT
Pair = tuple[tuple[int, int], tuple[int, int]]


def widest(board_id: str = "six", colour: int = 3) -> WarsState:
    """Seat 0 (with ``colour``'s pieces) owns every land hex of a two-player game, its
    barracks inland and its ports on the coast: the most moves of two pieces at once."""
    board = load_board(board_id)
    state = new_state(board, 2)
    barracks, towers, ports = SUPPLY[colour]
    pieces: list[Piece | None] = [None] * len(board.hexes)
    for i in [i for i in board.land if not board.coastal[i]][:barracks]:
        pieces[i] = Piece(0, B)
    for i in [i for i in board.land if board.coastal[i]][:ports]:
        pieces[i] = Piece(0, P)
    owners = tuple(None if board.water[i] else 0 for i in range(len(board.hexes)))
    return replace(
        state, owners=owners, pieces=tuple(pieces), reserve=((0, towers, 0), state.reserve[1])
    )


def reference_pairs(state: WarsState, seat: int) -> tuple[set[Pair], set[Pair]]:
    """Barracks-then-port pairs, and the port-then-barracks pairs not already among them,
    each found by searching every hex after the first step."""
    board, owners, pieces = state.board, state.owners, state.pieces
    first: set[Pair] = set()
    for bs, bd in single_moves(board, owners, pieces, seat, B):
        o, p, _ = land_piece(board, owners, put(pieces, bs, None), seat, B, bd)
        for ps in own_pieces(p, seat, P):
            dests = targets(board, o, put(p, ps, None), seat, P)
            first |= {((bs, bd), (ps, pd)) for pd in dests if pd != ps}
    second: set[Pair] = set()
    for ps, pd in single_moves(board, owners, pieces, seat, P):
        o, p, _ = land_piece(board, owners, put(pieces, ps, None), seat, P, pd)
        for bs in own_pieces(p, seat, B):
            dests = targets(board, o, put(p, bs, None), seat, B)
            second |= {((bs, bd), (ps, pd)) for bd in dests if bd != bs}
    return first, second - first


def listed_pairs(state: WarsState, seat: int) -> tuple[list[Pair], list[Pair]]:
    """The two-piece moves of ``legal_actions``, split by which piece goes first."""
    index = state.board.index
    first, second = [], []
    for action in moves.legal_actions(state, seat):
        if isinstance(action, Move) and len(action.steps) == 2:
            a, b = ((index[s.src], index[s.dst]) for s in action.steps)
            if action.steps[0].kind is B:
                first.append((a, b))
            else:
                second.append((b, a))
    return first, second


def check(state: WarsState, seat: int) -> None:
    first, second = listed_pairs(state, seat)
    assert len(set(first)) == len(first) and len(set(second)) == len(second)
    assert (set(first), set(second)) == reference_pairs(state, seat)


@pytest.mark.parametrize("colour", range(len(SUPPLY)))
@pytest.mark.parametrize("board_id", ["six", "three"])
def test_the_widest_positions_list_every_pair_once(board_id: str, colour: int) -> None:
    check(widest(board_id, colour), 0)


def test_two_piece_moves_match_the_plain_search_along_random_games() -> None:
    game = engine.find_game("wars")
    for players, seed in [(2, 1), (3, 2), (6, 3)]:
        states = random_game(game, players, seed)
        for state in random.Random(seed).sample(states, 12):
            if not game.is_over(state):
                check(state, state.active)


def test_listed_two_piece_moves_are_accepted() -> None:
    game = engine.find_game("wars")
    state = widest("three")
    pairs = [a for a in moves.legal_actions(state, 0) if isinstance(a, Move)]
    assert pairs
    for action in pairs:
        game.apply(state, 0, action)
