"""Reminders, timeouts, round timers, paced actions and computers' moves: a game's jobs.

Every saved change replaces the game's pending jobs, in its own transaction: a reminder and
a timeout for the players to move, a round timer in games played in rounds (Islant), a paced
action when the table waits for one the system takes by itself (Island competition's next
reveal), and the computers' job (see :data:`COMPUTERS`). Running them is :mod:`bot.jobs`'s
work; this module only plans, so the service can use it without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from engine.core import Game

from .settings import effective
from .store import GameRecord, Scheduled, Store

REMINDER = "reminder"
TIMEOUT = "timeout"
ROUND_TIMER = "round_timer"
PACED = "paced"
COMPUTERS = "computers"
"""Computer seats are to move: saved with the change that leaves them to move, and run by
the process that saved it once the change is shown (:mod:`bot.jobs`)."""
PACE_SECONDS = 5.0
"""How long a table rests (a finished trick on show) before its paced action is taken."""


@dataclass(frozen=True, slots=True)
class JobPlan:
    """The jobs a change leaves, saved in the change's own transaction: the kinds of pending
    jobs it drops (None: every kind) and the jobs it schedules (each replacing a pending one
    of its kind)."""

    drop: tuple[str, ...] | None = ()
    then: tuple[Scheduled, ...] = ()

    def also(self, job: Scheduled) -> JobPlan:
        return JobPlan(self.drop, (*self.then, job))


class Timekeeper:
    """Plans a game's jobs for each change."""

    def __init__(self, store: Store, now: Callable[[], datetime]) -> None:
        self.store = store
        self._now = now

    async def plan(
        self, record: GameRecord, game: Game, state: Any, previous_movers: frozenset[int]
    ) -> JobPlan:
        """The jobs that replace the game's pending ones once ``record`` (as it will be
        saved, with its new version) holds ``state``."""
        if record.status != "active":
            return JobPlan(drop=None)
        now = self._now()
        drop: list[str] = []
        then: list[Scheduled] = []
        if game.paced_action(state) is None:
            drop.append(PACED)
        else:
            due = now + timedelta(seconds=PACE_SECONDS)
            then.append(Scheduled(PACED, due, {"version": record.version}))
        rounds = game.close_round_action(state) is not None
        if rounds and not game.to_move(state) - previous_movers:  # no new round
            return JobPlan(tuple(drop), tuple(then))  # (the server's settings are not read)
        server = await self.store.guild_settings(record.guild_id or 0)
        humans = _human_movers(record, game, state)
        if rounds:
            minutes = effective(record.table_options, server, "round_minutes")
            hours = effective(record.table_options, server, "timeout_hours")
            marker = {"round": game.round_number(state)}
            if minutes or hours:
                due = now + (timedelta(minutes=minutes) if minutes else timedelta(hours=hours))
                then.append(Scheduled(ROUND_TIMER, due, marker))
            _remind(record, server, humans, marker, now, drop, then)
            return JobPlan(tuple(drop), tuple(then))
        version = {"version": record.version}
        _remind(record, server, humans, version, now, drop, then)
        hours = effective(record.table_options, server, "timeout_hours")
        if hours and humans:
            then.append(Scheduled(TIMEOUT, now + timedelta(hours=hours), version))
        else:
            drop.append(TIMEOUT)
        return JobPlan(tuple(drop), tuple(then))


def _remind(
    record: GameRecord,
    server: dict[str, Any],
    humans: list[int],
    payload: dict[str, Any],
    now: datetime,
    drop: list[str],
    then: list[Scheduled],
) -> None:
    """A reminder for the players to move, if the table reminds; else none pending."""
    hours = effective(record.table_options, server, "reminder_hours")
    if hours and humans:
        then.append(Scheduled(REMINDER, now + timedelta(hours=hours), payload))
    else:
        drop.append(REMINDER)


def _human_movers(record: GameRecord, game: Game, state: Any) -> list[int]:
    movers = game.to_move(state)
    return [p.user_id for p in record.players if p.seat in movers and p.user_id is not None]
