"""What Islant of the day says: the result, the share line and the day's leaderboard.

Pure builders of text and embeds (no I/O). The share line and the leaderboard before the day
is over name scores and ranks only, never anything drawn on a sheet.
"""

from __future__ import annotations

from datetime import date

from engine.islant import score_breakdown
from locales import N_, _, current, engine_words

from ..cards import Card
from ..i18n import as_written
from ..presenter import COLOUR
from ..store import DailyAttempt
from .rolls import day_number
from .service import DailyBoard, DailyResult, Standing

CARD_FILE = "daily.png"
SHEET_FILE = "sheet.png"
DIGITS = ("0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣")
MINUS = "➖"
DAY_OVER = N_("The day is over: your attempt ended with its last submitted turn.")
NAME_LENGTH = 32  # a leaderboard row's name, clipped


def title(day: date, level: int) -> str:
    return _("Islant of the day #{number} · Level {level}", number=day_number(day), level=level)


def score_emoji(score: int) -> str:
    """The score in keycap digits (``4️⃣2️⃣``): a row that tells nothing but the score."""
    text = "".join(DIGITS[int(d)] for d in str(abs(score)))
    return MINUS + text if score < 0 else text


def medal(standing: Standing) -> str:
    return {1: "🥇", 2: "🥈", 3: "🥉"}.get(standing.rank, "🏝️")


def share_line(result: DailyResult) -> str:
    """What a player may post for everyone: day number, level, score, an emoji row."""
    attempt = result.attempt
    day = date.fromisoformat(attempt.day)
    return (
        f"{title(day, attempt.level)} · {_points(attempt.score)}\n"
        f"{medal(result.everywhere)} {score_emoji(attempt.score)} 🎲"
    )


def standing_text(label: str, standing: Standing | None) -> str:
    if standing is None:
        return ""
    return _("{label}: **#{rank}** of {count}", label=label, rank=standing.rank, count=standing.of)


def _points(score: int) -> str:
    return _("{score} points", score=score)


def _score_line(attempt: DailyAttempt) -> str:
    breakdown = engine_words(current(), score_breakdown(attempt.breakdown, attempt.level))
    return _("Score **{score}**: {breakdown}", score=attempt.score, breakdown=breakdown)


def result_text(result: DailyResult, note: str = "") -> str:
    """The private answer when an attempt is over: score, breakdown, ranks, the share line."""
    attempt = result.attempt
    lines = [note] if note else []
    lines += [
        f"**{title(date.fromisoformat(attempt.day), attempt.level)}**",
        _score_line(attempt),
        " · ".join(
            t
            for t in (
                standing_text(_("This server"), result.server),
                standing_text(_("Everywhere"), result.everywhere),
            )
            if t
        ),
        _("Share it (no spoilers):"),
        share_line(result),
    ]
    return "\n".join(lines)


def _rows(attempts: list[DailyAttempt]) -> str:
    """Ranked rows; ties share a rank."""
    if not attempts:
        return _("Nobody has finished yet.")
    lines, rank, previous = [], 0, None
    for index, attempt in enumerate(attempts, start=1):
        if attempt.score != previous:
            rank, previous = index, attempt.score
        who = as_written(attempt.shown_name[:NAME_LENGTH])
        lines.append(f"{rank}. {who} · **{attempt.score}**")
    return "\n".join(lines)


def own_line(board: DailyBoard) -> str:
    mine = board.mine
    if mine is None:
        return _("You have not played it.") if board.over else _("Not played yet: `/islant daily`.")
    if isinstance(mine, DailyAttempt):
        return _("In progress: {score} points so far.", score=mine.score)
    ranks = [
        standing_text(_("this server"), mine.server),
        standing_text(_("everywhere"), mine.everywhere),
    ]
    return f"{_points(mine.attempt.score)} · " + " · ".join(r for r in ranks if r)


def board_card(board: DailyBoard) -> Card:
    """The day's leaderboard: this server's and everyone's top, the user's own line."""
    if not board.over:
        when = _("Sheets stay hidden until the day ends (UTC).")
    elif board.everywhere:
        when = _("The day is over: pick a sheet below.")
    else:
        when = _("The day is over: nobody played it at this level.")
    fields = []
    if board.server or not board.over:
        fields.append((_("This server"), _rows(board.server)))
    fields.append((_("Everywhere"), _rows(board.everywhere)))
    fields.append((_("You"), own_line(board)))
    best = " · ".join(
        _("L{level} {score}", level=level, score=score) for level, score in board.best.items()
    ) or _("none yet")
    streak = (
        _("Streak: {count} day", count=board.streak)
        if board.streak == 1
        else _("Streak: {count} days", count=board.streak)
    )
    footer = streak + " · " + _("best: {scores}", scores=best)
    return Card(title(board.day, board.level), when, COLOUR, footer=footer, fields=fields)


def sheet_text(attempt: DailyAttempt) -> str:
    day = date.fromisoformat(attempt.day)
    who = as_written(attempt.shown_name)
    return f"**{who}** · {title(day, attempt.level)}\n{_score_line(attempt)}"
