"""The wording and pictures' data of records: history pages, stats and leaderboards.

Every text is kept within Discord's limits whatever the names and the number of seats: a
history line names at most :data:`SEATS_SHOWN` players and says how many more there were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from engine.core import View
from locales import _, number

from .cards import Card, plain
from .computers import LEVEL_LABELS
from .i18n import game_title, isolated
from .presenter import COLOUR
from .ratings import Skill
from .stats import PlayerStats
from .store import HistoryEntry, SeatResult, Standing, shown_player

PAGE_SIZE = 10
SEATS_SHOWN = 5
CARD = "records"  # the game name of a records picture's view
STATS_FILE, LEADERBOARD_FILE = "stats.png", "leaderboard.png"


def title_of(game: str) -> str:
    return game_title(game)


def pages(total: int) -> int:
    return max(1, -(-total // PAGE_SIZE))


def _when(stamp: str) -> str:
    """A Discord timestamp (each reader's own time zone) of a stored UTC stamp."""
    moment = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return f"<t:{int(moment.timestamp())}:d>"


def _seat_text(seat: SeatResult, winners: Sequence[int]) -> str:
    crown = " 🏆" if seat.seat in winners else ""
    name = shown_player(seat.name, seat.level is not None)
    return f"{isolated(name)}{crown} {seat.score}"


def history_line(entry: HistoryEntry) -> str:
    """One finished game: what, when, who with their scores, and a link to its final board."""
    ordered = sorted(entry.seats, key=lambda s: (s.place, s.seat))
    people = ", ".join(_seat_text(s, entry.winners) for s in ordered[:SEATS_SHOWN])
    if len(ordered) > SEATS_SHOWN:
        people += _(" and {count} more", count=len(ordered) - SEATS_SHOWN)
    line = f"**{title_of(entry.game)}** · {_when(entry.ended_at)} · {people}"
    if entry.board_message_id is not None and entry.guild_id is not None:
        link = (
            f"https://discord.com/channels/{entry.guild_id}/{entry.channel_id}"
            f"/{entry.board_message_id}"
        )
        line += " · [" + _("final board") + f"]({link})"
    return line


def history_card(entries: Sequence[HistoryEntry], page: int, total: int) -> Card:
    """A page of finished games, newest first."""
    text = "\n".join(history_line(e) for e in entries) or _("No finished games match yet.")
    footer = _("Page {page} of {pages}", page=page + 1, pages=pages(total))
    return Card(_("Finished games"), text, COLOUR, footer=footer + " · " + _games(total))


def stats_answer(
    name: str,
    stats: PlayerStats,
    ratings: Mapping[str, Skill],
    scope_label: str,
    daily: tuple[int, Mapping[int, int]] = (0, {}),
) -> Card:
    """The card of ``/stats`` with its picture (``STATS_FILE``); ``daily`` is the Islant of the
    day streak and best per level."""
    fields: list[tuple[str, str]] = []
    text = _(
        "{games} · {wins} · win rate {rate} · longest winning streak {streak}",
        games=_games(stats.games),
        wins=_wins(stats.wins),
        rate=_percent(stats.win_rate),
        streak=stats.longest_streak,
    ) + (" · " + _("favourite: {game}", game=title_of(stats.favourite)) if stats.favourite else "")
    if ratings:
        fields.append(
            (
                _("Ratings ({scope})", scope=scope_label),
                "\n".join(
                    f"{title_of(g)}: **{s.shown}** ({_games_and_wins(s.games, s.wins)})"
                    for g, s in sorted(ratings.items())
                ),
            )
        )
    if stats.islant_levels:
        fields.append(
            (
                _("Islant scores by level"),
                "\n".join(
                    _(
                        "Level {level}: best {best}, average {average} ({games})",
                        level=lv.level,
                        best=lv.best,
                        average=number(lv.average, digits=1),
                        games=_games(lv.games),
                    )
                    for lv in stats.islant_levels
                ),
            )
        )
    days_in_a_row, best = daily
    if days_in_a_row or best:
        bests = " · ".join(
            _("level {level}: {score}", level=level, score=score)
            for level, score in sorted(best.items())
        )
        in_a_row = (
            _("{count} day in a row", count=days_in_a_row)
            if days_in_a_row == 1
            else _("{count} days in a row", count=days_in_a_row)
        )
        fields.append(
            (
                _("Islant of the day"),
                in_a_row + (" · " + _("best {scores}", scores=bests) if bests else ""),
            )
        )
    title = _("Stats of {name}", name=isolated(name))
    alt = plain("\n".join([title, text, *(f"{n}: {v}" for n, v in fields)]))
    return Card(title, text, COLOUR, image=STATS_FILE, alt=alt, fields=fields)


def stats_card(name: str, stats: PlayerStats, ratings: Mapping[str, Skill]) -> View:
    rows = [[title_of(g), s.shown, s.games, s.wins] for g, s in sorted(ratings.items())]
    subtitle = _(
        "{games} · {wins} · {rate} · best streak {streak}",
        games=_games(stats.games),
        wins=_wins(stats.wins),
        rate=_percent(stats.win_rate),
        streak=stats.longest_streak,
    )
    data: dict[str, Any] = {
        "title": name,
        "subtitle": subtitle,
        "header": [_("Game"), _("Rating"), _("Games"), _("Wins")],
        "rows": rows,
        "highlight": None,
    }
    return View(CARD, None, data)


def board_title(game: str, scope: str, period: str) -> str:
    when = {"all": _("all time"), "month": _("last 30 days"), "week": _("last 7 days")}[period]
    where = _("this server") if scope == "server" else _("everywhere")
    return _("{game} leaderboard", game=title_of(game)) + f" · {where} · {when}"


def standing_name(standing: Standing) -> str:
    """A leaderboard row's player as the reader sees it: a computer in the reader's words,
    with its level (a computer is rated once per level: "Ada (computer), hard")."""
    kind, _sep, rest = standing.player.partition(":")
    if kind != "computer":
        return shown_player(standing.name)
    level = rest.partition(":")[0]
    name = shown_player(standing.name, computer=True)
    return f"{name}, {_(LEVEL_LABELS[level]).lower()}" if level in LEVEL_LABELS else name


def _standing_line(standing: Standing) -> str:
    name = isolated(standing_name(standing))
    return (
        f"**{standing.place}.** {name} — **{standing.skill.shown}** "
        f"({_games_and_wins(standing.skill.games, standing.skill.wins)})"
    )


def _games_and_wins(games: int, wins: int) -> str:
    return _("{games}, {wins}", games=_games(games), wins=_wins(wins))


def _games(count: int) -> str:
    """``1 game``, ``2 games``."""
    return _("{count} game", count=count) if count == 1 else _("{count} games", count=count)


def _wins(count: int) -> str:
    """``1 win``, ``2 wins``."""
    return _("{count} win", count=count) if count == 1 else _("{count} wins", count=count)


def _percent(share: float) -> str:
    """A share as a whole percentage, written the reader's way."""
    return _("{percent}%", percent=number(round(share * 100)))


def leaderboard_answer(
    title: str, rows: Sequence[Standing], mine: Standing | None, page: int, total: int
) -> Card:
    """A page of a leaderboard with its picture (``LEADERBOARD_FILE``) and the reader's place."""
    text = "\n".join(_standing_line(s) for s in rows) or _("Nobody is rated yet.")
    place = _standing_line(mine) if mine else _("You have no rated game here yet.")
    footer = _("Page {page} of {pages}", page=page + 1, pages=pages(total))
    footer += " · " + _("rating = (μ − 3σ) × 40 + 1000, new players 1000")
    return Card(
        title,
        text,
        COLOUR,
        image=LEADERBOARD_FILE,
        footer=footer,
        fields=[(_("Your place"), place)],
    )


def _card_row(standing: Standing) -> list[object]:
    skill = standing.skill
    return [
        f"{standing.place}. {standing_name(standing)}",
        skill.shown,
        skill.games,
        skill.wins,
    ]


def board_card(title: str, rows: Sequence[Standing], mine: Standing | None) -> View:
    shown = [
        [f"{s.place}. {standing_name(s)}", s.skill.shown, s.skill.games, s.skill.wins] for s in rows
    ]
    highlight = next(
        (i for i, s in enumerate(rows) if mine is not None and s.player == mine.player), None
    )
    if mine is not None and highlight is None:
        shown.append(
            [
                f"{mine.place}. {standing_name(mine)}",
                mine.skill.shown,
                mine.skill.games,
                mine.skill.wins,
            ]
        )
        highlight = len(shown) - 1
    data = {
        "title": title,
        "subtitle": _("Conservative rating: new players start at 1000"),
        "header": [_("Player"), _("Rating"), _("Games"), _("Wins")],
        "rows": shown,
        "highlight": highlight,
    }
    return View(CARD, None, data)
