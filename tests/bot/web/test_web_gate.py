"""The page server's door on a real socket: a cap on open connections, a connection that never
sends a whole request dropped in time, a reader who stops reading dropped, and aiohttp's own
refusal of a malformed request carrying the security headers. Time is the test's own clock."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages
from bot.web.gate import Gate, Limits
from bot.web.guard import HEADERS

CAP = 5


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def door(tmp_path):
    store = await Store.open(tmp_path / "door.db")
    service = GameService(store)
    pages = WebPages(
        service,
        WebConfig("https://pages.example.org", 0),
        RateLimit(1000, 1000),
        Limits(connections=CAP, header_seconds=10, write_seconds=10),
    )
    clock = Clock()
    pages.gate._clock = clock
    await pages.start()
    yield pages, clock
    await pages.stop()
    await store.close()


async def connect(pages: WebPages) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", pages.port)


async def closed(reader: asyncio.StreamReader) -> bool:
    """Whether the server closed the connection (it reads to the end at once)."""
    try:
        return await asyncio.wait_for(reader.read(), 5) == b""
    except ConnectionResetError:
        return True


async def test_connections_over_the_cap_are_closed_and_half_requests_dropped(door) -> None:
    pages, clock = door
    held = [await connect(pages) for _ in range(CAP)]
    for _reader, writer in held:
        writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n")  # half a request
    await asyncio.sleep(0.1)
    assert pages.gate.connections == CAP
    extra_reader, _extra = await connect(pages)
    assert await closed(extra_reader)  # over the cap
    clock.now = 9.0
    pages.gate.check()
    assert pages.gate.connections == CAP  # still within their time
    clock.now = 10.5
    pages.gate.check()
    for reader, _writer in held:
        assert await closed(reader)
    await asyncio.sleep(0.1)
    assert pages.gate.connections == 0
    reader, writer = await connect(pages)  # room again
    writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert (await reader.read()).startswith(b"HTTP/1.1 200")


async def test_aiohttps_own_refusal_carries_the_security_headers(door) -> None:
    pages, _clock = door
    reader, writer = await connect(pages)
    writer.write(b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = (await reader.read()).decode("latin-1")
    assert answer.split(" ", 2)[1] == "400"
    for header, value in HEADERS.items():
        assert f"{header}: {value}" in answer


class StalledTransport:
    """A connection whose reader took nothing: what was written stays unsent."""

    def __init__(self) -> None:
        self.aborted = False

    def get_write_buffer_size(self) -> int:
        return 65536

    def is_closing(self) -> bool:
        return self.aborted

    def abort(self) -> None:
        self.aborted = True

    def get_extra_info(self, name: str) -> object:
        return None


async def test_a_reader_who_stops_reading_is_dropped() -> None:
    clock = Clock()
    gate = Gate(Limits(write_seconds=10), clock)
    stalled = StalledTransport()
    protocol = object()
    assert gate.admit(protocol, stalled)  # type: ignore[arg-type]
    gate.began(protocol)
    gate.check()
    clock.now = 9.0
    gate.check()
    assert not stalled.aborted
    clock.now = 10.5
    gate.check()
    assert stalled.aborted
    gate.close()


class PeerTransport(StalledTransport):
    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def get_extra_info(self, name: str) -> object:
        return (self.address, 40000) if name == "peername" else None


async def test_one_address_keeps_a_bounded_number_of_connections() -> None:
    gate = Gate(Limits(per_address=2))
    one = [object() for _ in range(3)]
    assert [gate.admit(p, PeerTransport("10.0.0.1")) for p in one] == [True, True, False]
    assert gate.admit(object(), PeerTransport("10.0.0.2"))  # another address has its own
    gate.release(one[0])
    assert gate.admit(object(), PeerTransport("10.0.0.1"))  # a closed one no longer counts
    behind_a_proxy = Gate(Limits(per_address=2), per_address=False)
    assert all(behind_a_proxy.admit(object(), PeerTransport("10.0.0.9")) for _ in range(3))
    gate.close()
    behind_a_proxy.close()
