"""System actions: rounds closing, paced actions, computers' moves and turn timeouts."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.core import Event, Game, Level, Resign

from ..computers import Thinkers
from ..i18n import Phrase
from ..store import GameRecord, LoggedAction
from .loading import Loaded, Loading, off_loop
from .transaction import MoveResult, Note, Transactions, summed


class SystemActions:
    """What jobs do to a running game, each saved as a change that ends its job and shown
    through the service's sink once saved."""

    def __init__(self, loading: Loading, transactions: Transactions, computers: Thinkers) -> None:
        """What it uses: the store, locks and games of ``loading``; ``transactions`` saves
        and shows each change; ``computers`` decides for computer seats."""
        self.store, self.lock = loading.store, loading.lock
        self.load, self.running_record = loading.load, loading.running_record
        self._apply, self._save = transactions.apply, transactions.save
        self._publish = transactions.publish
        self.computers = computers

    async def close_round(
        self, channel_id: int, *, job_id: int, headline: Phrase | None = None
    ) -> MoveResult:
        """A round timer ran out: the game's close-round action, applied by the system."""
        async with self.lock(channel_id):
            loaded = self.load(await self.running_record(channel_id))
            action = loaded.game.close_round_action(loaded.state)
            assert action is not None, f"{loaded.record.game} has no rounds to close"
            result = await self._apply(
                loaded, None, None, [action], -job_id, Note(headline, job_id)
            )
        await self._publish(result, headline)
        return result

    async def play_paced(self, channel_id: int, *, version: int, job_id: int) -> MoveResult | None:
        """A paced job came due: the game's paced action, unless the game moved on since."""
        async with self.lock(channel_id):
            loaded = self.load(await self.running_record(channel_id))
            action = loaded.game.paced_action(loaded.state)
            if action is None or loaded.record.version != version:
                return None
            result = await self._apply(loaded, None, None, [action], -job_id, Note(job_id=job_id))
        await self._publish(result, None)
        return result

    async def play_computers(
        self, channel_id: int, *, version: int, job_id: int
    ) -> MoveResult | None:
        """A computers job: the computer seats to move play (hard ones in a worker process),
        saved as one change that ends the job; None if the game moved on since the job was
        saved (a job run twice plays once)."""
        async with self.lock(channel_id):
            record = await self.running_record(channel_id)
            if record.version != version:
                return None
            loaded = self.load(record)
            state, events, actions, applied = await self._run_computers(loaded)
            if not applied:
                return None
            applied[0] = replace(applied[0], interaction_id=-job_id)
            previous = loaded.game.to_move(loaded.state)
            change = await summed(loaded.game, state, events, actions, applied, previous)
            result = await self._save(record, change, Note(job_id=job_id))
        await self._publish(result, None)
        return result

    async def act_for_absent(
        self,
        channel_id: int,
        policy: str,
        job_id: int,
        headline: Callable[[list[str]], Phrase],
        *,
        to_the_end: bool = False,
    ) -> MoveResult | None:
        """The timeout of a turn: the players to move are played for, skipped or removed
        (``headline`` tells their names); None when nobody was absent. Every action is
        logged (the first with the job's id, so a repeated job is refused by the store).
        ``to_the_end``: so are the players to move after them, until the game is over, in
        one change (a tournament round's deadline); skipping alone would never end a game,
        so there the computer plays for those the table would skip."""
        if to_the_end and policy == "skip":
            policy = "computer"
        async with self.lock(channel_id):
            loaded = self.load(await self.running_record(channel_id))
            record, game, state = loaded.record, loaded.game, loaded.state
            previous = game.to_move(state)
            absent = [p for p in record.players if p.seat in previous and not p.is_ai]
            if not absent:
                return None
            events: list[Event] = []
            actions: list[Any] = []
            applied: list[LoggedAction] = []
            names: list[str] = []
            while absent:
                for player in absent:
                    while not game.is_over(state) and player.seat in game.to_move(state):
                        action = _timeout_action(game, state, player.seat, policy, record, applied)
                        state, new = game.apply(state, player.seat, action)
                        tag = -job_id if not applied else None
                        events += new
                        actions.append(action)
                        applied.append(LoggedAction(player.seat, None, game.format(action), tag))
                names += [p.name for p in absent if p.name not in names]
                movers = set() if game.is_over(state) or not to_the_end else game.to_move(state)
                absent = [p for p in record.players if p.seat in movers and not p.is_ai]
            change = await summed(game, state, events, actions, applied, previous)
            said = headline(names)
            result = await self._save(record, change, Note(said, job_id))
        await self._publish(result, said)
        return result

    async def quiet_users(self, record: GameRecord) -> set[int]:
        """Players of a game who asked not to be pinged (``/notify off``)."""
        quiet = set()
        for player in record.players:
            if player.user_id is not None:
                settings = await self.store.user_settings(player.user_id)
                if not settings.get("notify", True):
                    quiet.add(player.user_id)
        return quiet

    async def _run_computers(
        self, loaded: Loaded
    ) -> tuple[Any, list[Event], list[Any], list[LoggedAction]]:
        """Let computer seats act while it is their turn, each at its level (hard ones in a
        worker process); each move is logged like any other."""
        record, game, state = loaded.record, loaded.game, loaded.state
        levels = {p.seat: p.level or Level.NORMAL for p in record.players if p.is_ai}
        events: list[Event] = []
        actions: list[Any] = []
        applied: list[LoggedAction] = []
        while not game.is_over(state):
            waiting = sorted(set(levels) & game.to_move(state))
            if not waiting:
                break
            seat = waiting[0]
            seed = f"{record.seed}/{len(applied)}/{seat}/{record.version}"
            action = await self.computers.choose(game, state, seat, seed, levels[seat])
            state, new_events = await off_loop(game.apply, state, seat, action)
            events += new_events
            actions.append(action)
            applied.append(LoggedAction(seat, None, game.format(action)))
        return state, events, actions, applied


def _timeout_action(
    game: Game, state: Any, seat: int, policy: str, record: GameRecord, done: list[LoggedAction]
) -> Any:
    """What an absent player does under the table's timeout policy."""
    if policy == "remove":
        return Resign()
    skip = game.pass_action(state, seat) if policy == "skip" else None
    if skip is not None:
        return skip
    rnd = random.Random(f"{record.seed}/timeout/{record.version}/{seat}/{len(done)}")
    return game.choose_ai_action(state, seat, rnd, Level.NORMAL)
