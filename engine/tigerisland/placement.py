"""Tile placement: on the table beside the island, or on top of it (an eruption)."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Event, IllegalAction, Words, told
from engine.core.hexgrid import Hex
from engine.core.words import joined

from .actions import PlaceTile, describe
from .board import Cell, PieceKind, Settlements
from .geometry import (
    CENTRE,
    NEIGHBOUR_STEPS,
    ORIENTATION_STEPS,
    ORIENTATIONS,
    Terrain,
    cube_text,
    footprint,
    hex_key,
    key_hex,
    neighbours,
)
from .state import LastTurn, Phase, TigerState, player, with_seat
from .words import tile_words

# Ruling 1: the first tile's volcano goes at the centre of the table, in any orientation.
FIRST_VOLCANO = CENTRE
# Ruling 3: an eruption must span at least this many different tiles (never a single tile).
MIN_TILES_UNDER = 2

WRONG_TILE = "wrong_tile"
FIRST_TILE_AT_CENTRE = "first_tile_at_centre"
NOT_TOUCHING = "not_touching"
MIXED_PLACEMENT = "mixed_placement"
UNEVEN_LEVEL = "uneven_level"
SINGLE_TILE = "single_tile"
VOLCANO_NOT_ON_VOLCANO = "volcano_not_on_volcano"
COVERS_TOTORO = "covers_totoro"
REMOVES_SETTLEMENT = "removes_settlement"
BAD_ORIENTATION = "bad_orientation"


def check_placement(state: TigerState, action: PlaceTile) -> None:
    """Raise IllegalAction unless the tile in hand may go where ``action`` says."""
    if action.kind != state.hand:
        raise IllegalAction(
            WRONG_TILE,
            Words(
                "Your tile is {tile}; you cannot place {other}.",
                {
                    "tile": tile_words(state.hand) if state.hand else "",
                    "other": tile_words(action.kind),
                },
            ),
        )
    if action.orientation not in ORIENTATIONS:
        raise IllegalAction(
            BAD_ORIENTATION,
            Words("The orientation must be 1 to 6, not {given}.", {"given": action.orientation}),
        )
    hexes = footprint(action.volcano, action.orientation)
    if state.is_first_tile:
        if action.volcano != FIRST_VOLCANO:
            raise IllegalAction(
                FIRST_TILE_AT_CENTRE,
                Words(
                    "The first tile goes at the centre: its volcano at {hex}.",
                    {"hex": cube_text(FIRST_VOLCANO)},
                ),
            )
        return
    on_board = sum(h in state.board for h in hexes)
    if on_board == 0:
        if not _touches_island(state, hexes):
            raise IllegalAction(
                NOT_TOUCHING, "A tile on the table must share an edge with the island."
            )
    elif on_board < len(hexes):
        raise IllegalAction(
            MIXED_PLACEMENT,
            "A tile goes either wholly on the table or wholly on top of the island, not both.",
        )
    else:
        problem = eruption_problem(state, hexes, Settlements(state.board))
        if problem is not None:
            raise IllegalAction(*problem)


def _touches_island(state: TigerState, hexes: tuple[Hex, ...]) -> bool:
    return any(n in state.board for h in hexes for n in neighbours(h))


def eruption_problem(
    state: TigerState, hexes: tuple[Hex, Hex, Hex], settlements: Settlements
) -> tuple[str, str] | None:
    """Why a tile may not go on top of these three existing hexes, or None if it may."""
    return _cells_problem([state.board[h] for h in hexes]) or _settlement_problem(
        hexes, settlements
    )


def _cells_problem(cells: list[Cell]) -> tuple[str, str] | None:
    """The conditions on the covered hexes themselves (the volcano's hex first)."""
    if len({c.level for c in cells}) != 1:
        return UNEVEN_LEVEL, Words("The three hexes under a tile must all be at the same level.")
    if len({c.tile for c in cells}) < MIN_TILES_UNDER:
        return SINGLE_TILE, Words(
            "A tile may not cover exactly one tile; it must span two or three."
        )
    if cells[0].terrain is not Terrain.VOLCANO:
        return VOLCANO_NOT_ON_VOLCANO, Words("The tile's volcano must cover a volcano.")
    if any(c.piece is not None and c.piece.kind is PieceKind.TOTORO for c in cells):
        return COVERS_TOTORO, Words("A tile may not cover a totoro.")
    return None


def _settlement_problem(
    hexes: tuple[Hex, Hex, Hex], settlements: Settlements
) -> tuple[str, str] | None:
    covered = set(hexes)
    for h in hexes:
        settlement = settlements.by_hex.get(h)
        if settlement is not None and settlement.hexes <= covered:
            return (
                REMOVES_SETTLEMENT,
                Words(
                    "A tile may not cover every hex of a settlement "
                    "(a settlement of one hex, or both hexes of one of two)."
                ),
            )
    return None


def legal_placements(state: TigerState) -> list[PlaceTile]:
    """Every legal placement of the tile in hand: table placements, then eruptions.

    Cost: linear in the board (set shifts for the table, six orientations per volcano).
    """
    kind = state.hand
    if kind is None:
        return []
    if state.is_first_tile:
        return [PlaceTile(kind, FIRST_VOLCANO, o) for o in ORIENTATIONS]
    cells = {hex_key(h): c for h, c in state.board.items()}
    spots = _table_spots(cells) + _eruption_spots(state, cells)
    return [PlaceTile(kind, key_hex(v), o) for v, o in spots]


def _table_spots(cells: dict[int, Cell]) -> list[tuple[int, int]]:
    """(volcano key, orientation) of every table placement touching the island, sorted.

    Done with whole-set shifts: a volcano ``v`` works when none of ``v, v + da, v + db``
    is on the island and one of them is on the frontier.
    """
    frontier = {k + d for k in cells for d in NEIGHBOUR_STEPS}.difference(cells)
    back_frontier = {d: {f - d for f in frontier} for d in NEIGHBOUR_STEPS}
    back_island = {d: {k - d for k in cells} for d in NEIGHBOUR_STEPS}
    spots = []
    for o, (da, db) in zip(ORIENTATIONS, ORIENTATION_STEPS, strict=True):
        touching = frontier.union(back_frontier[da], back_frontier[db])
        free = touching.difference(cells, back_island[da], back_island[db])
        spots.extend((v, o) for v in free)
    spots.sort()
    return spots


def _eruption_spots(state: TigerState, cells: dict[int, Cell]) -> list[tuple[int, int]]:
    """(volcano key, orientation) of every legal eruption."""
    settlements: Settlements | None = None
    spots = []
    for v in sorted(k for k, c in cells.items() if c.terrain is Terrain.VOLCANO):
        for o, (da, db) in zip(ORIENTATIONS, ORIENTATION_STEPS, strict=True):
            a, b = cells.get(v + da), cells.get(v + db)
            if a is None or b is None or _cells_problem([cells[v], a, b]) is not None:
                continue
            settlements = settlements or Settlements(state.board)
            if _settlement_problem(footprint(key_hex(v), o), settlements) is None:
                spots.append((v, o))
    return spots


def apply_placement(state: TigerState, action: PlaceTile) -> tuple[TigerState, list[Event]]:
    """Put the tile down (already checked); pieces under it leave the game."""
    hexes = footprint(action.volcano, action.orientation)
    terrains = (Terrain.VOLCANO, action.kind.a, action.kind.b)
    tile = state.next_tile_id
    changes: dict[Hex, Cell] = {}
    removed = state.villagers_removed
    lost: list[str] = []
    for h, terrain in zip(hexes, terrains, strict=True):
        old = state.board.get(h)
        level = 1 if old is None else old.level + 1
        changes[h] = Cell(terrain, level, tile)
        if old is not None and old.piece is not None:
            seat = old.piece.seat
            removed = with_seat(removed, seat, removed[seat] + old.piece.count)
            lost.append(cube_text(h))
    new = replace(
        state,
        board=state.board.updated(changes),
        hand=None,
        placed_tiles=(*state.placed_tiles, action.kind),
        villagers_removed=removed,
        phase=Phase.BUILD,
        last_turn=LastTurn(state.active, hexes),
    )
    placed = Words("{who} {move}.", {"who": player(state.active), "move": describe(action)})
    data = {"seat": state.active, "tile": tile, "hexes": [cube_text(h) for h in hexes]}
    events = [told("place", placed, data, retells=True)]
    if lost:
        buried = Words(
            "Villagers at {hexes} were buried and left the game.", {"hexes": joined(lost, ", ")}
        )
        events.append(told("erupt", buried, {"hexes": lost}))
    return new, events
