"""What the web page tests share: a bot serving pages on a free port, fetching its pages, and
a headless Chromium (the system's, driven by Playwright) to look at them."""

from __future__ import annotations

import os
import shutil
from contextlib import asynccontextmanager

import aiohttp
import pytest

from bot.web import WebConfig

PUBLIC = "https://pages.example.org"
CHROMIUM = os.environ.get("ISLANDBOT_TEST_CHROMIUM", "/usr/bin/chromium")
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
async def pages(world):
    """The bot serves its pages on a free local port, for the public address ``PUBLIC``.

    Started by the test rather than by the bot's start-up (as ``islandbot run`` does), so that
    simcord counts the browser's open connections as the test's, not as the bot's unfinished
    work.
    """
    served = await world.env.bot.serve_pages(WebConfig(PUBLIC, 0))
    yield served
    await served.stop()


def local(world, url: str) -> str:
    """A page link as the test reaches it (the server listens on a local port)."""
    assert url.startswith(PUBLIC + "/"), url
    return f"http://127.0.0.1:{world.env.bot.pages.port}{url.removeprefix(PUBLIC)}"


async def game_link(world, game_id: int) -> str:
    """The local address of a game's page."""
    record = await world.env.bot.store.get_game(game_id)
    return local(world, await world.env.bot.pages.link(record))


async def fetch(url: str, **headers: str) -> tuple[int, bytes, dict[str, str]]:
    """GET ``url``: status, body and headers."""
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as answer:
        return answer.status, await answer.read(), dict(answer.headers)


@asynccontextmanager
async def browser():
    """A headless Chromium (the system's browser; never a downloaded one)."""
    from playwright.async_api import async_playwright

    if shutil.which(CHROMIUM) is None and not os.path.exists(CHROMIUM):
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM} (Debian package chromium)")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            yield launched
        finally:
            await launched.close()
