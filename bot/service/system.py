"""System actions: rounds closing, paced actions, computers' moves and turn timeouts."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Event, Game, IllegalAction, Level, Resign

from ..computers import Thinkers
from ..i18n import Phrase
from ..store import GameRecord, LoggedAction
from .loading import Loaded, Loading, off_loop
from .transaction import MoveResult, Note, Transactions, summed

RETHINKS = 3
"""How often the computers of one job think again when people's moves meanwhile left none
of theirs to make (then the job of the latest change plays them)."""


class SystemActions:
    """What jobs do to a running game, each saved as a change that ends its job and shown
    through the service's sink once saved."""

    def __init__(self, loading: Loading, transactions: Transactions, computers: Thinkers) -> None:
        """What it uses: the store, locks and games of ``loading``; ``transactions`` saves
        and shows each change; ``computers`` decides for computer seats."""
        self.store, self.lock = loading.store, loading.lock
        self.load, self.running_record = loading.load, loading.running_record
        self.load_off_loop = loading.load_off_loop
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
        saved (a job run twice plays once).

        The computers decide without holding the channel's lock, so people's moves are saved
        and shown meanwhile; one computers' turn per game runs at a time (the job runner
        leaves a game's job alone while its computers think). Their moves are then saved with
        the usual version check: if people moved meanwhile, the computers' actions are played
        again on the latest state (:func:`replayed`) as far as they are still theirs to make;
        if none is, they think again from there."""
        record = await self.running_record(channel_id)
        async with self.computers.turn(record.id):
            record = await self.running_record(channel_id)
            if record.version != version:
                return None
            loaded = await self.load_off_loop(record)
            for _attempt in range(RETHINKS):
                planned = await self._run_computers(loaded)
                if not planned.applied:
                    return None
                async with self.lock(channel_id):
                    latest = await self.store.get_game(record.id)
                    if latest is None or latest.status != "active":
                        return None  # it ended meanwhile
                    thought_on = loaded
                    loaded = await self.load_off_loop(latest)
                    if latest.version != thought_on.record.version:
                        thought_in = loaded.game.round_number(thought_on.state)
                        planned = await off_loop(replayed, loaded, planned, thought_in)
                    if planned.applied:
                        result = await self._save_computers(loaded, planned, job_id)
                        break
            else:
                return None  # the job the latest change left plays them
        await self._publish(result, None)
        return result

    async def _save_computers(self, loaded: Loaded, planned: Planned, job_id: int) -> MoveResult:
        """Save the computers' moves on ``loaded`` as one change ending the job ``job_id``
        (its id tags the first action: a job played twice is refused by the store)."""
        applied = list(planned.applied)
        applied[0] = replace(applied[0], interaction_id=-job_id)
        previous = loaded.game.to_move(loaded.state)
        change = await summed(
            loaded.game, planned.state, planned.events, planned.actions, applied, previous
        )
        return await self._save(loaded.record, change, Note(job_id=job_id))

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
        users = [p.user_id for p in record.players if p.user_id is not None]
        settings = await self.store.users_settings(users)
        return {user for user, chosen in settings.items() if not chosen.get("notify", True)}

    async def _run_computers(self, loaded: Loaded) -> Planned:
        """Let computer seats act while it is their turn, each at its level (hard ones in a
        worker process); each move is logged like any other."""
        record, game, state = loaded.record, loaded.game, loaded.state
        levels = {p.seat: p.level or Level.NORMAL for p in record.players if p.is_ai}
        planned = Planned(state)
        while not game.is_over(state):
            waiting = sorted(set(levels) & game.to_move(state))
            if not waiting:
                break
            seat = waiting[0]
            seed = f"{record.seed}/{len(planned.applied)}/{seat}/{record.version}"
            action = await self.computers.choose(game, state, seat, seed, levels[seat])
            state, new_events = await off_loop(game.apply, state, seat, action)
            planned.add(state, seat, action, game.format(action), new_events)
        return planned


@dataclass(slots=True)
class Planned:
    """The computers' moves worked out for one change: the state they lead to, their
    actions with their log lines (by seat), and what happened on the way."""

    state: Any
    events: list[Event] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    applied: list[LoggedAction] = field(default_factory=list)

    def add(self, state: Any, seat: int, action: Any, notation: str, events: list[Event]) -> None:
        self.state = state
        self.events += events
        self.actions.append(action)
        self.applied.append(LoggedAction(seat, None, notation))


def replayed(loaded: Loaded, planned: Planned, thought_in: int | None) -> Planned:
    """The computers' planned moves played on the latest state instead (people moved while
    they thought): in order, while the round is ``thought_in`` (the one they thought in),
    the seat is to move and the game accepts the action. What follows a refused action was
    thought out for a position that never came, so it is dropped."""
    game, state = loaded.game, loaded.state
    again = Planned(state)
    if game.round_number(state) != thought_in:
        return again
    for action, line in zip(planned.actions, planned.applied, strict=True):
        if game.is_over(state) or line.seat not in game.to_move(state):
            break
        try:
            state, events = game.apply(state, line.seat, action)
        except IllegalAction:
            break
        again.add(state, line.seat, action, line.notation, events)
    return again


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
