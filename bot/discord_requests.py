"""The answers of an interaction (its first answer's edits, its follow-ups), sent by the
courier (:mod:`bot.courier`) when it is up and by the bot itself otherwise, and what a
request to Discord raises when Discord did not take it. Every request has a deadline
(:mod:`bot.request_deadlines`). Acknowledgements stay the bot's own: handed to another
process, one waits for that process to get a processor, which on a loaded machine is
tens of milliseconds (see docs/performance.md).
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord
from discord.utils import MISSING
from discord.webhook.async_ import async_context

from .courier import Courier, CourierLost, Errand, uploads_of

log = logging.getLogger(__name__)
ORIGINAL_ANSWER = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
"""The webhook route of an interaction's first answer."""
FOLLOW_UP = "/webhooks/{webhook_id}/{webhook_token}"
"""The webhook route of an interaction's follow-up messages."""
NOT_TAKEN = (discord.HTTPException, TimeoutError, aiohttp.ClientError)
"""What a request to Discord raises when Discord did not take it."""


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
    Sent by the courier when it is up; after a courier that ended before saying how it went,
    sent again by the bot (an edit sent twice shows the same).
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
        if await by_courier(interaction, "PATCH", ORIGINAL_ANSWER, params):
            return
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


async def send_follow_up(
    interaction: discord.Interaction,
    *,
    view: discord.ui.BaseView,
    files: list[discord.File] | None = None,
    ephemeral: bool = True,
) -> None:
    """Send a follow-up message to ``interaction`` (private unless not ``ephemeral``) as
    :meth:`discord.Webhook.send` does, without reading the message back (a panel's
    components are answered by their ids, not by a view kept in memory). One whose courier
    ended before saying how it went is sent again by the bot: the player may then see a
    panel twice, never none."""
    state: Any = interaction._state
    flags = discord.MessageFlags(ephemeral=ephemeral)
    with discord.http.handle_message_parameters(
        view=view,
        files=files or [],
        flags=flags,
        previous_allowed_mentions=state.allowed_mentions,
    ) as params:
        if await by_courier(interaction, "POST", FOLLOW_UP, params, {"wait": "1"}):
            return
        http = state.http
        await async_context.get().execute_webhook(
            interaction.application_id,
            interaction.token,
            session=interaction._session,
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            wait=True,
        )


async def by_courier(
    interaction: discord.Interaction,
    method: str,
    path: str,
    params: discord.http.MultipartParameters,
    query: dict[str, str] | None = None,
) -> bool:
    """Have the courier send a request of ``interaction``'s (``path`` one of its token's
    webhook routes); False when the bot is to send it itself: the
    courier is not up (it starts now), or it ended before saying how the request went (it
    may have been sent)."""
    courier: Courier | None = getattr(interaction.client, "courier", None)
    if courier is None or not courier.ready:
        return False
    payload_json, uploads = uploads_of(params.multipart or [])
    http = interaction._state.http
    errand = Errand(
        0,
        method,
        path,
        interaction.application_id,
        interaction.token,
        params.payload,
        payload_json,
        uploads,
        query,
        http.proxy,
        http.proxy_auth,
    )
    try:
        await courier.send(errand)
    except CourierLost:
        log.warning("the courier ended before answering: the bot sends the request")
        return False
    return True
