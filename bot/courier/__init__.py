"""Discord's requests sent by a process of their own: the courier.

A panel tap's acknowledgement and its answer (an edit of the panel with its picture, one
multipart request) cost the bot's event loop more than everything else of the tap; a typed
move's board post, its calls to act and the old board's edit likewise. The loop hands each
request to the courier instead, a child process with its own event loop and HTTP clients
that sends it exactly as discord.py would (the interaction's webhook adapter, or a REST
client logged in with the bot's token: their rate limits, their retries, the same
deadline), and hears back how it ended: Discord's answer is returned, its refusal raises
the same :class:`discord.HTTPException`, no answer the same :class:`TimeoutError`, so
callers work and handle a failure as before. All REST requests go the one way once the
courier is up, so its rate-limit buckets are the only ones.

The courier starts at the first request (until it is up, the bot sends them itself) and
again after it ended. A request whose courier ended before saying how it went raises
:class:`CourierLost`; its caller sends it itself when sending it twice does no harm (an
edit, a deletion, an acknowledgement Discord then refuses as given) and otherwise fails as
a request with no answer does (a post: the outbox posts it again, as after a timeout).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import socket
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord

from ..event_loop import LOOP_VARIABLE, running_loop
from ..lifeline import reap
from .errands import READY, Credentials, Errand, Outcome, Request, Upload, frame, read_frame

log = logging.getLogger(__name__)
STOP_SECONDS = 3.0
"""How long the bot's stop waits for the courier to send what it holds before killing it."""
RESTART_SECONDS = (1.0, 60.0)
"""The first and the longest wait before a courier that ended starts again (the wait
doubles while it keeps ending soon after it started)."""
HEALTHY_SECONDS = 60.0
"""A courier that ran this long before it ended starts again after the first wait."""
PRIVATE_VARIABLES = ("DISCORD_TOKEN",)
"""What the courier's environment does not get: the token comes on its socket."""
RESENT = frozenset({"GET", "PUT", "PATCH", "DELETE"})
"""The methods of requests that do no harm sent twice."""

__all__ = ["Courier", "CourierLost", "Credentials", "Errand", "Upload", "route_requests"]


class CourierLost(Exception):
    """The courier is not up, or ended before it said how an errand went."""


class Courier:
    """The bot's courier process and the errands it was given that it has not answered."""

    def __init__(self, timeout: aiohttp.ClientTimeout, credentials: Credentials) -> None:
        """``timeout``: the deadline of each request the courier sends; ``credentials``:
        the bot's, for its REST requests."""
        self.timeout = timeout
        self._credentials = credentials
        self._process: asyncio.subprocess.Process | None = None
        self._channel: asyncio.StreamWriter | None = None
        self._ready = False
        self._waiting: dict[int, asyncio.Future[Outcome]] = {}
        self._numbers = itertools.count(READY + 1)
        self._running: asyncio.Task[None] | None = None
        self._not_before = 0.0
        self._wait: float | None = None
        """The last wait before a restart (None: it never ended)."""
        self._stopped = False

    @property
    def ready(self) -> bool:
        """Whether the courier takes errands now (if not, it is started in the background)."""
        channel = self._channel
        if self._ready and channel is not None and not channel.is_closing():
            return True
        self._start_soon()
        return False

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def send(self, errand: Errand | Request) -> Any:
        """Have ``errand`` sent (its number is given here); Discord's answer (None for an
        :class:`Errand`'s). Raises as discord.py's own request would (see the module), or
        :class:`CourierLost`."""
        channel = self._channel
        if not self._ready or channel is None or channel.is_closing():
            raise CourierLost("the courier is not running")
        errand = replace(errand, number=next(self._numbers))
        waiting = asyncio.get_running_loop().create_future()
        self._waiting[errand.number] = waiting
        channel.write(frame(errand))
        try:
            outcome = await waiting
        finally:
            self._waiting.pop(errand.number, None)
        raise_for(outcome)
        return outcome.answer

    def _start_soon(self) -> None:
        """Start the courier in the background, unless it is running or stopped, or it
        ended less than a restart's wait ago (:data:`RESTART_SECONDS`)."""
        loop = asyncio.get_running_loop()
        if self._stopped or self._running is not None or loop.time() < self._not_before:
            return
        self._running = loop.create_task(self._run())

    async def _run(self) -> None:
        """Start the courier, pass on its outcomes until it ends, then fail what it held."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            reader = await self._spawn()
            if self._stopped and self._channel is not None:  # stopped while it started
                self._channel.write_eof()
            hello = await read_frame(reader)
            self._ready = isinstance(hello, Outcome) and hello.number == READY
            while self._ready and (outcome := await read_frame(reader)) is not None:
                waiting = self._waiting.get(outcome.number)
                if waiting is not None and not waiting.done():
                    waiting.set_result(outcome)
        except Exception:
            log.exception("the courier failed")
        finally:
            self._ready = False
            for waiting in self._waiting.values():
                if not waiting.done():
                    waiting.set_exception(CourierLost("the courier ended"))
            await self._end()
            first, longest = RESTART_SECONDS
            healthy = loop.time() - started >= HEALTHY_SECONDS
            if healthy or self._wait is None:
                self._wait = first
            else:
                self._wait = min(self._wait * 2, longest)
            self._not_before = loop.time() + self._wait
            if not self._stopped:
                log.warning(
                    "the courier ended: it starts again in %.0f s at the soonest", self._wait
                )
            self._running = None

    async def _spawn(self) -> asyncio.StreamReader:
        """Start the courier's process on one end of a socket pair; the reader of ours."""
        ours, theirs = socket.socketpair()
        env = {k: v for k, v in os.environ.items() if k not in PRIVATE_VARIABLES}
        here = str(Path(__file__).resolve().parents[2])  # the bot's own code, wherever it is
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, env.get("PYTHONPATH")]))
        env[LOOP_VARIABLE] = running_loop()
        timeout = self.timeout
        arguments = (
            *(str(n) for n in (theirs.fileno(), os.getpid())),
            discord.http.Route.BASE,
            *(str(n) for n in (timeout.total, timeout.connect)),
        )
        try:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot.courier",
                *arguments,
                pass_fds=(theirs.fileno(),),
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        reader, self._channel = await asyncio.open_connection(sock=ours)
        self._channel.write(frame(self._credentials))
        return reader

    async def _end(self) -> None:
        """Close the courier's socket and wait for its process (killed after a while)."""
        channel, self._channel = self._channel, None
        if channel is not None:
            channel.close()
        process, self._process = self._process, None
        if process is None:
            return
        await reap(process, STOP_SECONDS, "the courier")

    async def stop(self) -> None:
        """End the courier for good, once it has sent what it was given (bounded)."""
        self._stopped = True
        if self._channel is not None and self._channel.can_write_eof():
            self._channel.write_eof()  # the courier ends after its errands under way
        if self._running is not None:
            await asyncio.shield(self._running)


def raise_for(outcome: Outcome) -> None:
    """Raise what discord.py's own request would have raised for ``outcome``."""
    if outcome.kind == "done":
        return
    if outcome.kind == "http":
        response = SimpleNamespace(status=outcome.status, reason=outcome.reason)
        kind: type[discord.HTTPException] = discord.HTTPException
        if outcome.status == 403:
            kind = discord.Forbidden
        elif outcome.status == 404:
            kind = discord.NotFound
        elif outcome.status >= 500:
            kind = discord.DiscordServerError
        raise kind(response, outcome.answer)  # type: ignore[arg-type]
    if outcome.kind == "timeout":
        raise TimeoutError
    if outcome.kind == "connection":
        raise aiohttp.ClientConnectionError(outcome.detail)
    raise RuntimeError(f"the courier could not send a request: {outcome.detail}")


def uploads_of(multipart: list[dict[str, Any]]) -> tuple[str | None, tuple[Upload, ...]]:
    """A multipart request of discord.py's (``handle_message_parameters``) as the courier
    takes it: its JSON field, and its files' bytes."""
    payload_json: str | None = None
    uploads: list[Upload] = []
    for part in multipart:
        if part["name"] == "payload_json":
            payload_json = part["value"]
            continue
        stream = part["value"]
        stream.seek(0)
        uploads.append(Upload(part["name"], part["filename"], stream.read(), part["content_type"]))
        stream.seek(0)
    return payload_json, tuple(uploads)


def route_requests(http: discord.http.HTTPClient, courier: Courier) -> None:
    """Have ``http``'s REST requests sent by ``courier`` once it is up (by ``http`` itself
    until then, and after a courier that ended before answering, for requests that do no
    harm sent twice)."""
    own = http.request

    async def request(
        route: discord.http.Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        if not courier.ready:
            return await own(route, files=files, form=form, **kwargs)
        try:
            return await courier.send(rest_request(route, form, kwargs))
        except CourierLost:
            if route.method not in RESENT:
                raise aiohttp.ClientConnectionError("the courier ended before answering") from None
            log.warning("the courier ended before answering: the bot sends the request")
            return await own(route, files=files, form=form, **kwargs)

    http.request = request  # type: ignore[method-assign]


def rest_request(
    route: discord.http.Route, form: Iterable[dict[str, Any]] | None, kwargs: dict[str, Any]
) -> Request:
    """A REST request as the courier takes it: each file field's stream read into an
    upload (a request's ``files`` are those same streams: discord.py only rewinds them)."""
    if form is None:
        return Request(0, route, dict(kwargs))
    uploads: list[Upload] = []
    fields: list[dict[str, Any]] = []
    for field in form:
        value = field.get("value")
        if not hasattr(value, "read"):
            fields.append(field)
            continue
        named = {k: v for k, v in field.items() if k != "value"}
        fields.append(named | {"upload": len(uploads)})
        uploads.append(Upload(field["name"], field.get("filename") or "", _read(value)))
    return Request(0, route, dict(kwargs), tuple(fields), tuple(uploads))


def _read(stream: Any) -> bytes:
    """A stream's bytes from its start (it is left at its start, as discord.py expects)."""
    stream.seek(0)
    data: bytes = stream.read()
    stream.seek(0)
    return data
