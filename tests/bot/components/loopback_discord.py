"""A small HTTP server on loopback standing in for Discord's API, for the tests of how the
bot's requests are sent."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web

USER = {"id": "10", "username": "islandbot", "discriminator": "0", "avatar": None, "bot": True}
"""The bot's user, as Discord answers a login."""


def as_discord_does(payload: dict) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py parses only that)."""
    return web.Response(body=json.dumps(payload), headers={"Content-Type": "application/json"})


@asynccontextmanager
async def serving(app: web.Application) -> AsyncIterator[str]:
    """``app`` served on a free loopback port; yields the address of Discord's API there
    (for ``discord.http.Route.BASE``)."""
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}/api/v10"
    finally:
        await runner.cleanup()
