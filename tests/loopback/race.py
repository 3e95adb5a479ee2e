"""An Islant race as people tap, through a real bot process and the loopback fake Discord.

The fake (:mod:`tests.loopback.fake_discord`) and the players run in this process; the bot
runs in its own (:mod:`tests.loopback.bot_main`), so nothing but the bot is on the bot's event
loop. A server with a text channel and the players (display names of 32 emoji characters) is
made; first a baseline bot whose button only acknowledges is tapped by every player, one
by one within two seconds, three times over; then the real bot hosts a level-5 race: the host
opens it, everyone joins, and each round every player opens their panel and taps through it,
each tap after their own seeded pause (:func:`tests.benchmarks.burst.play_round_as_people`,
the decision logic the in-process burst uses too). Per tap: "ack" is the time from sending
its INTERACTION_CREATE to its callback reaching the fake; "answered" is until the request
that shows its result.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from tests.benchmarks import burst
from tests.benchmarks.burst import Clock, Harness, Latencies, Sent, TapLost, spin, trivial_taps
from tests.bot.discord_limits import violations
from tests.bot.faces import controls, text_of
from tests.loopback.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
EMOJI = "🏝️🐢🌋🌊"
NAME_LENGTH = 32  # characters of each player's display name
READY_SECONDS = 120.0  # a bot process's start (imports, store, commands)
ANSWER_SECONDS = 60.0  # a tap not answered by then is lost (its player stops)
STOP_SECONDS = 30.0  # a bot process's graceful stop
QUIET_SECONDS = 1.0  # no request for this long: the bot has finished showing a step
During = Callable[[Path], AbstractAsyncContextManager[Any]]
"""What runs while a race's rounds are played, given the bot's database folder."""
TRIVIAL_PASSES = 3  # taps of the baseline per player: its processor time is read in 10 ms ticks
TRIVIAL_TAPS = 1000
"""At least this many taps of the baseline with no pause between them (it then answers each
in about 0.3 ms of processor time: a thousand of them are 30 of the 10 ms ticks it is read in)."""


def display_name(number: int) -> str:
    """A player's display name: emoji, then the number, 32 characters in all."""
    tail = str(number)
    head = (EMOJI * NAME_LENGTH)[: NAME_LENGTH - len(tail)]
    return head + tail


class LoopbackHarness(Harness):
    """The in-process burst's harness, with the bot across a socket: a tap that is never
    answered is counted, not waited for, and taps Discord refused are left out of the
    acknowledgement times (they have none)."""

    def __init__(self, fake: FakeDiscord, log: Clock) -> None:
        super().__init__(fake.env, log)
        self.fake = fake
        self.lost: list[Sent] = []

    async def tap(self, kind: str, actor: Any, message: Any, data: dict[str, Any]) -> Any:
        try:
            return await asyncio.wait_for(super().tap(kind, actor, message, data), ANSWER_SECONDS)
        except TimeoutError:
            self.lost.append(self.taps[-1])
            raise TapLost(f"{kind} by {actor.id} never answered") from None

    def record(self, sent: list[Sent], first: int) -> list[float]:
        refused = {int(r.path.split("/")[2]) for r in self.fake.refused(10062)}
        lost = {id(s) for s in self.lost}
        kept = [s for s in sent if s.interaction.id not in refused and id(s) not in lost]
        return super().record(kept, first)


@dataclass
class BotCpu:
    """Processor seconds of a bot process: its main thread (the event loop) and in all,
    with its worker processes; and how many times its main thread went to sleep (its
    voluntary context switches: the loop waiting for something, then woken)."""

    loop: float = 0.0
    total: float = 0.0
    sleeps: int = 0

    def __sub__(self, before: BotCpu) -> BotCpu:
        """What the process used between ``before`` and this reading."""
        return BotCpu(
            self.loop - before.loop, self.total - before.total, self.sleeps - before.sleeps
        )


def cpu_of(pid: int) -> BotCpu:
    """The processor time so far of process ``pid``'s main thread and of it with its
    children, and its main thread's sleeps so far."""
    ticks = os.sysconf("SC_CLK_TCK")

    def seconds(stat: Path) -> tuple[int, float]:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        return int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks

    main = Path(f"/proc/{pid}/task/{pid}")
    _, loop = seconds(main / "stat")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent, used = seconds(entry / "stat")
        except OSError:
            continue
        if int(entry.name) == pid or parent == pid:
            total += used
    return BotCpu(loop, total, voluntary_switches(main / "status"))


def voluntary_switches(status: Path) -> int:
    """A thread's voluntary context switches so far (from its ``status`` file)."""
    for line in status.read_text().splitlines():
        if line.startswith("voluntary_ctxt_switches:"):
            return int(line.split()[1])
    return 0


@asynccontextmanager
async def bot_process(
    fake: FakeDiscord,
    kind: str,
    argument: str,
    started: list[subprocess.Popen[str]],
    env: Mapping[str, str] | None = None,
) -> AsyncIterator[Any]:
    """A bot process (:mod:`tests.loopback.bot_main`; ``kind`` "bare": a bare discord.py
    client, :mod:`tests.loopback.bare_main`) connected to ``fake``, in a session of its own
    (added to ``started``), with ``env`` added to its environment; yields the process and the
    rest of its ``ready`` line. Stopped by SIGTERM at the end (its whole session killed if it
    does not end)."""
    command = (
        ["tests.loopback.bare_main", fake.url]
        if kind == "bare"
        else ["tests.loopback.bot_main", fake.url, kind, argument]
    )
    process = subprocess.Popen(
        [sys.executable, "-m", *command],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        start_new_session=True,
    )
    started.append(process)
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), READY_SECONDS)
        assert line.startswith("ready"), f"the {kind} bot did not start: {line!r}"
        yield process, line.removeprefix("ready").strip()
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.to_thread(process.wait, STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


async def quiet(log: Clock, seconds: float = QUIET_SECONDS) -> None:
    """Wait until no request has reached the fake for ``seconds``."""
    while True:
        seen = len(log)
        await asyncio.sleep(seconds)
        if len(log) == seen:
            return


@dataclass
class Race:
    """What one run measured."""

    latencies: Latencies
    taps: int
    bot_cpu: BotCpu
    trivial_cpu: BotCpu
    trivial_taps: int
    refusals: dict[str, int] = field(default_factory=dict)
    lost: int = 0
    violations: list[str] = field(default_factory=list)
    sessions: list[int] = field(default_factory=list)
    """The bot processes' ids (each led a session of its own)."""
    stopped: list[int] = field(default_factory=list)
    """Their exit statuses."""
    seconds: float = 0.0
    """The run's wall time, start to end (set by :func:`time_race`)."""


async def run_race(
    players: int,
    rounds: int,
    *,
    think: tuple[float, float] = burst.THINK_SECONDS,
    busy: bool = False,
    level: int = burst.LEVEL,
    seed: int = 12,
    web_port: int | None = None,
    during: During | None = None,
) -> Race:
    """The baseline taps, then a race of ``players`` for ``rounds`` rounds as people tap
    (``busy``: another process spins on a core meanwhile). With ``web_port`` the island
    bot serves its pages there (from its page process); ``during(database)`` runs while the
    rounds are played (e.g. a flood of page requests)."""
    fake = FakeDiscord()
    await fake.start()
    env = fake.env
    guild = env.create_guild("Loopback")
    channel = guild.create_text_channel("race")
    members = [
        guild.add_member(env.create_user(f"player{k}", global_name=display_name(k)))
        for k in range(players)
    ]
    log = Clock.on(env)
    harness = LoopbackHarness(fake, log)
    spinner = spin() if busy else None
    sessions: list[subprocess.Popen[str]] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with bot_process(fake, "trivial", str(channel.id), sessions) as (
                process,
                message_id,
            ):
                trivial = next(m for m in channel.history() if m.id == int(message_id))
                before = cpu_of(process.pid)
                arrival = arrival_of(think)
                taps = trivial_taps_each(arrival, len(members))
                await trivial_taps(harness, trivial, members, arrival, taps)
                after = cpu_of(process.pid)
                trivial_cpu = after - before
            web = {} if web_port is None else pages_env(web_port)
            async with bot_process(fake, "island", folder, sessions, web) as (process, _):
                if web_port is not None:  # its start-up is over before anyone taps
                    await listening(web_port)
                await open_race(harness, channel, members, level)
                rnd = random.Random(seed)
                meanwhile = nullcontext() if during is None else during(Path(folder))
                async with meanwhile:
                    before, delivered = cpu_of(process.pid), harness.delivered
                    for _ in range(rounds):
                        await play_round(harness, channel, members, rnd, think)
                    after = cpu_of(process.pid)
            harness.record(harness.taps, 0)
    finally:
        await fake.stop()
        if spinner is not None:
            spinner.kill()
            spinner.wait()
    codes: dict[str, int] = {}
    for refusal in fake.refusals:
        key = str(refusal.code or refusal.status)
        codes[key] = codes.get(key, 0) + 1
    return Race(
        harness.latencies,
        harness.delivered - delivered,
        after - before,
        trivial_cpu,
        taps * len(members),
        codes,
        len(harness.lost),
        violations(log),
        [process.pid for process in sessions],
        [process.returncode for process in sessions],
    )


def arrival_of(think: tuple[float, float]) -> str:
    """The trivial baseline's arrivals for a race whose players pause ``think`` seconds: with
    no pause, everyone at once and each again on its answer, as the race's players."""
    return "closed" if think == (0.0, 0.0) else "people"


def trivial_taps_each(arrival: str, players: int) -> int:
    """How many times each player taps the baseline: enough taps for its processor time to
    be read (see :data:`TRIVIAL_TAPS`)."""
    if arrival == "people":
        return TRIVIAL_PASSES
    return max(TRIVIAL_PASSES, -(-TRIVIAL_TAPS // players))


async def open_race(harness: LoopbackHarness, channel: Any, members: list[Any], level: int) -> None:
    """The host opens a race for everyone, all join and the host starts it."""
    host = members[0]
    await host.slash(
        channel, "game new", game="islant", options=f"level={level} cap={len(members)}"
    )
    await quiet(harness.log)
    lobby = burst.round_message(channel)  # the newest card with buttons
    await click(harness, [(m, lobby, "Join") for m in members[1:]])
    await shown(lambda: joined(burst.round_message(channel), len(members)))
    await click(harness, [(host, lobby, "Start")])
    await shown(lambda: has_button(burst.round_message(channel), burst.PLAY))


async def shown(check: Callable[[], bool], seconds: float = READY_SECONDS) -> None:
    """Wait until ``check()`` holds (what the bot posts can come after a quiet second, the
    worker processes starting on a busy machine); a check that raises has not held yet."""
    deadline = time.perf_counter() + seconds
    while True:
        with suppress(StopIteration, LookupError):
            if check():
                return
        if time.perf_counter() > deadline:
            raise TimeoutError("the bot never showed what was waited for")
        await asyncio.sleep(0.2)


def joined(lobby: Any, players: int) -> bool:
    """Whether the lobby card names ``players`` players (every join was saved: a quiet
    second alone does not prove it on a busy machine)."""
    return f"Players ({players}/" in text_of(lobby)


def has_button(message: Any, label: str) -> bool:
    return any(getattr(c, "label", None) == label for c in controls(message))


async def click(harness: LoopbackHarness, clicks: list[tuple[Any, Any, str]]) -> None:
    """Each (member, message, label): the member clicks that button, all at once; returns
    once the bot has answered them all and gone quiet."""
    for member, message, label in clicks:
        _, payload = harness.payload(member, message, burst.button(message, label))
        harness.env.backend.emit("INTERACTION_CREATE", payload)
    await quiet(harness.log)


async def play_round(
    harness: LoopbackHarness,
    channel: Any,
    members: list[Any],
    rnd: random.Random,
    think: tuple[float, float],
) -> None:
    """One round as people tap (a lost tap ends its player's round), then the round's close
    is waited for."""
    await burst.play_round_as_people(harness, channel, members, rnd, think)
    await quiet(harness.log, 2 * QUIET_SECONDS)


async def listening(port: int) -> None:
    """Wait until the bot's page process answers on ``port`` (it starts after the bot)."""
    async with asyncio.timeout(READY_SECONDS), aiohttp.ClientSession() as session:
        while True:
            with suppress(aiohttp.ClientConnectionError):
                async with session.get(f"http://127.0.0.1:{port}/static/style.css") as answer:
                    if answer.status == 200:
                        return
            await asyncio.sleep(0.2)


def pages_env(port: int) -> dict[str, str]:
    """The environment that has the bot serve its pages on ``port`` of this machine."""
    return {"ISLANDBOT_WEB_URL": f"http://127.0.0.1:{port}", "ISLANDBOT_WEB_PORT": str(port)}


def time_race(**options: Any) -> Race:
    """:func:`run_race` to its end (for a benchmark or a test), this process's garbage
    collector paused meanwhile (:func:`tests.benchmarks.burst.collector_paused`)."""
    start = time.perf_counter()
    with burst.collector_paused():
        race = asyncio.run(run_race(**options))
    race.seconds = time.perf_counter() - start
    return race
