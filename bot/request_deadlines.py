"""A deadline on every request the bot makes to Discord.

discord.py sends its REST requests, interaction answers and webhook follow-ups through one
aiohttp session whose default timeout is aiohttp's: five minutes. A connection that hangs
would hold a handler, a board worker or the outbox's delivery for that long. Bounded, a
request that gets no answer ends in :class:`TimeoutError`, which every caller treats as
Discord not taking the request: the outbox keeps the change and tries again later, and an
answer to a user is given up (logged) rather than waited on. The courier's clients
(:mod:`bot.courier`) get the same deadline.
"""

from __future__ import annotations

import aiohttp
import discord

REQUEST_SECONDS = 30.0
"""The longest one request to Discord may take, an uploaded picture included."""
CONNECT_SECONDS = 10.0
"""The longest it may wait for a connection (from the pool or a new one)."""


def bound_requests(http: discord.http.HTTPClient, seconds: float | None = None) -> bool:
    """Give every later request of ``http``'s session (the REST client's, which interactions
    and webhooks share) a deadline of ``seconds`` (default :data:`REQUEST_SECONDS`). False
    when there is no aiohttp session to bound (before login, or under a test double that
    replaces it)."""
    session = getattr(http, "_HTTPClient__session", None)  # where discord.py keeps it
    if not isinstance(session, aiohttp.ClientSession):
        return False
    session._timeout = deadline(seconds)
    return True


def deadline(seconds: float | None = None) -> aiohttp.ClientTimeout:
    """A request's deadline: ``seconds`` in all (default :data:`REQUEST_SECONDS`), of which
    at most :data:`CONNECT_SECONDS` to get a connection."""
    seconds = REQUEST_SECONDS if seconds is None else seconds
    return aiohttp.ClientTimeout(total=seconds, connect=min(CONNECT_SECONDS, seconds))
