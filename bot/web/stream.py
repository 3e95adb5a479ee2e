"""A page's live stream (server-sent events): its live part each time what it watches changes.

Game pages and tournament pages stream the same way; each watches its items in a
:class:`~bot.web.live.Live` of its own.
"""

from __future__ import annotations

import asyncio
import random

from aiohttp import web

from .guard import STAMP
from .live import Live
from .lookup import page_language

KEEP_ALIVE_SECONDS = 15.0
RETRY_MS = 2000
"""How long a browser waits before it reconnects a stream that ended (the page script waits
longer and longer if the server refuses or is away)."""
SEND_GAP_SECONDS = 0.25
"""The least time between two changes sent to one page: a 99-player race changes with each
submitted turn, and each change has the page load a new picture."""
WRITE_SECONDS = 10.0
"""How long a stream's write may wait for a page that stopped reading."""
STREAM_SPREAD = 0.2
"""Each stream lasts between (1 - this) and 1 times the longest a stream may last."""
STREAM_HEADERS = {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",  # nginx: pass each event on at once
}


async def stream_changes(
    request: web.Request, live: Live, item_id: int, stream_seconds: float
) -> web.StreamResponse:
    """Each new fragment as a ``change`` event whose id is its :func:`shows` (a page
    reconnecting says what it shows: the browser's Last-Event-ID, or ``?s=``); a write
    the page does not take in time ends the stream, and so does its time being up (the
    page is told to ``renew`` it: it opens a new one at once)."""
    response = web.StreamResponse(headers=STREAM_HEADERS)
    await response.prepare(request)
    last = request.headers.get("Last-Event-ID", "")
    showing = last if STAMP.fullmatch(last) else request.query.get("s") or None
    loop = asyncio.get_running_loop()
    ends = loop.time() + stream_seconds * (1 - STREAM_SPREAD * random.random())
    try:
        await _write(response, f"retry: {RETRY_MS}\n\n")
        with live.watch(item_id, page_language(request), showing) as watcher:
            while not watcher.ended:
                left = ends - loop.time()
                if left <= 0:
                    await _write(response, "event: renew\ndata: \n\n")
                    break
                sent = await watcher.next(min(KEEP_ALIVE_SECONDS, left))
                if sent is None:
                    if not watcher.ended and loop.time() < ends:
                        await _write(response, ": still here\n\n")
                    continue
                text, shown = sent
                data = "".join(f"data: {line}\n" for line in text.splitlines() or [""])
                await _write(response, f"event: change\nid: {shown}\n{data}\n")
                await asyncio.sleep(SEND_GAP_SECONDS)  # what comes meanwhile is folded
            if watcher.gone:
                await _write(response, "event: gone\ndata: \n\n")
    except (ConnectionResetError, TimeoutError):  # the page was closed, or stopped reading
        pass
    return response


async def _write(response: web.StreamResponse, text: str) -> None:
    await asyncio.wait_for(response.write(text.encode()), WRITE_SECONDS)
