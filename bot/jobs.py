"""Running due jobs: reminders, timeouts, round timers, paced actions and computers' moves,
each exactly once.

One loop per bot process claims the due jobs of the servers its shards serve, each with a
lease: a job claimed by a process that dies before finishing it is claimed again once the lease
runs out, by whichever process serves those shards then. The claim is one database statement,
so two processes never both get a job, and the actions a job applies carry its id in the log,
so nothing is ever done twice. A job ends in the transaction of the change it makes, with
that change's outbox entry (a reminder's entry is written as the job ends): a process dying
in between leaves the job to be run again, never a change nobody will show. A job whose game
has moved on since it was scheduled does nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from engine.core import Game, IllegalAction

from .errors import UserError
from .i18n import Phrase, as_written, say
from .service import GameService, MoveResult
from .settings import effective
from .shards import Shards
from .store import REMIND, GameRecord, Job, Notice
from .timers import COMPUTERS, PACED, REMINDER, ROUND_TIMER

LEASE = timedelta(minutes=2)  # a claimed job is another process's again after this
log = logging.getLogger(__name__)


@dataclass(slots=True)
class JobOutcome:
    """What a job did: whom to remind, or the move it made (shown by the service)."""

    job: Job
    record: GameRecord
    remind: list[int] = field(default_factory=list)
    move: MoveResult | None = None


class JobRunner:
    """Claims the due jobs and runs each through the game service."""

    def __init__(
        self, service: GameService, shards: Shards | None = None, lease: timedelta = LEASE
    ) -> None:
        self.service = service
        self.store = service.store
        self.shards = shards
        self.lease = lease

    async def run_due(self) -> list[JobOutcome]:
        """Claim and run every due job; returns what each one did (nothing for stale ones)."""
        now = self.service.now()
        return await self._run_all(
            await self.store.claim_due_jobs(now, now - self.lease, self.shards)
        )

    async def run_computers(self, game_id: int) -> list[JobOutcome]:
        """Run the game's computers job now, due or not: the process that saved it does so
        once the change before it is shown (another run of it finds the game moved on)."""
        jobs = await self.store.pending_jobs(game_id)
        return await self._run_all([job for job in jobs if job.kind == COMPUTERS])

    async def _run_all(self, jobs: list[Job]) -> list[JobOutcome]:
        """Run each job on its own; the others still run when one fails. A job refused by
        the game (it ended or moved on under the job) is logged once with its game and ends;
        one that failed otherwise (the store) is logged and runs again once its lease ends."""
        outcomes = []
        for job in jobs:
            if job.kind == COMPUTERS and self.service.computers.busy(job.game_id):
                continue  # its computers are thinking: they play on the latest state
            try:
                outcome = await self._run(job)
                if outcome is None or outcome.move is None:  # a change ended its job already
                    await self._finish(job, outcome)
            except Exception as error:
                log.exception("%s job %s of game %s failed", job.kind, job.id, job.game_id)
                if isinstance(error, UserError | IllegalAction):
                    await self._end_refused(job)
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _end_refused(self, job: Job) -> None:
        """End a job the game refused: running it again would be refused again."""
        try:
            await self.store.finish_job(job, self.service.now())
        except Exception:
            log.exception("ending job %s of game %s failed: its lease ends it", job.id, job.game_id)

    async def _finish(self, job: Job, outcome: JobOutcome | None) -> None:
        """End a job that changed no game: with its reminder in the outbox, if it has one."""
        now = self.service.now()
        if outcome is None or not outcome.remind:
            await self.store.finish_job(job, now)
            return
        notice = Notice(REMIND, now, {"users": outcome.remind})
        await self.store.finish_job(job, now, notice, outcome.record.version)

    async def _run(self, job: Job) -> JobOutcome | None:
        record = await self.store.get_game(job.game_id)
        if record is None or record.status != "active":
            return None
        loaded = self.service.load(record)
        game, state = loaded.game, loaded.state
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
            headline = say("⏱️ {words}", words=game.round_timer_words(state))
            result = await self.service.close_round(
                record.channel_id, job_id=job.id, headline=headline
            )
            return JobOutcome(job, result.record, move=result)
        if job.kind in (PACED, COMPUTERS):
            play = self.service.play_paced if job.kind == PACED else self.service.play_computers
            moved = await play(record.channel_id, version=job.payload["version"], job_id=job.id)
            return None if moved is None else JobOutcome(job, moved.record, move=moved)
        server = await self.store.guild_settings(record.guild_id or 0)
        policy = effective(record.table_options, server, "timeout_action")
        result = await self.service.act_for_absent(
            record.channel_id, policy, job.id, lambda names: _timeout_text(names, policy)
        )
        if result is None:
            return None
        return JobOutcome(job, result.record, move=result)


def _still_current(job: Job, record: GameRecord, game: Game, state: Any) -> bool:
    """Whether nothing has happened since the job was scheduled that makes it moot."""
    if "version" in job.payload:
        return job.payload["version"] == record.version
    if "round" in job.payload:
        return job.payload["round"] == game.round_number(state)
    return True


def _timeout_text(names: list[str], policy: str) -> Phrase:
    who = ", ".join(f"**{as_written(n)}**" for n in names)
    if policy == "remove":
        return say("⌛ {who} did not come back in time and left the game.", who=who)
    if policy == "skip":
        return say("⌛ {who} did not come back in time: their turn was skipped.", who=who)
    return say("⌛ {who} did not come back in time: the computer played for them.", who=who)
