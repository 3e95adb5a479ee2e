"""Web pages for every game: live boards, replays, race standings, leaderboards.

The bot uses :class:`PageLinks` (the link of a game's page), :class:`WebConfig` (from the
environment) and :mod:`bot.web.process` (the page server's own process); :class:`WebPages`
serves the pages (in that process, or in the demonstration's) with :class:`RateLimit` (each
address's); the rest is the server's own. :class:`WebPages` is imported when first asked
for: its routes, templates and tournament pages are the page process's, not the bot's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import WebConfig
from .links import PageLinks
from .ratelimit import RateLimit

if TYPE_CHECKING:
    from .server import WebPages


def __getattr__(name: str) -> Any:
    if name == "WebPages":
        from .server import WebPages

        return WebPages
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["PageLinks", "RateLimit", "WebConfig", "WebPages"]
