"""A deadline on every request the bot makes to Discord.

discord.py sends its REST requests, interaction answers and webhook follow-ups through one
aiohttp session whose default timeout is aiohttp's: five minutes. A connection that hangs
would hold a handler, a board worker or the outbox's delivery for that long. Bounded, a
request that gets no answer ends in :class:`TimeoutError`, which every caller treats as
Discord not taking the request: the outbox keeps the change and tries again later, and an
answer to a user is given up (logged) rather than waited on.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
from discord.utils import MISSING
from discord.webhook.async_ import async_context

REQUEST_SECONDS = 30.0
"""The longest one request to Discord may take, an uploaded picture included."""
CONNECT_SECONDS = 10.0
"""The longest it may wait for a connection (from the pool or a new one)."""
NOT_TAKEN = (discord.HTTPException, TimeoutError, aiohttp.ClientError)
"""What a request to Discord raises when Discord did not take it."""


def bound_requests(http: discord.http.HTTPClient, seconds: float | None = None) -> bool:
    """Give every later request of ``http``'s session (the REST client's, which interactions
    and webhooks share) a deadline of ``seconds`` (default :data:`REQUEST_SECONDS`). False
    when there is no aiohttp session to bound (before login, or under a test double that
    replaces it)."""
    seconds = REQUEST_SECONDS if seconds is None else seconds
    session = getattr(http, "_HTTPClient__session", None)  # where discord.py keeps it
    if not isinstance(session, aiohttp.ClientSession):
        return False
    session._timeout = aiohttp.ClientTimeout(total=seconds, connect=min(CONNECT_SECONDS, seconds))
    return True


def unavailable(error: BaseException) -> bool:
    """Whether Discord could not take a request for now (a 5xx, or no answer at all), as
    opposed to refusing it (4xx): trying again once it answers again shows it."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, TimeoutError | aiohttp.ClientError | ConnectionError)


async def edit_answer(
    interaction: discord.Interaction,
    *,
    content: str | None = MISSING,
    embeds: list[discord.Embed] = MISSING,
    view: discord.ui.BaseView | None = MISSING,
    attachments: list[discord.File] = MISSING,
) -> None:
    """Edit ``interaction``'s first answer, as :meth:`discord.Interaction.edit_original_response`
    does, but without reading back the message Discord returns: a panel's edit needs nothing
    of it, and making a :class:`discord.Message` of it (with its components) costs the event
    loop as much as the rest of the edit. Nothing is kept for ``view`` either: a panel's
    components are answered by their custom ids (dynamic items), not by a view kept in memory.
    """
    state: Any = interaction._state  # what discord.py's own edit uses
    with discord.http.handle_message_parameters(
        content=content,
        embeds=embeds,
        view=view,
        attachments=attachments,
        previous_allowed_mentions=state.allowed_mentions,
    ) as params:
        http = state.http
        await async_context.get().edit_original_interaction_response(
            interaction.application_id,
            interaction.token,
            session=interaction._session,
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
        )
