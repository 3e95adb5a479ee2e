"""The public board message: the picture of the public view, what happened, what comes next.

A change is shown by editing the game's board message in place, unless somebody must be
pinged (a new round to place, a trick waiting for its taker, the final scoring): then a new
message is posted and the buttons are taken off the previous one. Only public information is
used: the picture is drawn from the spectator view, the words from public events.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Collection, Sequence

import discord

from render.competition.model import Table, parse_table

from ..presenter import COLOUR, result_text
from ..service import GameService, MoveResult
from ..store import GameRecord
from .scores import final_scoring_text
from .texts import next_step, plural

BOARD_FILE = "board.png"
MAX_DESCRIPTION = 4000
log = logging.getLogger(__name__)

Channel = discord.PartialMessageable


async def publish(
    service: GameService,
    channel: Channel,
    result: MoveResult,
    lines: Sequence[str],
    *,
    fresh: bool,
    view: discord.ui.View | None,
    paced: bool,
) -> None:
    """Show ``result`` publicly: a new board message if ``fresh``, else the current one edited."""
    record = result.record
    table = public_table(service, result)
    quiet = await service.quiet_users(record)
    content, mentions = call_line(record, table, quiet)
    embed = board_embed(record, table, lines, paced=paced)
    png = await service.render(record, result.state, None)
    stored = await service.store.get_game(record.id)
    shown_id = stored.board_message_id if stored else None
    if shown_id is not None and not fresh:
        try:
            await channel.get_partial_message(shown_id).edit(
                content=content,
                embed=embed,
                attachments=[_picture(png)],
                view=view,
                allowed_mentions=mentions,
            )
            return
        except discord.NotFound:
            log.info("board message %s of game %s is gone; posting anew", shown_id, record.id)
    message = await channel.send(
        content=content,
        embed=embed,
        file=_picture(png),
        view=view or discord.utils.MISSING,
        allowed_mentions=mentions,
    )
    await service.store.set_board_message(record.id, message.id)
    if shown_id is not None:
        await _retire(channel, shown_id)


def public_table(service: GameService, result: MoveResult) -> Table:
    """The spectator view of a result, read into typed records."""
    return parse_table(service.view(result.record, result.state, None).data)


def board_embed(
    record: GameRecord, table: Table, lines: Sequence[str], *, paced: bool
) -> discord.Embed:
    """What happened, what comes next (or the final scoring), and the board picture."""
    if table.outcome is not None:
        title = "Island competition · final scoring"
        tail = final_scoring_text(table, record.names)
    else:
        title = f"Island competition · round {table.round} of {table.rounds}"
        tail = next_step(table, record.names, paced=paced)
    kept = list(lines)
    while kept and len("\n".join(kept)) + len(tail) + 2 > MAX_DESCRIPTION:
        kept.pop(0)  # the oldest lines give way; what comes next always shows
    description = "\n\n".join(part for part in ("\n".join(kept), tail) if part)
    embed = discord.Embed(title=title, description=description, colour=COLOUR)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    embed.set_footer(text=f"Game #{record.id} · move {record.version}")
    return embed


def call_line(
    record: GameRecord, table: Table, quiet: Collection[int]
) -> tuple[str, discord.AllowedMentions]:
    """Who must act now, mentioned (pinged unless they opted out); the result once over."""
    if table.outcome is not None:
        outcome = table.outcome
        text = result_text(record, outcome.scores, outcome.winners, outcome.reason)
        return text, discord.AllowedMentions.none()
    if table.pending:
        job = table.pending[0]
        users = _humans(record, [job.seat])
        if job.kind == "split":
            what = "your trick is waiting: press **Split trick**"
        else:
            what = (
                f"national borders: you may take {plural(job.remaining, 'face-up card')}: "
                "press **Steal cards**"
            )
    elif table.phase == "place":
        users = _humans(record, [p.seat for p in table.players if p.active and not p.confirmed])
        what = (
            f"round {table.round} of {table.rounds} is dealt: press **My hand** to place your cards"
        )
    else:
        return "", discord.AllowedMentions.none()
    if not users:
        return "", discord.AllowedMentions.none()
    who = ", ".join(f"<@{user}>" for user in users)
    pinged = [discord.Object(id=user) for user in users if user not in quiet]
    return f"{who}: {what}.", discord.AllowedMentions(users=pinged)


def _humans(record: GameRecord, seats: Sequence[int]) -> list[int]:
    return [p.user_id for p in record.players if p.seat in seats and p.user_id is not None]


def _picture(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)


async def _retire(channel: Channel, message_id: int) -> None:
    """Take the buttons off an older board message (its picture and words stay)."""
    try:
        await channel.get_partial_message(message_id).edit(view=None)
    except discord.HTTPException:
        log.info("could not retire board message %s", message_id)
