"""A player's statistics from history: wins, the longest winning streak, the favourite game and
Islant scores per level."""

from __future__ import annotations

from bot.stats import player_stats
from bot.store import HistoryEntry, SeatResult

ME, OTHER = 1, 2


def _entry(number: int, game: str, won: bool, score: int, level: int | None = None) -> HistoryEntry:
    seats = (
        SeatResult(0, ME, "me", None, score, 1 if won else 2),
        SeatResult(1, OTHER, "other", None, 10, 2 if won else 1),
    )
    return HistoryEntry(
        id=number,
        game_id=number,
        guild_id=5,
        channel_id=6,
        game=game,
        options={} if level is None else {"level": level},
        board_message_id=None,
        started_at=f"2026-01-{number:02d}T00:00:00.000000Z",
        ended_at=f"2026-01-{number:02d}T01:00:00.000000Z",
        moves=3,
        end_code="rounds_over",
        winners=(0,) if won else (1,),
        rated=True,
        seats=seats,
    )


def test_stats_count_wins_streaks_favourites_and_islant_levels() -> None:
    history = [
        _entry(1, "islant", True, 40, level=5),
        _entry(2, "islant", True, 20, level=5),
        _entry(3, "wars", False, 3),
        _entry(4, "islant", True, 31, level=2),
        _entry(5, "islant", True, 12, level=5),
        _entry(6, "islant", True, 18, level=2),
    ]
    stats = player_stats(ME, list(reversed(history)))  # any order: sorted by end time
    assert (stats.games, stats.wins, stats.longest_streak) == (6, 5, 3)
    assert stats.favourite == "islant" and round(stats.win_rate, 3) == 0.833
    levels = {lv.level: (lv.best, lv.average, lv.games) for lv in stats.islant_levels}
    assert levels == {"2": (31, 24.5, 2), "5": (40, 24.0, 3)}


def test_a_player_without_games_has_empty_stats() -> None:
    stats = player_stats(99, [_entry(1, "wars", True, 3)])
    assert (stats.games, stats.wins, stats.win_rate, stats.favourite) == (0, 0, 0.0, None)
