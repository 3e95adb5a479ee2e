"""``islandbot`` without a token and with ``ISLANDBOT_WEB_PORT``: the offline demonstration
plays its game on a live page, prints the link, and a stop signal ends it cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import aiohttp

from ..web_helpers import fetch
from .test_web_startup import free_port, refused

ROOT = Path(__file__).resolve().parents[3]
LINK_LINE = b"Watch the game live at "


async def test_the_demonstration_serves_its_game_live_and_stops_on_sigterm(tmp_path) -> None:
    port = free_port()
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith("ISLANDBOT_WEB")
    }
    environment |= {
        "DISCORD_TOKEN": "",
        "ISLANDBOT_WEB_PORT": str(port),
        "PYTHONPATH": str(ROOT),
    }
    demo = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,  # no .env; the frames are written here
        env=environment,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        async with asyncio.timeout(60):
            line = b""
            while not line.startswith(LINK_LINE):
                line = await demo.stdout.readline()
                assert line, "the demonstration ended without a link"
        url = line.removeprefix(LINK_LINE).decode().strip()
        assert url.startswith(f"http://127.0.0.1:{port}/g/")
        status, body, _headers = await fetch(url)
        assert status == 200 and b"tiggar islanote" in body and b"Player 1 (normal)" in body
        status, png, _headers = await fetch(url + "/board.png")
        assert status == 200 and png.startswith(b"\x89PNG")
        async with aiohttp.ClientSession() as session, session.get(url + "/events") as stream:
            async with asyncio.timeout(10):  # the page follows the moves as they are played
                for _ in range(2):
                    await stream.content.readuntil(b"event: change\n")
        assert (tmp_path / "frames" / "0000.png").exists()
        demo.send_signal(signal.SIGTERM)
        async with asyncio.timeout(15):
            assert await demo.wait() == 0
        assert refused(port)
    finally:
        if demo.returncode is None:
            demo.kill()
            await demo.wait()
