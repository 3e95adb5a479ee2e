"""/tournament: new (a set-up form), join, leave, start, standings, drop, info and cancel.

Loading the cog gives the bot its tournament service and the pass that keeps every
tournament's rounds going (``bot.round_keeper``), which the bot's job loop runs after the
due jobs, so a graceful stop waits for it like for them."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from engine import all_games
from locales import speaking

from ..components import acknowledge, check_may_start, is_moderator, service_of
from ..i18n import as_written, public_language, say, user_language
from ..reach import Reach, group_extras
from ..store import TournamentRecord
from ..tournaments.cards import (
    STANDINGS_FILE,
    info_card,
    registration_card,
    standings_card,
    title,
)
from ..tournaments.form import show_form
from ..tournaments.rounds import RoundKeeper
from ..tournaments.service import TournamentService, refusal
from ..tournaments.views import (
    RegistrationButton,
    check_threads,
    registration_view,
    started,
    tournaments_of,
)

log = logging.getLogger(__name__)
GAME_CHOICES = [app_commands.Choice(name=g.info.title, value=g.info.name) for g in all_games()]


class TournamentCog(commands.Cog):
    """Tournaments: registration, standings, and the rounds kept going."""

    tournament = app_commands.Group(
        name="tournament",
        description="Swiss, round robin and knockout tournaments over days",
        extras=group_extras(Reach.SERVER),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RegistrationButton)
        service = getattr(self.bot, "service", None)
        if service is None:  # commands loaded without a bot behind them (their catalog)
            return
        tournaments = TournamentService(service, getattr(self.bot, "served_shards", None))
        self.keeper = RoundKeeper(self.bot, tournaments)
        self.bot.tournaments = tournaments  # type: ignore[attr-defined]
        self.bot.round_keeper = self.keeper  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.round_keeper = None  # type: ignore[attr-defined]

    @tournament.command(name="new", description="Open a tournament in this channel")
    @app_commands.describe(game="Which game the tournament plays")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str) -> None:
        await check_may_start(interaction)
        if not isinstance(interaction.channel, discord.TextChannel):
            raise refusal("text_channel_only")  # the tables' threads open in a text channel
        check_threads(interaction)  # before anyone registers for a tournament that cannot start
        store = tournaments_of(interaction).store
        if await store.open_tournament_in(interaction.channel_id or 0) is not None:
            raise refusal("tournament_busy")  # before the form: sending it would be refused
        await show_form(interaction, game)

    @tournament.command(name="join", description="Enter this channel's tournament")
    async def join(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        record = await tournaments_of(interaction).join(
            interaction.channel_id or 0, user.id, user.display_name
        )
        await self._show_registration(interaction, record)
        with speaking(user_language(interaction)):
            text = say("You are in the {title}.", title=title(record))
            await interaction.response.send_message(
                text.text(user_language(interaction)), ephemeral=True
            )

    @tournament.command(
        name="leave", description="Leave this channel's tournament before it starts"
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        record = await tournaments_of(interaction).leave(
            interaction.channel_id or 0, interaction.user.id
        )
        await self._show_registration(interaction, record)
        await interaction.response.send_message(
            say("You have left the tournament.").text(user_language(interaction)), ephemeral=True
        )

    @tournament.command(name="start", description="Close registration and pair round 1 (organiser)")
    async def start(self, interaction: discord.Interaction) -> None:
        check_threads(interaction)
        record = await tournaments_of(interaction).start(
            interaction.channel_id or 0, interaction.user.id
        )
        await interaction.response.send_message(
            say("The tournament has started: round 1 is being opened.").text(
                await public_language(interaction)
            )
        )
        await self._show_registration(interaction, record)
        await started(interaction, record)

    @tournament.command(name="drop", description="Stop playing in this channel's tournament")
    async def drop(self, interaction: discord.Interaction) -> None:
        tournaments = tournaments_of(interaction)
        record, resigned = await tournaments.drop(interaction.channel_id or 0, interaction.user.id)
        lang = await public_language(interaction)
        if resigned is not None:
            name = as_written(interaction.user.display_name)
            await service_of(interaction).sink.show(
                resigned, say("**{name}** dropped out of the tournament.", name=name)
            )
        await interaction.response.send_message(
            say(
                "**{name}** dropped out of the tournament; their games played still count.",
                name=as_written(interaction.user.display_name),
            ).text(lang)
        )
        await self.keeper.progress(record.id)

    @tournament.command(name="cancel", description="End this channel's tournament (organiser)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        record = await tournaments_of(interaction).cancel(
            interaction.channel_id or 0, interaction.user.id, is_moderator(interaction)
        )
        await interaction.response.send_message(
            say(
                "The {title} was cancelled. Games still being played go on as ordinary games.",
                title=title(record),
            ).text(await public_language(interaction))
        )
        await self._show_registration(interaction, record)

    @tournament.command(name="standings", description="The standings of this channel's tournament")
    async def standings(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction, ephemeral=False)
        channel_id = interaction.channel_id or 0
        record = await tournaments_of(interaction).store.last_tournament_in(channel_id)
        if record is None:
            raise refusal("no_tournament")
        lang = await public_language(interaction)
        asker = interaction.user.id
        png = await self.keeper.standings_picture(record, lang, asker)
        link = await self.keeper.page_link(record)
        with speaking(lang):
            card = standings_card(record, link, asker)
        await interaction.followup.send(
            **card.send(files=[discord.File(io.BytesIO(png), STANDINGS_FILE)])
        )

    @tournament.command(name="info", description="The format, rounds, deadline and tiebreaks")
    async def info(self, interaction: discord.Interaction) -> None:
        record = await tournaments_of(interaction).store.last_tournament_in(
            interaction.channel_id or 0
        )
        if record is None:
            raise refusal("no_tournament")
        with speaking(user_language(interaction)):
            await interaction.response.send_message(**info_card(record).send(), ephemeral=True)

    async def _show_registration(
        self, interaction: discord.Interaction, record: TournamentRecord
    ) -> None:
        """Bring the registration card up to date (its message may be gone: then nothing)."""
        if record.message_id is None:
            return
        channel = interaction.client.get_partial_messageable(
            record.channel_id, guild_id=record.guild_id
        )
        message = channel.get_partial_message(record.message_id)
        with speaking(await public_language(interaction)):
            card = registration_card(record)
        try:
            await message.edit(**card.edit(registration_view(record)))
        except discord.HTTPException:
            log.info("registration card of tournament %s is gone", record.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TournamentCog(bot))
