"""Commands every game shares: /game new, status, move, resign, end, rules, and /help."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from engine import all_games
from locales import N_, _, current, speaking, translate

from ..cards import Card
from ..choices import legal_move_choices
from ..components import acknowledge, check_may_start, is_moderator, service_of
from ..discord_requests import defer
from ..errors import UserError
from ..game_options import example, suggestions
from ..i18n import as_written, game_title, public_language, say
from ..presenter import COLOUR, lobby_card, turn_line
from ..quickstart import player_count, rules_card, rules_view
from ..reach import Reach, group_extras, works
from ..replays import replayable_game
from ..setup_form import open_lobby, show_form
from ..ui import play_move, post_board, resigned, show_lobby

GAME_CHOICES = [app_commands.Choice(name=g.info.title, value=g.info.name) for g in all_games()]


def parse_options(text: str | None, game: str) -> dict[str, str]:
    """``"level=5 timer=10"`` → ``{"level": "5", "timer": "10"}``; a bad word is refused
    with one of ``game``'s own options as the example."""
    options: dict[str, str] = {}
    for word in (text or "").replace(",", " ").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise UserError("bad_options", word=word, example=example(game))
        options[key.strip().lower()] = value.strip()
    return options


class GamesCog(commands.Cog):
    """Lobbies and the commands that work the same in every game."""

    game = app_commands.Group(
        name="game",
        description="Start, follow and finish island games",
        extras=group_extras(Reach.GAMES),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game to play",
        options=(
            "Leave empty for a form, or type name=value words, e.g. first_player=0 "
            "(see /game rules)"
        ),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self, interaction: discord.Interaction, game: str, options: str | None = None
    ) -> None:
        await check_may_start(interaction)
        if options is None:
            await show_form(interaction, game)
            return
        await open_lobby(interaction, game, parse_options(options, game))

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        name = getattr(interaction.namespace, "game", None)
        if not name:
            return []
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in suggestions(name, current)
        ]

    @game.command(name="status", description="Show the board and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)  # before the database: it may be slow to answer
        service = service_of(interaction)
        record = await service.to_show(interaction.channel_id or 0)
        if record.status == "lobby":
            await interaction.edit_original_response(**lobby_card(record).edit())
            return
        state = service.state_of(record)
        png = await service.render(record, state, record.seat_of(interaction.user.id))
        content, _mentions = turn_line(record, state)
        await interaction.followup.send(
            content=content or None,
            file=discord.File(io.BytesIO(png), filename="board.png"),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @game.command(name="move", description="Make a move in this channel's game")
    @app_commands.describe(move="Your move: start typing and pick one of the legal moves")
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        await play_move(interaction, move)

    @move.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_move_choices(interaction, current)

    @game.command(name="resign", description="Give up your seat in this channel's game")
    async def resign(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        result = await service.resign(
            interaction.channel_id or 0, interaction.user.id, interaction.id
        )
        await post_board(
            interaction, result, headline=resigned(as_written(interaction.user.display_name))
        )

    @game.command(name="end", description="Stop this channel's game (host or Manage Channel)")
    async def end(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        record = await service.end(
            interaction.channel_id or 0, interaction.user.id, is_moderator(interaction)
        )
        title = game_title(record.game)
        with speaking(await public_language(interaction)):
            text = _(
                "Game #{id} of {game} was ended by {who}. Start another with `/game new`.",
                id=record.id,
                game=title,
                who=interaction.user.mention,
            )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @game.command(name="kick", description="Remove a player (host or Manage Channel)")
    @works(Reach.SERVER)
    @app_commands.describe(player="Who to remove: from the lobby, or from the running game")
    async def kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        service = service_of(interaction)
        record, result = await service.kick(
            interaction.channel_id or 0,
            interaction.user.id,
            player.id,
            is_moderator(interaction),
        )
        headline = say(
            "**{name}** was removed by {by}.",
            name=as_written(player.display_name),
            by=as_written(interaction.user.display_name),
        )
        if result is None:
            with speaking(await public_language(interaction)):
                await show_lobby(interaction, record)
                await interaction.response.send_message(
                    headline.text(current()), allowed_mentions=discord.AllowedMentions.none()
                )
            return
        await post_board(interaction, result, headline=headline)

    @game.command(name="replay", description="An animated replay of a finished game")
    @works(Reach.SERVER)
    @app_commands.describe(game_id="The game's number (default: this channel's last finished game)")
    async def replay(
        self, interaction: discord.Interaction, game_id: app_commands.Range[int, 1] | None = None
    ) -> None:
        service = service_of(interaction)
        record = await replayable_game(
            service.store,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            game_id=game_id,
        )
        await defer(interaction, thinking=True)
        lang = await public_language(interaction)
        gif = await service.replays.gif(record, lang)
        title = game_title(record.game, lang)
        await interaction.followup.send(
            translate(lang, "Replay of {game} game #{id}.", game=title, id=record.id),
            file=discord.File(io.BytesIO(gif), filename=f"replay-{record.id}.gif"),
        )

    @game.command(name="link", description="The web page of this channel's game, to watch it live")
    @works(Reach.SERVER)
    async def link(self, interaction: discord.Interaction) -> None:
        pages = getattr(interaction.client, "pages", None)
        if pages is None:
            raise UserError("no_pages")
        record = await service_of(interaction).to_show(interaction.channel_id or 0)
        url = await pages.link(record)
        if url is None:
            raise UserError("pages_off")
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label=_("Watch"), url=url))
        board = None
        if record.guild_id is not None:
            board = await pages.leaderboard_link(record.guild_id, record.game)
        if board is not None:
            view.add_item(discord.ui.Button(label=_("Leaderboard"), url=board))
        text = _(
            "Anyone with this link can watch {game} game #{id} live: {url}",
            game=game_title(record.game),
            id=record.id,
            url=url,
        )
        await interaction.response.send_message(text, view=view, ephemeral=True)

    @game.command(name="rules", description="How to play a game, with our rulings")
    @works(Reach.ANYWHERE)
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(
            **rules_card(game).send(rules_view(game)), ephemeral=True
        )

    @app_commands.command(name="help", description="What this bot does and how to play")
    @works(Reach.ANYWHERE)
    async def help(self, interaction: discord.Interaction) -> None:
        games = [
            (
                f"{game_title(info.name)} ({player_count(info.min_players, info.max_players)})",
                _(info.summary),
            )
            for info in (g.info for g in all_games())
        ]
        start = HELP_TEXT if interaction.guild_id is not None else HELP_DM
        text = _(start) + "\n" + _(HELP_MORE)
        card = Card(title=_("Island games"), text=text, colour=COLOUR, fields=games)
        await interaction.response.send_message(**card.send(), ephemeral=True)


HELP_TEXT = N_(
    "**Start:** `/game new` opens a form (the game's options, people to invite, computer "
    "players), then a lobby; others press **Join**, the host presses **Start**. One game per "
    "channel (use a thread for more).\n"
    "**Play:** `/game move` with suggestions of your legal moves, or the game's own commands "
    "(`/tiger place`, `/tiger build`). The board is posted after every move.\n"
    "**Follow:** `/game status` shows the board; **My moves** lists what you can do. "
    "`/game replay` animates a finished game; **Rematch** under a final board opens a new "
    "lobby with the same players.\n"
    "**Finish:** `/game resign` gives up your seat; `/game end` stops the game and "
    "`/game kick` removes a player (host or Manage Channel). `/game rules` explains each game.\n"
    "**Long games:** players are pinged on their turn (`/notify off` to stop), reminded after "
    "a while, and a timeout plays, skips or removes an absent player; admins set the "
    "defaults with `/settings`, hosts per game (`/game new options:timeout_hours=24`)."
)
HELP_DM = N_(
    "**Start:** `/game new` opens a form (the game's options and your computer opponents), "
    "then a lobby; press **Start**. One game at a time here.\n"
    "**Play:** `/game move` with suggestions of your legal moves, or **My moves** under the "
    "board. The board is posted after every move.\n"
    "**Finish:** `/game resign` gives up; `/game end` stops the game. `/game rules` explains "
    "each game; `/game replay` animates a finished one and **Rematch** starts it again."
)
"""The start of /help in direct messages with the bot: no one else joins, no moderators."""
HELP_MORE = N_(
    "**Islant:** `/islant play` for your turn in a race, `/islant daily` for the Islant of "
    "the day (one attempt a day, the same rolls for everyone) and `/islant today` for its "
    "leaderboard.\n"
    "**Records:** `/stats` for a player's games and ratings, `/leaderboard` for the best "
    "players, `/game history` for finished games.\n"
    "**On your own:** add the bot to your account (its profile → **Add App**) to play against "
    "computer players in your direct messages with the bot (`/game new` there) and to use "
    "`/islant daily`, `/stats` and `/leaderboard` anywhere.\n"
    "**Web pages:** `/game link` gives the page where anyone can watch the channel's game "
    "live (admins can turn web pages off in `/settings`).\n"
    "**Your data:** `/forget-me` deletes your ratings and stats; your moves in past games "
    "then show you as a former player."
)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GamesCog(bot))
