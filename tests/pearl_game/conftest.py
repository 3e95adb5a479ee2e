"""The bot flow fixtures (the real bot in simcord's offline Discord) for Pearl divers."""

from tests.bot.conftest import db_path, released_bots, simcord_bot, world  # noqa: F401
