"""The courier's own process: it reads errands from the bot, sends each to Discord as
discord.py would (a request of an interaction's token with its webhook adapter, a REST
request with a REST client logged in with the bot's token: their rate limits and retries,
the bot's request deadline) and writes back how each ended. Acknowledgements have an HTTP
session of their own: a wave of answers uploading pictures holds every connection of theirs,
and an acknowledgement must not wait for one (Discord's 3 s).

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
from collections.abc import Awaitable
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from ..collector import settle
from ..lifeline import die_with_parent
from ..request_deadlines import bound_requests
from .errands import READY, Credentials, Errand, Outcome, Request, frame, read_frame

log = logging.getLogger(__name__)


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
    credentials = await read_frame(reader)
    if not isinstance(credentials, Credentials):
        return
    loop = asyncio.get_running_loop()
    rest = discord.http.HTTPClient(loop, proxy=credentials.proxy, proxy_auth=credentials.proxy_auth)
    running: set[asyncio.Task[None]] = set()
    try:
        await rest.static_login(credentials.token)
        bound_requests(rest, timeout.total)
        async with (
            aiohttp.ClientSession(timeout=timeout) as answers,
            aiohttp.ClientSession(timeout=timeout) as acknowledgements,
        ):
            adapter = AsyncWebhookAdapter()
            writer.write(frame(Outcome(READY, "ready")))
            settle()
            while (errand := await read_frame(reader)) is not None:
                if isinstance(errand, Request):
                    sending = request(errand, rest)
                else:
                    session = acknowledgements if errand.urgent else answers
                    sending = deliver(errand, adapter, session)
                task = asyncio.create_task(answer(errand.number, sending, writer))
                running.add(task)
                task.add_done_callback(running.discard)
            if running:
                await asyncio.wait(running)
    finally:
        await rest.close()
        writer.close()


async def answer(number: int, sending: Awaitable[Any], writer: asyncio.StreamWriter) -> None:
    """Await ``sending`` (errand ``number``) and write back how it ended (not when the bot
    has gone)."""
    outcome = await ended(number, sending)
    if not writer.is_closing():
        writer.write(frame(outcome))


async def ended(number: int, sending: Awaitable[Any]) -> Outcome:
    """How sending errand ``number`` ended."""
    try:
        data = await sending
    except discord.HTTPException as error:
        answer = {"code": error.code, "message": error.text}
        reason = str(getattr(error.response, "reason", "") or "")
        return Outcome(number, "http", error.status, reason, answer)
    except TimeoutError:
        return Outcome(number, "timeout")
    except (aiohttp.ClientError, OSError) as error:
        return Outcome(number, "connection", detail=repr(error))
    except Exception as error:
        log.exception("an errand to Discord failed")
        return Outcome(number, "failed", detail=repr(error))
    return Outcome(number, answer=data)


async def deliver(
    errand: Errand, adapter: AsyncWebhookAdapter, session: aiohttp.ClientSession
) -> Any:
    """Send ``errand`` as discord.py sends a webhook request; of what Discord answers, the id
    of the message it made or edited (all the bot reads of an answer's message)."""
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
    data = await adapter.request(
        route,
        session,
        payload=errand.payload,
        multipart=multipart or None,
        files=files,
        params=errand.query,
        proxy=errand.proxy,
        proxy_auth=errand.proxy_auth,
    )
    return {"id": data["id"]} if isinstance(data, dict) and "id" in data else None


async def request(errand: Request, rest: discord.http.HTTPClient) -> Any:
    """Send ``errand`` with the bot's REST client; Discord's answer."""
    files = [discord.File(io.BytesIO(part.data), filename=part.filename) for part in errand.uploads]
    form = None
    if errand.form is not None:
        form = [
            {k: v for k, v in field.items() if k != "upload"} | {"value": files[field["upload"]].fp}
            if "upload" in field
            else field
            for field in errand.form
        ]
    return await rest.request(errand.route, files=files or None, form=form, **errand.kwargs)
