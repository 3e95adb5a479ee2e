"""The bot flow fixtures of tests/bot (the real bot in simcord, three members), for the
conformance suites that run every registered game through the bot."""

from tests.bot.conftest import db_path, released_bots, simcord_bot, world

__all__ = ["db_path", "released_bots", "simcord_bot", "world"]
