"""/notify (a player's pings) and /settings (a server's defaults for tables)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from locales import _

from ..cards import Card
from ..components import service_of
from ..errors import UserError
from ..game_options import value_words
from ..presenter import COLOUR
from ..reach import Reach, works
from ..settings import SERVER_ONLY, TABLE_OPTIONS, TIMEOUT_ACTIONS, check_server_settings, effective

SETTING_NAMES = [spec for spec in TABLE_OPTIONS + SERVER_ONLY if spec.name != "cap"]
SPECS = {spec.name: spec for spec in SETTING_NAMES}


def setting_words(changes: dict[str, object]) -> str:
    """Changed settings in the reader's words: ``Reminder after (hours): 6``."""
    return " · ".join(
        f"{_(SPECS[name].title)}: {value_words(SPECS[name], value)}"
        for name, value in changes.items()
    )


class SettingsCog(commands.Cog):
    """Per-user notifications and per-server defaults."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="notify", description="Be pinged when it is your turn, or not")
    @works(Reach.GAMES)
    @app_commands.describe(pings="on: mention me when it is my turn or I am reminded; off: don't")
    @app_commands.choices(
        pings=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def notify(self, interaction: discord.Interaction, pings: str) -> None:
        store = service_of(interaction).store
        await store.update_user_settings(interaction.user.id, {"notify": pings == "on"})
        text = (
            _("You will be mentioned when it is your turn.")
            if pings == "on"
            else _("You will no longer be pinged; your name still shows when it is your turn.")
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="settings",
        description="Server defaults for reminders, timeouts and who may start games",
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        reminder_hours="Hours without a move before the player is reminded (0: never)",
        timeout_hours="Hours without a move before the timeout action (0: never)",
        timeout_action="computer: it plays for them; skip: they pass; remove: they leave",
        round_minutes=(
            "Minutes before a round closes by itself, in games played in rounds (0: no timer)"
        ),
        who_can_start="Who may open lobbies",
        language="Language of public posts (private answers follow each member's Discord)",
        web_pages="Whether this server's games have web pages (off: their links stop working)",
    )
    @app_commands.choices(
        timeout_action=[app_commands.Choice(name=a, value=a) for a in TIMEOUT_ACTIONS],
        who_can_start=[
            app_commands.Choice(name="everyone", value="everyone"),
            app_commands.Choice(name="members who can manage channels", value="managers"),
        ],
        language=[
            app_commands.Choice(name="the server's Discord language", value="discord"),
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Deutsch", value="de"),
        ],
        web_pages=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[int, 0, 336] | None = None,
        timeout_hours: app_commands.Range[int, 0, 720] | None = None,
        timeout_action: str | None = None,
        round_minutes: app_commands.Range[int, 0, 10080] | None = None,
        who_can_start: str | None = None,
        language: str | None = None,
        web_pages: str | None = None,
    ) -> None:
        given = {
            name: value
            for name, value in {
                "reminder_hours": reminder_hours,
                "timeout_hours": timeout_hours,
                "timeout_action": timeout_action,
                "round_minutes": round_minutes,
                "who_can_start": who_can_start,
                "language": language,
                "web_pages": web_pages,
            }.items()
            if value is not None
        }
        store = service_of(interaction).store
        guild_id = interaction.guild_id or 0
        saved = ""
        if given:
            if not interaction.permissions.manage_guild:
                raise UserError("not_admin")
            changes = check_server_settings(given)
            current = await store.update_guild_settings(guild_id, changes)
            saved = _("Saved: {changes}", changes=setting_words(changes))
        else:
            current = await store.guild_settings(guild_id)
        fields = []
        for spec in SETTING_NAMES:
            value = effective({}, current, spec.name)
            fields.append(
                (_(spec.title), f"**{value_words(spec, value)}** · `{spec.name}={value}`")
            )
        footer = _(
            "A host can override these per game in /game new options, e.g. timeout_hours=24."
        )
        card = Card(_("Server settings"), saved, COLOUR, footer=footer, fields=fields)
        await interaction.response.send_message(**card.send(), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
