"""Computers move in a change of their own, from a job saved with the change that leaves them
to move: on SQLite and on PostgreSQL, once, and also when the process that saved it stopped."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.errors import UserError
from bot.jobs import JobRunner
from bot.service import AI_NAMES, THINKING_GRACE, GameService
from bot.store import Store
from bot.timers import COMPUTERS
from engine import all_games, find_game

from .conftest import ALICE, CHANNEL, Clock, open_lobby

GAMES = [game.info.name for game in all_games() if not game.info.simultaneous]
"""Turn-based games: a move of hers leaves the computer to move."""


@pytest.fixture
async def store(database):
    """A store on each back-end (the other service tests keep theirs in memory)."""
    store = await Store.open(database)
    yield store
    await store.close()


async def alice_to_move(service: GameService, clock: Clock, game_name: str):
    """A game of Alice against a computer, at Alice's turn (the computer's opening played)."""
    await open_lobby(service, game_name)
    await service.add_computer(CHANNEL, ALICE, "easy")
    result = await service.start(CHANNEL, ALICE)
    if result.thinking:
        clock.now += THINKING_GRACE
        await JobRunner(service).run_due()
    record, state = await service.running(CHANNEL)
    assert record.seat_of(ALICE) in find_game(game_name).to_move(state)
    assert await computers_jobs(service.store, record.id) == []
    return record, state


async def computers_jobs(store: Store, game_id: int) -> list:
    return [job for job in await store.pending_jobs(game_id) if job.kind == COMPUTERS]


@pytest.mark.parametrize("game_name", GAMES)
async def test_a_move_is_saved_with_the_computers_job_and_they_move_once_after_a_restart(
    store: Store, game_name: str
) -> None:
    clock = Clock()
    service = GameService(store, now=clock, seed_source=lambda: 5)
    game = find_game(game_name)
    record, state = await alice_to_move(service, clock, game_name)
    seat = record.seat_of(ALICE)
    while True:  # Alice plays until the computer is to move
        action = game.legal_actions(state, seat)[0]
        moved = await service.play(CHANNEL, ALICE, game.format(action))
        state = moved.state
        if moved.thinking:
            break
    assert {a.seat for a in moved.applied} == {seat}  # her move alone
    assert record.computer_seats & game.to_move(state)
    (job,) = await computers_jobs(store, record.id)
    assert job.payload == {"version": moved.record.version}
    # the process stops here; another one starts on the same store
    service.computers.close()
    later = GameService(store, now=clock, seed_source=lambda: 5)
    assert await JobRunner(later).run_due() == []  # within the grace the saver plays them
    clock.now += THINKING_GRACE
    (outcome,) = await JobRunner(later).run_due()
    assert outcome.move is not None and not outcome.move.thinking
    assert outcome.move.record.version == moved.record.version + 1
    played = outcome.move.applied
    assert played and all(a.seat != seat for a in played)
    assert played[0].interaction_id == -job.id
    assert await computers_jobs(store, record.id) == []
    log = await store.actions(record.id)
    assert await JobRunner(later).run_computers(record.id) == []  # a repeat plays nothing
    assert await store.actions(record.id) == log
    now = (await later.running(CHANNEL))[1]
    assert not record.computer_seats & game.to_move(now)
    later.computers.close()


async def test_a_job_of_an_older_version_plays_nothing(store: Store) -> None:
    clock = Clock()
    service = GameService(store, now=clock, seed_source=lambda: 5)
    await alice_to_move(service, clock, "tigerisland")
    record = await service.running_record(CHANNEL)
    stale = await store.schedule_job(
        record.id, COMPUTERS, clock.now - timedelta(seconds=1), {"version": record.version - 1}
    )
    assert await JobRunner(service).run_due() == []
    assert stale not in [job.id for job in await store.pending_jobs(record.id)]
    assert (await service.running_record(CHANNEL)).version == record.version
    service.computers.close()


async def test_an_eleventh_computer_is_refused_clearly_and_changes_nothing(store: Store) -> None:
    service = GameService(store, now=Clock(), seed_source=lambda: 5)
    await open_lobby(service, "islant")
    for _ in AI_NAMES:
        await service.add_computer(CHANNEL, ALICE)
    full = await store.open_game_in(CHANNEL)
    with pytest.raises(UserError) as refused:
        await service.add_computer(CHANNEL, ALICE)
    assert refused.value.code == "computers_full" and "at most 10" in refused.value.text("en")
    assert await store.open_game_in(CHANNEL) == full
