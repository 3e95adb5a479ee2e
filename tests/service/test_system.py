"""System actions: each saved once, ending its job, and shown once through the sink."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import Phrase, say
from bot.service import GameService
from bot.store import Job
from bot.timers import COMPUTERS, REMINDER, TIMEOUT
from engine import find_game
from tests.counted import Counted

from .conftest import ALICE, CHANNEL, Clock, Sink, open_lobby, open_table

GAME = find_game("tigerisland")


async def job_of(service: GameService, game_id: int, kind: str) -> Job:
    (job,) = [job for job in await service.store.pending_jobs(game_id) if job.kind == kind]
    return job


async def test_the_computers_job_plays_once_saves_once_and_is_shown_once(
    service: GameService, sink: Sink
) -> None:
    await open_lobby(service, "tigerisland")
    await service.add_computer(CHANNEL, ALICE, "easy")
    result = await service.start(CHANNEL, ALICE)
    while not result.thinking:  # Alice plays until the computer is to move
        seat = min(GAME.to_move(result.state))
        move = GAME.format(GAME.legal_actions(result.state, seat)[0])
        result = await service.play(CHANNEL, ALICE, move)
    job = await job_of(service, result.record.id, COMPUTERS)
    counted = Counted(service.store, ("save_move",))

    moved = await service.play_computers(CHANNEL, version=job.payload["version"], job_id=job.id)

    assert moved is not None and counted.calls["save_move"] == 1
    assert sink.shown == [(moved, None)]
    assert moved.record.version == result.record.version + 1
    assert {a.seat for a in moved.applied} == {1} and len(moved.actions) == len(moved.applied)
    again = await service.play_computers(CHANNEL, version=job.payload["version"], job_id=job.id)
    assert again is None and len(sink.shown) == 1  # a job run twice plays once


async def test_a_turn_timeout_skips_the_absent_player_and_is_shown_with_its_headline(
    service: GameService, sink: Sink, clock: Clock
) -> None:
    await open_table(service, options={"timeout_hours": 1})
    counted = Counted(service.store, ("save_move", "schedule_job"))
    started = await service.start(CHANNEL, ALICE)
    assert counted.calls == {"save_move": 1, "schedule_job": 0}  # the timeout saved with it
    (seat,) = GAME.to_move(started.state)
    absent = started.record.players[seat].name
    job = await job_of(service, started.record.id, TIMEOUT)
    assert job.due_at > clock.now.isoformat()[:19]
    clock.now += timedelta(hours=1, minutes=1)

    def headline(names: list[str]) -> Phrase:
        return say("{names} timed out", names=", ".join(names))

    result = await service.act_for_absent(CHANNEL, "play", job.id, headline)

    assert result is not None and result.record.version == started.record.version + 1
    assert {a.seat for a in result.applied} == {seat}
    ((shown, said),) = sink.shown
    assert shown is result and said.text("en") == f"{absent} timed out"
    record, state = await service.running(CHANNEL)
    assert record.version == result.record.version and seat not in GAME.to_move(state)


async def test_the_change_that_ends_a_game_drops_its_jobs_in_its_own_save(
    service: GameService,
) -> None:
    await open_table(service, options={"timeout_hours": 1, "reminder_hours": 1})
    started = await service.start(CHANNEL, ALICE)
    pending = {job.kind for job in await service.store.pending_jobs(started.record.id)}
    assert pending == {TIMEOUT, REMINDER}
    counted = Counted(service.store, ("save_move", "cancel_jobs"))
    result = await service.resign(CHANNEL, ALICE, interaction_id=3)
    assert result.finished and counted.calls == {"save_move": 1, "cancel_jobs": 0}
    assert await service.store.pending_jobs(started.record.id) == []
