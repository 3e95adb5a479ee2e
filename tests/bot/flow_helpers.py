"""Steps that flow tests share: open a lobby, seat players, read the game's record."""

from __future__ import annotations

import simcord

from bot.errors import UserError
from bot.store import GameRecord
from engine.core import IllegalAction


async def open_lobby(world, host: simcord.MemberActor, game: str, **options) -> object:
    """Run /game new and return the lobby message."""
    result = await host.slash(world.channel, "game new", game=game, **options)
    assert not result.ephemeral, result.response.content if result.response else result
    return result.response.message


async def record(world) -> GameRecord:
    """The channel's open game, straight from the store."""
    found = await world.env.bot.store.open_game_in(world.channel.id)
    assert found is not None
    return found


async def latest_game(world) -> GameRecord:
    """The channel's most recent game, open or not."""
    found = await world.env.bot.store.last_game_in(world.channel.id)
    assert found is not None
    return found


def expect_refusal(world, result, *fragments: str) -> str:
    """Assert a private refusal containing ``fragments``; return its text.

    Refusals travel through the command tree's error handler (the one table of wording), which
    simcord records; this checks that what it recorded were user errors, not crashes.
    """
    assert result.ephemeral, "refusals are private"
    text = result.response.content
    for fragment in fragments:
        assert fragment.lower() in text.lower(), text
    for error in world.env.errors:
        original = getattr(error, "original", error)
        assert isinstance(original, IllegalAction | UserError), repr(error)
    return text
