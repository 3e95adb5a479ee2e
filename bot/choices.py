"""Autocomplete: legal moves filtered by what the player has typed."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands

from engine import find_game
from engine.core import IllegalAction

from .errors import UserError
from .ui import service_of

MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100


async def legal_move_choices(
    interaction: discord.Interaction,
    typed: str,
    keep: Callable[[str], bool] = lambda notation: True,
) -> list[app_commands.Choice[str]]:
    """Up to 25 of the user's legal moves whose text contains every word typed."""
    service = service_of(interaction)
    try:
        record, state = await service.running(interaction.channel_id or 0)
    except (UserError, IllegalAction):
        return []
    game = find_game(record.game)
    words = typed.lower().split()
    choices = []
    for notation in service.legal_moves(record, state, interaction.user.id):
        if not keep(notation):
            continue
        label = game.describe_action(game.parse(notation))
        haystack = f"{notation} {label}".lower()
        if all(word in haystack for word in words):
            choices.append(app_commands.Choice(name=label[:MAX_CHOICE_TEXT], value=notation))
            if len(choices) == MAX_CHOICES:
                break
    return choices
