"""The bot's posts and edits of channel messages (boards, calls to act), made as discord.py's
own :meth:`~discord.abc.Messageable.send` and :meth:`~discord.PartialMessage.edit` make them,
without making a :class:`discord.Message` of what Discord answers: the bot reads only a new
message's id, and making a Message of a card (with its components) costs the event loop
about as much as the rest of the request. Nothing is kept for a view either: cards'
components are answered by their custom ids (dynamic items), not by a view kept in memory.
"""

from __future__ import annotations

import secrets
from typing import Any

import discord


async def post_message(client: discord.Client, channel_id: int, **message: Any) -> int:
    """Post ``message`` (the keyword arguments of ``send``: ``content``, ``view``,
    ``files``, ``allowed_mentions``) in the channel; the new message's id."""
    with discord.http.handle_message_parameters(
        nonce=secrets.randbits(64),  # as discord.py's send: Discord drops a repeated post
        previous_allowed_mentions=client.allowed_mentions,
        **message,
    ) as params:
        data = await client.http.send_message(channel_id, params=params)
    return int(data["id"])


async def edit_message(
    client: discord.Client, channel_id: int, message_id: int, **message: Any
) -> None:
    """Edit the message into ``message`` (the keyword arguments of ``edit``: ``content``,
    ``embeds``, ``view``, ``attachments``)."""
    with discord.http.handle_message_parameters(
        previous_allowed_mentions=client.allowed_mentions, **message
    ) as params:
        await client.http.edit_message(channel_id, message_id, params=params)
