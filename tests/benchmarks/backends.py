"""The store back-ends side by side: ``python -m tests.benchmarks.bench backends``.

On SQLite and on PostgreSQL in one run: a tiggar islanote move through the game service and a
99-player Islant submission (load, apply, save), each beside a bare commit of the same game row
(the same bytes) on the same back-end; then moves per second with 1, 2 and 4 processes on one
PostgreSQL database. PostgreSQL is the server of ``ISLANDBOT_TEST_POSTGRES`` if set, otherwise
one started for the run from the installed binaries with its durable defaults (every commit
flushed), as in production. Last, a SQLite move with ``synchronous=FULL`` (the default: every
commit on the disk) beside ``NORMAL``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from itertools import count
from pathlib import Path

import asyncpg

from bot.service import GameService
from bot.store import Store
from bot.store.sqlite import SYNCHRONOUS_VARIABLE
from engine import find_game
from tests import postgres_server
from tests.scale.helpers import start_game, user_of

Row = tuple[str, str, str]
MOVES = 60
COMMITS = 200
RACE_PLAYERS = 99
RACE_LEVEL = "5"
RACE_ROUNDS = 2
PROCESSES = (1, 2, 4)
GAMES_PER_PROCESS = 4
MOVES_PER_GAME = 30
_databases = count(1)


def p(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(times: Sequence[float], base: Sequence[float] | None = None) -> str:
    """``p50 / p99 ms``, with the ratios to a baseline's p50 and p99 when given."""
    p50, p99 = statistics.median(times), p(times, 0.99)
    text = f"{p50:.2f} / {p99:.2f} ms"
    if base is not None:
        text += f" ({p50 / statistics.median(base):.1f}× / {p99 / p(base, 0.99):.1f}×)"
    return text


async def bare_commits(store: Store, game_id: int, repeat: int = COMMITS) -> list[float]:
    """A transaction writing the game's row as it stands (the same bytes), committed."""
    record = await store.get_game(game_id)
    assert record is not None and record.state is not None
    state = json.dumps(record.state, separators=(",", ":"))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        async with store.transaction() as tx:
            await tx.execute("UPDATE games SET state = ? WHERE id = ?", (state, game_id))
        times.append((time.perf_counter() - start) * 1000)
    return times


async def service_moves(service: GameService, channel: int) -> tuple[list[float], int]:
    """Timed tiggar islanote moves through the service; returns the times and the game id."""
    game_id = (await start_game(service, channel)).record.id
    rnd = random.Random(3)
    times = []
    for _ in range(MOVES):
        record, state = await service.running(channel)
        game = find_game(record.game)
        seat = min(game.to_move(state))
        text = game.format(game.choose_ai_action(state, seat, rnd))
        start = time.perf_counter()
        result = await service.play(channel, user_of(channel, seat), text)
        times.append((time.perf_counter() - start) * 1000)
        if result.finished:
            break
    return times, game_id


async def race_submissions(service: GameService, channel: int) -> tuple[list[float], int]:
    """Timed submissions of a 99-player level-5 race (not the one closing a round)."""
    options = {"level": RACE_LEVEL, "cap": str(RACE_PLAYERS)}
    started = await start_game(service, channel, "islant", players=RACE_PLAYERS, options=options)
    game = find_game("islant")
    rnd = random.Random(8)
    times = []
    for _ in range(RACE_ROUNDS):
        _, state = await service.running(channel)
        for seat in range(RACE_PLAYERS):
            while (text := game.format(game.choose_ai_action(state, seat, rnd))) != "SUBMIT":
                state = (await service.play(channel, user_of(channel, seat), text)).state
        for seat in sorted(game.to_move(state)):
            start = time.perf_counter()
            result = await service.play(channel, user_of(channel, seat), "SUBMIT")
            if not any(e.kind == "roll" for e in result.events):
                times.append((time.perf_counter() - start) * 1000)
    return times, started.record.id


async def measure(target: str) -> dict[str, list[float]]:
    """Every latency figure on one back-end."""
    store = await Store.open(target)
    try:
        service = GameService(store, seed_source=lambda: 7)
        moves, move_game = await service_moves(service, 1)
        move_commits = await bare_commits(store, move_game)
        submissions, race_game = await race_submissions(service, 2)
        race_commits = await bare_commits(store, race_game)
    finally:
        await store.close()
    return {
        "moves": moves,
        "move_commits": move_commits,
        "submissions": submissions,
        "race_commits": race_commits,
    }


async def throughput(server: str, processes: int) -> tuple[float, float]:
    """Moves per second of ``processes`` bot processes, each playing its own games at once,
    and the bot processes' CPU milliseconds per move."""
    url = await new_database(server)
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.benchmarks.backends",
            url,
            str(1000 * (k + 1)),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[2],
        )
        for k in range(processes)
    ]
    for worker in workers:
        assert worker.stdout is not None
        assert await worker.stdout.readline() == b"ready\n"
    start = time.perf_counter()
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(b"go\n")
        await worker.stdin.drain()
    moves, cpu = 0, 0.0
    for worker in workers:
        assert worker.stdout is not None
        made, seconds = (await worker.stdout.readline()).split()
        moves, cpu = moves + int(made), cpu + float(seconds)
        await worker.wait()
    return moves / (time.perf_counter() - start), cpu * 1000 / moves


async def worker(url: str, first_channel: int) -> None:
    """One process of the throughput run: set its games up, wait for "go", play them at once."""
    store = await Store.open(url)
    service = GameService(store, seed_source=lambda: 7)
    plans = {}
    for channel in range(first_channel, first_channel + GAMES_PER_PROCESS):
        record = (await start_game(service, channel)).record
        plans[channel] = planned_moves(record.options, record.seed, channel)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    cpu = time.process_time()

    async def play(channel: int) -> None:
        for seat, text in plans[channel]:
            await service.play(channel, user_of(channel, seat), text)

    await asyncio.gather(*(play(c) for c in plans))
    print(sum(len(p) for p in plans.values()), time.process_time() - cpu, flush=True)
    await store.close()


def planned_moves(options: dict, seed: int, channel: int) -> list[tuple[int, str]]:
    """The moves a game will take, chosen beforehand so that only the service is timed."""
    game = find_game("tigerisland")
    state = game.new(2, options, seed)
    rnd = random.Random(channel)
    plan = []
    while len(plan) < MOVES_PER_GAME and not game.is_over(state):
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, rnd)
        state, _ = game.apply(state, seat, action)
        plan.append((seat, game.format(action)))
    return plan


async def new_database(server: str) -> str:
    name = f"islandbot_bench_{next(_databases)}"
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return f"{server.rsplit('/', 1)[0]}/{name}"


@asynccontextmanager
async def postgres() -> AsyncIterator[str | None]:
    """A PostgreSQL server for the run, or None when there is none to use."""
    given = os.environ.get("ISLANDBOT_TEST_POSTGRES", "").strip()
    if given or postgres_server.binaries() is None:
        yield given or None
        return
    folder = Path(tempfile.mkdtemp(prefix="islandbot-bench-pg-"))
    try:
        yield postgres_server.start(folder, durable=True)
    finally:
        postgres_server.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


async def sqlite_moves(synchronous: str) -> list[float]:
    """Service moves on SQLite with ``synchronous`` (FULL: every commit on the disk)."""
    os.environ[SYNCHRONOUS_VARIABLE] = synchronous
    try:
        with tempfile.TemporaryDirectory() as tmp:
            store = await Store.open(str(Path(tmp) / f"{synchronous}.db"))
            try:
                service = GameService(store, seed_source=lambda: 7)
                return (await service_moves(service, 1))[0]
            finally:
                await store.close()
    finally:
        os.environ.pop(SYNCHRONOUS_VARIABLE)


async def bench_backends() -> list[Row]:
    """The table's rows: what, SQLite, PostgreSQL."""
    normal = await sqlite_moves("NORMAL")
    full = await sqlite_moves("FULL")
    durability = [
        ("SQLite service move, synchronous=NORMAL", summary(normal), ""),
        ("SQLite service move, synchronous=FULL (× NORMAL)", summary(full, normal), ""),
    ]
    async with postgres() as server:
        with tempfile.TemporaryDirectory() as tmp:
            sqlite = await measure(str(Path(tmp) / "bench.db"))
        if server is None:
            return [*durability, ("PostgreSQL", "skipped: no server binaries and no URL given", "")]
        pg = await measure(await new_database(server))
        rates = {n: await throughput(server, n) for n in PROCESSES}
    rows = [
        (
            "bare commit of the tiggar islanote game row",
            summary(sqlite["move_commits"]),
            summary(pg["move_commits"]),
        ),
        (
            "service move: lock, load, apply, save (× commit)",
            summary(sqlite["moves"], sqlite["move_commits"]),
            summary(pg["moves"], pg["move_commits"]),
        ),
        (
            f"bare commit of the {RACE_PLAYERS}-player race row",
            summary(sqlite["race_commits"]),
            summary(pg["race_commits"]),
        ),
        (
            f"{RACE_PLAYERS}-player Islant submission (× commit)",
            summary(sqlite["submissions"], sqlite["race_commits"]),
            summary(pg["submissions"], pg["race_commits"]),
        ),
    ]
    for n, (rate, cpu) in rates.items():
        ratio = f", {rate / rates[1][0]:.2f}× one process" if n > 1 else ""
        rows.append(
            (
                f"moves per second, {n} process(es) on one database",
                "",
                f"{rate:.0f} ({cpu:.1f} ms bot CPU per move{ratio})",
            )
        )
    return [*rows, *durability]


if __name__ == "__main__":
    asyncio.run(worker(sys.argv[1], int(sys.argv[2])))
