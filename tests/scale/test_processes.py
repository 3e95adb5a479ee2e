"""Several bot processes on one PostgreSQL database: due jobs run once across processes, and a
process killed between loading and saving a game loses nothing; its jobs are taken over once
its lease runs out."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot.jobs import LEASE, JobRunner
from bot.service import GameService
from bot.store import DuplicateInteraction, LoggedAction, Store, VersionConflict
from bot.timers import TIMEOUT

from .helpers import Clock, play_moves, start_game

ROOT = Path(__file__).resolve().parents[2]
TIMERS = {"first_player": "0", "reminder_hours": "1", "timeout_hours": "2"}
GAMES = 12


async def test_two_processes_claiming_the_same_due_jobs_run_each_once(postgres_url) -> None:
    clock = Clock()
    stores = [await Store.open(postgres_url) for _ in range(2)]  # two pools: two processes
    try:
        services = [GameService(store, now=clock) for store in stores]
        games = [
            (await start_game(services[0], channel, options=TIMERS)).record.id
            for channel in range(1, GAMES + 1)
        ]
        due = {job.id: job for g in games for job in await stores[0].pending_jobs(g)}
        assert len(due) == 2 * GAMES  # a reminder and a timeout each
        clock.advance(hours=3)

        runs = await asyncio.gather(*(JobRunner(services[k % 2]).run_due() for k in range(4)))

        ran = Counter(outcome.job.id for outcomes in runs for outcome in outcomes)
        assert ran == Counter(list(due))  # every due job once, none twice
        for game_id in games:
            timeouts = [j for j in due.values() if j.game_id == game_id and j.kind == TIMEOUT]
            log = await stores[1].actions(game_id)
            assert [a.interaction_id for a in log].count(-timeouts[0].id) == 1
        assert await JobRunner(services[1]).run_due() == []
    finally:
        for store in stores:
            await store.close()


async def test_the_same_interaction_saved_by_two_processes_at_once_lands_once(
    postgres_url,
) -> None:
    clock = Clock()
    stores = [await Store.open(postgres_url) for _ in range(2)]
    try:
        record = (await start_game(GameService(stores[0], now=clock), 3)).record
        move = LoggedAction(0, 301, "PASS", 555)

        async def save(store: Store) -> int:
            return await store.save_move(
                record.id, expected_version=record.version, state={}, actions=[move], now=clock()
            )

        outcomes = await asyncio.gather(*(save(s) for s in stores), return_exceptions=True)

        conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
        assert len(conflicts) == 1 and record.version + 1 in outcomes  # one saved, one refused
        with pytest.raises(DuplicateInteraction):  # retried on the new version: still once
            await stores[1].save_move(
                record.id,
                expected_version=record.version + 1,
                state={},
                actions=[move],
                now=clock(),
            )
        log = await stores[1].actions(record.id)
        assert [a.interaction_id for a in log].count(555) == 1
        assert (await stores[1].get_game(record.id)).version == record.version + 1
    finally:
        for store in stores:
            await store.close()


async def test_a_process_killed_between_load_and_save_loses_nothing_and_its_jobs_are_taken_over(
    postgres_url,
) -> None:
    clock = Clock()
    store = await Store.open(postgres_url)
    try:
        service = GameService(store, now=clock)
        channel = 7
        options = {"first_player": "0", "reminder_hours": "0", "timeout_hours": "1"}
        started = (await start_game(service, channel, options=options)).record
        logged = len(await store.actions(started.id))

        worker = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.scale.killed_worker",
            postgres_url,
            str(channel),
            stdout=asyncio.subprocess.PIPE,
            cwd=ROOT,
        )
        assert worker.stdout is not None
        assert await asyncio.wait_for(worker.stdout.readline(), 120) == b"saved\n"
        assert await asyncio.wait_for(worker.stdout.readline(), 120) == b"loaded\n"
        worker.send_signal(signal.SIGKILL)
        assert await worker.wait() == -signal.SIGKILL

        record = await store.get_game(started.id)
        assert record is not None and record.version == started.version + 1
        log = await store.actions(started.id)
        assert len(log) == logged + 1  # the move it saved is there, the one it was making not
        (held,) = await store.pending_jobs(started.id)
        assert held.kind == TIMEOUT

        clock.advance(hours=4, seconds=LEASE.total_seconds() / 2)  # the lease still runs
        assert await JobRunner(service).run_due() == []
        clock.advance(seconds=LEASE.total_seconds())  # it ran out: the restart takes over
        (taken,) = await JobRunner(service).run_due()
        assert taken.job.id == held.id and taken.move is not None
        assert await JobRunner(service).run_due() == []
        log = await store.actions(started.id)
        assert [a.interaction_id for a in log].count(-held.id) == 1
        assert await play_moves(service, channel, 2) == 2  # and the game goes on
    finally:
        await store.close()
