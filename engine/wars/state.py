"""The Island Wars state: an immutable value, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.hexgrid import Hex

from .board import Board, board_from_json, board_to_json
from .pieces import NUM_ROUNDS, Counts, Kind, Piece

# The game ends early once fewer players than this have not resigned.
MIN_PLAYERS_IN_PLAY = 2


@dataclass(frozen=True, slots=True)
class LastAction:
    """The most recent action, for the board picture: its text and the hexes it touched."""

    seat: int
    text: str
    hexes: tuple[Hex, ...] = ()
    flipped: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class WarsState:
    """A position. Per-hex tuples follow ``board.hexes``.

    ``owners`` holds each land hex's colour (a seat, or None for neutral land and water);
    ``pieces`` what stands on each hex; ``reserve`` each seat's free pieces as
    (barracks, tower, port). ``round`` runs 1..NUM_ROUNDS and passes NUM_ROUNDS at the end.
    """

    board: Board
    num_players: int
    owners: tuple[int | None, ...]
    pieces: tuple[Piece | None, ...]
    reserve: tuple[Counts, ...]
    round: int = 1
    active: int = 0
    resigned: frozenset[int] = frozenset()
    last: LastAction | None = None

    @property
    def in_play(self) -> tuple[int, ...]:
        """Seats that have not resigned."""
        return tuple(s for s in range(self.num_players) if s not in self.resigned)

    @property
    def finished(self) -> bool:
        """True after the last round, or once fewer than two players remain."""
        return self.round > NUM_ROUNDS or len(self.in_play) < MIN_PLAYERS_IN_PLAY


def _hex_list(hexes: tuple[Hex, ...]) -> list[list[int]]:
    return [[h.q, h.r] for h in hexes]


def _hexes(data: list[list[int]]) -> tuple[Hex, ...]:
    return tuple(Hex(int(q), int(r)) for q, r in data)


def state_to_json(state: WarsState) -> dict[str, Any]:
    """The whole state as JSON-compatible data (the map is kept with the game)."""
    last = state.last
    return {
        "board": board_to_json(state.board),
        "num_players": state.num_players,
        "owners": list(state.owners),
        "pieces": [
            [h.q, h.r, p.seat, p.kind.value]
            for h, p in zip(state.board.hexes, state.pieces, strict=True)
            if p is not None
        ],
        "reserve": [list(c) for c in state.reserve],
        "round": state.round,
        "active": state.active,
        "resigned": sorted(state.resigned),
        "last": None
        if last is None
        else {
            "seat": last.seat,
            "text": last.text,
            "hexes": _hex_list(last.hexes),
            "flipped": _hex_list(last.flipped),
        },
    }


def state_from_json(data: Mapping[str, Any]) -> WarsState:
    """The inverse of :func:`state_to_json`."""
    board = board_from_json(data["board"])
    pieces: list[Piece | None] = [None] * len(board.hexes)
    for q, r, seat, kind in data["pieces"]:
        pieces[board.index[Hex(q, r)]] = Piece(int(seat), Kind(kind))
    last = data["last"]
    return WarsState(
        board=board,
        num_players=int(data["num_players"]),
        owners=tuple(None if o is None else int(o) for o in data["owners"]),
        pieces=tuple(pieces),
        reserve=tuple((int(b), int(t), int(p)) for b, t, p in data["reserve"]),
        round=int(data["round"]),
        active=int(data["active"]),
        resigned=frozenset(int(s) for s in data["resigned"]),
        last=None
        if last is None
        else LastAction(
            seat=int(last["seat"]),
            text=str(last["text"]),
            hexes=_hexes(last["hexes"]),
            flipped=_hexes(last["flipped"]),
        ),
    )
