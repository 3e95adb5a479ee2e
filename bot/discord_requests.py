"""The requests of an interaction's token (its acknowledgement, its first answer's edits,
its follow-ups), sent by the courier (:mod:`bot.courier`) when it is up and by the bot
itself otherwise, and what a request to Discord raises when Discord did not take it. Every
request has a deadline (:mod:`bot.request_deadlines`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

from .courier import Courier, CourierLost, Errand, uploads_of

log = logging.getLogger(__name__)
ORIGINAL_ANSWER = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
"""The webhook route of an interaction's first answer."""
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
"""The route of an interaction's acknowledgement."""
FOLLOW_UP = "/webhooks/{webhook_id}/{webhook_token}"
"""The webhook route of an interaction's follow-up messages."""
NOT_SENT: Any = object()
"""What :func:`by_courier` returns for a request the bot is to send itself."""
ALREADY_ACKNOWLEDGED = 40060
"""Discord's error code for an interaction acknowledged already."""
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
) -> int:
    """Edit ``interaction``'s first answer, as :meth:`discord.Interaction.edit_original_response`
    does, but without reading back the message Discord returns (its id is returned): a
    panel's or a board's edit needs nothing else of it, and making a :class:`discord.Message`
    of it (with its components) costs the event loop as much as the rest of the edit. Nothing
    is kept for ``view`` either: cards' components are answered by their custom ids (dynamic
    items), not by a view kept in memory. Sent by the courier when it is up; after a courier
    that ended before saying how it went, sent again by the bot (an edit sent twice shows the
    same).
    """
    state: Any = interaction._state  # what discord.py's own edit uses
    with discord.http.handle_message_parameters(
        content=content,
        embeds=embeds,
        view=view,
        attachments=attachments,
        previous_allowed_mentions=state.allowed_mentions,
    ) as params:
        answer = await by_courier(interaction, "PATCH", ORIGINAL_ANSWER, params)
        if answer is NOT_SENT:
            answer = await async_context.get().edit_original_interaction_response(
                interaction.application_id, interaction.token, **as_sent(interaction, params)
            )
    return int(answer["id"])


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
        if await by_courier(interaction, "POST", FOLLOW_UP, params, {"wait": "1"}) is not NOT_SENT:
            return
        await async_context.get().execute_webhook(
            interaction.application_id, interaction.token, wait=True, **as_sent(interaction, params)
        )


def as_sent(
    interaction: discord.Interaction, params: discord.http.MultipartParameters
) -> dict[str, Any]:
    """What discord.py's webhook adapter is given to send ``params`` for ``interaction``
    from the bot's own session."""
    http = interaction._state.http
    return {
        "session": interaction._session,
        "proxy": http.proxy,
        "proxy_auth": http.proxy_auth,
        "payload": params.payload,
        "multipart": params.multipart,
        "files": params.files,
    }


async def by_courier(
    interaction: discord.Interaction,
    method: str,
    path: str,
    params: discord.http.MultipartParameters,
    query: dict[str, str] | None = None,
    *,
    acknowledgement: bool = False,
) -> Any:
    """Have the courier send a request of ``interaction``'s (``path`` one of its token's
    routes, the webhook's id in it the application's; ``acknowledgement``: the
    interaction's callback, whose route names the interaction, sent without waiting for
    answers' connections): Discord's answer (of a message, its id), or :data:`NOT_SENT`
    when the bot is to send it itself: the courier is not up (it starts now), or it ended
    before saying how the request went (it may have been sent)."""
    courier: Courier | None = getattr(interaction.client, "courier", None)
    if courier is None or not courier.ready:
        return NOT_SENT
    payload_json, uploads = uploads_of(params.multipart or [])
    http = interaction._state.http
    errand = Errand(
        0,
        method,
        path,
        interaction.id if acknowledgement else interaction.application_id,
        interaction.token,
        params.payload,
        payload_json,
        uploads,
        query,
        acknowledgement,
        http.proxy,
        http.proxy_auth,
    )
    try:
        return await courier.send(errand)
    except CourierLost:
        log.warning("the courier ended before answering: the bot sends the request")
        return NOT_SENT


async def defer(
    interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False
) -> None:
    """Acknowledge ``interaction`` as :meth:`discord.InteractionResponse.defer` does, the
    request sent by the courier when it is up (the loop's own share of it is then a frame
    written and one read). Sent by the bot after a courier that ended before saying how it
    went, Discord's refusal as acknowledged already means the courier's reached it."""
    kind = deferral(interaction, ephemeral=ephemeral, thinking=thinking)
    if kind is None:
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
        return
    response_type, data = kind
    params = discord.http.MultipartParameters(  # type: ignore[arg-type]
        {"type": response_type, **({"data": data} if data is not None else {})}, None, None
    )
    await _acknowledge(
        interaction,
        params,
        lambda: interaction.response.defer(ephemeral=ephemeral, thinking=thinking),
    )


async def answer_privately(interaction: discord.Interaction, text: str) -> None:
    """Answer ``interaction`` with a message only its user sees, as
    :meth:`discord.InteractionResponse.send_message` does with ``ephemeral=True``; sent as
    :func:`defer` sends an acknowledgement."""
    state: Any = interaction._state
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.channel_message.value,
        content=text,
        flags=discord.MessageFlags(ephemeral=True),
        previous_allowed_mentions=state.allowed_mentions,
    )
    await _acknowledge(
        interaction, params, lambda: interaction.response.send_message(text, ephemeral=True)
    )


async def _acknowledge(
    interaction: discord.Interaction,
    params: discord.http.MultipartParameters,
    by_the_bot: Callable[[], Awaitable[Any]],
) -> None:
    """Send the first answer ``params`` (its payload says its response type) by the courier,
    or else ``by_the_bot()``; afterwards the interaction is answered as discord.py records it
    (the next answer is an edit or a follow-up)."""
    if interaction.response.is_done():
        raise discord.InteractionResponded(interaction)
    response_type = discord.InteractionResponseType(params.payload["type"])
    query = {"with_response": "1"}
    if (
        await by_courier(interaction, "POST", CALLBACK, params, query, acknowledgement=True)
        is not NOT_SENT
    ):
        interaction.response._response_type = response_type
        return
    try:
        await by_the_bot()
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        interaction.response._response_type = response_type


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
