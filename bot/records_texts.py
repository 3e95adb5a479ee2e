"""The wording and pictures' data of records: history pages, stats and leaderboards.

Every text is kept within Discord's limits whatever the names and the number of seats: a
history line names at most :data:`SEATS_SHOWN` players and says how many more there were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import discord

from engine import find_game
from engine.core import View

from .presenter import COLOUR
from .ratings import Skill
from .stats import PlayerStats
from .store import HistoryEntry, SeatResult, Standing

PAGE_SIZE = 10
SEATS_SHOWN = 5
CARD = "records"  # the game name of a records picture's view


def title_of(game: str) -> str:
    return find_game(game).info.title


def pages(total: int) -> int:
    return max(1, -(-total // PAGE_SIZE))


def _when(stamp: str) -> str:
    """A Discord timestamp (each reader's own time zone) of a stored UTC stamp."""
    moment = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return f"<t:{int(moment.timestamp())}:d>"


def _seat_text(seat: SeatResult, winners: Sequence[int]) -> str:
    crown = " 🏆" if seat.seat in winners else ""
    return f"{discord.utils.escape_markdown(seat.name)}{crown} {seat.score}"


def history_line(entry: HistoryEntry) -> str:
    """One finished game: what, when, who with their scores, and a link to its final board."""
    ordered = sorted(entry.seats, key=lambda s: (s.place, s.seat))
    people = ", ".join(_seat_text(s, entry.winners) for s in ordered[:SEATS_SHOWN])
    if len(ordered) > SEATS_SHOWN:
        people += f" and {len(ordered) - SEATS_SHOWN} more"
    line = f"**{title_of(entry.game)}** · {_when(entry.ended_at)} · {people}"
    if entry.board_message_id is not None and entry.guild_id is not None:
        link = (
            f"https://discord.com/channels/{entry.guild_id}/{entry.channel_id}"
            f"/{entry.board_message_id}"
        )
        line += f" · [final board]({link})"
    return line


def history_embed(entries: Sequence[HistoryEntry], page: int, total: int) -> discord.Embed:
    embed = discord.Embed(title="Finished games", colour=COLOUR)
    embed.description = (
        "\n".join(history_line(e) for e in entries) or "No finished games match yet."
    )
    embed.set_footer(text=f"Page {page + 1} of {pages(total)} · {total} games")
    return embed


def stats_embed(
    name: str,
    stats: PlayerStats,
    ratings: Mapping[str, Skill],
    scope_label: str,
    daily: tuple[int, Mapping[int, int]] = (0, {}),
) -> discord.Embed:
    """The text of ``/stats``; ``daily`` is the Islant of the day streak and best per level."""
    embed = discord.Embed(title=f"Stats of {name}"[:256], colour=COLOUR)
    embed.description = (
        f"{stats.games} games · {stats.wins} wins · win rate {stats.win_rate:.0%} · "
        f"longest winning streak {stats.longest_streak}"
        + (f" · favourite: {title_of(stats.favourite)}" if stats.favourite else "")
    )
    if ratings:
        embed.add_field(
            name=f"Ratings ({scope_label})",
            value="\n".join(
                f"{title_of(g)}: **{s.shown}** ({s.games} games, {s.wins} wins)"
                for g, s in sorted(ratings.items())
            ),
            inline=False,
        )
    if stats.islant_levels:
        embed.add_field(
            name="Islant scores by level",
            value="\n".join(
                f"Level {lv.level}: best {lv.best}, average {lv.average:.1f} ({lv.games} games)"
                for lv in stats.islant_levels
            ),
            inline=False,
        )
    days_in_a_row, best = daily
    if days_in_a_row or best:
        bests = " · ".join(f"level {level}: {score}" for level, score in sorted(best.items()))
        embed.add_field(
            name="Islant of the day",
            value=f"{days_in_a_row} day{'s' if days_in_a_row != 1 else ''} in a row"
            + (f" · best {bests}" if bests else ""),
            inline=False,
        )
    embed.set_image(url="attachment://stats.png")
    return embed


def stats_card(name: str, stats: PlayerStats, ratings: Mapping[str, Skill]) -> View:
    rows = [[title_of(g), s.shown, s.games, s.wins] for g, s in sorted(ratings.items())]
    subtitle = (
        f"{stats.games} games · {stats.wins} wins · {stats.win_rate:.0%} · "
        f"best streak {stats.longest_streak}"
    )
    data: dict[str, Any] = {
        "title": name,
        "subtitle": subtitle,
        "header": ["Game", "Rating", "Games", "Wins"],
        "rows": rows,
        "highlight": None,
    }
    return View(CARD, None, data)


def board_title(game: str, scope: str, period: str) -> str:
    when = {"all": "all time", "month": "last 30 days", "week": "last 7 days"}[period]
    return f"{title_of(game)} leaderboard · {scope} · {when}"


def _standing_line(standing: Standing) -> str:
    name = discord.utils.escape_markdown(standing.name)
    return (
        f"**{standing.place}.** {name} — **{standing.skill.shown}** "
        f"({standing.skill.games} games, {standing.skill.wins} wins)"
    )


def board_embed(
    title: str, rows: Sequence[Standing], mine: Standing | None, page: int, total: int
) -> discord.Embed:
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.description = "\n".join(_standing_line(s) for s in rows) or "Nobody is rated yet."
    embed.add_field(
        name="Your place",
        value=_standing_line(mine) if mine else "You have no rated game here yet.",
        inline=False,
    )
    embed.set_footer(
        text=f"Page {page + 1} of {pages(total)} · rating = (μ − 3σ) × 40 + 1000, new players 1000"
    )
    embed.set_image(url="attachment://leaderboard.png")
    return embed


def board_card(title: str, rows: Sequence[Standing], mine: Standing | None) -> View:
    shown = [[f"{s.place}. {s.name}", s.skill.shown, s.skill.games, s.skill.wins] for s in rows]
    highlight = next(
        (i for i, s in enumerate(rows) if mine is not None and s.player == mine.player), None
    )
    if mine is not None and highlight is None:
        shown.append(
            [f"{mine.place}. {mine.name}", mine.skill.shown, mine.skill.games, mine.skill.wins]
        )
        highlight = len(shown) - 1
    data = {
        "title": title,
        "subtitle": "Conservative rating: new players start at 1000",
        "header": ["Player", "Rating", "Games", "Wins"],
        "rows": shown,
        "highlight": highlight,
    }
    return View(CARD, None, data)
