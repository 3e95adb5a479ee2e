"""The web pages' configuration: the public address, where to listen, whom to believe."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

URL_VARIABLE = "ISLANDBOT_WEB_URL"
PORT_VARIABLE = "ISLANDBOT_WEB_PORT"
HOST_VARIABLE = "ISLANDBOT_WEB_HOST"
PROXY_VARIABLE = "ISLANDBOT_WEB_TRUST_PROXY"
SERVER_VARIABLE = "ISLANDBOT_WEB_SERVER"
DEFAULT_HOST = "127.0.0.1"
SERVERS = ("child", "apart")
"""Who serves the pages: a process ``islandbot run`` starts (``child``), or an ``islandbot
web`` run apart (``apart``: the bot only gives out the links)."""

VARIABLES = (URL_VARIABLE, PORT_VARIABLE, HOST_VARIABLE, PROXY_VARIABLE)
"""The variables that mean nothing without the public address and the port."""


@dataclass(frozen=True, slots=True)
class WebConfig:
    """Where the pages are served and under which public address their links point."""

    url: str
    """The public address links start with (``https://games.example.org``), no slash at the end."""
    port: int
    host: str = DEFAULT_HOST
    trust_proxy: bool = False
    """Whether the client's address is the last one a reverse proxy put in X-Forwarded-For."""
    server: str = SERVERS[0]
    """Who serves the pages (one of :data:`SERVERS`)."""

    @classmethod
    def of(cls, values: Mapping[str, str]) -> WebConfig | None:
        """The pages' settings from environment values; None (no pages) unless both the
        public address and a port are set. ValueError says what is wrong."""
        url = values.get(URL_VARIABLE, "").strip().rstrip("/")
        port = values.get(PORT_VARIABLE, "").strip()
        if not url or not port:
            return None
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"{URL_VARIABLE} is an http:// or https:// address, not {url!r}")
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{PORT_VARIABLE} is a port number (1–65535), not {port!r}")
        trust = values.get(PROXY_VARIABLE, "").strip().lower() in {"1", "true", "yes", "on"}
        host = values.get(HOST_VARIABLE, "").strip() or DEFAULT_HOST
        server = values.get(SERVER_VARIABLE, "").strip().lower() or SERVERS[0]
        if server not in SERVERS:
            raise ValueError(f"{SERVER_VARIABLE} is child or apart, not {server!r}")
        return cls(url, int(port), host, trust, server)

    @staticmethod
    def partner_missing(values: Mapping[str, str]) -> str | None:
        """What is wrong when some web variables are set but the pages cannot be served
        (a port nobody's links point to, an address nothing listens on…); None: nothing."""
        given = [k for k in VARIABLES if values.get(k, "").strip()]
        if not given or (URL_VARIABLE in given and PORT_VARIABLE in given):
            return None
        missing = URL_VARIABLE if URL_VARIABLE not in given else PORT_VARIABLE
        return (
            f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} set without {missing}:"
            f" the pages need both {URL_VARIABLE} (their public address) and {PORT_VARIABLE}"
            " (where they are served); set both, or neither"
        )

    @classmethod
    def local(cls, values: Mapping[str, str]) -> WebConfig | None:
        """Like :meth:`of` for the offline demonstration: a port is enough, the public
        address then being this machine's (``http://127.0.0.1:PORT``)."""
        port = values.get(PORT_VARIABLE, "").strip()
        if not port:
            return None
        url = values.get(URL_VARIABLE, "").strip() or f"http://127.0.0.1:{port}"
        return cls.of({**values, URL_VARIABLE: url})
