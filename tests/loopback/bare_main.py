"""A bare discord.py client pointed at the loopback fake Discord: the baseline of the bot's
memory and start-up (``python -m tests.loopback.bare_main URL``).

It imports discord.py alone (nothing of the bot), connects, says ``ready`` and stops on
SIGTERM.
"""

from __future__ import annotations

import asyncio
import signal
import sys

import discord
import yarl
from discord.gateway import DiscordWebSocket

TOKEN = "loopback.bot.token"


def point_at(url: str) -> None:
    """discord.py's REST and gateway addresses, on the fake's."""
    discord.http.Route.BASE = f"{url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http", "ws", 1) + "/gateway")


async def main(url: str) -> None:
    point_at(url)
    client = discord.Client(intents=discord.Intents.default())

    async def on_ready() -> None:
        print("ready", flush=True)

    client.event(on_ready)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(client.close()))
    await client.login(TOKEN)
    try:
        await client.connect(reconnect=False)
    finally:
        if not client.is_closed():
            await client.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
