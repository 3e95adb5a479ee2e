"""Islant as an engine game: simultaneous rounds on a shared roll, one sheet per player.

Options: ``level`` (1–5, default 1) picks the sheet and its dice; ``max_rounds`` (0 =
unlimited, default 0) ends the race after that many rounds.

Round flow: the roll is made when a round opens. Each player still playing builds their turn
(ASSIGN, WILD, DRAW, CROSS, UNDO) and SUBMITs it; the round closes by itself once every player
still playing has submitted, or when the host sends CLOSE (seat None), which drops unsubmitted
drafts. Whoever can draw no tile with a new roll, under any assignment, ends automatically.
RESIGN is STOP. NAME is taken any time during one's turn and is not listed by
``legal_actions`` (names are free text).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.core import (
    N_,
    EndReason,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    View,
    Words,
    said,
)
from engine.core.ai import Deadline
from engine.core.errors import NOT_A_PLAYER
from engine.core.game import seats_with_best
from engine.core.menus import Menu, Path, Picked

from .actions import (
    DRAFT_STEPS,
    Action,
    Close,
    Cross,
    Draw,
    End,
    Name,
    Stop,
    Submit,
    Undo,
    Wild,
    format_action,
    parse_action,
)
from .ai import choose_action
from .audit import audit_state
from .geometry import COLUMN, LAND_SLOTS, parse_cell_name
from .hard import choose_hard_action
from .menus import islant_menu
from .scoring import islands, score
from .state import (
    ALL_STOPPED,
    ENDED,
    HOST_REASON,
    PLAYING,
    STOPPED,
    SUBMITTED,
    IslantState,
    after_player,
    close_round,
    finish,
    start,
    state_from_json,
    state_to_json,
)
from .turn import (
    Draft,
    any_placement,
    apply_step,
    assignments,
    draft_columns,
    may_choose_wild,
    placements,
    rebuild,
    wild_values,
)
from .views import game_view
from .words import describe_step

ROUND_TIMED_OUT = Words("Time is up: the round is closed. Whoever had not submitted draws nothing.")


class IslantGame(Game[IslantState, Action]):
    """The Islant roll-and-write for 1 to 99 players."""

    info = GameInfo(
        name="islant",
        title="Islant",
        summary="Roll and write islands: shared dice, one sheet each, five levels.",
        min_players=1,
        max_players=99,
        rules_version=1,
        aliases=("island-roll", "islant-race"),
        end_reasons=(ALL_STOPPED,),
        typical_players=(3, 1, 99),
        simultaneous=True,
        uses_dice=True,
        options=(
            OptionSpec(
                "level",
                "Sheet level, 1 (easiest) to 5.",
                1,
                minimum=1,
                maximum=5,
                title=N_("Level"),
            ),
            OptionSpec(
                "max_rounds",
                "Last round (0 = no limit).",
                0,
                minimum=0,
                maximum=999,
                title=N_("Last round"),
                words=((0, N_("no limit")),),
            ),
        ),
    )

    def _new_state(self, num_players: int, options: Mapping[str, Any], rng: Rng) -> IslantState:
        state, _ = start(int(options["level"]), int(options["max_rounds"]), num_players, rng)
        return state

    def to_move(self, state: IslantState) -> frozenset[Seat]:
        return frozenset() if state.finished else frozenset(state.seats(PLAYING))

    def num_players(self, state: IslantState) -> int:
        return len(state.players)

    # ----- actions ----------------------------------------------------------------------------
    def legal_actions(self, state: IslantState, seat: Seat) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        draft = state.players[seat].working
        if not draft.assigned:
            return [*assignments(state.spec, state.roll), Stop()]
        actions: list[Action] = []
        for slot, _die in draft.dice:
            if may_choose_wild(draft, slot):
                chosen = draft.value(slot)
                actions.extend(Wild(slot, v) for v in wild_values(draft, slot) if v != chosen)
        for slot in draft.open_slots():
            actions.extend(self._draws(draft, slot))
            if any_placement(draft, slot) is None:
                actions.append(Cross(slot))
        if draft.steps:
            actions.append(Undo())
        if not draft.open_slots():
            actions.append(Submit())
        actions.append(Stop())
        return actions

    def can_act(self, state: IslantState, seat: Seat) -> bool:
        return seat in self.to_move(state)  # a player to move may always stop

    def forward_actions(self, state: IslantState, seat: Seat) -> list[Action]:
        """The legal actions but Undo (no taking back)."""
        return [a for a in self.legal_actions(state, seat) if not isinstance(a, Undo)]

    def gives_up(self, state: IslantState, seat: Seat, action: Action) -> bool:
        """Stop always ends the seat's game (even the last player's, winning or not)."""
        return isinstance(action, Stop) or super().gives_up(state, seat, action)

    @staticmethod
    def _draws(draft: Draft, slot: str) -> list[Draw]:
        value = draft.value(slot)
        if value is None:
            return []
        if slot in LAND_SLOTS:
            if COLUMN in draft.sheet.spec.slots and draft.value(COLUMN) is None:
                return []
            columns = draft_columns(draft)
        else:
            columns = frozenset()
        sheet = draft.sheet
        return [Draw(slot, sheet.name_of(c), r) for c, r in placements(sheet, slot, value, columns)]

    def round_number(self, state: IslantState) -> int | None:
        return state.round

    def close_round_action(self, state: IslantState) -> Action | None:
        """``CLOSE``: whoever has not submitted draws nothing this round."""
        return Close()

    def round_timer_words(self, state: IslantState) -> Words:
        return ROUND_TIMED_OUT

    def _apply(
        self, state: IslantState, seat: Seat | None, action: Action
    ) -> tuple[IslantState, list[Event]]:
        if seat is None:
            if isinstance(action, Close):
                return close_round(state)
            if isinstance(action, End):
                return finish(state, HOST_REASON, EndReason.HOST_ENDED, [])
            raise IllegalAction(NOT_A_PLAYER, "Only players draw on sheets.")
        if isinstance(action, Close | End):
            raise IllegalAction(
                "host_only", "Only the host (or the round timer) can close a round or end the race."
            )
        player = state.players[seat]
        if isinstance(action, DRAFT_STEPS):
            draft, events = apply_step(player.working, state.roll, action)
            return state.with_player(seat, replace(player, draft=draft)), events
        if isinstance(action, Undo):
            if not player.working.steps:
                raise IllegalAction("nothing_to_undo", "There is nothing to undo this turn.")
            steps = player.working.steps[:-1]
            draft = rebuild(player.sheet, state.roll, steps) if steps else None
            return state.with_player(seat, replace(player, draft=draft)), []
        if isinstance(action, Submit):
            return self._submit(state, seat)
        if isinstance(action, Stop):
            return self._stop(state, seat)
        assert isinstance(action, Name)
        return self._name(state, seat, action), []

    def _submit(self, state: IslantState, seat: Seat) -> tuple[IslantState, list[Event]]:
        player = state.players[seat]
        draft = player.working
        if not draft.assigned or draft.open_slots():
            left = ", ".join(draft.open_slots()) if draft.assigned else Words("assign the dice")
            raise IllegalAction(
                "turn_unfinished",
                Words(
                    "Finish your turn first ({left}): draw each tile, or cross it out if it has "
                    "no legal place.",
                    {"left": left},
                ),
            )
        player = replace(player, sheet=draft.sheet, status=SUBMITTED, draft=None)
        state = state.with_player(seat, player)
        event = said(
            "submitted",
            "Player {number} submitted round {round}.",
            {"seat": seat, "round": state.round},
            number=seat + 1,
            round=state.round,
        )
        state, more = after_player(state)
        return state, [event, *more]

    def _stop(self, state: IslantState, seat: Seat) -> tuple[IslantState, list[Event]]:
        player = replace(state.players[seat], status=STOPPED, draft=None)
        state = state.with_player(seat, player)
        event = said("stopped", "Player {number} ends their game.", {"seat": seat}, number=seat + 1)
        state, more = after_player(state)
        return state, [event, *more]

    def _name(self, state: IslantState, seat: Seat, action: Name) -> IslantState:
        player = state.players[seat]
        sheet = player.working.sheet
        cell = parse_cell_name(action.cell, sheet.size)
        if cell is None:
            raise IllegalAction(
                "off_sheet", Words("{cell} is not on this sheet.", {"cell": action.cell})
            )
        here = sheet.cells[cell]
        land = here.land if here is not None else 0
        quarter = action.quarter
        if quarter is None:
            quarter = next((q for q in range(4) if land >> q & 1), None)
        if quarter is None or not land >> quarter & 1:
            raise IllegalAction(
                "no_land",
                Words(
                    "{cell} has no land there; name an island by one of its cells.",
                    {"cell": action.cell},
                ),
            )
        island = next(i for i in islands(sheet) if cell * 4 + quarter in i.triangles)
        kept = tuple(n for n in player.names if n[0] * 4 + n[1] not in island.triangles)
        return state.with_player(seat, replace(player, names=(*kept, (cell, quarter, action.name))))

    def still_playing(self, state: IslantState, seat: Seat) -> bool:
        return not self.is_over(state) and state.players[seat].status not in ENDED

    def _resign(self, state: IslantState, seat: Seat) -> tuple[IslantState, list[Event]]:
        if state.players[seat].status in ENDED:
            raise IllegalAction("already_ended", "Your game has already ended.")
        return self._stop(state, seat)

    # ----- notation, storage, views -----------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def describe_action(self, action: Action, state: IslantState | None = None) -> str:
        """A sentence for an action; a land tile's rotation is told by how far it is turned
        (the words of what it covers need the player's dice: :meth:`describe_for`)."""
        return describe_step(action)

    def describe_for(self, state: IslantState, seat: Seat, action: Action) -> str:
        """A sentence for an action of ``seat`` now, in the words of its turn in progress
        (``draws the red land tile 3 (three quarters) at C4, turned so that it covers …``)."""
        return describe_step(action, state.players[seat].working)

    def menu(self, state: IslantState, seat: Seat, path: Path = ()) -> Menu | Picked[Action]:
        """The Islant menus (see :mod:`engine.islant.menus`); NAME stays a typed command."""
        return islant_menu(state, seat, path, lambda: self.legal_actions(state, seat))

    def menu_excluded(self, action: Action) -> bool:
        """NAME takes free text: it is typed, never offered in a menu."""
        return isinstance(action, Name)

    def state_to_json(self, state: IslantState) -> dict[str, Any]:
        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> IslantState:
        return state_from_json(dict(data))

    def view(self, state: IslantState, seat: Seat | None) -> View:
        return View(self.info.name, seat, game_view(state, seat))

    def seat_view(self, state: IslantState, seat: Seat) -> View:
        """The race as ``seat`` sees it, without the other players' sheets (None)."""
        return View(self.info.name, seat, game_view(state, seat, only_own=True))

    def score_sheet(self, state: IslantState) -> tuple[Mapping[str, int], ...]:
        return tuple(score(p.sheet).to_json() for p in state.players)

    def outcome(self, state: IslantState) -> Outcome | None:
        if not state.finished:
            return None
        scores = tuple(score(p.sheet).total for p in state.players)
        return Outcome(scores, seats_with_best(scores), state.end_reason, EndReason(state.end_code))

    def audit(self, state: IslantState) -> list[str]:
        return audit_state(state)

    def disclosure(self, state: IslantState, seat: Seat, action: Action) -> str | None:
        """The steps of a turn and their undoing show nothing until the turn is submitted."""
        return "" if isinstance(action, (*DRAFT_STEPS, Undo)) else None

    def ai_knowledge(self, state: IslantState, seat: Seat) -> IslantState:
        """No future rolls, and no other player's unfinished turn."""
        players = tuple(
            p if i == seat else replace(p, draft=None) for i, p in enumerate(state.players)
        )
        return replace(state, rng=Rng(0), players=players)

    def _normal_action(self, known: IslantState, seat: Seat, rnd: random.Random) -> Action:
        return choose_action(known, seat, rnd)

    def _hard_action(
        self, known: IslantState, seat: Seat, rnd: random.Random, deadline: Deadline
    ) -> Action:
        return choose_hard_action(known, seat, rnd, deadline)
