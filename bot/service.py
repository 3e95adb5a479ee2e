"""The game service: the one place where a move goes from a request to a saved state.

For every change: take the channel's lock, load the game, let the engine apply the action,
then save the new state and its log lines in one transaction that checks the version. If the
engine refuses, nothing is written. A change after which computer seats are to move saves a
computers job with it: the player's move is shown at once, and the computers' replies are
played and saved as a change of their own (:meth:`GameService.play_computers`), also after
a restart. Cogs call this service and never touch the engine or the store directly.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from engine import find_game
from engine.core import (
    Budget,
    Event,
    Game,
    Level,
    Menu,
    Outcome,
    Path,
    Resign,
    resolve_options,
)
from locales import current

from .computers import COMPUTER_OPTION, Thinkers, take_computer_option
from .errors import UserError
from .finished import finished_game
from .i18n import HOST_LANGUAGE, Phrase, game_title
from .move_batches import MoveQueues, PanelMove, Played, play, play_in_turn
from .panel_plans import LinesFor, PanelPlan, SavedState, no_lines, plan_panel, preview_view
from .rendering import Drawer, PictureKey, Pictures, ViewSource, game_view
from .replays import Replays
from .settings import split_options
from .store import (
    BOARD,
    DuplicateInteraction,
    GameRecord,
    LoggedAction,
    Notice,
    PlayerRecord,
    Scheduled,
    Store,
    StoreError,
    VersionConflict,
    computer_name,
)
from .timers import COMPUTERS, Timekeeper

# A test run under the channel's lock on the loaded game; it refuses by raising.
Check = Callable[[GameRecord, Any], None]
T = TypeVar("T")
AI_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
STATE_CACHE_SIZE = 256
SHOW_GRACE = timedelta(seconds=30)
"""A change made through an interaction is shown by its handler; the outbox shows it if that
has not happened within this time (the handler's process died, or Discord refused)."""
THINKING_GRACE = timedelta(seconds=10)
"""Computers to move are played by the process that saved the change once it is shown; the
job runner plays them if that has not happened within this time (that process stopped)."""


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class SavedChange:
    """A change the service saved: which game, in which channel, at which version."""

    game_id: int
    channel_id: int
    version: int


_saved: ContextVar[SavedChange | None] = ContextVar("saved_change", default=None)


def saved_change() -> SavedChange | None:
    """The last change saved while handling the current interaction (its asyncio task).

    Error handlers read it to tell "nothing happened" from "your move was saved": each
    interaction runs in its own task, so its context starts with nothing saved.
    """
    return _saved.get()


@dataclass(frozen=True, slots=True)
class Note:
    """What goes with a change made by the system: the headline its board gets (kept in the
    outbox until the board is shown) and the job that made it (ending in the change's
    transaction)."""

    headline: Phrase | None = None
    job_id: int | None = None


@dataclass(frozen=True, slots=True)
class Change:
    """A change worked out and not yet saved: the new state and its JSON, the game's outcome
    if it ends there, what happened on the way, and who was to move before it."""

    game: Game
    state: Any
    events: list[Event]
    applied: list[LoggedAction]
    previous_movers: frozenset[int]
    outcome: Outcome | None
    data: dict[str, Any]


async def summed(
    game: Game,
    state: Any,
    events: list[Event],
    applied: list[LoggedAction],
    previous_movers: frozenset[int],
) -> Change:
    """The change that leads to ``state``, with its outcome and JSON worked out in a thread."""
    outcome, data = await off_loop(_summary, game, state)
    return Change(game, state, events, applied, previous_movers, outcome, data)


@dataclass(slots=True)
class MoveResult:
    """What a change did: the saved record and state, and what happened on the way."""

    record: GameRecord
    state: Any
    events: list[Event] = field(default_factory=list)
    applied: list[LoggedAction] = field(default_factory=list)
    duplicate: bool = False
    thinking: bool = False
    """Whether computers are to move next (a computers job was saved with the change)."""

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"


@dataclass(slots=True)
class PanelStep:
    """Where a tap on a seat's panel led: the next menu, or the move it made.

    ``plan`` holds what the worker pool worked out (the seat's version, the menu, the turn so
    far); ``saved`` is the state it is about, from which the panel's picture is drawn.
    """

    record: GameRecord
    saved: SavedState
    plan: PanelPlan
    move: MoveResult | None = None

    @property
    def seat(self) -> int:
        return self.plan.seat

    @property
    def version(self) -> str:
        """The seat's version the menu belongs to."""
        return self.plan.version

    @property
    def path(self) -> Path:
        return self.plan.path

    @property
    def menu(self) -> Menu | None:
        """The menu to show; None when the seat has nothing to do."""
        return self.plan.menu

    @property
    def stale(self) -> bool:
        """The tap came from a panel drawn for an earlier version: this is the first menu."""
        return self.plan.stale

    @property
    def before(self) -> tuple[Any, ...]:
        """Actions picked earlier in the turn (the picture shows them as a preview)."""
        return self.plan.before

    def preview(self) -> ViewSource:
        """How the worker pool builds the seat's view of the turn so far."""
        return partial(preview_view, self.saved, self.seat, self.before)


class GameService:
    """Lobbies, moves and views for every game, backed by a :class:`Store`."""

    def __init__(
        self,
        store: Store,
        *,
        now: Callable[[], datetime] = utcnow,
        seed_source: Callable[[], int] | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.store = store
        self.computers = Thinkers(budget)
        self.pictures = Pictures()
        self.replays = Replays(store, self.pictures)
        self._now = now
        self._seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**31))
        self._locks: dict[int, asyncio.Lock] = {}
        self._queues = MoveQueues()
        self._states: dict[int, tuple[int, Any]] = {}
        self.reader = uuid.uuid4().hex
        """Tells this service's saved states apart from another's of the same ids (a worker
        remembers states by it, game id and version)."""
        self.timers = Timekeeper(store, self.now)

    def now(self) -> datetime:
        """The service's clock (the bot's, which tests can move forward)."""
        return self._now()

    # ----- loading ----------------------------------------------------------------------
    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that serializes every change in one channel."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def current(self, channel_id: int) -> GameRecord:
        """The channel's open game (lobby or running), or a UserError."""
        record = await self.store.open_game_in(channel_id)
        if record is None:
            raise UserError("no_game")
        return record

    async def to_show(self, channel_id: int) -> GameRecord:
        """The channel's open game, or else its last finished one (its final board)."""
        record = await self.store.open_game_in(channel_id)
        if record is None:
            record = await self.store.last_game_in(channel_id)
            if record is None or record.status != "finished" or record.state is None:
                raise UserError("no_game")
        return record

    async def running(self, channel_id: int) -> tuple[GameRecord, Any]:
        """The channel's running game and its engine state."""
        record = await self.running_record(channel_id)
        return record, self.state_of(record)

    async def running_record(self, channel_id: int) -> GameRecord:
        """The channel's running game, its state left as saved (for the worker pool)."""
        record = await self.current(channel_id)
        if record.status != "active":
            raise UserError("not_started")
        return record

    async def game_named_by(
        self, game_id: int, game_name: str, channel_id: int | None
    ) -> GameRecord:
        """The game a component's custom id names, once checked against where it was used.

        Refuses (UserError) an id naming no game, a game of another channel, or a game of
        another kind: ids can be outdated or forged, and must not reach another game's state.
        """
        record = await self.store.get_game(game_id)
        if record is None or record.channel_id != channel_id:
            raise UserError("unknown_button")
        if record.game != game_name:
            raise UserError("wrong_game_button")
        return record

    def state_of(self, record: GameRecord) -> Any:
        """The engine state of a record (cached by game id and version)."""
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        assert record.state is not None
        state = find_game(record.game).deserialize(record.state)
        self._remember(record.id, record.version, state)
        return state

    async def _state_off_loop(self, record: GameRecord) -> Any:
        """:meth:`state_of`, a state not cached being read in a thread."""
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        assert record.state is not None
        state = await off_loop(find_game(record.game).deserialize, record.state)
        self._remember(record.id, record.version, state)
        return state

    def _remember(self, game_id: int, version: int, state: Any) -> None:
        if len(self._states) >= STATE_CACHE_SIZE:
            self._states.pop(next(iter(self._states)))
        self._states[game_id] = (version, state)

    # ----- lobby ------------------------------------------------------------------------
    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        language: str | None = None,
    ) -> GameRecord:
        """A new lobby in a channel with the host seated; options are checked now. A game
        without a server keeps ``language``, its host's, for its public posts."""
        game = find_game(game_name)
        options, computer = take_computer_option(options)
        rules_options, table_options = split_options(options)
        table_options |= computer
        if guild_id is None and language is not None:
            table_options[HOST_LANGUAGE] = language
        resolved = resolve_options(game.info.options, rules_options)
        async with self.lock(channel_id):
            existing = await self.store.open_game_in(channel_id)
            if existing is not None:
                raise UserError("channel_busy", game=game_title(existing.game))
            try:
                return await self.store.create_lobby(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game.info.name,
                    host=PlayerRecord(0, host_id, host_name, False),
                    options=resolved,
                    seed=self._seed_source(),
                    now=self._now(),
                    table_options=table_options,
                )
            except StoreError:
                raise UserError("channel_busy", game=game_title(game.info.name)) from None

    async def join(self, channel_id: int, user_id: int, name: str) -> GameRecord:
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            if record.seat_of(user_id) is not None:
                raise UserError("already_joined")
            self._check_room(record)
            seat = PlayerRecord(len(record.players), user_id, name, False)
            return await self._reseat(record, [*record.players, seat])

    async def add_computer(
        self, channel_id: int, user_id: int, level: str | None = None
    ) -> GameRecord:
        """Seat a computer player (host only) at ``level``, by default the table's choice."""
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            self._require_host(record, user_id)
            self._check_room(record)
            chosen = COMPUTER_OPTION.coerce(level or self.computer_level(record))
            used = {p.name for p in record.players}
            free = [label for n in AI_NAMES if (label := computer_name(n)) not in used]
            if not free:
                raise UserError("computers_full", most=len(AI_NAMES))
            name = free[0]
            seat = PlayerRecord(len(record.players), None, name, True, str(chosen))
            return await self._reseat(record, [*record.players, seat])

    @staticmethod
    def computer_level(record: GameRecord) -> str:
        """The level a table offers first for computer seats (``computer=`` in /game new)."""
        return str(record.table_options.get(COMPUTER_OPTION.name, COMPUTER_OPTION.default))

    async def leave(self, channel_id: int, user_id: int) -> GameRecord:
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            if record.seat_of(user_id) is None:
                raise UserError("not_joined")
            if user_id == record.host_id:
                raise UserError("host_cannot_leave")
            rest = [p for p in record.players if p.user_id != user_id]
            return await self._reseat(record, rest)

    async def start(self, channel_id: int, user_id: int) -> MoveResult:
        """Deal the game (host only) and let computer players make their opening moves."""
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            self._require_host(record, user_id)
            game = find_game(record.game)
            if len(record.players) < game.info.min_players:
                raise UserError(
                    "too_few_players",
                    game=game_title(game.info.name),
                    min=game.info.min_players,
                    count=len(record.players),
                )
            state = game.new(len(record.players), record.options, record.seed)
            await self.store.set_board_message(record.id, None)  # it was the lobby's message
            record = replace(record, board_message_id=None)
            change = await summed(game, state, [], [], frozenset())
            return await self._save(record, change)

    async def cancel_lobby(self, channel_id: int, user_id: int, is_moderator: bool) -> GameRecord:
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            if user_id != record.host_id and not is_moderator:
                raise UserError("not_host_or_mod")
            await self.store.close_game(record.id, record.version, "cancelled", self._now())
            return record

    # ----- play -------------------------------------------------------------------------
    async def play(
        self,
        channel_id: int,
        user_id: int,
        text: str,
        *,
        interaction_id: int | None = None,
        expected_version: int | None = None,
        check: Check | None = None,
    ) -> MoveResult:
        """Apply one action written in the game's notation for a player.

        ``expected_version`` (from a button's custom id) refuses the action if the board has
        moved on. A repeated ``interaction_id`` is answered without applying anything twice.
        ``check`` runs under the lock on the loaded game and may refuse by raising (a
        finer staleness test than the version, e.g. one player's turn in a simultaneous game).
        """
        async with self.lock(channel_id):
            record, state = await self.running(channel_id)
            if interaction_id is not None and await self.store.interaction_seen(interaction_id):
                return MoveResult(record, state, duplicate=True)
            if expected_version is not None and expected_version != record.version:
                raise UserError("board_changed")
            if check is not None:
                check(record, state)
            seat = record.seat_of(user_id)
            if seat is None:
                raise UserError("not_playing")
            action = find_game(record.game).parse(text)
            return await self._apply(record, state, seat, user_id, [action], interaction_id)

    async def open_panel(
        self, channel_id: int, user_id: int, lines: LinesFor = no_lines
    ) -> PanelStep:
        """The first menu of the user's panel in the channel's running game; ``lines`` gives
        a game's lines above its menu."""
        record = await self.running_record(channel_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("not_playing")
        return await self.plan(record, seat, None, (), lines)

    async def choose(
        self,
        channel_id: int,
        user_id: int,
        game_id: int,
        version: str,
        path: Path,
        *,
        interaction_id: int | None = None,
        lines: LinesFor = no_lines,
    ) -> PanelStep:
        """Follow a tap on a panel: the menu ``path`` leads to, or the move it completes.

        The seat's version is compared with the panel's: a panel drawn before the seat's
        options changed gets the current first menu, ``stale``. A step to another menu
        writes nothing, so it takes no lock; a completed path is played if the seat's options
        are still those the panel was drawn for (:meth:`_play_planned`). The menus are worked
        out in the worker pool, once per tap and never under the lock; the picked actions are
        played as they are.
        """
        record = await self.running_record(channel_id)
        seat = self._seat_for(record, user_id, game_id)
        step = await self.plan(record, seat, version, path, lines)
        if not step.plan.play:
            return step
        move = await self._play_planned(channel_id, step, user_id, interaction_id)
        if move is None:  # the seat's first menu, as for any panel out of date
            record = await self.running_record(channel_id)
            step = await self.plan(record, seat, None, (), lines)
            step.plan = replace(step.plan, stale=True)
            return step
        step = await self.plan(move.record, seat, None, (), lines)
        step.move = move
        return step

    async def _play_planned(
        self, channel_id: int, step: PanelStep, user_id: int, interaction_id: int | None
    ) -> MoveResult | None:
        """Play the actions a panel's path completed, or None when the seat's options have
        changed since the panel was drawn. Moves tapped in the channel while a change is
        being saved are saved together by the next save (:mod:`bot.move_batches`)."""
        move = PanelMove(step.seat, step.plan.version, step.plan.play, user_id, interaction_id)
        if self._queues.join(channel_id, move):
            # shielded: a tap given up while waiting must not strand the moves queued behind
            await asyncio.shield(self._save_batch(channel_id))
        return await move.answer

    async def _save_batch(self, channel_id: int) -> None:
        """Save, under the channel's lock, every panel move queued in the channel by then,
        as one change; each move's tap gets its own answer."""
        moves: list[PanelMove] = []
        try:
            async with self.lock(channel_id):
                moves = self._queues.take(channel_id)
                try:
                    answers = await self._play_batch(channel_id, moves)
                except Exception as error:  # each tap answers with it
                    answers = [error] * len(moves)
        except BaseException:  # cancelled (the bot stops): no tap of the queue waits for ever
            for move in moves or self._queues.take(channel_id):
                move.answer.cancel()
            raise
        for move, answer in zip(moves, answers, strict=True):
            if isinstance(answer, BaseException):
                move.answer.set_exception(answer)
            else:
                move.answer.set_result(answer)

    async def _play_batch(
        self, channel_id: int, moves: list[PanelMove]
    ) -> list[MoveResult | Exception | None]:
        """The moves played in turn on the channel's game and saved as one change; for each
        move, that change (its events and log lines are every move's), None (its panel is out
        of date) or the error it met."""
        record = await self.running_record(channel_id)
        answers: list[MoveResult | Exception | None] = []
        fresh = []  # per move: not an interaction played already (or earlier in the batch)
        ids: set[int] = set()
        for move in moves:
            known = move.interaction_id is not None and (
                move.interaction_id in ids or await self.store.interaction_seen(move.interaction_id)
            )
            fresh.append(not known)
            if move.interaction_id is not None:
                ids.add(move.interaction_id)
        state = await self._state_off_loop(record)
        game = find_game(record.game)
        playing = [m for m, new in zip(moves, fresh, strict=True) if new]
        after, outcomes = await off_loop(play_in_turn, game, state, playing)
        played = [o for o in outcomes if isinstance(o, Played)]
        result = None
        if played:
            events = [e for o in played for e in o.events]
            applied = [a for o in played for a in o.applied]
            change = await summed(game, after, events, applied, game.to_move(state))
            result = await self._save(record, change)
        by_move = iter(outcomes)
        for new in fresh:
            outcome = next(by_move) if new else UserError("duplicate")
            if isinstance(outcome, Played):
                assert result is not None
                answers.append(result)
            else:
                answers.append(outcome)
        return answers

    async def plan(
        self,
        record: GameRecord,
        seat: int,
        version: str | None,
        path: Path,
        lines: LinesFor = no_lines,
        *,
        key: str = "game",
    ) -> PanelStep:
        """``seat``'s panel at ``path`` of a panel drawn for ``version`` (None: a new one),
        worked out in the worker pool; ``key`` tells what kind of record's id ``record.id``
        is (a channel's game, or a daily attempt)."""
        saved = self.saved_state(record, key)
        plan = await self.pictures.run(
            plan_panel,
            saved,
            seat,
            version,
            path,
            lines(record.game),
            current(),
            record.computer_seats,
        )
        return PanelStep(record, saved, plan)

    @staticmethod
    def _seat_for(record: GameRecord, user_id: int, game_id: int) -> int:
        """The user's seat in ``record``, which must be the game the panel was drawn for."""
        if record.id != game_id:
            raise UserError("wrong_game_button")
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("not_playing")
        return seat

    async def play_as_system(
        self,
        channel_id: int,
        text: str,
        *,
        by_user: int | None,
        is_moderator: bool = False,
        interaction_id: int | None = None,
        expected_version: int | None = None,
        check: Check | None = None,
        headline: Phrase | None = None,
    ) -> MoveResult:
        """Apply a system action (seat None), e.g. closing a round of a simultaneous game.

        ``by_user`` is the host or a moderator pressing a button, or None for a timer.
        ``expected_version`` refuses the action if the game has moved on (a paced reveal);
        ``check`` is a finer test under the lock, as in :meth:`play` (the round still open).
        ``headline`` is what the board says of it, kept until the board is shown.
        """
        async with self.lock(channel_id):
            record, state = await self.running(channel_id)
            if by_user is not None and by_user != record.host_id and not is_moderator:
                raise UserError("not_host_or_mod")
            if expected_version is not None and expected_version != record.version:
                raise UserError("board_changed")
            if check is not None:
                check(record, state)
            action = find_game(record.game).parse(text)
            note = Note(headline)
            return await self._apply(
                record, state, None, by_user, [action], interaction_id, note=note
            )

    async def _apply(
        self,
        record: GameRecord,
        state: Any,
        seat: int | None,
        user_id: int | None,
        actions: Sequence[Any],
        interaction_id: int | None,
        note: Note | None = None,
    ) -> MoveResult:
        """Apply ``actions`` (one, or the actions of one turn) in order, let computers answer,
        and save it all as one change (with the system's ``note``)."""
        change = await self._work_out(record, state, seat, user_id, actions, interaction_id)
        return await self._save(record, change, note)

    async def _work_out(
        self,
        record: GameRecord,
        state: Any,
        seat: int | None,
        user_id: int | None,
        actions: Sequence[Any],
        interaction_id: int | None,
    ) -> Change:
        """The change ``actions`` make to ``record``'s ``state``, ready to save (nothing is
        written; computers answer in a change of their own, see :meth:`play_computers`)."""
        game = find_game(record.game)
        previous = game.to_move(state)
        state, events, applied = await off_loop(
            play, game, state, seat, user_id, actions, interaction_id
        )
        return await summed(game, state, events, applied, previous)

    async def close_round(
        self, channel_id: int, *, job_id: int, headline: Phrase | None = None
    ) -> MoveResult:
        """A round timer ran out: the game's close-round action, applied by the system."""
        async with self.lock(channel_id):
            record, state = await self.running(channel_id)
            game = find_game(record.game)
            action = game.close_round_action(state)
            assert action is not None, f"{record.game} has no rounds to close"
            note = Note(headline, job_id)
            return await self._apply(record, state, None, None, [action], -job_id, note=note)

    async def play_paced(self, channel_id: int, *, version: int, job_id: int) -> MoveResult | None:
        """A paced job came due: the game's paced action, unless the game moved on since."""
        async with self.lock(channel_id):
            record, state = await self.running(channel_id)
            game = find_game(record.game)
            action = game.paced_action(state)
            if action is None or record.version != version:
                return None
            note = Note(job_id=job_id)
            return await self._apply(record, state, None, None, [action], -job_id, note=note)

    async def play_computers(
        self, channel_id: int, *, version: int, job_id: int
    ) -> MoveResult | None:
        """A computers job: the computer seats to move play (hard ones in a worker process),
        saved as one change that ends the job; None if the game moved on since the job was
        saved (a job run twice plays once)."""
        async with self.lock(channel_id):
            record, state = await self.running(channel_id)
            if record.version != version:
                return None
            game = find_game(record.game)
            previous = game.to_move(state)
            state, events, applied = await self._run_computers(game, record, state)
            if not applied:
                return None
            applied[0] = replace(applied[0], interaction_id=-job_id)
            change = await summed(game, state, events, applied, previous)
            return await self._save(record, change, Note(job_id=job_id))

    async def act_for_absent(
        self, channel_id: int, policy: str, job_id: int, headline: Callable[[list[str]], Phrase]
    ) -> tuple[MoveResult | None, list[str]]:
        """The timeout of a turn: the players to move are played for, skipped or removed.

        Returns the saved result and the names of the absent players (``headline`` tells
        them). Every action is logged (the first with the job's id, so a repeated job is
        refused by the store).
        """
        async with self.lock(channel_id):
            record, state = await self.running(channel_id)
            game = find_game(record.game)
            previous = game.to_move(state)
            absent = [p for p in record.players if p.seat in previous and not p.is_ai]
            if not absent:
                return None, []
            events: list[Event] = []
            applied: list[LoggedAction] = []
            for player in absent:
                while not game.is_over(state) and player.seat in game.to_move(state):
                    action = _timeout_action(game, state, player.seat, policy, record, applied)
                    state, new = game.apply(state, player.seat, action)
                    tag = -job_id if not applied else None
                    events += new
                    applied.append(LoggedAction(player.seat, None, game.format(action), tag))
            names = [p.name for p in absent]
            note = Note(headline(names), job_id)
            change = await summed(game, state, events, applied, previous)
            return await self._save(record, change, note), names

    async def quiet_users(self, record: GameRecord) -> set[int]:
        """Players of a game who asked not to be pinged (``/notify off``)."""
        quiet = set()
        for player in record.players:
            if player.user_id is not None:
                settings = await self.store.user_settings(player.user_id)
                if not settings.get("notify", True):
                    quiet.add(player.user_id)
        return quiet

    async def resign(self, channel_id: int, user_id: int, interaction_id: int | None) -> MoveResult:
        return await self.play(channel_id, user_id, "RESIGN", interaction_id=interaction_id)

    async def end(self, channel_id: int, user_id: int, is_moderator: bool) -> GameRecord:
        """Stop the channel's game or lobby early (host or moderator)."""
        async with self.lock(channel_id):
            record = await self.current(channel_id)
            if user_id != record.host_id and not is_moderator:
                raise UserError("not_host_or_mod")
            await self.store.close_game(record.id, record.version, "cancelled", self._now())
            await self.store.cancel_jobs(record.id)
            return record

    async def kick(
        self, channel_id: int, by_user: int, target: int, is_moderator: bool
    ) -> tuple[GameRecord, MoveResult | None]:
        """Remove a player (host or moderator): a lobby seat, or a resignation in a game."""
        async with self.lock(channel_id):
            record = await self.current(channel_id)
            if by_user != record.host_id and not is_moderator:
                raise UserError("not_host_or_mod")
            seat = record.seat_of(target)
            if seat is None:
                raise UserError("not_a_player_here")
            if record.status == "lobby":
                if target == record.host_id:
                    raise UserError("host_cannot_leave")
                rest = [p for p in record.players if p.user_id != target]
                return await self._reseat(record, rest), None
            state = self.state_of(record)
            result = await self._apply(record, state, seat, by_user, [Resign()], None)
            return result.record, result

    @staticmethod
    def describe(record: GameRecord, notation: str) -> str:
        """A short sentence for a logged action ("places JUNGLE+LAKE at …", "resigns")."""
        game = find_game(record.game)
        return game.describe(game.parse(notation))

    # ----- views and pictures -----------------------------------------------------------
    async def render(
        self,
        record: GameRecord,
        state: Any,
        seat: int | None = None,
        drawer: Drawer | None = None,
        name: str = "",
    ) -> bytes:
        """The PNG of ``seat``'s view (None: the public one) of the saved ``state``, drawn by
        the game's renderer or by ``drawer`` (another picture of that view); ``name`` tells
        apart pictures of one version and viewer (default: the drawer's name).

        Drawn outside the event loop's interpreter, once per game version, viewer, drawer and
        language (the current one: the reader's, see :mod:`bot.i18n`).
        """
        view: ViewSource = partial(game_view, record.game, state, seat)
        if self._is_saved(record, state):  # the worker reads the saved JSON, kept per version
            view = partial(preview_view, self.saved_state(record), seat, ())
        return await self.render_view(record, view, seat, drawer, name)

    def _is_saved(self, record: GameRecord, state: Any) -> bool:
        """Whether ``state`` is ``record``'s saved state (as :meth:`state_of` gave it)."""
        cached = self._states.get(record.id)
        return (
            record.state is not None
            and cached is not None
            and cached[0] == record.version
            and cached[1] is state
        )

    def saved_state(self, record: GameRecord, kind: str = "game") -> SavedState:
        """``record``'s saved state as the worker pool reads it; ``kind`` tells what kind of
        record's id ``record.id`` is (a channel's game, or a daily attempt)."""
        assert record.state is not None
        return SavedState(record.game, (self.reader, kind, record.id), record.version, record.state)

    async def render_view(
        self,
        record: GameRecord,
        view: ViewSource,
        seat: int | None,
        drawer: Drawer | None = None,
        name: str = "",
    ) -> bytes:
        """Like :meth:`render`, of a view source (e.g. :meth:`PanelStep.preview`)."""
        picture = name or getattr(drawer, "__name__", "")
        key = PictureKey(record.id, record.version, seat, picture, current())
        return await self.pictures.draw(key, view, record.names, drawer)

    # ----- internals --------------------------------------------------------------------
    async def _lobby(self, channel_id: int) -> GameRecord:
        record = await self.store.open_game_in(channel_id)
        if record is None or record.status != "lobby":
            raise UserError("no_lobby")
        return record

    @staticmethod
    def _require_host(record: GameRecord, user_id: int) -> None:
        if user_id != record.host_id:
            raise UserError("not_host", host=f"<@{record.host_id}>")

    @staticmethod
    def _check_room(record: GameRecord) -> None:
        info = find_game(record.game).info
        cap = min(info.max_players, record.table_options.get("cap") or info.max_players)
        if len(record.players) >= cap:
            raise UserError("lobby_full", game=game_title(info.name), max=cap)

    async def _reseat(self, record: GameRecord, players: Sequence[PlayerRecord]) -> GameRecord:
        seats = [
            PlayerRecord(i, p.user_id, p.name, p.is_ai, p.level) for i, p in enumerate(players)
        ]
        try:
            await self.store.set_seats(record.id, record.version, seats, self._now())
        except VersionConflict:
            raise UserError("board_changed") from None
        fresh = await self.store.get_game(record.id)
        assert fresh is not None
        return fresh

    async def _run_computers(
        self, game: Game, record: GameRecord, state: Any
    ) -> tuple[Any, list[Event], list[LoggedAction]]:
        """Let computer seats act while it is their turn, each at its level (hard ones in a
        worker process); each move is logged like any other."""
        levels = {p.seat: p.level or Level.NORMAL for p in record.players if p.is_ai}
        ai_seats = set(levels)
        events: list[Event] = []
        applied: list[LoggedAction] = []
        while not game.is_over(state):
            waiting = sorted(ai_seats & game.to_move(state))
            if not waiting:
                break
            seat = waiting[0]
            seed = f"{record.seed}/{len(applied)}/{seat}/{record.version}"
            action = await self.computers.choose(game, state, seat, seed, levels[seat])
            state, new_events = await off_loop(game.apply, state, seat, action)
            events += new_events
            applied.append(LoggedAction(seat, None, game.format(action)))
        return state, events, applied

    async def _save(
        self, record: GameRecord, change: Change, note: Note | None = None
    ) -> MoveResult:
        """Save the change with its outbox entry (and the end of the job that made it); a
        change saved meanwhile by another is refused."""
        try:
            return await self._commit(record, change, note)
        except VersionConflict:
            raise UserError("board_changed") from None

    async def _commit(
        self, record: GameRecord, change: Change, note: Note | None = None
    ) -> MoveResult:
        """:meth:`_save`, raising VersionConflict when ``record`` is no longer the latest."""
        game, state, outcome = change.game, change.state, change.outcome
        thinking = outcome is None and bool(record.computer_seats & game.to_move(state))
        then = None
        if thinking:
            due = self._now() + THINKING_GRACE
            then = Scheduled(COMPUTERS, due, {"version": record.version + 1})
        try:
            version = await self.store.save_move(
                record.id,
                expected_version=record.version,
                state=change.data,
                actions=change.applied,
                now=self._now(),
                status="finished" if outcome else "active",
                result=outcome.to_json() if outcome else None,
                finished=finished_game(record, game, state, outcome) if outcome else None,
                notice=self._board_notice(change.events, change.applied, note),
                job_id=note.job_id if note else None,
                then=then,
            )
        except DuplicateInteraction:
            raise UserError("duplicate") from None
        _saved.set(SavedChange(record.id, record.channel_id, version))
        self._remember(record.id, version, state)
        fresh = replace(
            record,
            state=change.data,
            version=version,
            status="finished" if outcome else "active",
            result=outcome.to_json() if outcome else None,
        )
        await self.timers.after_change(fresh, game, state, change.previous_movers)
        return MoveResult(fresh, state, change.events, change.applied, thinking=thinking)

    def _board_notice(
        self, events: list[Event], applied: list[LoggedAction], note: Note | None
    ) -> Notice:
        """The outbox entry of a change: its board, with what the publisher needs to show it
        as the change's own handler would (who acted, what happened, the job's headline)."""
        actor = applied[0].seat if applied and applied[0].user_id is not None else None
        payload: dict[str, Any] = {"actor": actor, "events": [e.to_json() for e in events]}
        if note is not None and note.headline is not None:
            payload["headline"] = note.headline.to_json()
        by_job = note is not None and note.job_id is not None
        due = self._now() + (timedelta() if by_job else SHOW_GRACE)
        return Notice(BOARD, due, payload)


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``: engine work on a state held by the event loop, in a thread.

    The thread gives the interpreter back to the event loop at every switch interval (5 ms),
    so a long step (a 99-player round closing) delays no acknowledgement by more than that;
    shipping the state to a worker process would cost the loop more (pickling every sheet,
    both ways) than the step itself.
    """
    return await asyncio.to_thread(fn, *args)


def _summary(game: Game, state: Any) -> tuple[Any, dict[str, Any]]:
    """The state's outcome (None while it goes on) and its JSON."""
    return game.outcome(state), game.serialize(state)


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
