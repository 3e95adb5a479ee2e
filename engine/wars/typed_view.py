"""The Island Wars view as typed records: :meth:`WarsView.of` reads a :class:`View` (its
JSON schema: :mod:`.view`) once, and the pictures and the bot read the records. Read only: no
rules are computed here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome, View, Words
from engine.core.hexgrid import ORIGIN, Hex

from . import pieces

Axial = tuple[int, int]
KINDS: tuple[str, ...] = tuple(kind.value for kind in pieces.KINDS)
SCORE_PARTS: tuple[str, ...] = ("land", "pieces", "water", "territories", "total")


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on the board: whose it is and what it is (one of :data:`KINDS`)."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex of the map: water (lagoon or open sea) or land of a colour or of none."""

    q: int
    r: int
    water: bool
    sea: bool  # water on the map's outer ring
    owner: int | None
    piece: Piece | None
    secured_by: tuple[int, ...]

    @property
    def axial(self) -> Axial:
        """The cell's ``(q, r)``."""
        return (self.q, self.r)


@dataclass(frozen=True, slots=True)
class LastAction:
    """The previous turn: who, its notation, the hexes it used and the hexes it converted."""

    seat: int
    text: str
    hexes: tuple[Axial, ...]
    flipped: tuple[Axial, ...]
    words: Words | None = None


@dataclass(frozen=True, slots=True)
class WarsView:
    """Everything anyone sees of an Island Wars game (nothing is hidden in this game)."""

    name: str
    radius: int
    cells: tuple[Cell, ...]
    colours: tuple[str, ...]
    round: int
    rounds: int
    active: int | None
    resigned: frozenset[int]
    pieces_left: tuple[Mapping[str, int], ...]
    scores: tuple[Mapping[str, int], ...]
    last_action: LastAction | None
    outcome: Outcome | None

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.colours)

    @classmethod
    def of(cls, view: View) -> WarsView:
        """The typed reading of an Island Wars view."""
        return cls.from_data(view.data)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> WarsView:
        """Read an Island Wars view's data (schema: :mod:`engine.wars.view`)."""
        radius = int(data["radius"])
        last = data.get("last_action")
        outcome = data.get("outcome")
        return cls(
            name=str(data.get("board_name", "")),
            radius=radius,
            cells=tuple(_cell(h, radius) for h in data["hexes"]),
            colours=tuple(data["colours"]),
            round=int(data["round"]),
            rounds=int(data["rounds"]),
            active=data.get("active"),
            resigned=frozenset(data.get("resigned", ())),
            pieces_left=tuple(data["pieces_left"]),
            scores=tuple(data["scores"]),
            last_action=None
            if last is None
            else LastAction(
                seat=int(last["seat"]),
                text=str(last["text"]),
                hexes=_axials(last["hexes"]),
                flipped=_axials(last["flipped"]),
                words=Words.from_json(last["words"]) if last.get("words") else None,
            ),
            outcome=None if outcome is None else Outcome.from_json(outcome),
        )


def _axials(values: Sequence[Sequence[int]]) -> tuple[Axial, ...]:
    """``[[q, r], ...]`` as axial pairs."""
    return tuple((int(q), int(r)) for q, r in values)


def _cell(data: Mapping[str, Any], radius: int) -> Cell:
    """One hex of the view; water at ``radius`` from the centre is open sea."""
    q, r = int(data["q"]), int(data["r"])
    water = data["kind"] == "water"
    piece = data.get("piece")
    return Cell(
        q=q,
        r=r,
        water=water,
        sea=water and Hex(q, r).distance(ORIGIN) >= radius,
        owner=data.get("owner"),
        piece=None if piece is None else Piece(int(piece["seat"]), str(piece["kind"])),
        secured_by=tuple(data.get("secured_by", ())),
    )
