"""Every legal action of a seat: placements, moves of one or two pieces, and pass.

A move of a barracks and a port ends in the same position whichever goes first (a seat's own
port never shields a hex from its barracks), so each such pair is listed once: barracks
first when that order is legal, else port first. ``apply`` accepts either legal order.
"""

from __future__ import annotations

from engine.core.hexgrid import Hex

from .actions import Action, Move, Pass, Place, Step
from .board import Board
from .pieces import KINDS, Kind, count_of
from .rules import Owners, Pieces, flips, index_of, land_piece, put, reach, targets, why_not
from .state import WarsState

IndexMove = tuple[int, int]


def legal_actions(state: WarsState, seat: int) -> list[Action]:
    """Pass, every placement per kind of free piece, and every move, for the seat to act.

    Cost: linear in the board per piece for placements and single moves; moves of two
    pieces are as many as (barracks moves) × (port moves), see :func:`_paired_moves`.
    """
    if state.finished or seat != state.active:
        return []
    board, owners, pieces = state.board, state.owners, state.pieces
    hexes = board.hexes
    actions: list[Action] = [Pass()]
    for kind in KINDS:
        if count_of(state.reserve[seat], kind):
            actions += [Place(kind, hexes[i]) for i in targets(board, owners, pieces, seat, kind)]
    barracks = single_moves(board, owners, pieces, seat, Kind.BARRACKS)
    ports = single_moves(board, owners, pieces, seat, Kind.PORT)
    actions += [Move((_step(board, Kind.BARRACKS, m),)) for m in barracks]
    actions += [Move((_step(board, Kind.PORT, m),)) for m in ports]
    actions += _paired_moves(board, owners, pieces, seat, barracks, ports)
    return actions


def own_pieces(pieces: Pieces, seat: int, kind: Kind) -> list[int]:
    """The hexes holding ``seat``'s pieces of ``kind``."""
    return [i for i, p in enumerate(pieces) if p is not None and p.seat == seat and p.kind is kind]


def single_moves(
    board: Board, owners: Owners, pieces: Pieces, seat: int, kind: Kind
) -> list[IndexMove]:
    """Every (from, to) relocation of one of ``seat``'s pieces of ``kind``."""
    out = []
    for src in own_pieces(pieces, seat, kind):
        lifted = put(pieces, src, None)
        out += [(src, dst) for dst in targets(board, owners, lifted, seat, kind) if dst != src]
    return out


def _paired_moves(
    board: Board,
    owners: Owners,
    pieces: Pieces,
    seat: int,
    barracks: list[IndexMove],
    ports: list[IndexMove],
) -> list[Move]:
    """Every move of a barracks and a port, each pair once (barracks first when legal).

    A barracks move changes where a port may go only on the two hexes it touches and the
    hexes it converts, so only those are checked again. Cost: O(b·(n + p·f) + m·n + pairs)
    for b barracks moves, p ports, f hexes converted per move, m port moves, n hexes, and
    pairs the size of the output, at most b × m.
    """
    steps: dict[tuple[Kind, IndexMove], Step] = {}

    def step(kind: Kind, move: IndexMove) -> Step:
        if (kind, move) not in steps:
            steps[kind, move] = _step(board, kind, move)
        return steps[kind, move]

    port_dests: dict[int, set[int]] = {}
    for src, dst in ports:
        port_dests.setdefault(src, set()).add(dst)
    port_srcs = own_pieces(pieces, seat, Kind.PORT)
    port_reach = {ps: reach(board, put(pieces, ps, None), seat) for ps in port_srcs}
    out = []
    for bs, bd in barracks:
        owners1, pieces1, flipped = land_piece(
            board, owners, put(pieces, bs, None), seat, Kind.BARRACKS, bd
        )
        first = step(Kind.BARRACKS, (bs, bd))
        for ps in port_srcs:
            lifted = put(pieces1, ps, None)
            opened = {
                pd
                for pd in {bs, *flipped} - {ps}
                if why_not(board, owners1, lifted, seat, Kind.PORT, pd, port_reach[ps]) is None
            }
            for pd in sorted((port_dests.get(ps, set()) - {bd}) | opened):
                out.append(Move((first, step(Kind.PORT, (ps, pd)))))
    # A port move legal on its own stays legal after any barracks move but one onto its
    # destination, so those pairs are listed above already.
    single = set(barracks)
    barracks_srcs = own_pieces(pieces, seat, Kind.BARRACKS)
    for ps, pd in ports:
        owners2, pieces2, _ = land_piece(board, owners, put(pieces, ps, None), seat, Kind.PORT, pd)
        dests = targets(board, owners2, pieces2, seat, Kind.BARRACKS)
        first = step(Kind.PORT, (ps, pd))
        for bs in barracks_srcs:
            for bd in dests:
                if bd != bs and (bd == pd or (bs, bd) not in single):
                    out.append(Move((first, step(Kind.BARRACKS, (bs, bd)))))
    return out


def _step(board: Board, kind: Kind, move: IndexMove) -> Step:
    return Step(kind, board.hexes[move[0]], board.hexes[move[1]])


def preview_barracks(state: WarsState, seat: int, at: Hex) -> list[Hex]:
    """The hexes a barracks of ``seat`` put on ``at`` now would turn to their colour."""
    board = state.board
    return [
        board.hexes[i] for i in flips(board, state.owners, state.pieces, seat, index_of(board, at))
    ]
