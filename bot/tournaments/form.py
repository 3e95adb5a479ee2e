"""The tournament's set-up form: ``/tournament new game:`` opens it, like ``/game new``.

Five parts, each optional with a default: the format (Swiss, round robin, knockout), the
table size (two up to the game's most), the rounds of a Swiss (by default as many as the
players need), the round length, and what a late joiner gets for a round missed.
"""

from __future__ import annotations

from datetime import timedelta

import discord

from engine import find_game
from locales import _, speaking
from locales.tournament import format_name
from tournament import Format, LateJoin, Settings, TournamentError

from ..answers import answer_failure, arrived
from ..i18n import game_title, public_language, user_language
from .cards import registration_card
from .service import DEFAULT_ROUND_HOURS, ROUND_HOURS, refusal
from .views import registration_view, tournaments_of

FORM_ID = "tournament"
FORMAT_ID = f"{FORM_ID}:format"
SIZE_ID = f"{FORM_ID}:size"
ROUNDS_ID = f"{FORM_ID}:rounds"
HOURS_ID = f"{FORM_ID}:hours"
LATE_ID = f"{FORM_ID}:late"
AUTO = "auto"
MOST_ROUNDS = 15
FORM_TIMEOUT = timedelta(minutes=30)


class TournamentForm(discord.ui.Modal):
    """The set-up form of a tournament of one game, in its opener's language."""

    def __init__(self, game: str, opened_by: int) -> None:
        info = find_game(game).info
        super().__init__(
            title=_("New tournament: {game}", game=game_title(game))[:45],
            custom_id=f"{FORM_ID}:{game}:{opened_by}",
            timeout=FORM_TIMEOUT.total_seconds(),
        )
        self.game = game
        self.format = discord.ui.RadioGroup(custom_id=FORMAT_ID, required=False)
        for fmt in Format:
            self.format.add_option(
                label=format_name(fmt.value), value=fmt.value, default=fmt is Format.SWISS
            )
        self.add_item(
            discord.ui.Label(
                text=_("Format"),
                description=_("Round robin is for two-player tables."),
                component=self.format,
            )
        )
        self.size = discord.ui.Select(custom_id=SIZE_ID, required=False)
        for size in range(2, min(info.max_players, 6) + 1):
            self.size.add_option(
                label=_("{count} players a table", count=size), value=str(size), default=size == 2
            )
        self.add_item(discord.ui.Label(text=_("Table size"), component=self.size))
        self.rounds = discord.ui.Select(custom_id=ROUNDS_ID, required=False)
        self.rounds.add_option(label=_("As many as the players need"), value=AUTO, default=True)
        for count in range(1, MOST_ROUNDS + 1):
            self.rounds.add_option(label=str(count), value=str(count))
        self.add_item(
            discord.ui.Label(
                text=_("Rounds (Swiss)"),
                description=_("Round robin and knockout play the rounds they need."),
                component=self.rounds,
            )
        )
        self.hours = discord.ui.Select(custom_id=HOURS_ID, required=False)
        for hours in ROUND_HOURS:
            self.hours.add_option(
                label=_("{hours} hours", hours=hours),
                value=str(hours),
                default=hours == DEFAULT_ROUND_HOURS,
            )
        self.add_item(discord.ui.Label(text=_("Round length"), component=self.hours))
        self.late = discord.ui.RadioGroup(custom_id=LATE_ID, required=False)
        self.late.add_option(label=_("A loss"), value=LateJoin.LOSS.value, default=True)
        self.late.add_option(label=_("Half the points"), value=LateJoin.HALF.value)
        self.add_item(
            discord.ui.Label(
                text=_("Late joins get for each round missed"),
                description=_("A Swiss takes players until round 2 is paired."),
                component=self.late,
            )
        )

    def settings(self) -> tuple[Settings, int]:
        """The tournament's settings and round length as chosen (defaults where empty)."""
        fmt = Format(self.format.value or Format.SWISS.value)
        size = int(self.size.values[0]) if self.size.values else 2
        rounds_value = self.rounds.values[0] if self.rounds.values else AUTO
        rounds = None if rounds_value == AUTO or fmt is not Format.SWISS else int(rounds_value)
        hours = int(self.hours.values[0]) if self.hours.values else DEFAULT_ROUND_HOURS
        late = LateJoin(self.late.value or LateJoin.LOSS.value)
        try:
            return Settings(fmt, size, rounds, late), hours
        except TournamentError:
            raise refusal("table_size_format") from None

    async def on_submit(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        arrived(interaction)
        settings, hours = self.settings()
        await open_tournament(interaction, self.game, settings, hours)

    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction, error: Exception
    ) -> None:
        await answer_failure(interaction, error)


async def show_form(interaction: discord.Interaction, game: str) -> None:
    with speaking(user_language(interaction)):
        form = TournamentForm(game, interaction.id)
    await interaction.response.send_modal(form)


async def open_tournament(
    interaction: discord.Interaction, game: str, settings: Settings, hours: int
) -> None:
    """Create the tournament and post its registration card (its message is kept)."""
    tournaments = tournaments_of(interaction)
    record = await tournaments.create(
        guild_id=interaction.guild_id or 0,
        channel_id=interaction.channel_id or 0,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        game=game,
        settings=settings,
        hours=hours,
    )
    with speaking(await public_language(interaction)):
        await interaction.response.send_message(
            **registration_card(record).send(registration_view(record))
        )
    message = await interaction.original_response()
    await tournaments.store.set_tournament_message(record.id, message.id)
