"""What every component of the bot shares: the service it talks to, and one error path.

Handlers raise; :class:`ExplainsErrors` turns user errors into their message and anything
else into a logged apology, so no click ever goes unanswered.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from .answers import answer_failure, arrived
from .clicks import message_payload, nested
from .custom_ids import IdFormat
from .discord_requests import defer
from .errors import UserError
from .service import GameService
from .settings import effective


def service_of(interaction: discord.Interaction) -> GameService:
    """The game service of the bot that received the interaction."""
    service = getattr(interaction.client, "service", None)
    assert isinstance(service, GameService)
    return service


def is_moderator(interaction: discord.Interaction) -> bool:
    """Whether the user may manage this channel (ends games they do not host)."""
    return bool(interaction.permissions.manage_channels)


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge with Discord's "thinking…" unless the interaction was acknowledged already:
    the first await of a handler whose answer needs the store or the engine."""
    if not interaction.response.is_done():
        await defer(interaction, ephemeral=ephemeral, thinking=True)


async def check_may_start(interaction: discord.Interaction) -> None:
    """Refuse a new lobby when the server lets only channel managers open them."""
    server = await service_of(interaction).store.guild_settings(interaction.guild_id or 0)
    if effective({}, server, "who_can_start") == "managers" and not is_moderator(interaction):
        raise UserError("managers_only")


class ExplainsErrors:
    """Mixed into every component: user errors are explained, others logged with an apology.

    A select's values are checked against the options on the message first, so a value that
    was never offered (a forged or outdated request) is refused before any handler reads it.
    """

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        arrived(interaction)
        try:
            _check_offered(interaction)
            await self.run(interaction)
        except Exception as err:  # every failure gets an answer, never a traceback
            await answer_failure(interaction, err)


def picked(item: discord.ui.Item[Any]) -> list[str]:
    """The values chosen in a select; a forged click on a select's id as a button is refused."""
    values = getattr(item, "values", None)
    if not values:
        raise UserError("unknown_button")
    return list(values)


def _check_offered(interaction: discord.Interaction) -> None:
    """Refuse select values that are not among the options of the select on the message."""
    data = interaction.data or {}
    values = data.get("values")
    if values is None:
        return
    message = message_payload(interaction)
    if message is None:
        return
    custom_id = data.get("custom_id")
    for component in nested(message.get("components", ())):
        if component.get("custom_id") != custom_id:
            continue
        offered = {option.get("value") for option in component.get("options", ())}
        if any(value not in offered for value in values):
            raise UserError("not_offered")


class IdItem(ExplainsErrors):
    """A persistent component declared by its id format alone.

    ``class Join(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=FORMAT)`` routes
    clicks with the format's template and rebuilds the item from a clicked id by passing the
    id's fields, in order, to the constructor.
    """

    id_format: ClassVar[IdFormat]

    def __init_subclass__(cls, *, id_format: IdFormat | None = None, **kwargs: Any) -> None:
        if id_format is not None:
            cls.id_format = id_format
            kwargs["template"] = id_format.template
        super().__init_subclass__(**kwargs)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        return cls(*cls.id_format.read(match).values())
