"""The bot process's memory and start-up beside a bare discord.py bot's: ``bench footprint``.

Both run as processes of their own against the loopback fake Discord. The bare bot is a
discord.py client that imports nothing else (:mod:`tests.loopback.bare_main`); the real bot
opens a SQLite file that holds ``GAMES`` running tiggar islanote games. Start-up is the wall
time from starting the process to its "ready" line (imports, store, commands, the gateway's
hello); memory is the process's resident set a second after that.
"""

from __future__ import annotations

import asyncio
import subprocess
import tempfile
import time
from pathlib import Path

from bot.service import GameService
from bot.store import Store
from tests.loopback.fake_discord import FakeDiscord
from tests.loopback.race import bot_process
from tests.scale.helpers import start_game

GAMES = 1000
RUNS = 3
Row = tuple[str, str, str, str, str]
HEADER = ("process", "start-up s (best of 3)", "× bare", "RSS MB at ready", "× bare")


def rss_mb(pid: int) -> float:
    """The resident set of process ``pid`` (its own, not its children's), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def stored_games(path: Path, games: int) -> None:
    """A SQLite file with ``games`` running two-player games, one per channel, every change
    of theirs already shown (nothing in the outbox)."""
    store = await Store.open(str(path))
    try:
        service = GameService(store, seed_source=lambda: 7)
        for channel in range(1, games + 1):
            game_id = (await start_game(service, channel)).record.id
            shown = await store.notices_of(game_id)  # shown long ago: nothing left to post
            await store.notices_done(n.id for n in shown)
    finally:
        await store.close()


async def start(fake: FakeDiscord, kind: str, argument: str) -> tuple[float, float]:
    """One start of a bot process: seconds to "ready" and its RSS (MB) then."""
    started: list[subprocess.Popen[str]] = []
    begin = time.perf_counter()
    async with bot_process(fake, kind, argument, started) as (process, _):
        seconds = time.perf_counter() - begin
        await asyncio.sleep(1.0)  # what it does right after ready (jobs, the outbox)
        return seconds, rss_mb(process.pid)


async def measure(games: int = GAMES, runs: int = RUNS) -> list[Row]:
    fake = FakeDiscord()
    await fake.start()
    fake.env.create_guild("Footprint").create_text_channel("here")
    try:
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "games.db"
            await stored_games(database, games)
            bare = [await start(fake, "bare", "") for _ in range(runs)]
            real = [await start(fake, "island", str(database)) for _ in range(runs)]
    finally:
        await fake.stop()
    bare_s, bare_mb = min(s for s, _ in bare), min(mb for _, mb in bare)
    real_s, real_mb = min(s for s, _ in real), min(mb for _, mb in real)
    return [
        ("bare discord.py bot (baseline)", f"{bare_s:.2f}", "1×", f"{bare_mb:.0f}", "1×"),
        (
            f"the bot, {games} games stored",
            f"{real_s:.2f}",
            f"{real_s / bare_s:.2f}×",
            f"{real_mb:.0f}",
            f"{real_mb / bare_mb:.2f}×",
        ),
    ]


def bench_footprint() -> list[Row]:
    return asyncio.run(measure())
