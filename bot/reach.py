"""Where each slash command works, declared on the command and checked by the bot.

Three reaches, from narrow to wide:

- ``SERVER``: servers that have added the bot (the default: a command that declares nothing
  is guild-only);
- ``GAMES``: those servers and the player's direct messages with the bot, where a game is
  played against computer players;
- ``ANYWHERE``: also installed to a player's own account (a user install), in any context:
  their DMs with the bot, group DMs and DMs with others (private channels), and servers that
  have not added the bot. There the bot can only answer the interaction itself.

Discord keeps installs and contexts on top-level commands only, so a group is declared with
the union of its subcommands' reaches (:func:`declare`), and the bot's own check
(:func:`check`) refuses a subcommand used where it does not work, with an answer saying where
it does. Discord's declaration is a hint to clients; the check is the guarantee.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import discord
from discord import app_commands

from .errors import UserError

F = TypeVar("F", bound=Callable[..., Any])
REACH_KEY = "reach"


class Place(Enum):
    """Where an interaction comes from, as far as commands are concerned."""

    SERVER = "server"  # a server that has added the bot
    BOT_DM = "bot_dm"  # the player's direct messages with the bot
    ELSEWHERE = "elsewhere"  # a private channel, or a server without the bot (user install)


class Reach(Enum):
    """The places a command works in."""

    SERVER = (Place.SERVER,)
    GAMES = (Place.SERVER, Place.BOT_DM)
    ANYWHERE = (Place.SERVER, Place.BOT_DM, Place.ELSEWHERE)

    @property
    def places(self) -> tuple[Place, ...]:
        return self.value


class NotHere(app_commands.CheckFailure):
    """A command used where it does not work; ``error`` says where it does."""

    def __init__(self, error: UserError) -> None:
        super().__init__(error.message)
        self.error = error


def works(where: Reach) -> Callable[[F], F]:
    """Declare where a command's callback works (put it under ``@….command``)."""

    def mark(callback: F) -> F:
        callback.__island_reach__ = where  # type: ignore[attr-defined]
        return callback

    return mark


def group_extras(where: Reach) -> dict[str, Reach]:
    """A group's ``extras`` declaring where its subcommands work unless they say otherwise."""
    return {REACH_KEY: where}


def reach_of(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Reach:
    """Where a command works: its own declaration, else its groups', else servers only."""
    declared = getattr(getattr(command, "callback", None), "__island_reach__", None)
    node: Any = command
    while declared is None and node is not None:
        declared = node.extras.get(REACH_KEY)
        node = node.parent
    return declared if isinstance(declared, Reach) else Reach.SERVER


def place_of(interaction: discord.Interaction) -> Place:
    """Where ``interaction`` comes from. A server counts as the bot's unless the interaction
    says only the user installed it there (Discord names the installs that authorised it)."""
    if interaction.guild_id is not None:
        if interaction.is_user_integration() and not interaction.is_guild_integration():
            return Place.ELSEWHERE
        return Place.SERVER
    if interaction.context.private_channel:
        return Place.ELSEWHERE
    return Place.BOT_DM


def server_of(interaction: discord.Interaction) -> int | None:
    """The id of the server ``interaction`` comes from if that server has the bot, else None
    (direct messages, private channels, servers where only the user installed it)."""
    return interaction.guild_id if place_of(interaction) is Place.SERVER else None


def check(interaction: discord.Interaction) -> None:
    """Refuse a command used where it does not work (raises :class:`NotHere`)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    place = place_of(interaction)
    if place in reach_of(command).places:
        return
    code = "server_only" if place is Place.BOT_DM else "bot_not_here"
    raise NotHere(UserError(code, command=command.qualified_name))


def declare(tree: app_commands.CommandTree[Any]) -> None:
    """Give every top-level command the installs and contexts of its subcommands' reaches
    (what :meth:`~discord.app_commands.CommandTree.sync` sends to Discord)."""
    for top in tree.get_commands(type=discord.AppCommandType.chat_input):
        leaves = top.walk_commands() if isinstance(top, app_commands.Group) else (top,)
        places = {place for leaf in leaves for place in reach_of(leaf).places}
        elsewhere = Place.ELSEWHERE in places
        top.guild_only = places == {Place.SERVER}
        top.allowed_installs = app_commands.AppInstallationType(
            guild=True, user=Place.BOT_DM in places
        )
        top.allowed_contexts = app_commands.AppCommandContext(
            guild=True, dm_channel=Place.BOT_DM in places, private_channel=elsewhere
        )
