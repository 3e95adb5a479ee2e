"""Every registered game at a table of the real bot: started from its lobby, its panel opened,
its text commands found in the bot's command tree."""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.panel import OPEN
from bot.ui import BOARD_ID
from engine import find_game
from tests.bot.faces import controls, last_card
from tests.bot.flow_helpers import new_game

MOVE_COMMAND = ("game move", "move")
"""The command every game takes typed moves in, and its option."""


async def start_table(world, channel, name: str, *, level: str = "Normal") -> object:
    """A running game of ``name`` in ``channel``: alice hosts, bob joins, and computers at
    ``level`` fill the seats the game needs beyond two. Returns the lobby message."""
    opened = await new_game(world.alice, channel, name)
    assert not opened.ephemeral, opened.response.content if opened.response else opened
    lobby = opened.response.message
    await world.bob.click(lobby, label="Join")
    for _ in range(find_game(name).info.min_players - 2):
        await world.alice.click(lobby, label="Add computer")
        await world.alice.click(lobby, label=level)
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged
    return lobby


def opens_panel(custom_id: str) -> bool:
    """Whether a button opens a player's panel: a board's "My moves", or a game's own."""
    board = re.fullmatch(BOARD_ID.template, custom_id)
    return bool(re.fullmatch(OPEN.template, custom_id)) or (
        board is not None and board["action"] == "moves"
    )


async def board_message(world, channel):
    """The game's public board message (its latest card if none is recorded)."""
    record = await world.env.bot.store.last_game_in(channel.id)
    wanted = record.board_message_id if record is not None else None
    found = [m for m in channel.history() if m.id == wanted]
    return found[-1] if found else last_card(channel)


async def open_panel(world, member, channel):
    """``member`` opens their panel with the button on the game's public board."""
    board = await board_message(world, channel)
    found = [c for c in controls(board) if opens_panel(c.custom_id or "")]
    assert found, "no button of the board opens the panel"
    return await member.click(board, custom_id=found[0].custom_id)


@dataclass(frozen=True)
class TextCommand:
    """A slash command that takes typed text: its name, the options typed into, the options
    that suggest as one types, and a value for each other required option."""

    command: str
    typed: tuple[str, ...]
    suggested: tuple[str, ...]
    fixed: dict[str, str]

    def with_text(self, text: str) -> dict[str, str]:
        return {**self.fixed, **dict.fromkeys(self.typed, text)}


def text_commands(bot, name: str) -> list[TextCommand]:
    """``game move`` and every command of the game's own cog (``bot.cogs.<name>``, if loaded)
    with an option of free text; commands with other required options are left out."""
    found = [TextCommand(MOVE_COMMAND[0], (MOVE_COMMAND[1],), (MOVE_COMMAND[1],), {})]
    for cog in bot.cogs.values():
        if type(cog).__module__ != f"bot.cogs.{name}":
            continue
        for group in cog.get_app_commands():
            for command in _walk(group):
                made = _text_command(command)
                if made is not None:
                    found.append(made)
    return found


def _walk(command) -> list[app_commands.Command]:
    if isinstance(command, app_commands.Group):
        return [leaf for sub in command.commands for leaf in _walk(sub)]
    return [command]


def _text_command(command: app_commands.Command) -> TextCommand | None:
    typed, suggested, fixed = [], [], {}
    for parameter in command.parameters:
        if parameter.choices:
            fixed[parameter.name] = str(parameter.choices[0].value)
        elif parameter.type is discord.AppCommandOptionType.string:
            typed.append(parameter.name)
            if parameter.autocomplete:
                suggested.append(parameter.name)
        elif parameter.required:
            return None
    if not typed:
        return None
    return TextCommand(command.qualified_name, tuple(typed), tuple(suggested), fixed)
