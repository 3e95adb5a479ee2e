"""A database that stops answering, for tests of bounded waits.

PostgreSQL: :class:`FreezingProxy` stands between the bot and the server and, while frozen,
forwards nothing in either direction (a stopped server or a stalled network, as the bot sees
it); what it held back is delivered when it resumes, in order, closed connections included,
as a server resumed after SIGSTOP would read it. SQLite: :func:`sqlite_held` is another
program holding the database's write lock.
"""

from __future__ import annotations

import socket
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.store import is_postgres_url


class FreezingProxy:
    """A TCP proxy in threads of its own (the test's event loop may be simulated)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._upstream = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._listener = socket.create_server(("127.0.0.1", 0))
        port = self._listener.getsockname()[1]
        netloc = f"{parts.username}@127.0.0.1:{port}" if parts.username else f"127.0.0.1:{port}"
        self.url = urlunsplit(parts._replace(netloc=netloc))
        self._running = threading.Event()
        self._running.set()
        self._hold_at: bytes | None = None
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def freeze(self) -> None:
        """Forward nothing from now on (until :meth:`resume`)."""
        self._running.clear()

    def freeze_at(self, marker: bytes) -> None:
        """Freeze as soon as the bot sends bytes containing ``marker`` (held back too)."""
        self._hold_at = marker

    def resume(self) -> None:
        self._hold_at = None
        self._running.set()

    def close(self) -> None:
        self.resume()
        self._listener.close()
        with self._lock:
            for sock in self._sockets:
                with suppress(OSError):
                    sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self._upstream)
            with self._lock:
                self._sockets += [client, server]
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, from_bot: bool) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            marker = self._hold_at
            if from_bot and marker is not None and marker in data:
                self.freeze()
            self._running.wait()
            try:
                if not data:
                    target.shutdown(socket.SHUT_WR)
                    return
                target.sendall(data)
            except OSError:
                return


@contextmanager
def sqlite_held(path: str | Path) -> Iterator[None]:
    """Another program holds the write lock of the SQLite database at ``path``: reads go on,
    every write waits for it."""
    other = sqlite3.connect(str(path), isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield
        other.execute("ROLLBACK")
    finally:
        other.close()


@dataclass
class Outage:
    """Where a store should connect (``url``), and how to freeze its database."""

    url: str
    proxy: FreezingProxy | None
    database: str

    @contextmanager
    def frozen(self) -> Iterator[None]:
        """The database answers nothing while this is entered (SQLite: no writes)."""
        if self.proxy is None:
            with sqlite_held(self.database):
                yield
            return
        self.proxy.freeze()
        try:
            yield
        finally:
            self.proxy.resume()


@asynccontextmanager
async def outage_of(database: str) -> AsyncIterator[Outage]:
    """A way to freeze ``database`` (a SQLite path or a PostgreSQL URL, behind a proxy)."""
    proxy = FreezingProxy(database) if is_postgres_url(database) else None
    try:
        yield Outage(proxy.url if proxy else database, proxy, database)
    finally:
        if proxy is not None:
            proxy.close()
