"""The tournament as a value: settings, entrants, rounds and tables, read from and written to JSON.

Everything here is immutable; :mod:`tournament.flow` makes the next value. Player ids are
integers (Discord user ids in the bot, 1..N offline); a result names players, never seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

JSON = dict[str, Any]


class Format(StrEnum):
    """How rounds are paired."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    KNOCKOUT = "knockout"


class LateJoin(StrEnum):
    """What a player who joins after round 1 was paired gets for each round missed."""

    LOSS = "loss"
    HALF = "half"


class TournamentError(ValueError):
    """A request the tournament's rules refuse; ``code`` is stable, ``message`` readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Settings:
    """What the organiser chose. ``rounds`` None: the format's natural number of rounds."""

    format: Format = Format.SWISS
    table_size: int = 2
    rounds: int | None = None
    late_join: LateJoin = LateJoin.LOSS

    def __post_init__(self) -> None:
        if not 2 <= self.table_size <= 6:
            raise TournamentError("table_size", "A table seats 2 to 6 players.")
        if self.format is Format.ROUND_ROBIN and self.table_size != 2:
            raise TournamentError("table_size", "Round robin is for two-player tables.")
        if self.rounds is not None and not 1 <= self.rounds <= 30:
            raise TournamentError("rounds", "A tournament has 1 to 30 rounds.")

    @property
    def duel(self) -> bool:
        """Two players a table: chess-style tiebreaks apply."""
        return self.table_size == 2

    def to_json(self) -> JSON:
        return {
            "format": self.format.value,
            "table_size": self.table_size,
            "rounds": self.rounds,
            "late_join": self.late_join.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        return cls(
            Format(data["format"]),
            int(data["table_size"]),
            data.get("rounds"),
            LateJoin(data.get("late_join", LateJoin.LOSS.value)),
        )


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player: ``rating`` orders equal scores; ``joined`` is the first round they
    can be paired in; ``dropped`` the first round they are no longer paired in."""

    id: int
    rating: float = 0.0
    joined: int = 1
    dropped: int | None = None

    def plays_in(self, round_number: int) -> bool:
        return self.joined <= round_number and (self.dropped is None or round_number < self.dropped)

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "rating": self.rating,
            "joined": self.joined,
            "dropped": self.dropped,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entrant:
        return cls(int(data["id"]), float(data["rating"]), int(data["joined"]), data.get("dropped"))


@dataclass(frozen=True, slots=True)
class Result:
    """How a table's game ended: each seat's score and the winning players (in the game's
    order: the first winner is the one who goes on in a knockout)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]

    def to_json(self) -> JSON:
        return {"scores": list(self.scores), "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        return cls(tuple(data["scores"]), tuple(int(w) for w in data["winners"]))


@dataclass(frozen=True, slots=True)
class Table:
    """Players seated together for one game, in seat order; ``result`` once it has ended."""

    seats: tuple[int, ...]
    result: Result | None = None

    @property
    def done(self) -> bool:
        return self.result is not None

    def to_json(self) -> JSON:
        return {
            "seats": list(self.seats),
            "result": None if self.result is None else self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        result = data.get("result")
        return cls(
            tuple(int(s) for s in data["seats"]),
            None if result is None else Result.from_json(result),
        )


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables and the players given a bye."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def done(self) -> bool:
        return all(table.done for table in self.tables)

    def to_json(self) -> JSON:
        return {
            "round": self.number,
            "tables": [t.to_json() for t in self.tables],
            "byes": list(self.byes),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(
            int(data["round"]),
            tuple(Table.from_json(t) for t in data["tables"]),
            tuple(int(b) for b in data["byes"]),
        )


@dataclass(frozen=True, slots=True)
class Tournament:
    """A whole tournament: settings, entrants (in registration order) and the rounds paired."""

    settings: Settings
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[Round, ...] = ()
    planned: int | None = field(default=None)

    def entrant(self, player: int) -> Entrant:
        for entrant in self.entrants:
            if entrant.id == player:
                return entrant
        raise TournamentError("not_entered", "That player is not in this tournament.")

    def has(self, player: int) -> bool:
        return any(e.id == player for e in self.entrants)

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def with_entrant(self, entrant: Entrant) -> Tournament:
        kept = tuple(e for e in self.entrants if e.id != entrant.id)
        if len(kept) == len(self.entrants):
            return replace(self, entrants=(*kept, entrant))
        return replace(
            self, entrants=tuple(entrant if e.id == entrant.id else e for e in self.entrants)
        )

    def to_json(self) -> JSON:
        return {
            "settings": self.settings.to_json(),
            "entrants": [e.to_json() for e in self.entrants],
            "rounds": [r.to_json() for r in self.rounds],
            "planned": self.planned,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tournament:
        return cls(
            Settings.from_json(data["settings"]),
            tuple(Entrant.from_json(e) for e in data["entrants"]),
            tuple(Round.from_json(r) for r in data["rounds"]),
            data.get("planned"),
        )


def placings(scores: Sequence[float], winners: Sequence[int], seats: Sequence[int]) -> list[int]:
    """1-based places by seat: the winners share first place, then the others by score, equal
    scores sharing a place and the next place skipping (1, 2, 2, 4)."""
    won = set(winners)

    def key(seat: int) -> tuple[int, float]:
        return (0, 0.0) if seats[seat] in won else (1, -scores[seat])

    order = sorted(range(len(seats)), key=key)
    places = [0] * len(seats)
    for position, seat in enumerate(order):
        before = order[position - 1]
        tied = position > 0 and key(before) == key(seat)
        places[seat] = places[before] if tied else position + 1
    return places
