"""The Island competition view data as typed records (read only; no rules are computed here).

:meth:`Table.of` reads a view (and :func:`parse_table` a view's ``data``; see :mod:`.views`
for the schema) into a :class:`Table`, the one typed view the renderer and the bot both read.
Cards arrive as tokens (``card:<id>`` or ``blind``); the printed facts of an island card are
public, so they are looked up in the deck. Nothing else is added to what the view shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome, View

from .cards import CARD_TOKEN_PREFIX
from .deck import SEAS, IslandCard, Sea, card_by_id
from .state import BLIND

Entry = IslandCard | str | None
"""What a slot of one's own placement holds: an island card, :data:`BLIND`, or nothing."""


def card_of(token: str) -> IslandCard:
    """The island card of a ``card:<id>`` token."""
    if not token.startswith(CARD_TOKEN_PREFIX):
        raise ValueError(f"not an island card token: {token!r}")
    return card_by_id(token.removeprefix(CARD_TOKEN_PREFIX))


def entry_of(token: str | None) -> Entry:
    """An island card, :data:`BLIND`, or None for an empty slot."""
    if token is None or token == BLIND:
        return token
    return card_of(token)


def slot_parts(slot: str) -> tuple[str, bool]:
    """The category key and side of a slot key: ``"area-high"`` gives ``("area", True)``."""
    category, _, side = slot.rpartition("-")
    return category, side == "high"


@dataclass(frozen=True, slots=True)
class Play:
    """One player's card in a revealed slot (``card`` None: a blind card)."""

    seat: int
    card: IslandCard | None
    value: float | None


@dataclass(frozen=True, slots=True)
class Trick:
    """A revealed slot: every play, who took the trick, and the cards that left the game."""

    slot: str
    plays: tuple[Play, ...]
    takers: tuple[int, ...]
    removed: frozenset[str]

    def removed_card(self, play: Play) -> bool:
        """Whether ``play``'s island card left the game (a tie for the best value)."""
        return play.card is not None and play.card.id in self.removed


@dataclass(frozen=True, slots=True)
class Player:
    """What everyone sees of a seat: progress this round and the piles in front of it."""

    seat: int
    active: bool
    confirmed: bool
    placed: int
    filled: frozenset[str]
    """Keys of the slots holding a face-down card (an island or a blind: nobody else knows)."""
    hand: int
    face_up: tuple[int, ...]
    face_down: int


@dataclass(frozen=True, slots=True)
class Job:
    """A split or steal waiting before the next reveal."""

    kind: str
    seat: int
    cards: tuple[IslandCard, ...]
    remaining: int


@dataclass(frozen=True, slots=True)
class SeaRow:
    """One sea of the score table: face-up cards and points per seat."""

    sea: Sea
    counts: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Scores:
    """The score table so far: sea rows in scoring order, face-down cards, totals."""

    variant: str
    seas: tuple[SeaRow, ...]
    face_down: tuple[int, ...]
    cards: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Own:
    """A seat's own secrets from its view: its hand, unplaced blinds, placement and the cards
    of its face-down pile."""

    seat: int
    hand: tuple[IslandCard, ...]
    blinds: int
    placement: tuple[tuple[str, Entry], ...]
    face_down: tuple[IslandCard, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the pictures show."""

    variant: str
    phase: str
    round: int
    rounds: int
    slots: tuple[str, ...]
    next_slot: str | None
    to_move: tuple[int, ...]
    players: tuple[Player, ...]
    tricks: tuple[Trick, ...]
    pending: tuple[Job, ...]
    scores: Scores
    outcome: Outcome | None
    you: Own | None

    def trick(self, slot: str) -> Trick | None:
        """The revealed trick of ``slot`` this round, if any."""
        return next((t for t in self.tricks if t.slot == slot), None)

    @classmethod
    def of(cls, view: View) -> Table:
        """The typed reading of an Island competition view."""
        return parse_table(view.data)


def _trick(data: Mapping[str, Any]) -> Trick:
    plays = tuple(
        Play(
            seat=int(p["seat"]),
            card=None if p["card"] == BLIND else card_of(p["card"]),
            value=p["value"],
        )
        for p in data["plays"]
    )
    removed = frozenset(card_of(t).id for t in data["removed"])
    return Trick(str(data["slot"]), plays, tuple(data["takers"]), removed)


def _player(data: Mapping[str, Any]) -> Player:
    counts = data["face_up_counts"]
    return Player(
        seat=int(data["seat"]),
        active=bool(data["active"]),
        confirmed=bool(data["confirmed"]),
        placed=int(data["placed"]),
        filled=frozenset(str(slot) for slot in data["filled"]),
        hand=int(data["hand"]),
        face_up=tuple(int(counts.get(str(sea), 0)) for sea in SEAS),
        face_down=int(data["face_down"]),
    )


def _job(data: Mapping[str, Any]) -> Job:
    return Job(
        kind=str(data["kind"]),
        seat=int(data["seat"]),
        cards=tuple(card_of(t) for t in data.get("cards", ())),
        remaining=int(data.get("remaining", 0)),
    )


def _scores(data: Mapping[str, Any]) -> Scores:
    return Scores(
        variant=str(data["variant"]),
        seas=tuple(
            SeaRow(Sea(row["sea"]), tuple(row["counts"]), tuple(row["points"]))
            for row in data["seas"]
        ),
        face_down=tuple(data["face_down"]),
        cards=tuple(data["cards"]),
        totals=tuple(data["totals"]),
    )


def _own(data: Mapping[str, Any]) -> Own:
    return Own(
        seat=int(data["seat"]),
        hand=tuple(card_of(t) for t in data["hand"]),
        blinds=int(data["blinds"]),
        placement=tuple((slot, entry_of(t)) for slot, t in data["placement"].items()),
        face_down=tuple(card_of(t) for t in data.get("face_down", ())),
    )


def parse_table(data: Mapping[str, Any]) -> Table:
    """Read an Island competition view's data."""
    outcome = data.get("outcome")
    you = data.get("you")
    return Table(
        variant=str(data["variant"]),
        phase=str(data["phase"]),
        round=int(data["round"]),
        rounds=int(data["rounds"]),
        slots=tuple(data["slots"]),
        next_slot=data.get("next_slot"),
        to_move=tuple(data["to_move"]),
        players=tuple(_player(p) for p in data["players"]),
        tricks=tuple(_trick(t) for t in data["revealed"]),
        pending=tuple(_job(j) for j in data["pending"]),
        scores=_scores(data["scores"]),
        outcome=None if outcome is None else Outcome.from_json(outcome),
        you=None if you is None else _own(you),
    )
