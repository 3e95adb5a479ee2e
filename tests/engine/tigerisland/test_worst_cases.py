"""Builds on the widest board: expansions from one pass over the board, as a flood per
settlement finds them."""

from __future__ import annotations

from dataclasses import replace

from engine.core.hexgrid import Hex
from engine.tigerisland import GAME, TigerState
from engine.tigerisland.board import Board, Cell, Piece, PieceKind, Settlement, Settlements
from engine.tigerisland.build import expansion_region, legal_builds
from engine.tigerisland.geometry import HABITABLE, Terrain, neighbours
from engine.tigerisland.state import Phase
from tests.benchmarks.bench import random_game

TILES = 48
VILLAGERS = 20


def sprawl() -> TigerState:
    """All 48 tiles' hexes as one level-1 grassland around a lattice of volcanoes, with the
    active player's 20 villagers as separate settlements all over it."""
    state = GAME.new(2, None, 1)
    disc = sorted(
        (Hex(q, r) for q in range(-8, 9) for r in range(-8, 9) if abs(q + r) <= 8),
        key=lambda h: abs(h.q) + abs(h.r) + abs(h.q + h.r),
    )[: 3 * TILES]
    cells = {
        h: Cell(Terrain.VOLCANO if (h.q - h.r) % 3 == 0 else Terrain.GRASS, 1, i // 3)
        for i, h in enumerate(disc)
    }
    grass = [h for h in disc if cells[h].terrain is Terrain.GRASS]
    for h in grass[:: len(grass) // VILLAGERS][:VILLAGERS]:
        cells[h] = replace(cells[h], piece=Piece(0, PieceKind.VILLAGER, 1))
    return replace(
        state,
        board=Board(cells),
        phase=Phase.BUILD,
        hand=None,
        villagers_left=(VILLAGERS, VILLAGERS),
        active=0,
    )


def flooded(board: Board, settlement: Settlement, terrain: Terrain) -> list[Hex]:
    """The empty ``terrain`` hexes a flood out of ``settlement`` reaches."""
    region: set[Hex] = set()
    seen = set(settlement.hexes)
    stack = [n for h in settlement.hexes for n in neighbours(h)]
    while stack:
        h = stack.pop()
        if h in seen:
            continue
        seen.add(h)
        cell = board.get(h)
        if cell is not None and cell.piece is None and cell.terrain is terrain:
            region.add(h)
            stack.extend(neighbours(h))
    return sorted(region)


def check(state: TigerState) -> None:
    settlements = Settlements(state.board)
    for settlement in settlements.of_seat(state.active):
        for terrain in HABITABLE:
            expected = flooded(state.board, settlement, terrain)
            assert expansion_region(state.board, settlement, terrain) == expected


def test_sprawl_expands_every_settlement_as_a_flood_would() -> None:
    state = sprawl()
    assert len(state.board) == 3 * TILES
    check(state)
    builds = legal_builds(state, Settlements(state.board))
    assert builds == GAME.legal_actions(state, 0)


def test_expansions_match_floods_along_random_games() -> None:
    for seed in range(3):
        for state in random_game(GAME, 2, seed):
            if state.phase is Phase.BUILD:
                check(state)
