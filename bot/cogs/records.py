"""Players' records: /game history, /stats, /leaderboard and /forget-me, and the removal of
a server's records once the bot has been gone from it for the grace period."""

from __future__ import annotations

import io
import json
import zlib
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands, tasks

from engine import all_games
from engine.core import View
from locales import _, speaking

from ..cards import Card
from ..components import IdItem, service_of
from ..custom_ids import NUMBER, IdFormat, number, one_of
from ..discord_requests import defer
from ..errors import UserError
from ..i18n import public_language
from ..reach import Reach, server_of, works
from ..records_texts import (
    LEADERBOARD_FILE,
    PAGE_SIZE,
    STATS_FILE,
    board_card,
    board_title,
    history_card,
    leaderboard_answer,
    pages,
    stats_answer,
    stats_card,
)
from ..rendering import Named, PictureKey
from ..service import GameService
from ..stats import player_stats
from ..store import GLOBAL, stamp_of

GRACE = timedelta(days=30)
PURGE_HOURS = 6
STATS_GAMES = 1000  # the most recent games /stats looks at
GAME_NAMES = [g.info.name for g in all_games()]
GAME_CHOICES = [app_commands.Choice(name=g.info.title, value=g.info.name) for g in all_games()]
SCOPES = ("server", "global")
PERIODS = {"all": None, "month": timedelta(days=30), "week": timedelta(days=7)}
RECORDS_CARD = Named("render.records:draw_card")
"""A leaderboard's or a player's stats card (drawn by the worker processes)."""
PAGE = number(99_999)  # a page further on would be an offset no table reaches
HISTORY_PAGE = IdFormat(
    "rec-h", (("game", one_of(["all", *GAME_NAMES])), ("user", NUMBER), ("page", PAGE))
)
BOARD_PAGE = IdFormat(
    "rec-b",
    (
        ("game", one_of(GAME_NAMES)),
        ("scope", one_of(SCOPES)),
        ("period", one_of(PERIODS)),
        ("people", "all|people"),
        ("page", PAGE),
    ),
)
FORGET = IdFormat("rec-forget", (("user", NUMBER),))


class HistoryPage(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=HISTORY_PAGE):
    """Previous or Next under a history page: shows that page in place."""

    def __init__(self, game: str, user: int, page: int, label: str = "Page") -> None:
        custom_id = HISTORY_PAGE.make(game=game, user=user, page=page)
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id))
        self.game, self.user, self.page = game, user, page

    async def run(self, interaction: discord.Interaction) -> None:
        with speaking(await public_language(interaction)):
            card, view = await history_page(
                interaction, None if self.game == "all" else self.game, self.user or None, self.page
            )
        await interaction.response.edit_message(**card.edit(view))


class BoardPage(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=BOARD_PAGE):
    """Previous or Next under a leaderboard: shows that page in place."""

    def __init__(
        self, game: str, scope: str, period: str, people: str, page: int, label: str = "Page"
    ) -> None:
        custom_id = BOARD_PAGE.make(game=game, scope=scope, period=period, people=people, page=page)
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id))
        self.args = (game, scope, period, people == "people")
        self.page = page

    async def run(self, interaction: discord.Interaction) -> None:
        with speaking(await public_language(interaction)):
            card, file, view = await leaderboard_page(interaction, *self.args, self.page)
        await interaction.response.edit_message(**card.edit(view, [file]))


class ForgetButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=FORGET):
    """The confirmation of /forget-me; only the asker's own click counts."""

    def __init__(self, user: int) -> None:
        button = discord.ui.Button(
            label=_("Delete my records"),
            style=discord.ButtonStyle.danger,
            custom_id=FORGET.make(user=user),
        )
        super().__init__(button)
        self.user = user

    async def run(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user:
            raise UserError("records_not_yours")
        await service_of(interaction).store.forget_user(self.user)
        await interaction.response.edit_message(
            content=_(
                "Your ratings and stats are deleted; in other players' history you now "
                "appear as “a former player”."
            ),
            view=None,
        )


def _pager(total: int, page: int, make: object) -> discord.ui.View | None:
    """Previous and Next buttons (None when everything fits on one page)."""
    if pages(total) <= 1:
        return None
    view = discord.ui.View(timeout=None)
    previous = make(max(page - 1, 0), _("Previous"))  # type: ignore[operator]
    following = make(min(page + 1, pages(total) - 1), _("Next"))  # type: ignore[operator]
    previous.item.disabled = page == 0
    following.item.disabled = page >= pages(total) - 1
    view.add_item(previous)
    view.add_item(following)
    view.stop()
    return view


def records_scope(interaction: discord.Interaction) -> int:
    """Whose records a command reads: the server's in a server that has the bot, else
    everyone's everywhere (``GLOBAL``: every server and the games in direct messages)."""
    server = server_of(interaction)
    return GLOBAL if server is None else server


async def history_page(
    interaction: discord.Interaction, game: str | None, user: int | None, page: int
) -> tuple[Card, discord.ui.View | None]:
    store = service_of(interaction).store
    total, entries = await store.history(
        interaction.guild_id or 0,
        game=game,
        user_id=user,
        offset=page * PAGE_SIZE,
        limit=PAGE_SIZE,
    )
    card = history_card(entries, page, total)
    view = _pager(total, page, lambda p, label: HistoryPage(game or "all", user or 0, p, label))
    return card, view


async def leaderboard_page(
    interaction: discord.Interaction,
    game: str,
    scope: str,
    period: str,
    people_only: bool,
    page: int,
) -> tuple[Card, discord.File, discord.ui.View | None]:
    service = service_of(interaction)
    span = PERIODS[period]
    options = {
        "since": None if span is None else stamp_of(service.now() - span),
        "hide_computers": people_only,
    }
    where = GLOBAL if scope == "global" else interaction.guild_id or 0
    total, rows = await service.store.leaderboard(
        where, game, offset=page * PAGE_SIZE, limit=PAGE_SIZE, **options
    )
    mine = await service.store.place_on_board(where, game, str(interaction.user.id), **options)
    title = board_title(game, scope, period)
    png = await _draw(service, board_card(title, rows, mine))
    card = leaderboard_answer(title, rows, mine, page, total)
    people = "people" if people_only else "all"
    view = _pager(total, page, lambda p, label: BoardPage(game, scope, period, people, p, label))
    return card, discord.File(io.BytesIO(png), filename=LEADERBOARD_FILE), view


async def _draw(service: GameService, card: View) -> bytes:
    """A records picture, drawn off the event loop like every picture (cached by content)."""
    digest = zlib.crc32(json.dumps(card.data, sort_keys=True, default=str).encode())
    key = PictureKey(0, digest, None, RECORDS_CARD.name)
    return await service.pictures.draw(key, card, (), RECORDS_CARD)


class RecordsCog(commands.Cog):
    """History, stats, leaderboards and forgetting a player."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.history_command = app_commands.Command(
            name="history",
            description="This server's finished games, newest first",
            callback=self.history,
        )

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HistoryPage, BoardPage, ForgetButton)
        group = self.bot.tree.get_command("game")
        assert isinstance(group, app_commands.Group), "load bot.cogs.games first"
        group.add_command(self.history_command)
        self.purge.start()

    async def cog_unload(self) -> None:
        self.purge.cancel()
        group = self.bot.tree.get_command("game")
        if isinstance(group, app_commands.Group):
            group.remove_command(self.history_command.name)

    @works(Reach.SERVER)
    @app_commands.describe(game="Only games of this kind", player="Only games this member played")
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        with speaking(await public_language(interaction)):
            card, view = await history_page(interaction, game, player.id if player else None, 0)
        await interaction.response.send_message(**card.send(view))

    @app_commands.command(name="stats", description="A player's games, wins and ratings here")
    @works(Reach.ANYWHERE)
    @app_commands.describe(player="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        who = player or interaction.user
        service = service_of(interaction)
        await defer(interaction)
        scope = records_scope(interaction)
        _total, entries = await service.store.history(scope, user_id=who.id, limit=STATS_GAMES)
        numbers = player_stats(who.id, entries)
        ratings = await service.store.ratings_of(scope, str(who.id))
        daily = await interaction.client.daily.habit(who.id)  # type: ignore[attr-defined]
        with speaking(await public_language(interaction)):
            card = stats_card(who.display_name, numbers, ratings)
            where = _("everywhere") if scope == GLOBAL else _("this server")
            answer = stats_answer(who.display_name, numbers, ratings, where, daily)
        png = await _draw(service, card)
        await interaction.followup.send(
            **answer.send(files=[discord.File(io.BytesIO(png), filename=STATS_FILE)])
        )

    @app_commands.command(name="leaderboard", description="The best rated players of a game")
    @works(Reach.ANYWHERE)
    @app_commands.describe(
        game="Which game",
        scope="This server, or every server",
        period="Players who played in this period (ranked by their rating)",
        computers="Show or hide computer players",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        scope=[app_commands.Choice(name=s, value=s) for s in SCOPES],
        period=[app_commands.Choice(name=p, value=p) for p in PERIODS],
        computers=[app_commands.Choice(name=c, value=c) for c in ("show", "hide")],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: str = "server",
        period: str = "all",
        computers: str = "show",
    ) -> None:
        if records_scope(interaction) == GLOBAL:
            scope = "global"  # no server here: its ranking would be empty
        await defer(interaction)
        with speaking(await public_language(interaction)):
            card, file, view = await leaderboard_page(
                interaction, game, scope, period, computers == "hide", 0
            )
        await interaction.followup.send(**card.send(view, [file]))

    @app_commands.command(name="forget-me", description="Delete your ratings and stats")
    @works(Reach.GAMES)
    async def forget_me(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton(interaction.user.id))
        view.stop()
        await interaction.response.send_message(
            _(
                "This deletes your ratings and stats in every server; in other players' "
                "history you will appear as “a former player”. Other players' ratings stay "
                "as they are. It cannot be undone."
            ),
            view=view,
            ephemeral=True,
        )

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        service = self.bot.service  # type: ignore[attr-defined]
        await service.store.guild_removed(guild.id, stamp_of(service.now()))

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.bot.service.store.guild_returned(guild.id)  # type: ignore[attr-defined]

    @tasks.loop(hours=PURGE_HOURS)
    async def purge(self) -> None:
        """Delete the records of servers the bot left more than the grace period ago."""
        service = self.bot.service  # type: ignore[attr-defined]
        await service.store.purge_removed_guilds(stamp_of(service.now() - GRACE))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RecordsCog(bot))
