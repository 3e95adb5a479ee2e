"""A bot process pointed at the loopback fake Discord (:mod:`tests.loopback.fake_discord`).

``python -m tests.loopback.bot_main URL island WHERE`` runs the real :class:`IslandBot` (on a
SQLite database in the folder ``WHERE``, the SQLite file ``WHERE`` (``….db``) or the
PostgreSQL database at the URL ``WHERE``; the commands synced at start); ``... URL trivial
CHANNEL`` runs the baseline, a bot whose only button acknowledges at once, and posts that
button in ``CHANNEL``. The island bot runs the event loop ``islandbot run`` runs
(:mod:`bot.event_loop`), the trivial one asyncio's, as a bare discord.py bot does. Each says
``ready`` (the trivial one with its message's id) once connected, and stops gracefully on
SIGTERM. With ``ISLANDBOT_WEB_URL`` and ``ISLANDBOT_WEB_PORT`` set, the island bot's pages are
served too (by the process it starts, as ``islandbot run``'s). Only this entry module points
discord.py at the fake: the REST base (webhooks use the same :class:`discord.http.Route`) and
the gateway's address. With ``ISLANDBOT_LOOPBACK_MODULES`` set to a file's path, the names of
the modules the process imported (its main process: not its workers') are written there, one
a line, when it stops.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

import discord
from discord.ext import commands

from bot.client import IslandBot, stop_on_signals
from bot.event_loop import run
from bot.store import is_postgres_url
from bot.web import WebConfig
from tests.loopback.bare_main import TOKEN, point_at
from tests.loopback.trivial_button import Trivial

MODULES_VARIABLE = "ISLANDBOT_LOOPBACK_MODULES"


async def island(where: str) -> commands.Bot:
    """The bot on a PostgreSQL database (``where`` is its URL) or a SQLite file in the
    folder ``where`` (or ``where`` itself, a file's path ending in ``.db``)."""
    database = (
        where if is_postgres_url(where) or where.endswith(".db") else Path(where) / "loopback.db"
    )
    bot = IslandBot(database, job_poll_seconds=600, web=WebConfig.of(os.environ))

    async def on_ready() -> None:
        print("ready", flush=True)

    bot.add_listener(on_ready)
    await bot.login(TOKEN)
    await bot.sync_commands()
    return bot


async def trivial(channel: str) -> commands.Bot:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    bot.add_dynamic_items(Trivial)

    async def on_ready() -> None:
        target = bot.get_channel(int(channel))
        assert isinstance(target, discord.TextChannel)
        sent = await target.send("baseline", view=discord.ui.View().add_item(Trivial()))
        print(f"ready {sent.id}", flush=True)

    bot.add_listener(on_ready)
    await bot.login(TOKEN)
    return bot


async def main(url: str, kind: str, argument: str) -> None:
    point_at(url)
    bot = await {"island": island, "trivial": trivial}[kind](argument)
    stop_on_signals(bot)  # type: ignore[arg-type]  # it only needs close()
    try:
        await bot.connect(reconnect=False)
    finally:
        if not bot.is_closed():
            await bot.close()
    if modules := os.environ.get(MODULES_VARIABLE):
        Path(modules).write_text("\n".join(sorted(sys.modules)) + "\n")
    print("stopped", flush=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    (run if sys.argv[2] == "island" else asyncio.run)(main(*sys.argv[1:4]))
