"""The registration card's buttons (Join, Leave, Start), persistent across restarts, and
where a handler finds the tournament service."""

from __future__ import annotations

import discord

from locales import N_, _, speaking

from ..components import IdItem
from ..custom_ids import NUMBER, IdFormat, one_of
from ..i18n import public_language
from ..store import TournamentRecord
from .cards import registration_card
from .service import TournamentService, refusal

BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
}
BUTTON_ID = IdFormat("tournament", (("tournament", NUMBER), ("action", one_of(BUTTONS))))


def tournaments_of(interaction: discord.Interaction) -> TournamentService:
    """The tournament service of the bot that received the interaction."""
    found = getattr(interaction.client, "tournaments", None)
    assert isinstance(found, TournamentService), "load bot.cogs.tournament first"
    return found


def check_threads(interaction: discord.Interaction) -> None:
    """Refuse to open or start a tournament where the bot may not open the tables' threads:
    a channel holds one open game at a time (``games_one_open_per_channel``), so the tables
    of a round cannot share the tournament's channel."""
    allowed = interaction.app_permissions
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        raise refusal("needs_threads")


def registration_view(record: TournamentRecord) -> discord.ui.View | None:
    """Join, Leave and Start while registration is open; nothing afterwards."""
    if record.status != "open":
        return None
    view = discord.ui.View(timeout=None)
    for action in BUTTONS:
        view.add_item(RegistrationButton(record.id, action))
    return view


class RegistrationButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=BUTTON_ID):
    """A registration card's Join, Leave or Start."""

    def __init__(self, tournament_id: int, action: str) -> None:
        label, style = BUTTONS[action]
        super().__init__(
            discord.ui.Button(
                label=_(label),
                style=style,
                custom_id=BUTTON_ID.make(tournament=tournament_id, action=action),
            )
        )
        self.tournament_id = tournament_id
        self.action = action

    async def run(self, interaction: discord.Interaction) -> None:
        tournaments = tournaments_of(interaction)
        found = await tournaments.here(interaction.channel_id or 0)
        if found.id != self.tournament_id:
            raise refusal("not_open")
        user = interaction.user
        if self.action == "join":
            record = await tournaments.join(found.channel_id, user.id, user.display_name)
        elif self.action == "leave":
            record = await tournaments.leave(found.channel_id, user.id)
        else:
            check_threads(interaction)
            record = await tournaments.start(found.channel_id, user.id)
        with speaking(await public_language(interaction)):
            card = registration_card(record)
            await interaction.response.edit_message(**card.edit(registration_view(record)))
        if self.action == "start":
            await started(interaction, record)


async def started(interaction: discord.Interaction, record: TournamentRecord) -> None:
    """Open round 1's tables at once rather than at the next pass of the job loop."""
    keeper = getattr(interaction.client, "round_keeper", None)
    if keeper is not None:
        await keeper.progress(record.id)
