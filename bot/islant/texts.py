"""What an Islant race says: the round message, its history line, the final ranking,
standings, sheets, pings and the lines of a player's panel.

Pure builders of text, cards and embeds from the engine's face and views (no I/O, no pictures).
"""

from __future__ import annotations

import discord

from engine.core import fill_names
from engine.islant import (
    GAME,
    PLAYING,
    IslantState,
    SheetView,
    progress_text,
    race_title,
    roll_text,
    score_breakdown,
    seat_summary,
)
from locales import N_, _, current, tr_counted

from ..cards import ALT_LIMIT, Card, fit
from ..i18n import as_written, engine_text, written
from ..presenter import COLOUR, as_sentence, mention_messages
from ..store import GameRecord

ROUND_FILE = "round.png"
STANDINGS_FILE = "standings.png"
SHEET_FILE = "sheet.png"
FINAL_LINES = 10  # players named in the final message's text (the picture has everyone)
MAX_OPTIONS = 25  # Discord's limit for one select menu
PLAY_LABEL = N_("Play my turn")
HOST_CLOSED = N_("Closed by the host: whoever had not submitted draws nothing this round.")
ORDINALS = {1: N_("{rank}st"), 2: N_("{rank}nd"), 3: N_("{rank}rd")}
ORDINAL = N_("{rank}th")


def ordinal(rank: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``."""
    pattern = ORDINAL if 10 <= rank % 100 <= 20 else ORDINALS.get(rank % 10, ORDINAL)
    return _(pattern, rank=rank)


def totals(state: IslantState) -> list[int]:
    """Every seat's score as of its last submitted turn (from the engine's score sheet)."""
    return [parts["total"] for parts in GAME.score_sheet(state)]


def ranking(scores: list[int]) -> list[int]:
    """Seats, best total first (ties in seat order)."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def rank_line(names: list[str], scores: list[int], seat: int | None, who: str | None = None) -> str:
    """``You are **12th** of 99 with **23** points.`` (or who leads, for a spectator); ``who``
    names the player instead of "you"."""
    if seat is None:
        best = ranking(scores)[0]
        return tr_counted(
            scores[best],
            "{name} leads with 1 point.",
            "{name} leads with {count} points.",
            name=names[best],
        )
    rank = 1 + sum(1 for t in scores if t > scores[seat])
    place = ordinal(rank) + (_(" (tied)") if scores.count(scores[seat]) > 1 else "")
    values = {"place": place, "players": len(scores), "name": who}
    if who is None:
        return tr_counted(
            scores[seat],
            "You are **{place}** of {players} with **1** point.",
            "You are **{place}** of {players} with **{count}** points.",
            **values,
        )
    return tr_counted(
        scores[seat],
        "{name} is **{place}** of {players} with **1** point.",
        "{name} is **{place}** of {players} with **{count}** points.",
        **values,
    )


# ----- the round message ------------------------------------------------------------------
def round_card(record: GameRecord, state: IslantState, note: str = "") -> Card:
    """The public message of the round in play: roll, progress, the race picture."""
    lines = [note] if note else []
    roll, progress = engine_words(roll_text(state)), engine_words(progress_text(state))
    lines += [
        f"🎲 {roll}",
        f"**{progress}**",
        _(
            "Press **{button}** to fill in your sheet: only you see it until you submit.",
            button=_(PLAY_LABEL),
        ),
    ]
    title = engine_words(race_title(state))
    leader = rank_line(record.names, totals(state), None)
    return Card(
        title=title,
        text="\n".join(lines),
        colour=COLOUR,
        image=ROUND_FILE,
        alt=fit(
            _("Picture of the race: every player's score.") + f" {roll}. {progress}. {leader}",
            ALT_LIMIT,
        ),
        footer=_("Game #{id} · the host (or Manage Channel) may close the round", id=record.id),
    )


def round_pings(
    record: GameRecord, state: IslantState, quiet: set[int]
) -> list[tuple[str, discord.AllowedMentions]]:
    """The pings of a new round for the players still racing, split over as few messages as
    Discord's 2,000 characters allow; players who opted out are named but not pinged."""
    racing = set(state.seats(PLAYING))
    users = [p.user_id for p in record.players if p.seat in racing and p.user_id is not None]
    return [
        (text, discord.AllowedMentions(users=[discord.Object(id=u) for u in ids if u not in quiet]))
        for text, ids in mention_messages(users, _("a new roll, your turn."))
    ]


def closed_card(game_id: int, round_number: int, dice: str) -> Card:
    """What a round's message becomes once the round is over (a line of history)."""
    return Card(
        title=_("Islant · Round {round} is over", round=round_number),
        text=f"🎲 {dice}" if dice else "",
        colour=COLOUR,
        footer=_("Game #{id}", id=game_id),
    )


def close_question(round_number: int, waiting: int) -> str:
    """The host's confirmation before closing a round early."""
    if waiting == 1:
        return _(
            "Close round {round}? 1 player has not submitted: they draw nothing this round.",
            round=round_number,
        )
    return _(
        "Close round {round}? {count} players have not submitted: they draw nothing this round.",
        round=round_number,
        count=waiting,
    )


# ----- the end of the race ----------------------------------------------------------------
def final_card(record: GameRecord, state: IslantState, scores: list[int], note: str = "") -> Card:
    """The final ranking: the winners, the top of the table, where to find every sheet."""
    order = ranking(scores)
    best = scores[order[0]]
    rows = []
    for place, seat in enumerate(order[:FINAL_LINES], start=1):
        crown = "🏆 " if scores[seat] == best else f"{place}. "
        rows.append(f"{crown}**{as_written(record.names[seat])}**: {scores[seat]}")
    if len(order) > FINAL_LINES:
        rows.append(_("… and {count} more in the picture.", count=len(order) - FINAL_LINES))
    reason = fill_names(as_sentence(engine_words(state.end_reason)), written(record.names))
    text = "\n".join(
        [
            *([note] if note else []),
            _("**The race is over.** {reason}", reason=reason),
            *rows,
            _(
                "Every breakdown is in the picture; pick a player below, or use "
                "`/islant sheet`, to see a sheet."
            ),
        ]
    )
    top = ", ".join(f"{record.names[s]} {scores[s]}" for s in order[:3])
    return Card(
        title=_("Islant · Level {level} · final ranking", level=state.level),
        text=text,
        colour=COLOUR,
        image=STANDINGS_FILE,
        alt=fit(_("Picture of the final ranking: every player's score.") + " " + top, ALT_LIMIT),
        footer=_("Game #{id}", id=record.id),
    )


def final_options(record: GameRecord, scores: list[int]) -> list[discord.SelectOption]:
    """The best players' sheets to pick from (everyone else: ``/islant sheet``)."""
    return [
        discord.SelectOption(
            label=f"{place}. {record.names[seat]} · {scores[seat]}"[:100], value=str(seat)
        )
        for place, seat in enumerate(ranking(scores)[:MAX_OPTIONS], start=1)
    ]


# ----- sheets and the panel ---------------------------------------------------------------
def sheet_card(record: GameRecord, state: IslantState, sheet: SheetView, scores: list[int]) -> Card:
    """A sheet shown on request: whose, the score and its parts, the islands' names, with its
    picture (``SHEET_FILE``)."""
    named = [as_written(i.name) for i in sheet.islands if i.name]
    seat = sheet.seat
    name = as_written(record.names[seat])
    lines = [
        _(
            "Score **{total}**: {parts}",
            total=sheet.score.total,
            parts=engine_words(score_breakdown(sheet.score.parts(), sheet.level)),
        ),
        rank_line(written(record.names), scores, seat, who=name),
    ]
    if named:
        lines.append(_("Islands: {names}", names=", ".join(named)))
    title = _("{name}'s sheet · Level {level}", name=name, level=sheet.level)
    text = "\n".join(lines)
    return Card(
        title,
        text,
        COLOUR,
        image=SHEET_FILE,
        footer=_("Game #{id} · round {round}", id=record.id, round=state.round),
    )


def panel_lines(state: IslantState, seat: int) -> list[str]:
    """What a player's panel says above its menu: the race, the roll, their turn, score."""
    summary = seat_summary(state, seat)
    return [f"**{engine_words(summary.title)}**", *map(engine_words, summary.lines())]


def engine_words(text: str) -> str:
    """An Islant text of the engine in the current language."""
    return engine_text(current(), text)
