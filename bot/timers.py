"""Reminders, timeouts, round timers, paced actions and computers' moves: a game's jobs.

After every saved change the game's pending jobs are replaced: a reminder and a timeout for
the players to move, a round timer in games played in rounds (Islant), and a paced action when
the table waits for one the system takes by itself (Island competition's next reveal). The
computers' job is saved by the service in the change's own transaction (see
:data:`COMPUTERS`). Running them is :mod:`bot.jobs`'s work; this module only plans, so the
service can use it without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from engine.core import Game

from .settings import effective
from .store import GameRecord, Store

REMINDER = "reminder"
TIMEOUT = "timeout"
ROUND_TIMER = "round_timer"
PACED = "paced"
COMPUTERS = "computers"
"""Computer seats are to move: saved with the change that leaves them to move, and run by
the process that saved it once the change is shown (:mod:`bot.jobs`)."""
PACE_SECONDS = 5.0
"""How long a table rests (a finished trick on show) before its paced action is taken."""


class Timekeeper:
    """Schedules a game's jobs after each change."""

    def __init__(self, store: Store, now: Callable[[], datetime]) -> None:
        self.store = store
        self._now = now

    async def after_change(
        self, record: GameRecord, game: Game, state: Any, previous_movers: frozenset[int]
    ) -> None:
        """Replace the game's pending jobs to fit its new state."""
        if record.status != "active":
            await self.store.cancel_jobs(record.id)
            return
        server = await self.store.guild_settings(record.guild_id or 0)
        now = self._now()
        humans = _human_movers(record, game, state)
        await self._schedule_pace(record, game, state, now)
        if game.close_round_action(state) is not None:
            new_round = bool(game.to_move(state) - previous_movers)
            if not new_round:
                return
            minutes = effective(record.table_options, server, "round_minutes")
            hours = effective(record.table_options, server, "timeout_hours")
            marker = {"round": game.round_number(state)}
            if minutes or hours:
                due = now + (timedelta(minutes=minutes) if minutes else timedelta(hours=hours))
                await self.store.schedule_job(record.id, ROUND_TIMER, due, marker)
            await self._schedule_reminder(record, server, humans, marker)
            return
        version = {"version": record.version}
        await self._schedule_reminder(record, server, humans, version)
        hours = effective(record.table_options, server, "timeout_hours")
        if hours and humans:
            due = now + timedelta(hours=hours)
            await self.store.schedule_job(record.id, TIMEOUT, due, version)
        else:
            await self.store.cancel_jobs(record.id, TIMEOUT)

    async def _schedule_pace(
        self, record: GameRecord, game: Game, state: Any, now: datetime
    ) -> None:
        if game.paced_action(state) is None:
            await self.store.cancel_jobs(record.id, PACED)
            return
        due = now + timedelta(seconds=PACE_SECONDS)
        await self.store.schedule_job(record.id, PACED, due, {"version": record.version})

    async def _schedule_reminder(
        self, record: GameRecord, server: dict[str, Any], humans: list[int], payload: dict
    ) -> None:
        hours = effective(record.table_options, server, "reminder_hours")
        if hours and humans:
            due = self._now() + timedelta(hours=hours)
            await self.store.schedule_job(record.id, REMINDER, due, payload)
        else:
            await self.store.cancel_jobs(record.id, REMINDER)


def _human_movers(record: GameRecord, game: Game, state: Any) -> list[int]:
    movers = game.to_move(state)
    return [p.user_id for p in record.players if p.seat in movers and p.user_id is not None]
