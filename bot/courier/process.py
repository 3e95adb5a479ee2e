"""The courier's own process: it reads errands from the bot, sends each to Discord with
discord.py's webhook adapter (its rate limits and retries, the bot's request deadline) and
writes back how each ended. Acknowledgements have an HTTP session of their own: a wave of
answers uploading pictures holds every connection of theirs, and an acknowledgement must
not wait for one (Discord's 3 s).

It ends once the bot closes its end (after sending what it was given) or within a second
of the bot's death (:func:`bot.lifeline.die_with_parent`). SIGINT and SIGTERM are left to
the bot: a stop sent to the whole process group must not drop the answers the bot is still
finishing; the bot ends the courier once they are sent.
"""

from __future__ import annotations

import asyncio
import io
import logging
import signal
import socket
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from ..collector import settle
from ..lifeline import die_with_parent
from .errands import Errand, Outcome, frame, read_frame

log = logging.getLogger(__name__)
READY = 0
"""The number of the outcome that says the courier takes errands."""


async def serve(
    channel: socket.socket, parent: int, base: str, timeout: aiohttp.ClientTimeout
) -> None:
    """Serve errands from the bot (process ``parent``) on ``channel``, Discord's API at
    ``base``, each request bounded by ``timeout``, until the bot closes it; then finish the
    errands under way."""
    die_with_parent(parent)
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_IGN)
    discord.http.Route.BASE = base
    reader, writer = await asyncio.open_connection(sock=channel)
    running: set[asyncio.Task[None]] = set()
    async with (
        aiohttp.ClientSession(timeout=timeout) as answers,
        aiohttp.ClientSession(timeout=timeout) as acknowledgements,
    ):
        adapter = AsyncWebhookAdapter()
        writer.write(frame(Outcome(READY, "ready")))
        settle()
        while (errand := await read_frame(reader)) is not None:
            session = acknowledgements if errand.urgent else answers
            task = asyncio.create_task(run(errand, adapter, session, writer))
            running.add(task)
            task.add_done_callback(running.discard)
        if running:
            await asyncio.wait(running)
    writer.close()


async def run(
    errand: Errand,
    adapter: AsyncWebhookAdapter,
    session: aiohttp.ClientSession,
    writer: asyncio.StreamWriter,
) -> None:
    """Send ``errand`` and write back its outcome (not when the bot has gone)."""
    outcome = await deliver(errand, adapter, session)
    if not writer.is_closing():
        writer.write(frame(outcome))


async def deliver(
    errand: Errand, adapter: AsyncWebhookAdapter, session: aiohttp.ClientSession
) -> Outcome:
    """Send ``errand`` as discord.py sends a webhook request; how it ended."""
    files = [discord.File(io.BytesIO(part.data), filename=part.filename) for part in errand.uploads]
    multipart: list[dict[str, Any]] = []
    if errand.payload_json is not None:
        multipart.append({"name": "payload_json", "value": errand.payload_json})
        multipart.extend(
            {
                "name": part.field,
                "value": file.fp,
                "filename": part.filename,
                "content_type": part.content_type,
            }
            for part, file in zip(errand.uploads, files, strict=True)
        )
    route = discord.http.Route(
        errand.method, errand.path, webhook_id=errand.webhook_id, webhook_token=errand.token
    )
    try:
        await adapter.request(
            route,
            session,
            payload=errand.payload,
            multipart=multipart or None,
            files=files,
            params=errand.query,
            proxy=errand.proxy,
            proxy_auth=errand.proxy_auth,
        )
    except discord.HTTPException as error:
        answer = {"code": error.code, "message": error.text}
        reason = str(getattr(error.response, "reason", "") or "")
        return Outcome(errand.number, "http", error.status, reason, answer)
    except TimeoutError:
        return Outcome(errand.number, "timeout")
    except (aiohttp.ClientError, OSError) as error:
        return Outcome(errand.number, "connection", detail=repr(error))
    except Exception as error:
        log.exception("an errand to Discord failed")
        return Outcome(errand.number, "failed", detail=repr(error))
    return Outcome(errand.number)
