"""A player's statistics from their history: games, wins, streaks, Islant scores per level."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .store import HistoryEntry, SeatResult

ISLANT = "islant"


@dataclass(frozen=True, slots=True)
class LevelScores:
    """A player's Islant scores at one level."""

    level: str
    best: int
    average: float
    games: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What ``/stats`` shows besides the ratings."""

    games: int = 0
    wins: int = 0
    longest_streak: int = 0
    favourite: str | None = None
    islant_levels: tuple[LevelScores, ...] = field(default=())

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def player_stats(user_id: int, entries: Sequence[HistoryEntry]) -> PlayerStats:
    """The statistics of ``user_id`` over ``entries`` (in any order)."""
    mine = [
        (entry, seat)
        for entry in sorted(entries, key=lambda e: (e.ended_at, e.id))
        for seat in entry.seats
        if seat.user_id == user_id
    ]
    if not mine:
        return PlayerStats()
    wins = [_won(entry, seat) for entry, seat in mine]
    streak = longest = 0
    for won in wins:
        streak = streak + 1 if won else 0
        longest = max(longest, streak)
    played = Counter(entry.game for entry, _ in mine)
    levels: dict[str, list[int]] = {}
    for entry, seat in mine:
        if entry.game == ISLANT:
            levels.setdefault(str(entry.options.get("level", "?")), []).append(seat.score)
    return PlayerStats(
        games=len(mine),
        wins=sum(wins),
        longest_streak=longest,
        favourite=played.most_common(1)[0][0],
        islant_levels=tuple(
            LevelScores(level, max(scores), sum(scores) / len(scores), len(scores))
            for level, scores in sorted(levels.items())
        ),
    )


def _won(entry: HistoryEntry, seat: SeatResult) -> bool:
    """A win: the player is among the game's winners (shared wins count for each)."""
    return seat.seat in entry.winners
