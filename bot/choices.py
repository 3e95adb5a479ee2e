"""Autocomplete: legal moves filtered by what the player has typed."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands

from engine import find_game
from engine.core import IllegalAction, fill_names

from .components import service_of
from .errors import UserError

MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_TYPED = 100  # characters of the typed text that are matched (Discord allows 6,000)
MAX_WORDS = 8  # distinct words of it that must all match


async def legal_move_choices(
    interaction: discord.Interaction,
    typed: str,
    keep: Callable[[str], bool] = lambda notation: True,
) -> list[app_commands.Choice[str]]:
    """Up to 25 of the user's legal moves whose text contains every word typed.

    Cost: one pass over the legal moves, each matched against at most ``MAX_WORDS`` words of
    at most ``MAX_TYPED`` characters, whatever is typed.
    """
    service = service_of(interaction)
    try:
        record, state = await service.running(interaction.channel_id or 0)
    except (UserError, IllegalAction):
        return []
    game = find_game(record.game)
    words = list(dict.fromkeys(typed[:MAX_TYPED].lower().split()))[:MAX_WORDS]
    picked = []
    for notation in service.legal_moves(record, state, interaction.user.id):
        if not keep(notation):
            continue
        action = game.parse(notation)
        haystack = f"{notation} {game.describe(action)}".lower()
        if all(word in haystack for word in words):
            picked.append((notation, action))
            if len(picked) == MAX_CHOICES:
                break
    return [
        app_commands.Choice(
            name=_clip(fill_names(game.describe(action, state), record.names)),
            value=notation,
        )
        for notation, action in picked
    ]


def _clip(label: str) -> str:
    """A choice label within Discord's 100 characters, capitalised."""
    label = label[:1].upper() + label[1:]
    return label if len(label) <= MAX_CHOICE_TEXT else label[: MAX_CHOICE_TEXT - 1] + "…"
