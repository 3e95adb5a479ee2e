"""The door of the page server: how many connections it holds, and how long each may dawdle.

aiohttp has a keep-alive timeout but no limit on open connections, no time limit for a
request's headers and none for a reader who stops reading. The gate adds them around aiohttp's
own connection handler: beyond :attr:`Limits.connections` (or one address's
:attr:`Limits.per_address`) a new connection is closed at once; a connection that has not sent
a whole request's headers within :attr:`Limits.header_seconds`, and one whose answer has waited
unread for :attr:`Limits.write_seconds`, is dropped. So idle or slow clients can neither pile
up file descriptors nor hold answers in memory.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

log = logging.getLogger(__name__)
WATCH_SECONDS = 1.0
"""How often the gate looks at its connections."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The page server's global caps (every client together) and time limits."""

    connections: int = 512
    """Connections open at once; more are closed as they arrive."""
    per_address: int = 32
    """Connections one address keeps open at once (none behind a proxy: every connection then
    comes from the proxy's address)."""
    streams: int = 400
    """Live pages (server-sent event streams) open at once; more are refused (503)."""
    requests: int = 64
    """Requests being answered at once; more are refused (503)."""
    per_second: float = 200.0
    """Requests a second, every address together (after a burst of as many)."""
    header_seconds: float = 10.0
    """A new connection's time to send its first request's headers."""
    write_seconds: float = 10.0
    """How long an answer may wait unread before its connection is dropped."""
    keepalive_seconds: float = 15.0
    """How long an idle connection is kept open between two requests."""
    stream_seconds: float = 300.0
    """How long a live stream lasts at most (each a little less, so that pages opened together
    do not come back together): then the page is told to open it again, and resumes from what
    it shows. A reader who never reads holds a stream no longer than this, however little the
    stream writes."""


class _Watched:
    """What the gate knows of one connection."""

    __slots__ = ("address", "began", "opened", "stalled_since", "transport", "unsent")

    def __init__(self, transport: asyncio.BaseTransport, address: str, now: float) -> None:
        self.transport = transport
        self.address = address
        self.opened = now
        self.began = False
        self.unsent = 0
        self.stalled_since = now


class Gate:
    """Counts the server's connections and drops those over the limits."""

    def __init__(
        self,
        limits: Limits,
        clock: Callable[[], float] = time.monotonic,
        per_address: bool = True,
    ) -> None:
        self.limits = limits
        self._clock = clock
        self._per_address = per_address
        self._open: dict[asyncio.Protocol, _Watched] = {}
        self._by_address: Counter[str] = Counter()
        self._watching: asyncio.Task[None] | None = None

    @property
    def connections(self) -> int:
        return len(self._open)

    def protocol_factory(
        self, server: web.Server, headers: Mapping[str, str], **handler_options: Any
    ) -> Callable[[], Any]:
        """What ``loop.create_server`` calls for each connection: aiohttp's handler, gated.
        Its own refusals of malformed requests (400, 431…) carry ``headers`` too, and are not
        logged (anyone can send them, as often as they like)."""
        gate = self
        loop = asyncio.get_running_loop()

        class GatedHandler(RequestHandler):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                if not gate.admit(self, transport):
                    return
                super().connection_made(transport)

            def connection_lost(self, exc: BaseException | None) -> None:
                if gate.release(self):
                    super().connection_lost(exc)

            def handle_error(
                self,
                request: Any,
                status: int = 500,
                exc: BaseException | None = None,
                message: str | None = None,
            ) -> web.StreamResponse:
                if status >= 500:
                    response = super().handle_error(request, status, exc, message)
                else:
                    if request.writer.output_size > 0:
                        raise ConnectionError("an answer was sent already")
                    text = f"{status} {HTTPStatus(status).phrase}"
                    response = web.Response(status=status, text=text)
                    response.force_close()
                response.headers.update(headers)
                return response

        options = {
            "keepalive_timeout": self.limits.keepalive_seconds,
            "access_log": None,  # a line per request would cost more than the request
            **handler_options,
        }
        return lambda: GatedHandler(server, loop=loop, **options)

    def admit(self, protocol: asyncio.Protocol, transport: asyncio.BaseTransport) -> bool:
        """Whether a new connection is let in (one over the cap is closed at once)."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if self._per_address and peer else ""
        crowded = address and self._by_address[address] >= self.limits.per_address
        if len(self._open) >= self.limits.connections or crowded:
            transport.abort()
            return False
        self._open[protocol] = _Watched(transport, address, self._clock())
        if address:
            self._by_address[address] += 1
        if self._watching is None:
            self._watching = asyncio.get_running_loop().create_task(self._watch())
        return True

    def release(self, protocol: asyncio.Protocol) -> bool:
        """A connection ended; whether it had been let in."""
        watched = self._open.pop(protocol, None)
        if watched is None:
            return False
        if watched.address:
            self._by_address[watched.address] -= 1
            if not self._by_address[watched.address]:
                del self._by_address[watched.address]
        return True

    def began(self, protocol: object) -> None:
        """A connection sent a whole request's headers (called by the request's middleware)."""
        watched = self._open.get(protocol)  # type: ignore[call-overload]
        if watched is not None:
            watched.began = True

    def check(self) -> None:
        """Drop every connection that is over its time: no request yet, or an answer unread."""
        now = self._clock()
        for watched in list(self._open.values()):
            transport = watched.transport
            if not watched.began and now - watched.opened > self.limits.header_seconds:
                self._drop(transport, "sent no request in time")
                continue
            unsent = _unsent(transport)
            if unsent == 0 or unsent < watched.unsent:
                watched.stalled_since = now
            elif now - watched.stalled_since > self.limits.write_seconds:
                self._drop(transport, "stopped reading")
            watched.unsent = unsent

    def _drop(self, transport: asyncio.BaseTransport, why: str) -> None:
        log.debug("dropped a connection that %s", why)
        transport.abort()

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            self.check()

    def close(self) -> None:
        """Stop watching and drop every connection still open (the server is stopping)."""
        if self._watching is not None:
            self._watching.cancel()
            self._watching = None
        for watched in list(self._open.values()):
            watched.transport.abort()


def _unsent(transport: asyncio.BaseTransport) -> int:
    """Bytes written to a connection that its reader has not taken yet."""
    size = getattr(transport, "get_write_buffer_size", None)
    return int(size()) if size is not None and not transport.is_closing() else 0
