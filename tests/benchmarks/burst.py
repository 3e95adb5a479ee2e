"""A 99-player Islant burst through the real bot (simcord's offline Discord), in one process.

Every player clicks at once, wave after wave: "Play my turn" on the round message, then each
the next choice of their own panel (a select or a button, Submit last), until everyone has
submitted; two rounds. A wave's interactions are all delivered before the bot runs any of them,
as a gateway delivers a burst. Each interaction's acknowledgement latency is the wall time from
its delivery to the bot's first answer (the interaction callback); "answered" is the time to
its last request (the panel edited or sent). The baseline is a trivial button answering at
once (a deferred update), clicked by the same 99 players at once, in the same run.

Then the same race as people tap: each player's taps arrive one at a time, each after a pause
drawn from ``THINK_SECONDS`` (seeded); the pauses run on a loop of their own
(:mod:`tests.benchmarks.pacer`), so that only the taps reach the bot's; once on a quiet
machine and once with another process spinning on a core. simcord's bookkeeping still shares
the bot's loop (it settles whenever one of the bot's timers fires): the loop's processor time
per tap is split between the bot and the rest (:mod:`tests.benchmarks.loop_share`).

Pictures are drawn by worker processes as in production (``ISLANDBOT_RENDER_WORKERS``, the
machine's cores unless set). The publisher's debounce waits run in real time (simcord fires a
timer when its real time comes), so its edits per round are what a real burst of that length
would make. The second round's first board edits meet Discord's 429 (simulated).
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.interactions import base_payload

from bot.client import IslandBot
from bot.panel import NEXT_LABEL
from bot.rendering import WORKERS_VARIABLE
from bot.workers import machine_cores
from tests.benchmarks.loop_share import BOT, LoopShare
from tests.benchmarks.pacer import Pacer
from tests.benchmarks.stats import p
from tests.bot.faces import controls, has_controls, is_card, rows_of, text_of
from tests.loopback.trivial_button import Trivial

PLAYERS = 99
ROUNDS = 2
LEVEL = 5
SUBMIT = "Submit my turn"
PLAY = "Play my turn"
UNDO = "Undo"
LEFT_ALONE = (UNDO, "Stop", "Back")  # choices a player going on with the turn leaves alone
TRIVIAL_KIND = "trivial"
OPEN, SELECT, BUTTON, DONE = "open panel (Play my turn)", "panel select", "panel button", "submit"
RATE_LIMITED_EDITS = 3  # 429s injected on the board's edits in the second round
SETTLE_SECONDS = 300.0
THINK_SECONDS = (0.5, 8.0)  # a person's pause before each tap, in the "as people tap" model
BurstRow = tuple[str, str, str, str, str, str, str]
"""kind, taps, ack p50 / p99 / max, ack p99 ÷ trivial p99, answered p50 / p99 / max, event
loop ms per tap, the waves' floor."""


def token_of(path: str) -> str:
    """The interaction token in a request's path ("" for a request of no interaction)."""
    parts = path.split("/")
    return parts[3] if len(parts) > 3 and parts[1] in ("interactions", "webhooks") else ""


ANSWERING_CALLBACKS = (4, 7)
"""Interaction callbacks that answer by themselves (a message; the message updated)."""


def answers(entry: Any) -> bool:
    """Whether a request shows an interaction's answer: any but its acknowledgement, or a
    callback that is itself the answer."""
    if not entry.path.endswith("/callback"):
        return True
    body = entry.json if isinstance(entry.json, dict) else {}
    return body.get("type") in ANSWERING_CALLBACKS


class Clock(list):
    """simcord's request log, with the wall time (ms) of each request as it is made; the log
    it replaces goes on getting every request too (another test double may read it)."""

    def __init__(self, earlier: list[Any]) -> None:
        super().__init__(earlier)
        self.earlier = earlier
        self.times = [0.0 for _ in self]
        self.waiting: dict[str, tuple[bool, asyncio.Future[None]]] = {}
        """Interaction tokens awaited (see :meth:`expect`)."""

    def append(self, entry: Any) -> None:
        super().append(entry)
        self.earlier.append(entry)
        self.times.append(time.perf_counter() * 1000)
        token = token_of(entry.path)
        if token in self.waiting:
            only_ack, future = self.waiting[token]
            if (only_ack or answers(entry)) and not future.done():
                future.set_result(None)

    def expect(self, token: str, *, only_ack: bool = False) -> asyncio.Future[None]:
        """A future done when the interaction of ``token`` is answered: by a request other
        than its acknowledgement, or (``only_ack``) by its acknowledgement alone."""
        future = asyncio.get_running_loop().create_future()
        self.waiting[token] = (only_ack, future)
        future.add_done_callback(lambda _: self.waiting.pop(token, None))
        return future

    @classmethod
    def on(cls, env: simcord.Env) -> Clock:
        """Time every request ``env``'s backend logs from now on."""
        log = cls(env.backend.http_requests)
        env.backend.http_requests = log
        return log


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
        self.taps: list[Sent] = []
        """Interactions delivered one by one (see :meth:`tap`)."""
        self.delivered = 0
        self.floors: list[tuple[float, float]] = []
        """Per wave: the floor (ms) and the answered p99 (ms), see :class:`Work`."""
        self.double_seconds_per_tap = 0.0
        """The Discord double's processor time per tap (measured on trivial taps)."""

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
        """Deliver every click at once, wait until the bot is idle, time each answer, and
        keep the wave's floor (see :class:`Work`). Returns the interactions."""
        built = [
            (kind, *self.payload(actor, message, data)) for kind, actor, message, data in clicks
        ]
        first = len(self.log)
        sent = []
        cpu = processor_seconds()
        for kind, record, payload in built:
            sent.append(Sent(kind, record, time.perf_counter() * 1000))
            self.env.backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
        cpu = processor_seconds() - cpu - len(sent) * self.double_seconds_per_tap
        answered = self.record(sent, first)
        self.delivered += len(sent)
        self.floors.append((max(cpu, 0.0) * 1000 / machine_cores(), p(answered, 0.99)))
        return [s.interaction for s in sent]

    async def tap(self, kind: str, actor: Any, message: Any, data: dict[str, Any]) -> Any:
        """Deliver one interaction, as a person's tap arrives, and wait until the bot has
        answered it (any request besides the acknowledgement). Returns the interaction; its
        latencies are recorded by :meth:`record` over the whole run."""
        record, payload = self.payload(actor, message, data)
        self.taps.append(Sent(kind, record, time.perf_counter() * 1000))
        self.delivered += 1
        answered = self.log.expect(record.token, only_ack=kind == TRIVIAL_KIND)
        self.env.backend.emit("INTERACTION_CREATE", payload)
        await asyncio.wait_for(answered, SETTLE_SECONDS)
        return record

    def answers_to(self, interaction: Any) -> list[Any]:
        """The bodies of the requests that answered ``interaction``."""
        return [e.json for e in self.log if token_of(e.path) == interaction.token]

    def record(self, sent: list[Sent], first: int) -> list[float]:
        """Time the answers to ``sent`` from the requests logged since ``first``; returns
        their answered latencies."""
        requests: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for entry, at in zip(self.log[first:], self.log.times[first:], strict=True):
            requests[token_of(entry.path)].append((entry.path, at))
        answered = []
        for one in sent:
            answers = requests[one.interaction.token]
            acks = [at for path, at in answers if path.endswith("/callback")]
            assert acks, f"{one.kind}: not acknowledged"
            assert len(acks) == 1, f"{one.kind}: acknowledged {len(acks)} times"
            self.latencies.ack[one.kind].append(acks[0] - one.at)
            answered.append(answers[-1][1] - one.at)
            self.latencies.answered[one.kind].append(answered[-1])
        return answered


def components(message: Any) -> list[dict[str, Any]]:
    return rows_of(message.components)


def choices(panel: Any) -> list[dict[str, Any]]:
    """The panel's choices of a turn: none once it only offers to show the next turn."""
    found = components(panel)
    return [] if [c.get("label") for c in found] == [NEXT_LABEL] else found


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
    assert going_on, f"nothing to choose on the panel: {text_of(panel)}"
    return rnd.choice(going_on)


STALLED_TAPS = 5
"""Taps in a row that leave a player's panel as it was: the benchmark stops and says why."""
ENDLESS_TAPS = 60
"""Taps by one player in one round (a level-5 turn takes about ten): the benchmark stops and
says why."""


class TapLost(RuntimeError):
    """A tap that was never answered (Discord refused its late acknowledgement): its player
    is stuck for the round, as a person seeing "This interaction failed" would be."""


class StalledPanel(RuntimeError):
    """A player's taps no longer change their panel, or never end the turn: the race could
    never end."""

    def __init__(self, panel: Any, answers: list[Any], why: str = "stopped changing") -> None:
        labels = [
            c.get("label") or [o["label"] for o in c.get("options", [])] for c in components(panel)
        ]
        super().__init__(
            f"a panel {why}: {text_of(panel)!r}, components {labels}; "
            f"the last tap was answered with {answers}"
        )


def panel_ids(panel: Any) -> list[str]:
    """The custom ids of a panel's components: they change whenever the panel does."""
    return [c["custom_id"] for c in components(panel)]


def round_message(channel: Any) -> Any:
    """The channel's round message: its newest card with buttons."""
    return next(m for m in reversed(channel.history()) if is_card(m) and has_controls(m))


def button(message: Any, label: str) -> dict[str, Any]:
    """A click on the button of ``message`` (a card or a classic message) labelled ``label``."""
    found = next(c for c in controls(message) if getattr(c, "label", None) == label)
    return {"custom_id": found.custom_id, "component_type": ComponentType.BUTTON}


async def play_round(harness: Harness, channel: Any, players: list[Any], rnd: random.Random) -> int:
    """Every player opens the panel and taps until submitted, all at once; returns the waves."""
    env, bot = harness.env, harness.env.bot
    board = round_message(channel)
    opened = await harness.wave([(OPEN, who, board, button(board, PLAY)) for who in players])
    panels = {
        who.id: simcord.InteractionResult(env, i).response
        for who, i in zip(players, opened, strict=True)
    }
    record = await bot.store.last_game_in(channel.id)
    start_round = bot.service.state_of(record).round
    waves = 1
    playing = list(players)
    unchanged: dict[int, int] = defaultdict(int)
    while playing:
        clicks = []
        for player in playing:
            kind, data = next_click(panels[player.id], rnd)
            clicks.append((kind, player, panels[player.id], data))
        shown = {who.id: panel_ids(panels[who.id]) for who in playing}
        sent = await harness.wave(clicks)
        for (_, who, panel, _), interaction in zip(clicks, sent, strict=True):
            unchanged[who.id] = unchanged[who.id] + 1 if panel_ids(panel) == shown[who.id] else 0
            if unchanged[who.id] >= STALLED_TAPS:
                raise StalledPanel(panel, harness.answers_to(interaction))
            if waves >= ENDLESS_TAPS:
                raise StalledPanel(panel, [], f"took {waves} waves without ending the turn")
        waves += 1
        record = await bot.store.last_game_in(channel.id)
        state = bot.service.state_of(record)
        if state.round != start_round or state.finished:
            break
        playing = [
            who for who in playing if state.players[record.seat_of(who.id)].status == "playing"
        ]
    return waves


ROUND = re.compile(r"Round (\d+)")


def round_of(panel: Any) -> int | None:
    """The round a panel's lines are about (None: a panel without them)."""
    found = ROUND.search(text_of(panel) or "")
    return int(found.group(1)) if found else None


async def play_round_as_people(
    harness: Harness,
    channel: Any,
    players: list[Any],
    rnd: random.Random,
    think: tuple[float, float],
) -> None:
    """Every player opens the panel and taps until submitted, each tap after the player's own
    pause (seeded): taps reach the bot one by one, as people decide. The pauses run off the
    bot's loop (:class:`Pacer`); each tap and the reading of its answer run on it."""
    env = harness.env
    board = round_message(channel)
    pauses = [random.Random(rnd.random()) for _ in players]
    pacer = Pacer(asyncio.get_running_loop())

    async def open_panel(who: Any) -> tuple[Any, int | None]:
        opened = await harness.tap(OPEN, who, board, button(board, PLAY))
        panel = simcord.InteractionResult(env, opened).response
        return panel, round_of(panel)

    async def tap_on(
        who: Any, panel: Any, number: int | None, pause: random.Random
    ) -> tuple[bool, Any]:
        """The player's next tap on ``panel``: whether the turn goes on (False: nothing to
        choose, or the panel moved on to another round) and the tap's interaction when the
        panel stayed as it was (else None)."""
        if not choices(panel) or round_of(panel) != number:
            return False, None
        before = panel_ids(panel)
        kind, data = next_click(panel, pause)
        interaction = await harness.tap(kind, who, panel, data)
        return True, interaction if panel_ids(panel) == before else None

    async def person(who: Any, pause: random.Random) -> None:
        try:
            await taps_of(who, pause)
        except TapLost:
            return

    async def taps_of(who: Any, pause: random.Random) -> None:
        await asyncio.sleep(pause.uniform(*think))
        panel, number = await pacer.on_bot(open_panel(who))
        unchanged = taps = 0
        while True:
            await asyncio.sleep(pause.uniform(*think))
            going_on, same = await pacer.on_bot(tap_on(who, panel, number, pause))
            if not going_on:
                return
            unchanged = unchanged + 1 if same is not None else 0
            if unchanged >= STALLED_TAPS:
                raise StalledPanel(panel, harness.answers_to(same))
            taps += 1
            if taps >= ENDLESS_TAPS:
                raise StalledPanel(panel, [], f"took {taps} taps without ending the turn")

    async def everyone() -> None:
        await asyncio.gather(*(person(w, q) for w, q in zip(players, pauses, strict=True)))

    await pacer.play(everyone())


@dataclass
class RoundCount:
    waves: int
    edits: int
    posts: int
    rate_limits: int
    edit_requests: int
    seconds: float


@dataclass
class Work:
    """Where a run's processor time went: the event loop's thread per tap, and each wave's
    floor (all processor time of the bot and its workers during the wave, less the Discord
    double's share measured on the trivial taps, divided by the cores) beside its answered
    p99."""

    loop_ms_per_tap: float = 0.0
    trivial_loop_ms_per_tap: float = 0.0
    bot_loop_ms_per_tap: float = 0.0
    """The bot's own share of ``loop_ms_per_tap`` (the rest is the Discord double's and the
    benchmark's, see :class:`LoopShare`)."""
    trivial_bot_loop_ms_per_tap: float = 0.0
    floors: list[tuple[float, float]] = field(default_factory=list)
    """(floor ms, answered p99 ms) per wave of the wave model."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the garbage collector of this process (the Discord double and the players) for
    a timed run: the double holds every message the bot made, and a full collection of
    them stopped its loop for up to 0.3 s in a race, so every acknowledgement and answer
    Discord would have taken at once waited for it (Discord's servers do not pause for the
    bot's sake). What is left is collected once the run is over."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


def spin() -> subprocess.Popen[bytes]:
    """Another process spinning on a core (the busy machine): kill it when done."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def processor_seconds() -> float:
    """Processor seconds of this process (all threads) and its live children (the workers)."""
    total = time.process_time()
    me = str(os.getpid())
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:  # the parent's pid; utime and stime follow at 11 and 12
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


async def run_burst(
    players: int,
    rounds: int,
    *,
    arrival: str = "waves",
    think: tuple[float, float] = THINK_SECONDS,
    busy: bool = False,
) -> tuple[Latencies, list[RoundCount], Work]:
    """The whole burst: a race of ``players`` through the bot, ``rounds`` rounds, the taps
    arriving in ``arrival``: ``"waves"`` (everyone at once, wave after wave) or ``"people"``
    (one by one, each after a pause drawn from ``think`` seconds). ``busy`` keeps another
    process spinning on a core meanwhile."""
    rnd = random.Random(12)
    work = Work()
    spinner = None
    with tempfile.TemporaryDirectory() as folder:
        bot = IslandBot(Path(folder) / "burst.db", job_poll_seconds=600)
        async with simcord.run(bot) as env:
            env.settle_timeout = SETTLE_SECONDS  # a wave of 99 drawings takes seconds
            await env.bot.sync_commands()
            env.bot.add_dynamic_items(Trivial)
            guild = env.create_guild()
            channel = guild.create_text_channel("burst")
            members = [guild.add_member(env.create_user(f"player{k}")) for k in range(players)]
            log = Clock.on(env)
            harness = Harness(env, log)
            trivial = await env.bot.get_channel(channel.id).send(
                "baseline", view=discord.ui.View().add_item(Trivial())
            )
            if busy:
                spinner = spin()
            with LoopShare() as share:
                work.trivial_loop_ms_per_tap = await trivial_taps(
                    harness, trivial, members, arrival
                )
            work.trivial_bot_loop_ms_per_tap = share.ms_per(BOT, len(members))
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
            harness.double_seconds_per_tap = work.trivial_loop_ms_per_tap / 1000
            loop_start, delivered = time.thread_time(), harness.delivered
            harness.floors.clear()  # the race's waves only
            with LoopShare() as race_share:
                for number in range(rounds):
                    if number == 1:
                        env.inject_error(
                            "PATCH", "/channels/*/messages/*", status=429, times=RATE_LIMITED_EDITS
                        )
                    before = (publisher.edits, publisher.posts, publisher.rate_limits, len(log))
                    start = time.perf_counter()
                    if arrival == "people":
                        await play_round_as_people(harness, channel, members, rnd, think)
                        waves = 0
                    else:
                        waves = await play_round(harness, channel, members, rnd)
                    await publisher.settle()
                    patches = sum(
                        1
                        for e in log[before[3] :]
                        if e.method == "PATCH" and "/channels/" in e.path
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
            taps = harness.delivered - delivered
            work.loop_ms_per_tap = (time.thread_time() - loop_start) * 1000 / max(1, taps)
            work.bot_loop_ms_per_tap = race_share.ms_per(BOT, taps)
            work.floors = list(harness.floors)
            await trivial_taps(harness, trivial, members, arrival)
            harness.record(harness.taps, 0)
            await env.bot.close()  # its store and worker processes
    if spinner is not None:
        spinner.kill()
        spinner.wait()
    return harness.latencies, counts, work


async def trivial_taps(
    harness: Harness, trivial: Any, members: list[Any], arrival: str, taps: int = 1
) -> float:
    """Every member taps the trivial button ``taps`` times: all at once (``"waves"``, a wave
    per tap), one by one within two seconds (``"people"``, a pass per tap), or all starting
    at once and each tapping again as soon as its last tap is answered (``"closed"``, as the
    race's players do with no pause); returns the event loop's processor ms per tap."""
    click = button(trivial, "Trivial")
    start = time.thread_time()
    if arrival == "closed":

        async def again(who: Any) -> None:
            for _ in range(taps):
                await harness.tap(TRIVIAL_KIND, who, trivial, click)

        await asyncio.gather(*(again(m) for m in members))
        return (time.thread_time() - start) * 1000 / (taps * len(members))
    for _ in range(taps):
        await _trivial_pass(harness, trivial, members, arrival, click)
    return (time.thread_time() - start) * 1000 / (taps * len(members))


async def _trivial_pass(
    harness: Harness, trivial: Any, members: list[Any], arrival: str, click: dict[str, Any]
) -> None:
    """Every member taps the trivial button once (see :func:`trivial_taps`)."""
    if arrival == "people":
        pauses = random.Random(5)
        pacer = Pacer(asyncio.get_running_loop())

        async def person(who: Any, pause: float) -> None:
            await asyncio.sleep(pause)
            await pacer.on_bot(harness.tap(TRIVIAL_KIND, who, trivial, click))

        async def everyone() -> None:
            await asyncio.gather(*(person(m, pauses.uniform(0, 2)) for m in members))

        await pacer.play(everyone())
    else:
        await harness.wave([(TRIVIAL_KIND, m, trivial, click) for m in members])


MODELS = (
    ("at once (waves)", "waves", False),
    ("as people tap", "people", False),
    ("as people tap, busy machine", "people", True),
)
"""The arrival models the benchmark runs: (title, arrival, another process spinning)."""
DEADLINE_MS = 3000.0  # Discord's: an interaction acknowledged later fails (10062)


def bench_burst(
    players: int = PLAYERS, rounds: int = ROUNDS, think: tuple[float, float] = THINK_SECONDS
) -> tuple[list[BurstRow], list[tuple[str, ...]]]:
    """Per arrival model: rows of ack and answered latency per kind beside the trivial
    handler's, and a row of the event loop's work per tap and the waves' floor; then the
    publisher's counts per round."""
    previous = os.environ.get(WORKERS_VARIABLE)
    os.environ[WORKERS_VARIABLE] = previous or str(machine_cores())
    rows: list[BurstRow] = []
    publisher_rows: list[tuple[str, ...]] = []
    try:
        for title, arrival, busy in MODELS:
            latencies, counts, work = asyncio.run(
                run_burst(players, rounds, arrival=arrival, think=think, busy=busy)
            )
            rows += model_rows(title, latencies, work)
            publisher_rows += [
                (
                    f"{title}, round {k + 1}",
                    f"{c.seconds:.1f}",
                    str(c.waves),
                    str(c.edits),
                    str(c.posts),
                    str(c.edit_requests),
                    str(c.rate_limits),
                )
                for k, c in enumerate(counts)
            ]
    finally:
        if previous is None:
            del os.environ[WORKERS_VARIABLE]
    return rows, publisher_rows


def model_rows(title: str, latencies: Latencies, work: Work) -> list[BurstRow]:
    """One model's rows: the trivial handler, each kind of tap, and where the work went."""
    base = latencies.ack.pop(TRIVIAL_KIND)
    base_p99 = p(base, 0.99)
    latencies.answered.pop(TRIVIAL_KIND)
    rows: list[BurstRow] = [
        (
            f"{title}: trivial handler (baseline)",
            str(len(base)),
            f"{statistics.median(base):.1f} / {base_p99:.1f} / {max(base):.1f}",
            "1×",
            "",
            f"{work.trivial_loop_ms_per_tap:.2f} / {work.trivial_bot_loop_ms_per_tap:.2f}",
            "",
        )
    ]
    late = 0
    for kind in (OPEN, SELECT, BUTTON, DONE):
        acks, answered = latencies.ack.get(kind, []), latencies.answered.get(kind, [])
        if not acks:
            continue
        late += sum(1 for ms in acks if ms > DEADLINE_MS)
        rows.append(
            (
                f"{title}: {kind}",
                str(len(acks)),
                f"{statistics.median(acks):.1f} / {p(acks, 0.99):.1f} / {max(acks):.1f}",
                f"{p(acks, 0.99) / base_p99:.1f}×",
                f"{statistics.median(answered):.0f} / {p(answered, 0.99):.0f} / "
                f"{max(answered):.0f}",
                "",
                "",
            )
        )
    floor = ""
    if work.floors:
        ratios = [answered / max(ms, 1.0) for ms, answered in work.floors]
        floor = (
            f"floor p50 {statistics.median(ms for ms, _ in work.floors):.0f} ms; answered p99 "
            f"÷ floor p50 {statistics.median(ratios):.1f}×, max {max(ratios):.1f}×"
        )
    rows.append(
        (
            f"{title}: all taps",
            str(sum(len(a) for a in latencies.ack.values())),
            "",
            "",
            f"acks over 3 s: {late}",
            f"{work.loop_ms_per_tap:.2f} / {work.bot_loop_ms_per_tap:.2f}",
            floor,
        )
    )
    return rows
