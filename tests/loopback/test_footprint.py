"""What the bot's own process imports: it names the pictures its workers draw, so neither
the renderer (Pillow, fonts, every game's pictures) nor what only other processes or rare
commands use (the page server's routes and templates, networkx's pairings) is loaded in it,
from its start through a race whose boards and panels are drawn and uploaded."""

from __future__ import annotations

import random
import subprocess
import sys

from tests.benchmarks import burst
from tests.bot.conftest import record_uploads
from tests.loopback.bot_main import MODULES_VARIABLE
from tests.loopback.fake_discord import FakeDiscord
from tests.loopback.race import ROOT, LoopbackHarness, bot_process, open_race, quiet

NOT_IN_THE_BOT = ("PIL", "render.pictures", "render.islant", "networkx", "jinja2", "aiohttp.web")
"""Modules the bot's process must not import (its workers and the page process do)."""
THINK = (0.05, 0.2)  # each player's pause before a tap, seconds


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (or a module inside one of them) is among ``modules``."""
    return [n for n in names if any(m == n or m.startswith(n + ".") for m in modules)]


def test_what_islandbot_run_imports_loads_no_renderer() -> None:
    listing = "import sys, bot.cli, bot.client; print('\\n'.join(sys.modules))"
    found = subprocess.run(
        [sys.executable, "-c", listing], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = set(found.stdout.split())
    assert "bot.cli" in modules and "bot.client" in modules
    assert loaded(modules, NOT_IN_THE_BOT) == []


async def test_a_race_is_drawn_by_the_workers_without_the_renderer_in_the_bot(tmp_path) -> None:
    fake = FakeDiscord()
    await fake.start()
    env = fake.env
    guild = env.create_guild("Footprint")
    channel = guild.create_text_channel("race")
    members = [guild.add_member(env.create_user(f"player{k}")) for k in range(2)]
    uploads = record_uploads(env)
    harness = LoopbackHarness(fake, burst.Clock.on(env))
    listing = tmp_path / "modules.txt"
    workers = {"ISLANDBOT_RENDER_WORKERS": "1", MODULES_VARIABLE: str(listing)}
    try:
        async with bot_process(fake, "island", str(tmp_path), [], workers) as (process, _):
            await open_race(harness, channel, members, level=1)
            await burst.play_round_as_people(harness, channel, members, random.Random(3), THINK)
            await quiet(harness.log)
        assert process.returncode == 0  # stopped gracefully: the listing is written
    finally:
        await fake.stop()
    assert any(name.endswith(".png") for name, _ in uploads), "no picture was uploaded"
    modules = set(listing.read_text().split())
    assert "bot.client" in modules and "render" in modules  # the seat colours
    assert loaded(modules, NOT_IN_THE_BOT) == []
