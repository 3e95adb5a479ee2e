"""The private panel of a channel's game: taps followed through the navigator, completed
paths played; moves tapped while a change is being saved are saved together."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core import Path
from locales import current, speaking

from ..errors import UserError
from ..move_batches import MoveQueues, PanelMove, Played, play_in_turn
from ..rendering import Pictures
from ..store import GameRecord
from .loading import Loading, off_loop
from .navigator import (
    FirstMenuOrder,
    LinesFor,
    LinesOf,
    PanelStep,
    PictureFor,
    PictureOrder,
    Seated,
    first_menu_drawn,
    first_menus_drawn,
    navigate_drawn,
    no_lines,
    no_picture,
    seated,
)
from .transaction import Change, MoveResult, Transactions, then_summed


@dataclass(frozen=True, slots=True)
class NextPanel:
    """What a mover's panel shows once the move is saved: the seat's first menu, with the
    game's ``lines``, in ``lang``, with the picture ``order`` asks for, opening with what
    ``said`` says of the move (None: nothing)."""

    lines: LinesOf | None
    lang: str
    order: PictureOrder | None
    said: Callable[[MoveResult], str] | None


class Panels:
    """Panels of channel games (and the planning the daily game's panels share)."""

    def __init__(self, loading: Loading, transactions: Transactions, pictures: Pictures) -> None:
        """What it uses: the store, locks and games of ``loading``; ``transactions`` saves a
        batch of moves; ``pictures`` is the worker pool the menus are worked out in."""
        self.store, self.lock, self.reader = loading.store, loading.lock, loading.reader
        self.running_record, self.load_off_loop = loading.running_record, loading.load_off_loop
        self.running_seeing = loading.running_seeing
        self._save = transactions.save
        self.pictures = pictures
        self._queues = MoveQueues()

    async def plan(
        self,
        seated: Seated,
        seat: int,
        version: str | None,
        path: Path,
        lines: LinesFor = no_lines,
        picture: PictureFor = no_picture,
    ) -> PanelStep:
        """``seat``'s panel at ``path`` of a panel drawn for ``version`` (None: a new one),
        worked out in the worker pool, with its picture when ``picture`` asks for one."""
        plan, drawn, laid = await self.pictures.run(
            navigate_drawn,
            seated,
            seat,
            version,
            path,
            lines(seated.game),
            current(),
            picture(seated.game),
        )
        return PanelStep(seated, plan, drawn=drawn, laid=laid)

    async def first(
        self,
        seated: Seated,
        seat: int,
        lines: LinesFor = no_lines,
        picture: PictureFor = no_picture,
        *,
        stale: bool = False,
        note: str = "",
    ) -> PanelStep:
        """``seat``'s first menu (with its picture, and its components opening with
        ``note``, when ``picture`` asks for them); ``stale``: the answer to a tap from an
        outdated panel."""
        order = noted(picture(seated.game), note)
        plan, drawn, laid = await self.pictures.run(
            first_menu_drawn, seated, seat, lines(seated.game), current(), stale, order
        )
        return PanelStep(seated, plan, drawn=drawn, laid=laid)

    async def open_panel(
        self,
        channel_id: int,
        user_id: int,
        lines: LinesFor = no_lines,
        picture: PictureFor = no_picture,
    ) -> PanelStep:
        """The first menu of the user's panel in the channel's running game; ``lines`` gives
        a game's lines above its menu, ``picture`` the picture drawn with it."""
        record = await self.running_record(channel_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("not_playing")
        return await self.first(seated(record, self.reader), seat, lines, picture)

    async def choose(
        self,
        channel_id: int,
        user_id: int,
        game_id: int,
        version: str | None,
        path: Path,
        *,
        interaction_id: int | None = None,
        lines: LinesFor = no_lines,
        picture: PictureFor = no_picture,
        said: Callable[[MoveResult], str] | None = None,
    ) -> PanelStep:
        """Follow a tap on a panel: the menu ``path`` leads to, or the move it completes
        (the next menu's components then open with ``said`` of the move, when ``picture``
        asks for them).

        The seat's version is compared with the panel's: a panel drawn before the seat's
        options changed gets the current first menu, ``stale`` (``version`` None: a new
        panel, the first menu as it is now). A step to another menu
        writes nothing, so it takes no lock; a completed path is played if the seat's options
        are still those the panel was drawn for (:meth:`_play_planned`). The menus are worked
        out in the worker pool, never under the lock, with the picture ``picture`` asks for:
        the tap's own, then after a move the next menus of all the moves one save played;
        the picked actions are played as they are.
        """
        record = await self.running_record(channel_id)
        seat = _seat_for(record, user_id, game_id)
        step = await self.plan(seated(record, self.reader), seat, version, path, lines, picture)
        if not step.plan.play:
            return step
        then = NextPanel(lines(record.game), current(), picture(record.game), said)
        played = await self._play_planned(channel_id, step, user_id, interaction_id, then)
        if played is None:  # the seat's first menu, as for any panel out of date
            record = await self.running_record(channel_id)
            return await self.first(seated(record, self.reader), seat, lines, picture, stale=True)
        return played

    async def _play_planned(
        self,
        channel_id: int,
        step: PanelStep,
        user_id: int,
        interaction_id: int | None,
        then: NextPanel,
    ) -> PanelStep | None:
        """Play the actions a panel's path completed: the seat's next panel (``then``) with
        the move, or None when the seat's options have changed since the panel was drawn.
        Moves tapped in the channel while a change is being saved are saved together by the
        next save (:mod:`bot.move_batches`), and their next panels planned together."""
        move = PanelMove(
            step.seat, step.plan.version, step.plan.play, user_id, interaction_id, then
        )
        if self._queues.join(channel_id, move):
            # shielded: a tap given up while waiting must not strand the moves queued behind
            await asyncio.shield(self._save_batch(channel_id))
        answer: PanelStep | None = await move.answer
        return answer

    async def _save_batch(self, channel_id: int) -> None:
        """Save, under the channel's lock, every panel move queued in the channel by then,
        as one change; then plan the movers' next panels (not under the lock); each move's
        tap gets its own answer."""
        moves: list[PanelMove] = []
        try:
            async with self.lock(channel_id):
                moves = self._queues.take(channel_id)
                try:
                    answers = await self._play_batch(channel_id, moves)
                except Exception as error:  # each tap answers with it
                    answers = [error] * len(moves)
            panels = await self._next_panels(moves, answers)
        except BaseException:  # cancelled (the bot stops): no tap of the queue waits for ever
            for move in moves or self._queues.take(channel_id):
                move.answer.cancel()
            raise
        for move, answer in zip(moves, panels, strict=True):
            if isinstance(answer, BaseException):
                move.answer.set_exception(answer)
            else:
                move.answer.set_result(answer)

    async def _next_panels(
        self, moves: list[PanelMove], answers: list[MoveResult | Exception | None]
    ) -> list[PanelStep | Exception | None]:
        """Each move's answer with the saved ones' next panels: every mover's first menu on
        the saved state (with its picture and components, opening with what the move's
        ``said`` says of it), all worked out in one hand-over to the worker pool."""
        panels: list[PanelStep | Exception | None] = []
        saved: list[tuple[int, str]] = []  # per saved move: its place among the answers, its note
        orders: list[FirstMenuOrder] = []
        change: MoveResult | None = None
        for index, (move, answer) in enumerate(zip(moves, answers, strict=True)):
            if not isinstance(answer, MoveResult):
                panels.append(answer)
                continue
            change, then = answer, move.then
            with speaking(then.lang):
                note = then.said(answer) if then.said is not None else ""
            order = noted(then.order, note)
            panels.append(None)
            saved.append((index, note))
            orders.append((move.seat, then.lines, then.lang, False, order))
        if change is None:
            return panels
        state = seated(change.record, self.reader)
        try:
            planned = await self.pictures.run(first_menus_drawn, state, orders)
        except Exception as error:  # each saved move's tap answers with it
            planned = [error] * len(orders)
        for (index, note), panel in zip(saved, planned, strict=True):
            if isinstance(panel, Exception):
                panels[index] = panel
                continue
            plan, drawn, laid = panel
            panels[index] = PanelStep(state, plan, move=change, said=note, drawn=drawn, laid=laid)
        return panels

    async def _play_batch(
        self, channel_id: int, moves: list[PanelMove]
    ) -> list[MoveResult | Exception | None]:
        """The moves played in turn on the channel's game and saved as one change; for each
        move, that change (its events and log lines are every move's), None (its panel is out
        of date) or the error it met."""
        record, ids = await self.running_seeing(
            channel_id, [m.interaction_id for m in moves if m.interaction_id is not None]
        )
        fresh = []  # per move: not an interaction played already (or earlier in the batch)
        for move in moves:
            fresh.append(move.interaction_id is None or move.interaction_id not in ids)
            if move.interaction_id is not None:
                ids.add(move.interaction_id)
        loaded = await self.load_off_loop(record)
        game, state = loaded.game, loaded.state
        playing = [m for m, new in zip(moves, fresh, strict=True) if new]
        after, outcomes, (outcome, stored) = await off_loop(
            then_summed, play_in_turn, game, state, playing
        )
        done = [(m, o) for m, o in zip(playing, outcomes, strict=True) if isinstance(o, Played)]
        result = None
        if done:
            events = [e for _, o in done for e in o.events]
            actions = [a for m, _ in done for a in m.actions]
            applied = [a for _, o in done for a in o.applied]
            accounts = [a for _, o in done for a in o.accounts]
            previous = game.to_move(state)
            change = Change(
                game, after, events, actions, applied, previous, outcome, stored, accounts
            )
            result = await self._save(record, change)
        answers: list[MoveResult | Exception | None] = []
        by_move = iter(outcomes)
        for new in fresh:
            outcome = next(by_move) if new else UserError("duplicate")
            answers.append(result if isinstance(outcome, Played) else outcome)
        return answers


def noted(order: PictureOrder | None, note: str) -> PictureOrder | None:
    """``order`` with its panel's components opening with ``note`` (when there is one)."""
    return replace(order, note=note) if order is not None and note else order


def _seat_for(record: GameRecord, user_id: int, game_id: int) -> int:
    """The user's seat in ``record``, which must be the game the panel was drawn for."""
    if record.id != game_id:
        raise UserError("wrong_game_button")
    seat = record.seat_of(user_id)
    if seat is None:
        raise UserError("not_playing")
    return seat
