"""Web pages for every game: live boards, replays, race standings, leaderboards.

The bot uses :class:`PageLinks` (the link of a game's page), :class:`WebConfig` (from the
environment) and :mod:`bot.web.process` (the page server's own process); :class:`WebPages`
serves the pages (in that process, or in the demonstration's) with :class:`RateLimit` (each
address's); the rest is the server's own.
"""

from .config import WebConfig
from .links import PageLinks
from .ratelimit import RateLimit
from .server import WebPages

__all__ = ["PageLinks", "RateLimit", "WebConfig", "WebPages"]
