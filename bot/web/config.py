"""The web pages' configuration: the public address, where to listen, whom to believe."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

URL_VARIABLE = "ISLANDBOT_WEB_URL"
PORT_VARIABLE = "ISLANDBOT_WEB_PORT"
HOST_VARIABLE = "ISLANDBOT_WEB_HOST"
PROXY_VARIABLE = "ISLANDBOT_WEB_TRUST_PROXY"
DEFAULT_HOST = "127.0.0.1"


@dataclass(frozen=True, slots=True)
class WebConfig:
    """Where the pages are served and under which public address their links point."""

    url: str
    """The public address links start with (``https://games.example.org``), no slash at the end."""
    port: int
    host: str = DEFAULT_HOST
    trust_proxy: bool = False
    """Whether the client's address is the last one a reverse proxy put in X-Forwarded-For."""

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
        return cls(url, int(port), host, trust)

    @classmethod
    def local(cls, values: Mapping[str, str]) -> WebConfig | None:
        """Like :meth:`of` for the offline demonstration: a port is enough, the public
        address then being this machine's (``http://127.0.0.1:PORT``)."""
        port = values.get(PORT_VARIABLE, "").strip()
        if not port:
            return None
        url = values.get(URL_VARIABLE, "").strip() or f"http://127.0.0.1:{port}"
        return cls.of({**values, URL_VARIABLE: url})
