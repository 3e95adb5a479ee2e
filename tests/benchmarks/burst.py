"""A 99-player Islant burst through the real bot (simcord's offline Discord), in one process.

Every player clicks at once, wave after wave: "Play my turn" on the round message, then each
the next choice of their own panel (a select or a button, Submit last), until everyone has
submitted; two rounds. A wave's interactions are all delivered before the bot runs any of them,
as a gateway delivers a burst. Each interaction's acknowledgement latency is the wall time from
its delivery to the bot's first answer (the interaction callback); "answered" is the time to
its last request (the panel edited or sent). The baseline is a trivial button answering at
once (a deferred update), clicked by the same 99 players at once, in the same run.

Pictures are drawn by worker processes as in production (``ISLANDBOT_RENDER_WORKERS``, the
machine's cores unless set). The publisher's debounce waits run in real time (simcord fires a
timer when its real time comes), so its edits per round are what a real burst of that length
would make. The second round's first board edits meet Discord's 429 (simulated).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.interactions import base_payload

from bot.client import IslandBot
from bot.rendering import WORKERS_VARIABLE
from bot.workers import machine_cores
from tests.benchmarks.stats import p

PLAYERS = 99
ROUNDS = 2
LEVEL = 5
SUBMIT = "Submit my turn"
UNDO = "Undo"
LEFT_ALONE = (UNDO, "Stop", "Back")  # choices a player going on with the turn leaves alone
TRIVIAL = "bench-trivial"
OPEN, SELECT, BUTTON, DONE = "open panel (Play my turn)", "panel select", "panel button", "submit"
RATE_LIMITED_EDITS = 3  # 429s injected on the board's edits in the second round
SETTLE_SECONDS = 300.0
BurstRow = tuple[str, str, str, str, str, str, str]


class Trivial(discord.ui.DynamicItem[discord.ui.Button], template=TRIVIAL):
    """The baseline: a button that only acknowledges."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Trivial", custom_id=TRIVIAL))

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, match: Any) -> Trivial:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()


class Clock(list):
    """simcord's request log, with the wall time (ms) of each request as it is made."""

    def __init__(self, earlier: Iterable[Any]) -> None:
        super().__init__(earlier)
        self.times = [0.0 for _ in self]

    def append(self, entry: Any) -> None:
        super().append(entry)
        self.times.append(time.perf_counter() * 1000)


@dataclass
class Latencies:
    """Acknowledgement and answer latencies (ms) per kind of interaction."""

    ack: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    answered: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


@dataclass
class Sent:
    kind: str
    interaction: Any
    at: float


class Harness:
    """Delivers waves of interactions to the bot and times their answers."""

    def __init__(self, env: simcord.Env, log: Clock) -> None:
        self.env = env
        self.log = log
        self.latencies = Latencies()

    def payload(self, actor: Any, message: Any, data: dict[str, Any]) -> tuple[Any, dict]:
        backend = self.env.backend
        channel_id = getattr(message, "channel_id", None) or message.channel.id
        stored = backend.get_message(channel_id, message.id)
        record, payload = base_payload(
            backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=stored.channel_id,
            guild_id=actor.guild.id,
            user_id=actor.id,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(backend, stored))
        record.source_message_id = stored.id
        return record, payload

    async def wave(self, clicks: list[tuple[str, Any, Any, dict[str, Any]]]) -> list[Any]:
        """Deliver every click at once, wait until the bot is idle, time each answer.
        Returns the interactions."""
        built = [
            (kind, *self.payload(actor, message, data)) for kind, actor, message, data in clicks
        ]
        first = len(self.log)
        sent = []
        for kind, record, payload in built:
            sent.append(Sent(kind, record, time.perf_counter() * 1000))
            self.env.backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
        self.record(sent, first)
        return [s.interaction for s in sent]

    def record(self, sent: list[Sent], first: int) -> None:
        requests: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for entry, at in zip(self.log[first:], self.log.times[first:], strict=True):
            parts = entry.path.split("/")
            token = parts[3] if parts[1] in ("interactions", "webhooks") else ""
            requests[token].append((entry.path, at))
        for one in sent:
            answers = requests[one.interaction.token]
            acks = [at for path, at in answers if path.endswith("/callback")]
            assert acks, f"{one.kind}: not acknowledged"
            self.latencies.ack[one.kind].append(acks[0] - one.at)
            self.latencies.answered[one.kind].append(answers[-1][1] - one.at)


def components(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"]]


def next_click(panel: Any, rnd: random.Random) -> tuple[str, dict[str, Any]]:
    """A player's next choice on their panel: Submit when offered, else a random choice."""
    options: list[tuple[str, str, dict[str, Any]]] = []
    for c in components(panel):
        if c["type"] == ComponentType.STRING_SELECT:
            for o in c["options"]:
                data = {
                    "custom_id": c["custom_id"],
                    "component_type": c["type"],
                    "values": [o["value"]],
                }
                options.append((o["label"], SELECT, data))
        else:
            data = {"custom_id": c["custom_id"], "component_type": c["type"]}
            options.append((c["label"], BUTTON, data))
    for label, _, data in options:
        if label == SUBMIT:
            return DONE, data
    going_on = [(kind, data) for label, kind, data in options if not label.startswith(LEFT_ALONE)]
    if not going_on:  # the turn left nothing to draw: take back the last step, as a player would
        going_on = [(kind, data) for label, kind, data in options if label.startswith(UNDO)]
    assert going_on, f"nothing to choose on the panel: {panel.content}"
    return rnd.choice(going_on)


def round_message(channel: Any) -> Any:
    return next(m for m in reversed(channel.history()) if m.components and m.embeds)


def button(message: Any, label: str) -> dict[str, Any]:
    found = next(c for c in components_of(message) if c.get("label") == label)
    return {"custom_id": found["custom_id"], "component_type": ComponentType.BUTTON}


def components_of(message: Any) -> list[dict[str, Any]]:
    """The components of a channel message (a ``discord.Message``) as dicts."""
    return [child.to_dict() for row in message.components for child in row.children]


async def play_round(harness: Harness, channel: Any, players: list[Any], rnd: random.Random) -> int:
    """Every player opens the panel and taps until submitted, all at once; returns the waves."""
    env, bot = harness.env, harness.env.bot
    board = round_message(channel)
    opened = await harness.wave(
        [(OPEN, who, board, button(board, "Play my turn")) for who in players]
    )
    panels = {
        who.id: simcord.InteractionResult(env, i).response
        for who, i in zip(players, opened, strict=True)
    }
    record = await bot.store.last_game_in(channel.id)
    start_round = bot.service.state_of(record).round
    waves = 1
    playing = list(players)
    while playing:
        clicks = []
        for player in playing:
            kind, data = next_click(panels[player.id], rnd)
            clicks.append((kind, player, panels[player.id], data))
        await harness.wave(clicks)
        waves += 1
        record = await bot.store.last_game_in(channel.id)
        state = bot.service.state_of(record)
        if state.round != start_round or state.finished:
            break
        playing = [
            who for who in playing if state.players[record.seat_of(who.id)].status == "playing"
        ]
    return waves


@dataclass
class RoundCount:
    waves: int
    edits: int
    posts: int
    rate_limits: int
    edit_requests: int
    seconds: float


async def run_burst(players: int, rounds: int) -> tuple[Latencies, list[RoundCount]]:
    """The whole burst: a race of ``players`` through the bot, ``rounds`` rounds."""
    rnd = random.Random(12)
    with tempfile.TemporaryDirectory() as folder:
        bot = IslandBot(Path(folder) / "burst.db", job_poll_seconds=600)
        async with simcord.run(bot) as env:
            env.settle_timeout = SETTLE_SECONDS  # a wave of 99 drawings takes seconds
            await env.bot.sync_commands()
            env.bot.add_dynamic_items(Trivial)
            guild = env.create_guild()
            channel = guild.create_text_channel("burst")
            members = [guild.add_member(env.create_user(f"player{k}")) for k in range(players)]
            log = Clock(env.backend.http_requests)
            env.backend.http_requests = log
            harness = Harness(env, log)
            trivial = await env.bot.get_channel(channel.id).send(
                "baseline", view=discord.ui.View().add_item(Trivial())
            )
            await harness.wave(
                [("trivial", m, trivial, button(trivial, "Trivial")) for m in members]
            )
            host = members[0]
            opened = await host.slash(
                channel, "game new", game="islant", options=f"level={LEVEL} cap={players}"
            )
            lobby = opened.response.message
            for member in members[1:]:
                await member.click(lobby, label="Join")
            await host.click(lobby, label="Start")
            counts = []
            publisher = env.bot.publisher
            for number in range(rounds):
                if number == 1:
                    env.inject_error(
                        "PATCH", "/channels/*/messages/*", status=429, times=RATE_LIMITED_EDITS
                    )
                before = (publisher.edits, publisher.posts, publisher.rate_limits, len(log))
                start = time.perf_counter()
                waves = await play_round(harness, channel, members, rnd)
                await publisher.settle()
                patches = sum(
                    1 for e in log[before[3] :] if e.method == "PATCH" and "/channels/" in e.path
                )
                counts.append(
                    RoundCount(
                        waves,
                        publisher.edits - before[0],
                        publisher.posts - before[1],
                        publisher.rate_limits - before[2],
                        patches,
                        time.perf_counter() - start,
                    )
                )
            await harness.wave(
                [("trivial", m, trivial, button(trivial, "Trivial")) for m in members]
            )
            await env.bot.close()  # its store and worker processes
    return harness.latencies, counts


def bench_burst(
    players: int = PLAYERS, rounds: int = ROUNDS
) -> tuple[list[BurstRow], list[tuple[str, ...]]]:
    """Rows of ack latency per kind beside the trivial handler, and the publisher's counts."""
    previous = os.environ.get(WORKERS_VARIABLE)
    os.environ[WORKERS_VARIABLE] = previous or str(machine_cores())
    try:
        latencies, counts = asyncio.run(run_burst(players, rounds))
    finally:
        if previous is None:
            del os.environ[WORKERS_VARIABLE]
    base = latencies.ack.pop("trivial")
    base_p99 = p(base, 0.99)
    latencies.answered.pop("trivial")
    rows: list[BurstRow] = [
        (
            "trivial handler (baseline)",
            str(len(base)),
            f"{statistics.median(base):.1f}",
            f"{base_p99:.1f}",
            "1×",
            f"{max(base):.1f}",
            "",
        )
    ]
    for kind in (OPEN, SELECT, BUTTON, DONE):
        acks, answered = latencies.ack.get(kind, []), latencies.answered.get(kind, [])
        if not acks:
            continue
        p99 = p(acks, 0.99)
        rows.append(
            (
                kind,
                str(len(acks)),
                f"{statistics.median(acks):.1f}",
                f"{p99:.1f}",
                f"{p99 / base_p99:.0f}×",
                f"{max(acks):.1f}",
                f"{statistics.median(answered):.0f} / {p(answered, 0.99):.0f}",
            )
        )
    publisher_rows = [
        (
            f"round {k + 1}",
            f"{c.seconds:.1f}",
            str(c.waves),
            str(c.edits),
            str(c.posts),
            str(c.edit_requests),
            str(c.rate_limits),
        )
        for k, c in enumerate(counts)
    ]
    return rows, publisher_rows
