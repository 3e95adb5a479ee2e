"""A deadline on every request the bot makes to Discord.

discord.py sends its REST requests, interaction answers and webhook follow-ups through one
aiohttp session whose default timeout is aiohttp's: five minutes. A connection that hangs
would hold a handler, a board worker or the outbox's delivery for that long. Bounded, a
request that gets no answer ends in :class:`TimeoutError`, which every caller treats as
Discord not taking the request: the outbox keeps the change and tries again later, and an
answer to a user is given up (logged) rather than waited on.
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
REQUEST_SECONDS = 30.0
"""The longest one request to Discord may take, an uploaded picture included."""
CONNECT_SECONDS = 10.0
"""The longest it may wait for a connection (from the pool or a new one)."""
ORIGINAL_ANSWER = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
"""The webhook route of an interaction's first answer."""
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
"""The route of an interaction's acknowledgement."""
ALREADY_ACKNOWLEDGED = 40060
"""Discord's error code for an interaction acknowledged already."""
NOT_TAKEN = (discord.HTTPException, TimeoutError, aiohttp.ClientError)
"""What a request to Discord raises when Discord did not take it."""


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
    courier: Courier | None = getattr(interaction.client, "courier", None)
    with discord.http.handle_message_parameters(
        content=content,
        embeds=embeds,
        view=view,
        attachments=attachments,
        previous_allowed_mentions=state.allowed_mentions,
    ) as params:
        http = state.http
        if courier is not None and courier.ready:
            payload_json, uploads = uploads_of(params.multipart)
            errand = Errand(
                0,
                "PATCH",
                ORIGINAL_ANSWER,
                interaction.application_id,
                interaction.token,
                params.payload,
                payload_json,
                uploads,
                http.proxy,
                http.proxy_auth,
            )
            try:
                return await courier.send(errand)
            except CourierLost:  # it may have been sent: an edit sent twice shows the same
                log.warning("the courier ended before answering: the bot sends the edit")
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


async def defer(
    interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False
) -> None:
    """Acknowledge ``interaction`` as :meth:`discord.InteractionResponse.defer` does, the
    request sent by the courier when it is up (the loop's own share of a tap's requests
    is then a frame written and one read). A deferral whose courier ended before saying
    how it went is sent again here; Discord refusing it as acknowledged already means the
    courier's reached it."""
    courier: Courier | None = getattr(interaction.client, "courier", None)
    kind = deferral(interaction, ephemeral=ephemeral, thinking=thinking)
    if courier is None or kind is None or not courier.ready:
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
        return
    if interaction.response.is_done():
        raise discord.InteractionResponded(interaction)
    response_type, data = kind
    payload: dict[str, Any] = {"type": response_type}
    if data is not None:
        payload["data"] = data
    http = interaction._state.http
    errand = Errand(
        0,
        "POST",
        CALLBACK,
        interaction.id,
        interaction.token,
        payload,
        query={"with_response": "1"},
        urgent=True,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
    )
    try:
        await courier.send(errand)
    except CourierLost:
        log.warning("the courier ended before answering: the bot acknowledges")
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
            return
        except discord.HTTPException as error:
            if error.code != ALREADY_ACKNOWLEDGED:
                raise
    # what discord.py's own defer records: the interaction is acknowledged, so its answer
    # is an edit or a follow-up from now on
    interaction.response._response_type = discord.InteractionResponseType(response_type)


def deferral(
    interaction: discord.Interaction, *, ephemeral: bool, thinking: bool
) -> tuple[int, dict[str, Any] | None] | None:
    """The acknowledgement :meth:`discord.InteractionResponse.defer` sends for
    ``interaction``: its response type and data (None: it sends none)."""
    kinds, types = discord.InteractionResponseType, discord.InteractionType
    if interaction.type in (types.component, types.modal_submit):
        if thinking:
            return kinds.deferred_channel_message.value, {"flags": 64} if ephemeral else None
        return kinds.deferred_message_update.value, None
    if interaction.type is types.application_command:
        return kinds.deferred_channel_message.value, {"flags": 64} if ephemeral else None
    return None
