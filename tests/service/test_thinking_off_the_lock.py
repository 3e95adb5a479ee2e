"""Computers think without holding the channel's lock: people's moves are saved meanwhile,
and the computers' moves are then saved on the latest state with the usual version check."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.service import GameService
from bot.timers import COMPUTERS
from engine import find_game

from .conftest import ALICE, CHANNEL, Sink, open_lobby

ISLANT = find_game("islant")
TIGER = find_game("tigerisland")


class HeldThinking:
    """Computers that decide only once the test lets them (as a long search would)."""

    def __init__(self, service: GameService) -> None:
        self.started = asyncio.Event()
        self.go = asyncio.Event()
        self.decisions = 0
        choose = service.computers.choose

        async def held(game: Any, state: Any, seat: int, seed: str, level: str) -> Any:
            self.started.set()
            await self.go.wait()
            self.decisions += 1
            return await choose(game, state, seat, seed, level)

        service.computers.choose = held  # type: ignore[method-assign]


async def computers_job(service: GameService, game_id: int):
    (job,) = [j for j in await service.store.pending_jobs(game_id) if j.kind == COMPUTERS]
    return job


async def test_a_persons_moves_are_saved_while_the_computers_think_and_theirs_after(
    service: GameService, sink: Sink
) -> None:
    await open_lobby(service, "islant")
    await service.add_computer(CHANNEL, ALICE, "easy")
    started = await service.start(CHANNEL, ALICE)
    assert started.thinking
    job = await computers_job(service, started.record.id)
    held = HeldThinking(service)
    thinking = asyncio.create_task(
        service.play_computers(CHANNEL, version=started.record.version, job_id=job.id)
    )
    await held.started.wait()
    assert not service.lock(CHANNEL).locked()  # they think without holding the table
    seat = started.record.seat_of(ALICE)
    state = started.state
    for _step in range(3):  # the lock is free: each of her steps is saved at once
        action = ISLANT.legal_actions(state, seat)[0]
        moved = await service.play(CHANNEL, ALICE, ISLANT.format(action))
        state = moved.state
    assert not thinking.done()
    held.go.set()
    result = await thinking
    assert result is not None and result.record.version == moved.record.version + 1
    computer = 1 - seat
    assert {a.seat for a in result.applied} == {computer}
    assert result.applied[0].interaction_id == -job.id
    mine = state.players[seat].working.steps
    assert result.state.players[seat].working.steps == mine  # her steps kept
    assert computer not in ISLANT.to_move(result.state)  # the computer finished its turn
    assert sink.shown[-1][0] is result
    again = await service.play_computers(CHANNEL, version=moved.record.version, job_id=job.id)
    assert again is None  # the job her last step left finds the game moved on


async def test_computers_planned_for_a_game_that_ended_meanwhile_play_nothing(
    service: GameService,
) -> None:
    await open_lobby(service, "tigerisland")
    await service.add_computer(CHANNEL, ALICE, "easy")
    result = await service.start(CHANNEL, ALICE)
    while not result.thinking:  # Alice plays until the computer is to move
        seat = min(TIGER.to_move(result.state))
        move = TIGER.format(TIGER.legal_actions(result.state, seat)[0])
        result = await service.play(CHANNEL, ALICE, move)
    job = await computers_job(service, result.record.id)
    held = HeldThinking(service)
    thinking = asyncio.create_task(
        service.play_computers(CHANNEL, version=result.record.version, job_id=job.id)
    )
    await held.started.wait()
    resigned = await service.resign(CHANNEL, ALICE, interaction_id=11)
    held.go.set()
    assert await thinking is None
    assert resigned.finished
    log = await service.store.actions(resigned.record.id)
    assert log[-1].seat == resigned.record.seat_of(ALICE)  # nothing played after her resign


async def test_one_computers_turn_per_channel_at_a_time(service: GameService) -> None:
    await open_lobby(service, "islant")
    await service.add_computer(CHANNEL, ALICE, "easy")
    started = await service.start(CHANNEL, ALICE)
    job = await computers_job(service, started.record.id)
    held = HeldThinking(service)
    version = started.record.version
    first = asyncio.create_task(service.play_computers(CHANNEL, version=version, job_id=job.id))
    second = asyncio.create_task(service.play_computers(CHANNEL, version=version, job_id=job.id))
    await held.started.wait()
    assert service.computers.busy(started.record.id)
    held.go.set()
    results = await asyncio.gather(first, second)
    assert sum(r is not None for r in results) == 1
    assert held.decisions == len(next(r for r in results if r is not None).applied)
    assert not service.computers.busy(started.record.id)  # nothing kept once they are done
