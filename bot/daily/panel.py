"""The daily game in Discord: the private panel of an attempt, its result, the leaderboard.

The panel is the shared one (:mod:`bot.panel`: its words, the Islant look, the same menus);
only its components differ, since their ids name an attempt rather than a channel's game, and
a tap goes to the daily service. A finished attempt answers with its result: score, ranks,
a result card and a share line, with a button that posts the share line in the channel.
"""

from __future__ import annotations

import io
from datetime import date
from typing import Any

import discord

from locales import _, current, engine_words, speaking

from ..cards import Card
from ..components import IdItem, picked
from ..custom_ids import NUMBER, IdFormat
from ..discord_requests import defer, edit_answer, send_follow_up
from ..errors import UserError
from ..i18n import as_written, public_language
from ..islant.pictures import DAILY_CARD, SEAT_SHEET
from ..panel import (
    PATH,
    STALE_NOTE,
    VERSION,
    PanelPick,
    PanelTap,
    asked,
    ending_choice,
    lines_of,
    look_of,
    looked,
    panel_card,
    panel_text,
    panel_view,
    sure_text,
)
from ..presenter import COLOUR
from ..reach import server_of
from ..service import PanelStep
from ..store import DailyAttempt
from .rolls import day_number
from .service import DailyService, DailyStep, card_view
from .texts import (
    CARD_FILE,
    DAY_OVER,
    SHEET_FILE,
    board_card,
    result_text,
    share_line,
    sheet_text,
    title,
)

DAILY_TAP = IdFormat("dtap", (("game", NUMBER), ("version", VERSION), ("path", PATH)))
DAILY_PICK = IdFormat("dpick", (("game", NUMBER), ("version", VERSION), ("path", PATH)))
SHARE = IdFormat("dshare", (("attempt", NUMBER),))
SHEETS = IdFormat("dsheet", (("level", r"[1-5]"),))
PANEL_FILE = "panel.png"


def daily_of(interaction: discord.Interaction) -> DailyService:
    """The daily service of the bot that received the interaction."""
    daily = getattr(interaction.client, "daily", None)
    assert isinstance(daily, DailyService)
    return daily


def _file(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def _sheet_picture(daily: DailyService, step: PanelStep, attempt: DailyAttempt) -> bytes:
    drawer = look_of(step).drawer or SEAT_SHEET
    return await daily.picture(attempt, drawer)


async def _page_line(interaction: discord.Interaction, attempt: DailyAttempt) -> str:
    """Where the attempt's day will be published once it is over (nothing where the bot has no
    pages or the server turned them off); for one played in direct messages, a page of the
    player's own, whose link only they are given."""
    pages = getattr(interaction.client, "pages", None)
    link = None if pages is None else await pages.daily_link(attempt)
    return "" if link is None else _("The day's page, once the day is over: {link}", link=link)


async def _result_answer(
    interaction: discord.Interaction, attempt: DailyAttempt, note: str = ""
) -> tuple[Card, discord.File, discord.ui.View]:
    """The message of a finished attempt: the result text, the card and the Share button."""
    daily = daily_of(interaction)
    result = await daily.result(attempt)
    view = card_view(result, day_number(date.fromisoformat(attempt.day)))
    tag = f":{view.data['server']}:{view.data['everywhere']}"
    png = await daily.picture(attempt, DAILY_CARD, view, tag)
    share = discord.ui.View(timeout=None)
    share.add_item(ShareButton(attempt.id))
    text = "\n".join(
        filter(None, [result_text(result, note), await _page_line(interaction, attempt)])
    )
    heading = title(date.fromisoformat(attempt.day), attempt.level)
    card = Card(heading, text, COLOUR, image=CARD_FILE)
    return card, _file(png, CARD_FILE), share


async def open_daily(interaction: discord.Interaction, level: int) -> None:
    """``/islant daily``: the user's attempt of today, as a fresh private panel (or its
    result once it is over)."""
    await defer(interaction, ephemeral=True, thinking=True)
    daily = daily_of(interaction)
    name = interaction.user.display_name
    step = await daily.open(interaction.user.id, name, server_of(interaction), level, lines_of)
    if step.attempt.finished:
        card, file, share = await _result_answer(interaction, step.attempt)
        await interaction.followup.send(**card.send(share, [file]), ephemeral=True)
        return
    png = await _sheet_picture(daily, step.panel, step.attempt)
    card = panel_card(step.panel, _text(step.panel, step.attempt, []))
    components = _components(step.panel, step.attempt)
    await send_follow_up(interaction, **card.send(components, [_file(png, PANEL_FILE)]))


def _first_screen(step: PanelStep, attempt: DailyAttempt) -> bool:
    """Whether the panel is the attempt's first screen (ending it is not offered there)."""
    return attempt.version == 0 and not step.path


def _text(step: PanelStep, attempt: DailyAttempt, labels: list[str], note: str = "") -> str:
    """A daily panel's words (on its first screen, without the choice to end the attempt)."""
    return panel_text(step, labels, note, endings=not _first_screen(step, attempt))


def _components(
    step: PanelStep, attempt: DailyAttempt, asking: int | None = None
) -> discord.ui.View:
    """A daily panel's components: ending the attempt is not offered on its first screen."""
    endings = not _first_screen(step, attempt)
    return panel_view(step, DailyTap, DailyPick, asking=asking, endings=endings)


async def follow(
    interaction: discord.Interaction, attempt_id: int, version: str, path: Any
) -> None:
    """A tap on a daily panel: acknowledge, then the next menu, the move, or the result."""
    daily = daily_of(interaction)
    await defer(interaction)
    drawn_for, path = looked(version, path)
    path, asking = asked(path)
    step: DailyStep = await daily.choose(interaction.user.id, attempt_id, drawn_for, path, lines_of)
    attempt, panel = step.attempt, step.panel
    choice = None if step.played or attempt.finished else ending_choice(panel, asking)
    if choice is not None:  # the picture stays: only the words and buttons change
        card = panel_card(panel, sure_text(panel, choice))
        await edit_answer(interaction, **card.edit(_components(panel, attempt, asking)))
        return
    played = engine_words(current(), step.played)
    if attempt.finished:
        note = f"**{as_written(attempt.shown_name)}** {played}." if step.played else ""
        if not step.played and attempt.day < daily.today().isoformat():
            note = _(DAY_OVER)
        card, file, share = await _result_answer(interaction, attempt, note)
        await edit_answer(interaction, **card.edit(share, [file]))
        return
    if step.played or panel.stale:
        note = STALE_NOTE if panel.stale else f"**{as_written(attempt.shown_name)}** {played}."
        png = await _sheet_picture(daily, panel, attempt)
        card = panel_card(panel, _text(panel, attempt, [], note))
        await edit_answer(
            interaction, **card.edit(_components(panel, attempt), [_file(png, PANEL_FILE)])
        )
        return
    card = panel_card(panel, _text(panel, attempt, list(panel.plan.labels)))
    await edit_answer(interaction, **card.edit(_components(panel, attempt)))


class DailyTap(PanelTap, template=DAILY_TAP.template):
    """A button of a daily panel (its ``game_id`` is the attempt's id)."""

    ids = DAILY_TAP

    async def run(self, interaction: discord.Interaction) -> None:
        await follow(interaction, self.game_id, self.version, self.path)


class DailyPick(PanelPick, template=DAILY_PICK.template):
    """The select of a daily panel's menu."""

    ids = DAILY_PICK

    async def run(self, interaction: discord.Interaction) -> None:
        await follow(interaction, self.game_id, self.version, self.picked_path())


class ShareButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=SHARE):
    """Posts a finished attempt's share line in the channel (only its player may)."""

    def __init__(self, attempt: int) -> None:
        custom_id = SHARE.make(attempt=attempt)
        style = discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=_("Post my result here"), style=style, custom_id=custom_id)
        )
        self.attempt = attempt

    async def run(self, interaction: discord.Interaction) -> None:
        daily = daily_of(interaction)
        attempt = await daily.store.daily_attempt_by_id(self.attempt)
        if attempt is None or attempt.user_id != interaction.user.id or not attempt.finished:
            raise UserError("daily_not_yours")
        result = await daily.result(attempt)
        with speaking(await public_language(interaction)):  # the post is public
            line = share_line(result)
        await interaction.response.send_message(line)


async def show_board(interaction: discord.Interaction, level: int, day: date | None) -> None:
    """``/islant today``: the leaderboard; once the day is over, a select of its best sheets."""
    daily = daily_of(interaction)
    board = await daily.board(interaction.user.id, server_of(interaction), level, day)
    view = discord.ui.View(timeout=None)
    best = board.everywhere
    if board.over and best:
        options = [
            discord.SelectOption(label=f"{a.shown_name[:80]} · {a.score}", value=str(a.id))
            for a in best
        ]
        view.add_item(SheetSelect(level, options))
    await interaction.response.send_message(**board_card(board).send(view), ephemeral=True)


class SheetSelect(IdItem, discord.ui.DynamicItem[discord.ui.Select], id_format=SHEETS):
    """Once a day is over: pick one of its best attempts to see its sheet."""

    def __init__(self, level: int | str, options: list[discord.SelectOption] | None = None) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=SHEETS.make(level=level), placeholder=_("See a sheet"), options=options or []
        )
        super().__init__(select)
        self.level = int(level)

    async def run(self, interaction: discord.Interaction) -> None:
        daily = daily_of(interaction)
        await defer(interaction, ephemeral=True, thinking=True)
        attempt = await daily.past_sheet(int(picked(self.item)[0]))
        png = await daily.picture(attempt, SEAT_SHEET)
        day = date.fromisoformat(attempt.day)
        text = sheet_text(attempt)
        card = Card(title(day, attempt.level), text, COLOUR, image=SHEET_FILE)
        await interaction.followup.send(**card.send(files=[_file(png, SHEET_FILE)]), ephemeral=True)


DAILY_ITEMS = (DailyTap, DailyPick, ShareButton, SheetSelect)
