"""Shared test configuration: a fifth, test-only game registered for every suite, hypothesis
profiles (``HYPOTHESIS_PROFILE=thorough`` for more) and the PostgreSQL server and databases for
tests that run on both back-ends."""

import asyncio
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import count
from pathlib import Path

import asyncpg
import pytest
from hypothesis import HealthCheck, settings

from tests import pearl_game, plugin_game
from tests import postgres_server as postgres_server_module

# Island tic-tac-toe (tests/plugin_game, turn-based) and Pearl divers (tests/pearl_game, secret
# picks made at once in timed rounds) are registered before any test module is imported:
# modules that list the games when imported (the slash commands' choices, custom ids) see them,
# and every suite that goes over the registered games plays them with the four real ones.
plugin_game.register()
pearl_game.register()

settings.register_profile(
    "default",
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The bot draws pictures in a thread of the test process: starting worker processes for
# every bot a test makes costs more than it saves (tests/bot/components/test_rendering.py
# uses a pool).
os.environ.setdefault("ISLANDBOT_RENDER_WORKERS", "0")

# ----- PostgreSQL ---------------------------------------------------------------------------
# Tests marked by the ``database`` fixture run on SQLite and on PostgreSQL. PostgreSQL comes from
# ISLANDBOT_TEST_POSTGRES (a server URL, as .ci/run gives) or else a server this session starts
# from the installed binaries; without either, those tests are skipped and say why.
POSTGRES_URL_VARIABLE = "ISLANDBOT_TEST_POSTGRES"
_databases = count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for this test session (its ``postgres`` database)."""
    given = os.environ.get(POSTGRES_URL_VARIABLE, "").strip()
    if given:
        yield given
        return
    if postgres_server_module.binaries() is None:
        pytest.skip(
            f"PostgreSQL tests need {POSTGRES_URL_VARIABLE}=postgresql://… or the PostgreSQL"
            " server binaries (initdb, pg_ctl; Debian package postgresql)"
        )
    folder = Path(tempfile.mkdtemp(prefix="islandbot-pg-"))
    try:
        yield postgres_server_module.start(folder)
    finally:
        postgres_server_module.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database on the session's server; dropped afterwards."""
    name = f"islandbot_test_{os.getpid()}_{next(_databases)}"
    _admin(postgres_server, f"CREATE DATABASE {name}")
    yield f"{postgres_server.rsplit('/', 1)[0]}/{name}"
    _admin(postgres_server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store lives: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "test.db")
    return request.getfixturevalue("postgres_url")


def _admin(server: str, statement: str) -> None:
    """Run one statement on the server from a thread of its own (fixtures may run inside
    the test's event loop)."""

    async def run() -> None:
        conn = await asyncpg.connect(server)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


# ----- Threads left behind ------------------------------------------------------------------
# A SQLite store runs its connection in a thread that is not a daemon: a test that leaves one
# open keeps the test run from exiting after its summary. Each test is checked on its own, so
# the one that leaked is named.
DATABASE_THREAD = "_connection_worker_thread"


def _database_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if DATABASE_THREAD in t.name}


@pytest.fixture(autouse=True)
def no_database_thread_left() -> Iterator[None]:
    """Fails a test that leaves a SQLite connection open (its thread still running)."""
    before = _database_threads()
    yield
    left = _database_threads() - before
    for thread in left:
        thread.join(timeout=2.0)
    still = [t.name for t in left if t.is_alive()]
    assert not still, f"SQLite connections left open (their threads: {still})"
