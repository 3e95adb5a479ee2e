"""A live stream lasts a bounded time: a page that reads is told to ``renew`` it (its script
opens a new one at once, from what it shows), and a client on a real socket that never reads
a byte holds neither the stream nor its connection past that time, though the stream writes
too little to ever fill the socket's buffers.

The waits below are deadlines, not measurements: they only bound how long a broken server
would keep the test waiting."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from datetime import UTC, datetime

import aiohttp
import pytest

from bot.service import GameService
from bot.store import PlayerRecord, Store
from bot.web import RateLimit, WebConfig, WebPages
from bot.web.gate import Limits

LIFETIME = 0.5
DEADLINE = 30.0
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
async def served(tmp_path):
    store = await Store.open(tmp_path / "streams.db")
    pages = WebPages(
        GameService(store),
        WebConfig("https://pages.example.org", 0),
        RateLimit(1000, 1000),
        Limits(stream_seconds=LIFETIME, keepalive_seconds=LIFETIME),
    )
    await pages.start()
    host = PlayerRecord(0, 100, "Host", False)
    record = await store.create_lobby(
        guild_id=7, channel_id=1, game="tigerisland", host=host, options={}, seed=1, now=NOW
    )
    events = f"/g/{await store.game_token(record.id)}/events"
    yield pages, events
    await pages.stop()
    await store.close()


async def until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (failing after the deadline)."""
    async with asyncio.timeout(DEADLINE):
        while not condition():
            await asyncio.sleep(0.02)


async def test_a_page_that_reads_is_told_to_renew_its_stream_and_resumes(served) -> None:
    pages, events = served
    url = f"http://127.0.0.1:{pages.port}{events}"
    async with aiohttp.ClientSession() as session, session.get(url) as stream:
        assert stream.status == 200
        async with asyncio.timeout(DEADLINE):
            text = (await stream.read()).decode()  # the server ends it: read to the end
    assert "event: change\nid: " in text and text.endswith("event: renew\ndata: \n\n")
    shown = text.split("id: ", 1)[1].split("\n", 1)[0]
    async with aiohttp.ClientSession() as session:
        headers = {"Last-Event-ID": shown}
        async with session.get(url, headers=headers) as again:
            async with asyncio.timeout(DEADLINE):
                text = (await again.read()).decode()
    assert "event: change" not in text  # nothing new since: nothing sent again
    assert text.endswith("event: renew\ndata: \n\n")


async def test_a_client_that_never_reads_holds_no_stream_past_its_time(served) -> None:
    pages, events = served
    never = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    never.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    never.connect(("127.0.0.1", pages.port))
    try:
        never.sendall(f"GET {events} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        await until(lambda: pages.guard.streams == 1)
        assert pages.gate.connections == 1
        await until(lambda: pages.guard.streams == 0 and pages.gate.connections == 0)
        assert pages.games.live.open_pages == 0
    finally:
        never.close()
