"""What every request goes through: only GET, well-formed queries, the per-address and global
limits, and strict headers on every answer.

Each address has a bucket for pages and a bigger one for pictures (a race page loads a new
picture with every submitted turn: pictures are versioned and cached, so they are cheap); every
address together is held to a global rate and to a number of requests answered at once.

The Content-Security-Policy allows scripts, styles, pictures and live updates from the pages'
own address only, and no inline script or style at all; pages are never framed, and links
leave no referrer (a page's address holds its token).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from aiohttp import web

from locales import LANGUAGES

from .gate import Gate, Limits
from .ratelimit import RateLimit

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
ADDRESS = web.RequestKey("address", str)
"""Where a request's client address is kept for its handler (``request[ADDRESS]``)."""
EVERYONE = "*"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
    " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
STAMP = re.compile(r"[0-9a-f]{1,16}")
QUERY = {
    "v": STAMP.fullmatch,
    "s": STAMP.fullmatch,
    "lang": frozenset(LANGUAGES).__contains__,
    "view": frozenset({"big"}).__contains__,
    "frame": re.compile(r"[0-9]{1,5}").fullmatch,
}
"""What each query parameter a page reads may be (others, a link's tracking tags, are
ignored); ASCII digits only: ``int()`` would take other scripts' digits too."""
MAX_QUERY = 16


def well_formed(request: web.Request) -> bool:
    """Whether each parameter a page reads is given at most once and well formed."""
    query = request.query
    if len(query) > MAX_QUERY:
        return False
    for key, allowed in QUERY.items():
        values = query.getall(key, [])
        if len(values) > 1 or (values and not allowed(values[0])):
            return False
    return True


def is_picture(request: web.Request) -> bool:
    return request.path.endswith(".png")


class Guard:
    """The limits every request is held to (see the module's text)."""

    def __init__(
        self,
        limit: RateLimit,
        limits: Limits,
        gate: Gate | None = None,
        pictures: RateLimit | None = None,
    ) -> None:
        self.limit = limit
        self.limits = limits
        self.gate = gate
        self.pictures = pictures or RateLimit(
            per_second=limit.per_second * 10, burst=limit.burst * 4
        )
        self.everyone = RateLimit(per_second=limits.per_second, burst=int(limits.per_second))
        self.answering = 0
        self.streams = 0

    def middleware(self) -> Handler:
        """The middleware: refuse other methods (405), malformed queries (400), and too many
        requests: one address's (429) or everyone's (503). A live stream counts among the
        streams rather than among the requests being answered. The address is the peer's, or
        behind a trusted proxy the one it saw (set by aiohttp-remotes before this)."""

        @web.middleware
        async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
            if self.gate is not None:
                self.gate.began(request.protocol)
            if request.method != "GET":
                raise web.HTTPMethodNotAllowed(request.method, ["GET"])
            if not well_formed(request):
                raise web.HTTPBadRequest(text="400: Bad Request")
            address = request.remote or "unknown"
            bucket = self.pictures if is_picture(request) else self.limit
            if not bucket.allow(address):
                raise web.HTTPTooManyRequests(headers={"Retry-After": "5"})
            stream = request.path.endswith("/events")
            limits = self.limits
            busy = self.streams >= limits.streams if stream else self.answering >= limits.requests
            if busy or not self.everyone.allow(EVERYONE):
                raise web.HTTPServiceUnavailable(headers={"Retry-After": "5"})
            request[ADDRESS] = address
            if stream:
                self.streams += 1
            else:
                self.answering += 1
            try:
                return await handler(request)
            finally:
                if stream:
                    self.streams -= 1
                else:
                    self.answering -= 1

        return guarded


async def secure_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """Every response, streams and refusals included, gets the security headers."""
    response.headers.update(HEADERS)
