"""Many games at once on one store: ``python -m tests.benchmarks.bench load``.

150 tiggar islanote games (two people each) are played to their end through the game service,
all at once: each game's next move is sent as soon as the last one is answered, as a channel
of quick players would. Every move is bounded as an interaction's database work is before its
answer (:func:`bot.store.answer_within`, 2 s): a move whose wait runs out is refused ("the
game's storage is not answering"), and an answer after Discord's 3 s would come too late. The
baseline, in the same run and on the same back-end, is one game played alone, move after move.
CPU is this process's (the service, the engine and the driver's own work); on PostgreSQL the
database server's own CPU per move is added beside it when the server runs on this machine
(its processes read from ``/proc``), as SQLite's work is in this process.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import asyncpg

from bot.service import GameService
from bot.store import StorageTimeout, Store, answer_within
from engine import find_game
from tests.benchmarks.backends import new_database, postgres
from tests.benchmarks.stats import p
from tests.scale.helpers import start_game, user_of

GAMES = 150
LATE_MS = 3000.0
SETTLE_SECONDS = 1.0
"""How long after a refusal the driver looks whether the move was saved all the same."""
Row = tuple[str, str, str, str, str, str]
HEADER = (
    "games at once",
    "moves",
    "moves/s",
    "answer p50 / p99 / max ms",
    "refused / late / refused but saved",
    "CPU ms per move",
)


def whole_game(options: dict, seed: int, channel: int) -> list[tuple[int, str]]:
    """Every move of one game to its end (the computer's choices), worked out beforehand so
    that only the service is measured."""
    game = find_game("tigerisland")
    state = game.new(2, options, seed)
    rnd = random.Random(channel)
    moves = []
    while not game.is_over(state):
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, rnd)
        state, _ = game.apply(state, seat, action)
        moves.append((seat, game.format(action)))
    return moves


async def play(
    service: GameService, channel: int, moves: list[tuple[int, str]], times: list[float]
) -> tuple[int, int]:
    """A game's moves, each as an interaction's work; the number refused, and of those the
    number saved all the same (a COMMIT that passed its deadline check, then took longer to
    finish than the bot waited: the player was told it failed). A refused move that was not
    saved is made again, as its player would."""
    refused = saved_anyway = 0
    record = await service.running_record(channel)
    game_id, version = record.id, record.version
    for seat, text in moves:
        while True:
            start = time.perf_counter()
            answer_within(lambda: False)  # the interaction is answered once the move is saved
            try:
                result = await service.play(channel, user_of(channel, seat), text)
            except StorageTimeout:
                times.append((time.perf_counter() - start) * 1000)
                refused += 1
                answer_within(lambda: True)  # looking afterwards, as background work
                await asyncio.sleep(SETTLE_SECONDS)  # a COMMIT still under way ends
                now = await service.store.get_game(game_id)
                if now is None or now.version == version:
                    continue
                saved_anyway, version = saved_anyway + 1, now.version
                break
            times.append((time.perf_counter() - start) * 1000)
            version = result.record.version
            break
    return refused, saved_anyway


async def server_process(target: str) -> int | None:
    """The PostgreSQL server's main process when it runs on this machine (None otherwise)."""
    conn = await asyncpg.connect(target)
    try:  # read while the connection's server process is still there
        return int(_stat(await conn.fetchval("SELECT pg_backend_pid()"))[1])
    except OSError:
        return None
    finally:
        await conn.close()


def server_cpu(postmaster: int) -> float:
    """CPU seconds of the server: its main process with the children it reaped (connections
    that ended) and those still running (connections, the WAL writer, the checkpointer)."""
    fields = _stat(postmaster)
    total = sum(int(f) for f in fields[11:15])
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                child = _stat(int(entry))
            except OSError:
                continue
            if int(child[1]) == postmaster:
                total += int(child[11]) + int(child[12])
    return total / os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    """``/proc/PID/stat`` after the command name: state, parent, …, utime at index 11."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


async def load(
    service: GameService, games: int, first_channel: int, server: int | None = None
) -> Row:
    """``games`` games set up, then played at once; their row (with the database server's
    CPU, ``server`` being its main process)."""
    plans = {}
    for channel in range(first_channel, first_channel + games):
        record = (await start_game(service, channel)).record
        plans[channel] = whole_game(record.options, record.seed, channel)
    times: list[float] = []
    server_before = server_cpu(server) if server else 0.0
    cpu, start = time.process_time(), time.perf_counter()
    played = await asyncio.gather(*(play(service, c, m, times) for c, m in plans.items()))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    server_ms = (server_cpu(server) - server_before) * 1000 if server else 0.0
    late = sum(ms > LATE_MS for ms in times)
    refused, saved_anyway = (sum(counts) for counts in zip(*played, strict=True))
    saved = len(times) - refused + saved_anyway
    return (
        f"{service.store.backend}: {games}",
        str(saved),
        f"{saved / wall:.0f}",
        f"{statistics.median(times):.1f} / {p(times, 0.99):.1f} / {max(times):.1f}",
        f"{refused} / {late} / {saved_anyway}",
        f"{cpu * 1000 / saved:.2f}" + (f" (+{server_ms / saved:.2f} server)" if server else ""),
    )


async def rows_on(target: str, games: int) -> list[Row]:
    """One game alone (the baseline), then ``games`` at once, on the store at ``target``."""
    store = await Store.open(target)
    server = await server_process(target) if store.backend == "postgresql" else None
    try:
        service = GameService(store, seed_source=lambda: 7)
        alone = await load(service, 1, 1, server)
        crowd = await load(service, games, 1000, server)
    finally:
        await store.close()
    return [(f"{alone[0]} alone (baseline)", *alone[1:]), crowd]


async def bench_many_games(games: int = GAMES) -> list[Row]:
    """Rows for SQLite, then PostgreSQL when a server can be had."""
    with tempfile.TemporaryDirectory() as folder:
        rows = await rows_on(str(Path(folder) / "load.db"), games)
    async with postgres() as server:
        if server is not None:
            rows += await rows_on(await new_database(server), games)
    return rows
