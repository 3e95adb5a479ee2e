"""Many tiggar islanote games played with typed moves through a real bot process.

The fake Discord (:mod:`tests.loopback.fake_discord`) and the players run in this process, the
bot in its own (:mod:`tests.loopback.bot_main`, on a SQLite file). First the trivial bot's
button is tapped by every player, one by one, three times over (the baseline); then each of
``games`` channels opens a two-player game (``/game new``, Join, Start) and its players type their
moves (``/tiger place``, ``/tiger build``) one after the other, every game at once, each move
sent as soon as the last one is answered. The moves are the computer's choices, worked out
here from the game as saved (read from the bot's database file, read-only), so that only the
bot's work is measured.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcord.enums import InteractionType
from simcord.interactions import base_payload

from engine import find_game
from tests.benchmarks import burst
from tests.benchmarks.burst import Clock, spin, token_of, trivial_taps
from tests.loopback.fake_discord import FakeDiscord
from tests.loopback.race import (
    BotCpu,
    LoopbackHarness,
    bot_process,
    click,
    cpu_of,
    display_name,
    quiet,
    trivial_taps_each,
)

GAME = find_game("tigerisland")
ANSWER_SECONDS = 60.0
COMMANDS = {"place": ("place", "placement"), "build": ("build", "build")}
"""The game's phase: the /tiger subcommand and its option."""


@dataclass
class TypedRun:
    """What one run measured: each move's acknowledgement and answer (ms), the bot's
    processor time for the moves and the trivial bot's for its taps."""

    ack: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0
    bot_cpu: BotCpu = field(default_factory=BotCpu)
    trivial_cpu: BotCpu = field(default_factory=BotCpu)
    trivial_taps: int = 0
    trivial_acks: list[float] = field(default_factory=list)
    refused: int = 0
    """Moves answered with "the game's storage is not answering"."""


def next_move(db: sqlite3.Connection, channel_id: int, rnd: random.Random) -> tuple[int, str, str]:
    """The running game's next move in ``channel_id``: the seat to move, its command and its
    notation (the normal computer's choice)."""
    row = db.execute(
        "SELECT state FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
    ).fetchone()
    state = GAME.deserialize(json.loads(row[0]))
    seat = min(GAME.to_move(state))
    phase = GAME.view(state, None).data["phase"]
    return seat, phase, GAME.format(GAME.choose_ai_action(state, seat, rnd))


async def typed_move(
    harness: LoopbackHarness, member: Any, channel: Any, phase: str, text: str, run: TypedRun
) -> None:
    """Type one move and wait for its answer; its acknowledgement is timed from the log."""
    fake_backend = harness.env.backend
    command, option = COMMANDS[phase]
    record, payload = base_payload(
        fake_backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=channel.guild.id,
        user_id=member.id,
        data={
            "name": "tiger",
            "type": 1,
            "options": [
                {
                    "name": command,
                    "type": 1,
                    "options": [{"name": option, "type": 3, "value": text}],
                }
            ],
        },
    )
    answered = harness.log.expect(record.token)
    start = time.perf_counter() * 1000
    first = len(harness.log)
    harness.env.backend.emit("INTERACTION_CREATE", payload)
    await asyncio.wait_for(answered, ANSWER_SECONDS)
    run.answered.append(time.perf_counter() * 1000 - start)
    log = harness.log
    acked = next(
        at
        for entry, at in zip(log[first:], log.times[first:], strict=True)
        if token_of(entry.path) == record.token and entry.path.endswith("/callback")
    )
    run.ack.append(acked - start)
    bodies = json.dumps(harness.answers_to(record), default=str).lower()
    run.refused += "not answering" in bodies


async def run_typed(games: int, moves: int, *, busy: bool = False, seed: int = 4) -> TypedRun:
    """``games`` games at once, ``moves`` typed moves each (fewer if a game ends)."""
    fake = FakeDiscord()
    await fake.start()
    env = fake.env
    guild = env.create_guild("Typed")
    channels = [guild.create_text_channel(f"table-{k}") for k in range(games)]
    players = [
        [
            guild.add_member(env.create_user(f"p{k}-{s}", global_name=display_name(2 * k + s)))
            for s in range(2)
        ]
        for k in range(games)
    ]
    log = Clock.on(env)
    harness = LoopbackHarness(fake, log)
    run = TypedRun()
    spinner = spin() if busy else None
    sessions: list[subprocess.Popen[str]] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with bot_process(fake, "trivial", str(channels[0].id), sessions) as (
                process,
                message_id,
            ):
                trivial = next(m for m in channels[0].history() if m.id == int(message_id))
                # The same arrivals as the games' moves: one tap in flight per game, the
                # next as soon as the last is answered.
                first_players = [pair[0] for pair in players]
                taps = trivial_taps_each("closed", len(first_players))
                before = cpu_of(process.pid)
                await trivial_taps(harness, trivial, first_players, "closed", taps)
                after = cpu_of(process.pid)
                run.trivial_cpu = after - before
                run.trivial_taps = taps * len(first_players)
            harness.record(harness.taps, 0)
            run.trivial_acks = harness.latencies.ack.pop(burst.TRIVIAL_KIND, [])
            async with bot_process(fake, "island", folder, sessions) as (process, _):
                for channel, (host, _) in zip(channels, players, strict=True):
                    await host.slash(
                        channel, "game new", game="tigerisland", options="first_player=0"
                    )
                await quiet(log)
                lobbies = [burst.round_message(c) for c in channels]
                await click(
                    harness,
                    [(g, lobby, "Join") for (_, g), lobby in zip(players, lobbies, strict=True)],
                )
                await click(
                    harness,
                    [(h, lobby, "Start") for (h, _), lobby in zip(players, lobbies, strict=True)],
                )
                db = sqlite3.connect(f"file:{Path(folder) / 'loopback.db'}?mode=ro", uri=True)
                rnd = random.Random(seed)

                async def play(channel: Any, pair: list[Any]) -> None:
                    for _ in range(moves):
                        try:
                            seat, phase, text = next_move(db, channel.id, rnd)
                        except TypeError:  # no running game: it is over
                            return
                        await typed_move(harness, pair[seat], channel, phase, text, run)
                        run.moves += 1

                before, start = cpu_of(process.pid), time.perf_counter()
                await asyncio.gather(*(play(c, p) for c, p in zip(channels, players, strict=True)))
                run.seconds = time.perf_counter() - start
                after = cpu_of(process.pid)
                run.bot_cpu = after - before
                db.close()
    finally:
        await fake.stop()
        if spinner is not None:
            spinner.kill()
            spinner.wait()
    return run
