"""The Islant view data as typed records (read only; the engine has computed every score)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from engine.islant.geometry import (
    ANY_LABEL,
    LEVELS,
    QUARTER_NAMES,
    SHIPS,
    WAVES,
    cell_name,
    parse_cell_name,
)

PLAYING, SUBMITTED, STOPPED, STUCK = "playing", "submitted", "stopped", "cannot_continue"
ENDED = frozenset({STOPPED, STUCK})


def quarter_set(text: str) -> frozenset[int]:
    """Quarter numbers (N=0, E=1, S=2, W=3) from a view's ``"NES"`` text."""
    return frozenset(QUARTER_NAMES.index(ch) for ch in text)


@dataclass(frozen=True, slots=True)
class Cell:
    """One drawn cell of a sheet."""

    index: int
    land: frozenset[int] = frozenset()
    red: frozenset[int] = frozenset()
    blue: frozenset[int] = frozenset()
    purple: bool = False
    lake: bool = False
    central: bool = False
    wave: int = 0
    ship: int = 0
    bordered: bool = False
    draft: bool = False


@dataclass(frozen=True, slots=True)
class Island:
    """An island as the engine scored it: its cells, name and completion."""

    cells: frozenset[int]
    name: str | None
    completed: bool
    sides: int
    lakes: int


@dataclass(frozen=True, slots=True)
class Score:
    """A score breakdown; parts a level does not use are zero."""

    sides: int = 0
    lakes: int = 0
    islands: int = 0
    land: int = 0
    colour: int = 0
    waves: int = 0
    ships: int = 0
    total: int = 0

    @classmethod
    def parse(cls, data: Mapping[str, Any] | None) -> Score:
        """A score from its view dict (missing parts count as zero)."""
        data = data or {}
        return cls(**{name: int(data.get(name, 0)) for name in SCORE_PARTS})


SCORE_PARTS = tuple(f.name for f in fields(Score))
"""The names of a score's parts, looked up once (a race parses a score per player)."""


@dataclass(frozen=True, slots=True)
class Draft:
    """The turn in progress: the die per slot, wild values, and what is done."""

    dice: Mapping[str, int]
    wild: Mapping[str, int]
    done: Mapping[str, str]

    def value(self, slot: str) -> int:
        """The value a slot's die stands for (a wild die's chosen value when set)."""
        return self.wild.get(slot, self.dice[slot])


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything one player's sheet picture shows."""

    seat: int
    level: int
    size: int
    status: str
    cells: Mapping[int, Cell]
    islands: tuple[Island, ...]
    marked_totals: tuple[int, ...]
    borders: tuple[frozenset[int], ...]
    score: Score
    draft_score: Score | None
    draft: Draft | None

    @property
    def slots(self) -> tuple[str, ...]:
        return LEVELS[self.level].slots

    @property
    def column_labels(self) -> tuple[str, ...] | None:
        labels = LEVELS[self.level].column_labels
        return None if labels is None else tuple(ANY_LABEL if v is None else str(v) for v in labels)

    @property
    def has_waves(self) -> bool:
        return WAVES in self.slots

    @property
    def has_ships(self) -> bool:
        return SHIPS in self.slots

    @property
    def coloured(self) -> bool:
        return LEVELS[self.level].coloured

    @property
    def shown_score(self) -> Score:
        """The score with this turn's draft when there is one."""
        return self.draft_score or self.score

    def name_of(self, index: int) -> str:
        return cell_name(index, self.size)


def _cell(index: int, data: Mapping[str, Any]) -> Cell:
    return Cell(
        index=index,
        land=quarter_set(data.get("land", "")),
        red=quarter_set(data.get("red", "")),
        blue=quarter_set(data.get("blue", "")),
        purple=bool(data.get("purple", False)),
        lake=bool(data.get("lake", False)),
        central=bool(data.get("central", False)),
        wave=int(data.get("wave", 0)),
        ship=int(data.get("ship", 0)),
        bordered=bool(data.get("bordered", False)),
        draft=bool(data.get("draft", False)),
    )


def _index(name: str, size: int) -> int:
    index = parse_cell_name(name, size)
    if index is None:
        raise ValueError(f"cell {name!r} is not on a {size}×{size} sheet")
    return index


def parse_sheet(data: Mapping[str, Any]) -> Sheet:
    """A sheet from its view dict (``sheet_view`` or one entry of a race view's players)."""
    size = int(data["size"])
    cells = {
        index: _cell(index, c)
        for name, c in data["cells"].items()
        for index in [_index(name, size)]
    }
    draft = data.get("draft")
    ships = data.get("ships") or {}
    return Sheet(
        seat=int(data["seat"]),
        level=int(data["level"]),
        size=size,
        status=str(data["status"]),
        cells=cells,
        islands=tuple(
            Island(
                cells=frozenset(_index(n, size) for n in i["cells"]),
                name=i.get("name"),
                completed=bool(i["completed"]),
                sides=int(i["sides"]),
                lakes=int(i["lakes"]),
            )
            for i in data["islands"]
        ),
        marked_totals=tuple(int(t) for t in ships.get("marked_totals", ())),
        borders=tuple(frozenset(_index(n, size) for n in g) for g in ships.get("borders", ())),
        score=Score.parse(data["score"]),
        draft_score=None if data.get("draft_score") is None else Score.parse(data["draft_score"]),
        draft=None
        if draft is None
        else Draft(dict(draft["dice"]), dict(draft["wild"]), dict(draft["done"])),
    )


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place in the race: rank (ties share one), name, status and score."""

    rank: int
    seat: int
    name: str
    status: str
    score: Score


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or "Player N" when none was given."""
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


def standings(players: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[Standing]:
    """Players best first by their submitted total (ties by seat), with competition ranks."""
    scored = sorted(
        ((Score.parse(p["score"]), int(p["seat"]), str(p["status"])) for p in players),
        key=lambda e: (-e[0].total, e[1]),
    )
    out: list[Standing] = []
    for place, (score, seat, status) in enumerate(scored, start=1):
        tied = out and out[-1].score.total == score.total
        rank = out[-1].rank if tied else place
        out.append(Standing(rank, seat, seat_name(names, seat), status, score))
    return out


@dataclass(frozen=True, slots=True)
class Race:
    """The public picture of a race: level, round, roll, progress and standings."""

    level: int
    round: int
    max_rounds: int
    over: bool
    end_reason: str
    dice: tuple[int, ...]
    rerolled: tuple[tuple[int, ...], ...]
    standings: tuple[Standing, ...]

    def count(self, *statuses: str) -> int:
        return sum(1 for s in self.standings if s.status in statuses)

    @property
    def done(self) -> int:
        """Players who have submitted this round."""
        return self.count(SUBMITTED)

    @property
    def in_round(self) -> int:
        """Players still in the race this round (submitted or drawing)."""
        return self.count(SUBMITTED, PLAYING)


def parse_race(data: Mapping[str, Any], names: Sequence[str]) -> Race:
    """A race from a view's data."""
    roll = data.get("roll") or {}
    return Race(
        level=int(data["level"]),
        round=int(data["round"]),
        max_rounds=int(data.get("max_rounds", 0)),
        over=bool(data.get("over", False)),
        end_reason=str(data.get("end_reason", "")),
        dice=tuple(int(d) for d in roll.get("dice", ())),
        rerolled=tuple(tuple(int(d) for d in r) for r in roll.get("rerolled", ())),
        standings=tuple(standings(data["players"], names)),
    )


__all__ = [
    "ENDED",
    "PLAYING",
    "STOPPED",
    "STUCK",
    "SUBMITTED",
    "Cell",
    "Draft",
    "Island",
    "Race",
    "Score",
    "Sheet",
    "Standing",
    "parse_race",
    "parse_sheet",
    "seat_name",
    "standings",
]
