"""What an Islant race shows: the round message, the final ranking, standings and sheets.

Builders return embeds and plain components (custom ids only); pictures are drawn in a worker
thread, view included, since a 99-player view is itself a good deal of work.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from engine.core import fill_names
from engine.islant import GAME, sheet_view
from engine.islant.geometry import LEVELS, SHIPS, WAVES
from engine.islant.scoring import score
from engine.islant.state import ENDED, PLAYING, SUBMITTED, IslantState
from render.islant import render_board, render_sheet, render_standings

from ..presenter import COLOUR, as_sentence, mention_messages
from ..store import GameRecord
from .panel import MAX_OPTIONS, PANEL_FILE
from .words import ordinal, race_title, roll_line

ROUND_FILE = "round.png"
STANDINGS_FILE = "standings.png"
ROUND_TEMPLATE = r"isl:r:(?P<game>\d+):(?P<round>\d+):(?P<action>[a-z]+)"
FINAL_TEMPLATE = r"isl:f:(?P<game>\d+)"
STANDINGS_TOP = 10  # rows of the on-demand standings (the asker's row is added below them)
FINAL_LINES = 10  # players named in the final message's text (the picture has everyone)
ROUND_BUTTONS = {
    "play": ("Play my turn", discord.ButtonStyle.primary),
    "standings": ("Standings", discord.ButtonStyle.secondary),
    "close": ("Close round", discord.ButtonStyle.secondary),
}


def totals(state: IslantState) -> list[int]:
    """Every seat's score as of its last submitted turn."""
    return [score(p.sheet).total for p in state.players]


def ranking(state: IslantState) -> list[int]:
    """Seats, best total first (ties in seat order)."""
    scores = totals(state)
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def rank_line(
    record: GameRecord, state: IslantState, seat: int | None, who: str = "You are"
) -> str:
    """``You are 12th of 99 with 23 points.`` (or who leads, for someone not playing)."""
    scores = totals(state)
    if seat is None:
        best = ranking(state)[0]
        return f"{record.names[best]} leads with {scores[best]} points."
    rank = 1 + sum(1 for t in scores if t > scores[seat])
    tie = " (tied)" if scores.count(scores[seat]) > 1 else ""
    return f"{who} **{ordinal(rank)}**{tie} of {len(scores)} with **{scores[seat]}** points."


def breakdown_text(parts: dict[str, int], level: int) -> str:
    """A score's parts as the level counts them."""
    slots = LEVELS[level].slots
    out = [
        f"land {parts['land']} (sides {parts['sides']} + lakes {parts['lakes']}"
        f" − 2 × {parts['islands']} islands)"
    ]
    if LEVELS[level].coloured:
        out.append(f"colour {parts['colour']}")
    if WAVES in slots:
        out.append(f"waves {parts['waves']}")
    if SHIPS in slots:
        out.append(f"ships {parts['ships']}")
    return " · ".join(out)


def progress_line(state: IslantState) -> str:
    """``37 of 99 done`` (players still in the race), and how many have ended."""
    done = len(state.seats(SUBMITTED))
    racing = done + len(state.seats(PLAYING))
    ended = len(state.seats(*ENDED))
    return f"**{done} of {racing} done**" + (f" · {ended} ended" if ended else "")


# ----- the round message ------------------------------------------------------------------
def round_embed(record: GameRecord, state: IslantState, note: str = "") -> discord.Embed:
    """The public message of the round in play: roll, progress, the race picture."""
    lines = [note] if note else []
    lines += [
        roll_line(state),
        progress_line(state),
        "Press **Play my turn** to fill in your sheet: only you see it until you submit.",
    ]
    embed = discord.Embed(title=race_title(state), description="\n".join(lines), colour=COLOUR)
    embed.set_image(url=f"attachment://{ROUND_FILE}")
    embed.set_footer(text=f"Game #{record.id} · the host (or Manage Channel) may close the round")
    return embed


def round_items(record: GameRecord, state: IslantState) -> list[discord.ui.Button]:
    return [
        discord.ui.Button(
            label=label, style=style, custom_id=f"isl:r:{record.id}:{state.round}:{action}"
        )
        for action, (label, style) in ROUND_BUTTONS.items()
    ]


def round_pings(
    record: GameRecord, state: IslantState, quiet: set[int]
) -> list[tuple[str, discord.AllowedMentions]]:
    """The pings of a new round for the players still racing, split over as few messages as
    Discord's 2,000 characters allow; players who opted out are named but not pinged."""
    racing = set(state.seats(PLAYING))
    users = [p.user_id for p in record.players if p.seat in racing and p.user_id is not None]
    return [
        (text, discord.AllowedMentions(users=[discord.Object(id=u) for u in ids if u not in quiet]))
        for text, ids in mention_messages(users, "a new roll, your turn.")
    ]


def closed_embed(record: GameRecord, round_number: int, dice: str, note: str) -> discord.Embed:
    """What a round's message becomes once the round is over (a line of history)."""
    text = f"🎲 {dice}" + (f"\n{note}" if note else "")
    return discord.Embed(
        title=f"Islant · Round {round_number} is over", description=text, colour=COLOUR
    ).set_footer(text=f"Game #{record.id}")


# ----- the end of the race ----------------------------------------------------------------
def final_embed(record: GameRecord, state: IslantState) -> discord.Embed:
    """The final ranking: the winners, the top of the table, where to find every sheet."""
    scores = totals(state)
    order = ranking(state)
    best = scores[order[0]]
    rows = []
    for place, seat in enumerate(order[:FINAL_LINES], start=1):
        crown = "🏆 " if scores[seat] == best else f"{place}. "
        rows.append(f"{crown}**{record.names[seat]}**: {scores[seat]}")
    if len(order) > FINAL_LINES:
        rows.append(f"… and {len(order) - FINAL_LINES} more in the picture.")
    reason = as_sentence(fill_names(state.end_reason, record.names))
    text = "\n".join(
        [
            f"**The race is over.** {reason}",
            *rows,
            "Every breakdown is in the picture; pick a player below, or use `/islant sheet`, "
            "to see a sheet.",
        ]
    )
    embed = discord.Embed(title=f"Islant · Level {state.level} · final ranking", colour=COLOUR)
    embed.description = text[:4000]
    embed.set_image(url=f"attachment://{STANDINGS_FILE}")
    return embed.set_footer(text=f"Game #{record.id}")


def final_items(record: GameRecord, state: IslantState) -> list[discord.ui.Select]:
    """A select of the best players' sheets (everyone else: ``/islant sheet``)."""
    scores = totals(state)
    options = [
        discord.SelectOption(
            label=f"{place}. {record.names[seat]} · {scores[seat]}"[:100], value=str(seat)
        )
        for place, seat in enumerate(ranking(state)[:MAX_OPTIONS], start=1)
    ]
    return [
        discord.ui.Select(
            custom_id=f"isl:f:{record.id}", placeholder="See a player's sheet", options=options
        )
    ]


# ----- replies drawn in a worker thread (scoring 99 sheets is work too) ------------------
def _png_file(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def round_file(record: GameRecord, state: IslantState) -> discord.File:
    """The race picture (public view: roll, progress, standings)."""

    def draw() -> bytes:
        return render_board(GAME.view(state, None), record.names)

    return _png_file(await asyncio.to_thread(draw), ROUND_FILE)


async def standings_reply(
    record: GameRecord, state: IslantState, seat: int | None
) -> tuple[str, discord.File]:
    """The asker's rank in words, and the top of the table with their row."""

    def draw() -> tuple[str, bytes]:
        view = GAME.view(state, None)
        png = render_standings(view, record.names, highlight=seat, top=STANDINGS_TOP)
        return rank_line(record, state, seat), png

    line, png = await asyncio.to_thread(draw)
    return line, _png_file(png, STANDINGS_FILE)


async def final_message(
    record: GameRecord, state: IslantState
) -> tuple[discord.Embed, discord.File, list[discord.ui.Select]]:
    """The final ranking: its text, everyone's breakdown in a picture, the select of sheets."""

    def draw() -> tuple[discord.Embed, list[discord.ui.Select], bytes]:
        png = render_standings(GAME.view(state, None), record.names, highlight=None, top=None)
        return final_embed(record, state), final_items(record, state), png

    embed, items, png = await asyncio.to_thread(draw)
    return embed, _png_file(png, STANDINGS_FILE), items


def _draw_sheet(record: GameRecord, state: IslantState, seat: int) -> tuple[dict[str, Any], bytes]:
    sheet = sheet_view(state, seat)
    roll = None if state.finished else state.roll
    return sheet, render_sheet(sheet, record.names[seat], roll=roll)


async def sheet_file(
    record: GameRecord, state: IslantState, seat: int
) -> tuple[dict[str, Any], discord.File]:
    """A player's sheet view and its picture with the round's roll (for the panel)."""
    sheet, png = await asyncio.to_thread(_draw_sheet, record, state, seat)
    return sheet, _png_file(png, PANEL_FILE)


async def sheet_message(
    record: GameRecord, state: IslantState, seat: int
) -> tuple[discord.Embed, discord.File]:
    """A sheet shown on request, with its score breakdown and its owner's rank."""

    def draw() -> tuple[discord.Embed, bytes]:
        sheet, png = _draw_sheet(record, state, seat)
        return sheet_embed(record, state, seat, sheet), png

    embed, png = await asyncio.to_thread(draw)
    return embed, _png_file(png, PANEL_FILE)


def sheet_embed(
    record: GameRecord, state: IslantState, seat: int, sheet: dict[str, Any]
) -> discord.Embed:
    """A sheet shown on request: whose, the score and its parts, the islands' names."""
    parts = sheet["score"]
    named = [i["name"] for i in sheet["islands"] if i["name"]]
    lines = [
        f"Score **{parts['total']}**: {breakdown_text(parts, state.level)}",
        rank_line(record, state, seat, who=f"{record.names[seat]} is"),
    ]
    if named:
        lines.append("Islands: " + ", ".join(named))
    embed = discord.Embed(
        title=f"{record.names[seat]}'s sheet · Level {state.level}",
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{PANEL_FILE}")
    return embed.set_footer(text=f"Game #{record.id} · round {state.round}")
