"""Guild-only commands are refused outside a server by the bot itself, not only by Discord
(whose ``guild_only`` is a hint to clients: simcord, like Discord's clients, will not even
offer them in a direct message, so the bot's check is called as its command tree calls it)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from discord import app_commands


def guild_only_commands(bot) -> list[app_commands.Command]:
    """Every slash command (subcommands included) meant for servers only."""
    return [
        command
        for command in bot.tree.walk_commands()
        if isinstance(command, app_commands.Command)
        and (command.guild_only or (command.root_parent and command.root_parent.guild_only))
    ]


async def test_a_direct_message_on_every_guild_only_command_is_refused(world) -> None:
    bot = world.env.bot
    commands = guild_only_commands(bot)
    assert {c.qualified_name for c in commands} >= {"game new", "game end", "game replay"}
    unanswered = SimpleNamespace(is_done=lambda: False)
    for command in commands:
        in_dm = SimpleNamespace(command=command, guild_id=None, response=unanswered, client=bot)
        with pytest.raises(app_commands.NoPrivateMessage):
            await bot.tree.interaction_check(in_dm)
        in_server = SimpleNamespace(
            command=command, guild_id=world.guild.id, response=unanswered, client=bot
        )
        assert await bot.tree.interaction_check(in_server)
