"""A stop while a stop is under way: discord.py closes the bot again itself when the gateway
closes under a graceful stop. Both calls end, and everything is freed once."""

from __future__ import annotations

import asyncio

from ..conftest import make_bot


async def test_two_stops_at_once_both_end_and_free_everything(tmp_path) -> None:
    bot = make_bot(tmp_path / "bot.sqlite3")
    await bot.setup_hook()
    await asyncio.wait_for(asyncio.gather(bot.close(), bot.close()), 20)
    assert bot.store is None and bot.is_closed()
    await asyncio.wait_for(bot.close(), 5)  # and a later one ends at once
