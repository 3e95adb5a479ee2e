"""One job's failure never stops the others of its round: it is logged once, with its game."""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.errors import UserError
from bot.jobs import JobRunner
from bot.service import GameService
from bot.timers import REMINDER

from .conftest import ALICE, BOB, Clock


async def game_in(service: GameService, channel: int) -> int:
    """A running tiger game of Alice and Bob in ``channel`` with an hourly reminder."""
    await service.open_lobby(
        guild_id=1,
        channel_id=channel,
        game_name="tigerisland",
        host_id=ALICE,
        host_name="Alice",
        options={"reminder_hours": 1},
    )
    await service.join(channel, BOB, "Bob")
    result = await service.start(channel, ALICE)
    return result.record.id


async def test_a_failing_job_is_logged_with_its_game_and_the_others_still_run(
    service: GameService, clock: Clock, caplog
) -> None:
    failing, other = await game_in(service, 11), await game_in(service, 12)
    load = service.store.get_game

    async def ended_under_it(game_id: int):
        if game_id == failing:  # the game ends as its job starts
            raise UserError("no_game")
        return await load(game_id)

    service.store.get_game = ended_under_it  # type: ignore[method-assign]
    clock.now += timedelta(hours=1, minutes=1)
    with caplog.at_level(logging.ERROR, logger="bot.jobs"):
        outcomes = await JobRunner(service).run_due()
    assert [o.record.id for o in outcomes] == [other]  # its reminder still went out
    assert outcomes[0].remind and outcomes[0].job.kind == REMINDER
    (logged,) = [r for r in caplog.records if r.name == "bot.jobs"]
    assert f"of game {failing} failed" in logged.getMessage()
    assert isinstance(logged.exc_info[1], UserError)
    left = [job.kind for job in await service.store.pending_jobs(failing)]
    assert REMINDER not in left  # refused by the game: it ends, not run again
