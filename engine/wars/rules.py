"""Where pieces may go and what they do: placement, conversion by barracks, ports, moves.

Functions work on the per-hex tuples of a state (``owners``, ``pieces``) indexed like
``board.hexes``. A move lifts a piece before its destination is checked, and a move of a
barracks and a port is done in the order given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.core.hexgrid import Hex
from engine.core.words import N_, Words

from .board import Board
from .pieces import Kind, Piece

Owners = tuple[int | None, ...]
Pieces = tuple[Piece | None, ...]

# Refusal codes, each with the message a player reads ({hex} is filled in).
OFF_BOARD = "off_board"
WATER_HEX = "water_hex"
OCCUPIED = "occupied"
NOT_YOUR_TERRITORY = "not_your_territory"
PORT_NEEDS_WATER = "port_needs_water"
WATER_ALREADY_SECURED = "water_already_secured"
MESSAGES: dict[str, str] = {
    OFF_BOARD: N_("{hex} is not on the board."),
    WATER_HEX: N_("{hex} is water; pieces go on land hexes."),
    OCCUPIED: N_("{hex} already has a piece on it; choose an empty land hex."),
    NOT_YOUR_TERRITORY: N_(
        "{hex} is not your colour and not next to water secured by one of your ports; "
        "place on your own land or beside your secured water."
    ),
    PORT_NEEDS_WATER: N_("A port must stand next to water, and {hex} is not."),
    WATER_ALREADY_SECURED: N_(
        "A port may not stand next to water already secured by another player's port, and {hex} is."
    ),
}


def hex_name(h: Hex) -> str:
    """How a hex is written in messages."""
    return f"({h.q}, {h.r})"


def refusal(code: str, h: Hex) -> IllegalAction:
    """The IllegalAction for a placement refused at ``h``."""
    return IllegalAction(code, Words(MESSAGES[code], {"hex": hex_name(h)}))


def index_of(board: Board, h: Hex) -> int:
    """The index of ``h`` on the board, or an ``off_board`` refusal."""
    i = board.index.get(h)
    if i is None:
        raise refusal(OFF_BOARD, h)
    return i


def secured_water(board: Board, pieces: Pieces, seat: int) -> frozenset[int]:
    """Water hexes secured by ``seat``'s ports (each counted once)."""
    return frozenset(
        w
        for i, p in enumerate(pieces)
        if p is not None and p.kind is Kind.PORT and p.seat == seat
        for w in board.adjacent[i]
        if board.water[w]
    )


def securers(board: Board, pieces: Pieces) -> dict[int, frozenset[int]]:
    """For each secured water hex, the seats whose ports secure it."""
    out: dict[int, set[int]] = {}
    for i, p in enumerate(pieces):
        if p is not None and p.kind is Kind.PORT:
            for w in board.adjacent[i]:
                if board.water[w]:
                    out.setdefault(w, set()).add(p.seat)
    return {w: frozenset(seats) for w, seats in out.items()}


@dataclass(frozen=True, slots=True)
class Reach:
    """What the ports on the board mean for one seat's placements.

    ``through``: land next to water that seat secures (placeable whatever its colour);
    ``blocked``: land next to water secured by another player's port (no port there).
    """

    through: frozenset[int]
    blocked: frozenset[int]


def reach(board: Board, pieces: Pieces, seat: int) -> Reach:
    """The :class:`Reach` of ``seat`` in a position."""
    through: set[int] = set()
    blocked: set[int] = set()
    for w, seats in securers(board, pieces).items():
        if seat in seats:
            through.update(board.adjacent[w])
        if seats - {seat}:
            blocked.update(board.adjacent[w])
    return Reach(frozenset(through), frozenset(blocked))


def why_not(
    board: Board, owners: Owners, pieces: Pieces, seat: int, kind: Kind, i: int, where: Reach
) -> str | None:
    """The refusal code for placing ``kind`` on hex ``i``, or None if it may go there."""
    if board.water[i]:
        return WATER_HEX
    if pieces[i] is not None:
        return OCCUPIED
    if owners[i] != seat and i not in where.through:
        return NOT_YOUR_TERRITORY
    if kind is Kind.PORT:
        if not board.coastal[i]:
            return PORT_NEEDS_WATER
        if i in where.blocked:
            return WATER_ALREADY_SECURED
    return None


def targets(board: Board, owners: Owners, pieces: Pieces, seat: int, kind: Kind) -> list[int]:
    """Every hex where ``seat`` could place ``kind`` now."""
    where = reach(board, pieces, seat)
    return [i for i in board.land if why_not(board, owners, pieces, seat, kind, i, where) is None]


def flips(board: Board, owners: Owners, pieces: Pieces, seat: int, i: int) -> tuple[int, ...]:
    """The hexes a barracks of ``seat`` on hex ``i`` turns to its colour.

    Every adjacent land hex that is not ``seat``'s, unless another player's piece stands on
    it or it belongs to a player with a Defense Tower adjacent to it. Neutral land is never
    protected; water never changes; the barracks' own hex is not adjacent to itself.
    """
    out = []
    for n in board.adjacent[i]:
        owner = owners[n]
        if board.water[n] or owner == seat:
            continue
        occupant = pieces[n]
        if occupant is not None and occupant.seat != seat:
            continue
        if owner is not None and _guarded(board, pieces, owner, n):
            continue
        out.append(n)
    return tuple(out)


def _guarded(board: Board, pieces: Pieces, owner: int, n: int) -> bool:
    return any(
        (p := pieces[m]) is not None and p.kind is Kind.TOWER and p.seat == owner
        for m in board.adjacent[n]
    )


def put(pieces: Pieces, i: int, piece: Piece | None) -> Pieces:
    """``pieces`` with hex ``i`` holding ``piece`` (None lifts what was there)."""
    return (*pieces[:i], piece, *pieces[i + 1 :])


def recolour(owners: Owners, hexes: Iterable[int], seat: int) -> Owners:
    """``owners`` with ``hexes`` turned to ``seat``'s colour."""
    changed = set(hexes)
    if not changed:
        return owners
    return tuple(seat if i in changed else o for i, o in enumerate(owners))


def land_piece(
    board: Board, owners: Owners, pieces: Pieces, seat: int, kind: Kind, i: int
) -> tuple[Owners, Pieces, tuple[int, ...]]:
    """Put ``seat``'s ``kind`` on hex ``i`` (already checked) and convert around a barracks."""
    pieces = put(pieces, i, Piece(seat, kind))
    flipped = flips(board, owners, pieces, seat, i) if kind is Kind.BARRACKS else ()
    return recolour(owners, flipped, seat), pieces, flipped
