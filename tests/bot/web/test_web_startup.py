"""``islandbot run`` serves the pages when (and only when) ``ISLANDBOT_WEB_URL`` and
``ISLANDBOT_WEB_PORT`` are set, from its own start-up, and a stop leaves no server, socket or
thread behind. Discord itself is left out: logging in runs the start-up hook only, and
"connecting" looks at the pages and returns, as a stop would."""

from __future__ import annotations

import socket
import threading

import aiohttp
import pytest

from bot import cli
from bot.client import IslandBot


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def refused(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


@pytest.fixture
def run_offline(monkeypatch, tmp_path):
    """``islandbot run`` with the environment given, Discord left out; what each "connected"
    bot served: its pages' status for an unknown link (None: no pages)."""
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("ISLANDBOT_DATABASE", str(tmp_path / "bot.db"))
    monkeypatch.setattr("bot.client.gc.freeze", lambda: None)  # the test process goes on
    seen: list[int | None] = []

    async def login(self: IslandBot, token: str) -> None:
        await self.setup_hook()

    async def connect(self: IslandBot, *, reconnect: bool = True) -> None:
        if self.pages is None:
            seen.append(None)
            return
        url = f"http://127.0.0.1:{self.pages.port}/g/{'A' * 24}"
        async with aiohttp.ClientSession() as session, session.get(url) as answer:
            seen.append(answer.status)

    monkeypatch.setattr(IslandBot, "login", login)
    monkeypatch.setattr(IslandBot, "connect", connect)

    def run(**variables: str) -> list[int | None]:
        for key, value in variables.items():
            monkeypatch.setenv(key, value)
        assert cli.main(["run"]) == 0
        return seen

    return run


def test_run_serves_the_pages_when_configured_and_stops_them_on_close(run_offline) -> None:
    port = free_port()
    threads = set(threading.enumerate())
    seen = run_offline(ISLANDBOT_WEB_URL="https://games.example.org", ISLANDBOT_WEB_PORT=str(port))
    assert seen == [404]  # served: an unknown link is answered 404
    assert refused(port)  # nothing listens any more
    assert {t for t in threading.enumerate() if t.is_alive()} <= threads


def test_run_serves_no_pages_without_an_address_and_a_port(run_offline, monkeypatch) -> None:
    monkeypatch.delenv("ISLANDBOT_WEB_URL", raising=False)
    port = free_port()
    assert run_offline(ISLANDBOT_WEB_PORT=str(port)) == [None]
    assert refused(port)
