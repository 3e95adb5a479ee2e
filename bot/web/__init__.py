"""Web pages for every game: live boards, replays, race standings, leaderboards.

The bot uses :class:`WebPages` (serve, and the link of a game's page) and :class:`WebConfig`
(from the environment) and :class:`RateLimit` (each address's); the rest is the server's own.
"""

from .config import WebConfig
from .ratelimit import RateLimit
from .server import WebPages

__all__ = ["RateLimit", "WebConfig", "WebPages"]
