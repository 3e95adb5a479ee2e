"""Refusals as pages: a missing page (404) is a page in the reader's language, not a bare
"404: Not Found"; a handler that fails answers 500 without a traceback."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from locales import N_, _, speaking

from .html import page
from .lookup import page_language

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
WORDS = {
    404: (
        N_("This page does not exist"),
        N_(
            "The link may be mistyped, the game may be gone, or its server may have turned"
            " its pages off."
        ),
    ),
    500: (
        N_("Something went wrong"),
        N_("This page could not be shown. Please try again in a moment."),
    ),
}


def error_page(request: web.Request, status: int) -> web.Response:
    """A page saying, in the reader's language, that nothing is shown here."""
    lang = page_language(request)
    title, text = WORDS[status]
    with speaking(lang):
        html = page("error.html", title=_(title), lang=lang, text=_(text))
    return web.Response(
        status=status, text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
    )


@web.middleware
async def error_pages(request: web.Request, handler: Handler) -> web.StreamResponse:
    """404s become :func:`error_page`; an unexpected failure a 500 one (and a log line)."""
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return error_page(request, 404)
    except web.HTTPException:
        raise
    except Exception:
        log.exception("the page %s failed", request.path)
        return error_page(request, 500)
