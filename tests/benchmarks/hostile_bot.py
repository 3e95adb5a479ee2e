"""Hostile interactions through the real bot (simcord's offline Discord), timed end to end.

Each row is the wall time from sending an interaction to the bot having answered it, beside
an ordinary illegal move (parsed, then refused) measured in the same run. Discord wants an answer
within 3 s; the point is that no input makes the bot work much harder than for a normal one.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import simcord

from bot.client import IslandBot
from engine import find_game
from tests.bot.flow_helpers import new_game
from tests.bot.forge import forge_click, is_user_error

REPEAT = 15
ORDINARY_MOVE = "PLACE JUNGLE+LAKE AT 40 -40 0 1"  # off the board: refused after parsing
HOSTILE_MOVE = "PLACE " + "JUNGLE " * 855  # 5,991 characters
BLANK_RUN = "PLACE" + " " * 5990 + "+"
MANY_WORDS = " ".join(f"w{i}" for i in range(1500))[:6000]


async def bench_hostile_bot() -> list[tuple[str, str, str, str, str, str]]:
    """Rows of (game, hostile interaction, median ms, max ms, baseline, baseline median ms)."""
    with tempfile.TemporaryDirectory() as folder:
        bot = IslandBot(Path(folder) / "bench.db", job_poll_seconds=600)
        async with simcord.run(bot) as env:
            await env.bot.sync_commands()
            guild = env.create_guild()
            channel = guild.create_text_channel("bench")
            alice, bob, carol = (guild.add_member(env.create_user(n)) for n in "abc")
            opened = await new_game(alice, channel, "tigerisland")
            lobby = opened.response.message
            await bob.click(lobby, label="Join")
            await alice.click(lobby, label="Start")
            record = await env.bot.store.last_game_in(channel.id)
            assert record is not None
            state = env.bot.service.state_of(record)
            to_move = find_game(record.game).to_move(state)
            mover = alice if record.seat_of(alice.id) in to_move else bob

            async def run(send: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
                times = []
                for _ in range(REPEAT):
                    start = time.perf_counter()
                    await send()
                    times.append((time.perf_counter() - start) * 1000)
                assert all(is_user_error(e) for e in env.errors)  # the expected answers
                return statistics.median(times), max(times)

            base = await run(lambda: mover.slash(channel, "game move", move=ORDINARY_MOVE))
            cases = {
                "/game move, 5,991 characters of notation": lambda: mover.slash(
                    channel, "game move", move=HOSTILE_MOVE
                ),
                "/tiger place, 5,990 blanks before +": lambda: mover.slash(
                    channel, "tiger place", placement=BLANK_RUN
                ),
                "autocomplete, 1,500 distinct words typed": lambda: mover.autocomplete(
                    channel, "tiger place", "placement", MANY_WORDS
                ),
                "button with an unknown custom id": lambda: forge_click(
                    env, carol, channel, lobby, "made:up:" + "9" * 90
                ),
                "Islant button naming this tiggar islanote game": lambda: forge_click(
                    env, carol, channel, lobby, f"isl-round:{record.id}:1:standings"
                ),
            }
            rows = []
            for label, send in cases.items():
                median, worst = await run(send)
                rows.append(
                    (
                        "bot",
                        label,
                        f"{median:.1f}",
                        f"{worst:.1f}",
                        "/game move, an ordinary illegal move",
                        f"{base[0]:.1f}",
                    )
                )
            return rows
