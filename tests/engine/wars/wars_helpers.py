"""Small custom maps and positions for Island Wars tests."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.hexgrid import ORIGIN, Hex
from engine.wars.board import WATER, Board, Terrain, board_from_json
from engine.wars.game import new_state
from engine.wars.pieces import SUPPLY, Kind, Piece, with_count
from engine.wars.state import WarsState

H = Hex
B, T, P = Kind.BARRACKS, Kind.TOWER, Kind.PORT


def make_board(land: Mapping[tuple[int, int], Terrain], radius: int = 2) -> Board:
    """A disc of ``radius`` around (0, 0): water except the given ``land`` cells."""
    cells = []
    for q in range(-radius, radius + 1):
        for r in range(-radius, radius + 1):
            if Hex(q, r).distance(ORIGIN) <= radius:
                cells.append([q, r, land.get((q, r), WATER)])
    data = {"id": "test", "name": "Test map", "colours": 6, "radius": radius, "cells": cells}
    return board_from_json(data)


def make_state(
    board: Board,
    num_players: int = 2,
    pieces: Mapping[tuple[int, int], tuple[int, Kind]] | None = None,
    owners: Mapping[tuple[int, int], int | None] | None = None,
    active: int = 0,
) -> WarsState:
    """A position on ``board``: pieces taken from their owners' reserves, colours overridden."""
    state = new_state(board, num_players)
    placed = list(state.pieces)
    colours = list(state.owners)
    reserve = list(SUPPLY[:num_players])
    for (q, r), (seat, kind) in (pieces or {}).items():
        placed[board.index[Hex(q, r)]] = Piece(seat, kind)
        reserve[seat] = with_count(reserve[seat], kind, -1)
    for (q, r), owner in (owners or {}).items():
        colours[board.index[Hex(q, r)]] = owner
    return WarsState(
        board=board,
        num_players=num_players,
        owners=tuple(colours),
        pieces=tuple(placed),
        reserve=tuple(reserve),
        active=active,
    )


def owner_at(state: WarsState, q: int, r: int) -> int | None:
    """The colour of hex (q, r)."""
    return state.owners[state.board.index[Hex(q, r)]]


def piece_at(state: WarsState, q: int, r: int) -> Piece | None:
    """The piece on hex (q, r)."""
    return state.pieces[state.board.index[Hex(q, r)]]
