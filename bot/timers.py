"""Reminders, timeouts and round timers: kept as jobs in the store and run once each.

After every saved change the game's pending jobs are replaced: a reminder and a timeout for
the players to move, or a round timer in games played in rounds (Islant). A job whose
game has moved on since it was scheduled does nothing. One loop in the bot claims due jobs;
a claim that is never finished (a crash) goes stale and is claimed again, and the actions a
job applies carry its id in the log, so nothing is ever done twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from engine import find_game
from engine.core import Game

from .settings import effective
from .store import GameRecord, Job

if TYPE_CHECKING:
    from .service import GameService, MoveResult

REMINDER = "reminder"
TIMEOUT = "timeout"
ROUND_TIMER = "round_timer"
STALE_CLAIM = timedelta(minutes=10)


@dataclass(slots=True)
class JobOutcome:
    """What a job did, for the bot to show: whom to remind, or the move it made."""

    job: Job
    record: GameRecord
    remind: list[int] = field(default_factory=list)
    move: MoveResult | None = None
    headline: str = ""


class Timekeeper:
    """Schedules a game's jobs after each change and runs the due ones."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    @property
    def store(self):
        return self.service.store

    async def after_change(
        self, record: GameRecord, game: Game, state: Any, previous_movers: frozenset[int]
    ) -> None:
        """Replace the game's pending jobs to fit its new state."""
        if record.status != "active":
            await self.store.cancel_jobs(record.id)
            return
        server = await self.store.guild_settings(record.guild_id or 0)
        now = self.service.now()
        humans = _human_movers(record, game, state)
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

    async def _schedule_reminder(
        self, record: GameRecord, server: dict[str, Any], humans: list[int], payload: dict
    ) -> None:
        hours = effective(record.table_options, server, "reminder_hours")
        if hours and humans:
            due = self.service.now() + timedelta(hours=hours)
            await self.store.schedule_job(record.id, REMINDER, due, payload)
        else:
            await self.store.cancel_jobs(record.id, REMINDER)

    async def run_due(self) -> list[JobOutcome]:
        """Claim and run every due job; returns what each one did (nothing for stale ones)."""
        now = self.service.now()
        outcomes = []
        for job in await self.store.claim_due_jobs(now, now - STALE_CLAIM):
            outcome = await self._run(job)
            await self.store.finish_job(job.id, self.service.now())
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _run(self, job: Job) -> JobOutcome | None:
        record = await self.store.get_game(job.game_id)
        if record is None or record.status != "active":
            return None
        game = find_game(record.game)
        state = self.service.state_of(record)
        if not _still_current(job, record, game, state):
            return None
        if job.kind == REMINDER:
            users = [
                p.user_id
                for p in record.players
                if p.seat in game.to_move(state) and p.user_id is not None
            ]
            return JobOutcome(job, record, remind=users) if users else None
        if job.kind == ROUND_TIMER:
            result = await self.service.close_round(record.channel_id, job_id=job.id)
            return JobOutcome(
                job,
                result.record,
                move=result,
                headline="⏱️ Time is up: the "
                "round is closed. Whoever had not submitted draws nothing.",
            )
        server = await self.store.guild_settings(record.guild_id or 0)
        policy = effective(record.table_options, server, "timeout_action")
        result, names = await self.service.act_for_absent(record.channel_id, policy, job.id)
        if result is None:
            return None
        return JobOutcome(job, result.record, move=result, headline=_timeout_text(names, policy))


def _human_movers(record: GameRecord, game: Game, state: Any) -> list[int]:
    movers = game.to_move(state)
    return [p.user_id for p in record.players if p.seat in movers and p.user_id is not None]


def _still_current(job: Job, record: GameRecord, game: Game, state: Any) -> bool:
    """Whether nothing has happened since the job was scheduled that makes it moot."""
    if "version" in job.payload:
        return job.payload["version"] == record.version
    if "round" in job.payload:
        return job.payload["round"] == game.round_number(state)
    return True


def _timeout_text(names: list[str], policy: str) -> str:
    who = ", ".join(f"**{n}**" for n in names)
    if policy == "remove":
        return f"⌛ {who} did not come back in time and left the game."
    if policy == "skip":
        return f"⌛ {who} did not come back in time: their turn was skipped."
    return f"⌛ {who} did not come back in time: the computer played for them."
