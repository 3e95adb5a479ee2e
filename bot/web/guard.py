"""What every response goes through: only GET, a rate limit per address, strict headers.

The Content-Security-Policy allows scripts, styles, pictures and live updates from the pages'
own address only, and no inline script or style at all; pages are never framed, and links
leave no referrer (a page's address holds its token).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from .ratelimit import RateLimit

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
ADDRESS = web.RequestKey("address", str)
"""Where a request's client address is kept for its handler (``request[ADDRESS]``)."""
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


def client_address(request: web.Request, trust_proxy: bool) -> str:
    """Who asked: the connection's peer, or behind a trusted proxy the address it saw."""
    if trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return request.remote or "unknown"


def guard(limit: RateLimit, trust_proxy: bool) -> Callable[..., Awaitable[web.StreamResponse]]:
    """The middleware: refuse other methods (405) and too many requests (429)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method != "GET":
            raise web.HTTPMethodNotAllowed(request.method, ["GET"])
        address = client_address(request, trust_proxy)
        if not limit.allow(address):
            raise web.HTTPTooManyRequests(headers={"Retry-After": "5"})
        request[ADDRESS] = address
        return await handler(request)

    return middleware


async def secure_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """Every response, streams and refusals included, gets the security headers."""
    response.headers.update(HEADERS)
