"""The Islant view as typed records: :meth:`IslantView.of` reads a race view (its JSON schema:
:mod:`.views`) and :meth:`SheetView.of` one player's sheet in it, once; the pictures and the
bot read the records. Read only: the engine has computed every score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from engine.core import View

from .geometry import ANY_LABEL, LEVELS, QUARTER_NAMES, SHIPS, WAVES, cell_name, parse_cell_name
from .state import PLAYING, SUBMITTED


def _quarters(text: str) -> frozenset[int]:
    """Quarter numbers (N=0, E=1, S=2, W=3) from a view's ``"NES"`` text."""
    return frozenset(QUARTER_NAMES.index(ch) for ch in text)


@dataclass(frozen=True, slots=True)
class SheetCell:
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
class SheetIsland:
    """An island as the engine scored it: its cells, name and completion."""

    cells: frozenset[int]
    name: str | None
    completed: bool
    sides: int
    lakes: int


@dataclass(frozen=True, slots=True)
class ScoreView:
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
    def parse(cls, data: Mapping[str, Any] | None) -> ScoreView:
        """A score from its view dict (missing parts count as zero)."""
        data = data or {}
        return cls(**{name: int(data.get(name, 0)) for name in SCORE_PARTS})

    def parts(self) -> dict[str, int]:
        """The score's parts by name (what :func:`score_breakdown` words)."""
        return {name: getattr(self, name) for name in SCORE_PARTS}


SCORE_PARTS = tuple(f.name for f in fields(ScoreView))
"""The names of a score's parts, looked up once (a race parses a score per player)."""


@dataclass(frozen=True, slots=True)
class DraftView:
    """The turn in progress: the die per slot, wild values, and what is done."""

    dice: Mapping[str, int]
    wild: Mapping[str, int]
    done: Mapping[str, str]

    def value(self, slot: str) -> int:
        """The value a slot's die stands for (a wild die's chosen value when set)."""
        return self.wild.get(slot, self.dice[slot])


@dataclass(frozen=True, slots=True)
class SheetView:
    """Everything one player's sheet picture shows."""

    seat: int
    level: int
    size: int
    status: str
    cells: Mapping[int, SheetCell]
    islands: tuple[SheetIsland, ...]
    marked_totals: tuple[int, ...]
    borders: tuple[frozenset[int], ...]
    score: ScoreView
    draft_score: ScoreView | None
    draft: DraftView | None

    @classmethod
    def of(cls, view: View, seat: int) -> SheetView:
        """``seat``'s sheet in a race view, as the view's viewer sees it."""
        return cls.from_data(view.data["players"][seat])

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SheetView:
        """A sheet from its view dict (``sheet_view`` or one entry of a race view's players)."""
        size = int(data["size"])
        cells = {
            index: _cell(index, c)
            for name, c in data["cells"].items()
            for index in [_index(name, size)]
        }
        draft = data.get("draft")
        ships = data.get("ships") or {}
        draft_score = data.get("draft_score")
        return cls(
            seat=int(data["seat"]),
            level=int(data["level"]),
            size=size,
            status=str(data["status"]),
            cells=cells,
            islands=tuple(
                SheetIsland(
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
            score=ScoreView.parse(data["score"]),
            draft_score=None if draft_score is None else ScoreView.parse(draft_score),
            draft=None
            if draft is None
            else DraftView(dict(draft["dice"]), dict(draft["wild"]), dict(draft["done"])),
        )

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
    def shown_score(self) -> ScoreView:
        """The score with this turn's draft when there is one."""
        return self.draft_score or self.score

    def name_of(self, index: int) -> str:
        return cell_name(index, self.size)


def _cell(index: int, data: Mapping[str, Any]) -> SheetCell:
    return SheetCell(
        index=index,
        land=_quarters(data.get("land", "")),
        red=_quarters(data.get("red", "")),
        blue=_quarters(data.get("blue", "")),
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


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place in the race: rank (ties share one), seat, status and score."""

    rank: int
    seat: int
    status: str
    score: ScoreView


def standings(players: Sequence[Mapping[str, Any]]) -> list[Standing]:
    """Players best first by their submitted total (ties by seat), with competition ranks."""
    scored = sorted(
        ((ScoreView.parse(p["score"]), int(p["seat"]), str(p["status"])) for p in players),
        key=lambda e: (-e[0].total, e[1]),
    )
    out: list[Standing] = []
    for place, (score, seat, status) in enumerate(scored, start=1):
        tied = out and out[-1].score.total == score.total
        rank = out[-1].rank if tied else place
        out.append(Standing(rank, seat, status, score))
    return out


@dataclass(frozen=True, slots=True)
class IslantView:
    """What a race view shows of the race: level, round, roll, progress and standings (each
    player's sheet: :meth:`SheetView.of`)."""

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

    @classmethod
    def of(cls, view: View) -> IslantView:
        """The typed reading of an Islant race view."""
        return cls.from_data(view.data)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> IslantView:
        """A race from a view's data."""
        roll = data.get("roll") or {}
        return cls(
            level=int(data["level"]),
            round=int(data["round"]),
            max_rounds=int(data.get("max_rounds", 0)),
            over=bool(data.get("over", False)),
            end_reason=data.get("end_reason") or "",  # (a Words stays one: it is translated)
            dice=tuple(int(d) for d in roll.get("dice", ())),
            rerolled=tuple(tuple(int(d) for d in r) for r in roll.get("rerolled", ())),
            standings=tuple(standings(data["players"])),
        )
