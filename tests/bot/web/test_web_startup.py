"""``islandbot run`` has its pages served by a process of its own when (and only when)
``ISLANDBOT_WEB_URL`` and ``ISLANDBOT_WEB_PORT`` are set, started from its own start-up and
stopped with it; one of the two alone stops the start with a clear message. Discord itself is
left out: logging in runs the start-up hook only, and "connecting" looks at the pages and
returns, as a stop would."""

from __future__ import annotations

import asyncio
import os
import socket
import threading

import aiohttp
import pytest

from bot import cli
from bot.client import IslandBot
from bot.web import PageLinks

START_SECONDS = 30.0  # the page process imports the games before it listens


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def refused(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


async def status_once_up(port: int) -> int:
    """The status of an unknown link, once the page process listens."""
    url = f"http://127.0.0.1:{port}/g/{'A' * 24}"
    async with asyncio.timeout(START_SECONDS), aiohttp.ClientSession() as session:
        while True:
            try:
                async with session.get(url) as answer:
                    return answer.status
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.2)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def run_offline(monkeypatch, tmp_path):
    """``islandbot run`` with the environment given, Discord left out; what each "connected"
    bot saw: its page process's id and status for an unknown link (None: no page process),
    and whether it gave out page links."""
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("ISLANDBOT_DATABASE", str(tmp_path / "bot.db"))
    monkeypatch.setattr("bot.client.settle", lambda: None)  # the test process goes on
    seen: list[tuple[int, int] | bool | None] = []

    async def login(self: IslandBot, token: str) -> None:
        await self.setup_hook()

    async def connect(self: IslandBot, *, reconnect: bool = True) -> None:
        seen.append(isinstance(self.pages, PageLinks))
        process = self.page_process
        if process is None:
            seen.append(None)
            return
        assert process.pid is not None
        seen.append((process.pid, await status_once_up(int(os.environ["ISLANDBOT_WEB_PORT"]))))

    monkeypatch.setattr(IslandBot, "login", login)
    monkeypatch.setattr(IslandBot, "connect", connect)

    def run(**variables: str) -> tuple[int, list[tuple[int, int] | bool | None]]:
        for key, value in variables.items():
            monkeypatch.setenv(key, value)
        return cli.main(["run"]), seen

    return run


def test_run_starts_the_page_process_when_configured_and_stops_it_on_close(run_offline) -> None:
    port = free_port()
    threads = set(threading.enumerate())
    code, seen = run_offline(
        ISLANDBOT_WEB_URL="https://games.example.org", ISLANDBOT_WEB_PORT=str(port)
    )
    assert code == 0
    links, (pid, status) = seen
    assert links and status == 404  # served: an unknown link is answered 404, in a page
    assert pid != os.getpid() and not alive(pid)  # its own process, gone with the bot
    assert refused(port)  # nothing listens any more
    for thread in set(threading.enumerate()) - threads:  # the store's, ending as it closed
        thread.join(2)
    assert {t for t in threading.enumerate() if t.is_alive()} <= threads


def test_pages_served_apart_give_links_but_start_no_process(run_offline) -> None:
    port = free_port()
    code, seen = run_offline(
        ISLANDBOT_WEB_URL="https://games.example.org",
        ISLANDBOT_WEB_PORT=str(port),
        ISLANDBOT_WEB_SERVER="apart",
    )
    assert code == 0 and seen == [True, None]
    assert refused(port)


def test_run_serves_no_pages_without_any_web_variable(run_offline, monkeypatch) -> None:
    for key in ("ISLANDBOT_WEB_URL", "ISLANDBOT_WEB_PORT"):
        monkeypatch.delenv(key, raising=False)
    assert run_offline() == (0, [False, None])


@pytest.mark.parametrize(
    ("given", "missing"),
    [
        ({"ISLANDBOT_WEB_PORT": "8080"}, "ISLANDBOT_WEB_URL"),
        ({"ISLANDBOT_WEB_URL": "https://games.example.org"}, "ISLANDBOT_WEB_PORT"),
        ({"ISLANDBOT_WEB_HOST": "0.0.0.0"}, "ISLANDBOT_WEB_URL"),
    ],
)
@pytest.mark.parametrize("command", ["run", "web"])
def test_a_web_variable_without_its_partner_stops_the_start(
    run_offline, monkeypatch, capsys, given, missing, command
) -> None:
    for key in ("ISLANDBOT_WEB_URL", "ISLANDBOT_WEB_PORT"):
        monkeypatch.delenv(key, raising=False)
    for key, value in given.items():
        monkeypatch.setenv(key, value)
    assert cli.main([command]) == 2
    error = capsys.readouterr().err
    assert f"without {missing}" in error and "set both" in error
