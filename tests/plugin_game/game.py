"""Island tic-tac-toe: a test-only fifth game that proves the plug-in path.

Two players claim islets of a 3×3 archipelago in turn (columns A–C, rows 1–3); three in a
row wins, a full board with no row is a draw. Notation: ``CLAIM B2`` (``B2`` alone reads too).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core import (
    BAD_NOTATION,
    EndReason,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Rng,
    Step,
    View,
    Words,
    seat_ref,
    told,
)
from engine.core.notation import capped, shorten
from engine.core.options import OptionValue
from engine.core.words import N_

COLUMNS, ROWS = "ABC", "123"
CELLS = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)  # A1 B1 C1 A2 … C3
LINES = (
    *((0, 1, 2), (3, 4, 5), (6, 7, 8)),  # rows
    *((0, 3, 6), (1, 4, 7), (2, 5, 8)),  # columns
    *((0, 4, 8), (2, 4, 6)),  # diagonals
)
PLAYERS = 2
THREE_IN_A_ROW = EndReason("three_in_a_row")
BOARD_FULL = EndReason("board_full")
ISLET_TAKEN = "islet_taken"
NO_SUCH_ISLET = "no_such_islet"
CHOOSE_ISLET = Words("Which islet do you claim?")


@dataclass(frozen=True, slots=True)
class Claim:
    """Put your flag on one islet."""

    cell: str


@dataclass(frozen=True, slots=True)
class State:
    cells: tuple[int | None, ...] = (None,) * len(CELLS)
    active: int = 0
    resigned: int | None = None


def line_of(cells: Sequence[int | None]) -> tuple[int, ...] | None:
    """The first line one seat holds whole, if any."""
    return next((line for line in LINES if cells[line[0]] is not None and _same(cells, line)), None)


def _same(cells: Sequence[int | None], line: tuple[int, ...]) -> bool:
    return cells[line[0]] == cells[line[1]] == cells[line[2]]


class TicTacToeGame(Game[State, Claim]):
    info = GameInfo(
        name="tictactoe",
        title="Island tic-tac-toe",
        summary="Claim islets in turn; three in a row wins.",
        min_players=PLAYERS,
        max_players=PLAYERS,
        rules_version=1,
        aliases=("islandtictactoe", "ttt"),
        end_reasons=(THREE_IN_A_ROW, BOARD_FULL),
        typical_players=(PLAYERS,),
        options=(
            OptionSpec(
                name="first",
                description="host: the first seat claims first; guest: the second one",
                default="host",
                choices=("host", "guest"),
                title=N_("Who claims first"),
                words=(("host", N_("the first player")), ("guest", N_("the second player"))),
            ),
        ),
    )

    def _new_state(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        return State(active=0 if options["first"] == "host" else 1)

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset({state.active})

    def legal_actions(self, state: State, seat: int) -> list[Claim]:
        if self.is_over(state) or seat != state.active:
            return []
        return [Claim(c) for c, owner in zip(CELLS, state.cells, strict=True) if owner is None]

    def _apply(self, state: State, seat: int | None, action: Claim) -> tuple[State, list[Event]]:
        assert seat is not None
        if action.cell not in CELLS:
            words = Words("There is no islet {cell}.", {"cell": shorten(str(action.cell))})
            raise IllegalAction(NO_SUCH_ISLET, words)
        index = CELLS.index(action.cell)
        if state.cells[index] is not None:
            words = Words("Islet {cell} is already claimed.", {"cell": action.cell})
            raise IllegalAction(ISLET_TAKEN, words)
        cells = (*state.cells[:index], seat, *state.cells[index + 1 :])
        after = replace(state, cells=cells, active=1 - seat)
        line = Words("{who} claims islet {cell}.", {"who": seat_ref(seat), "cell": action.cell})
        return after, [told("claim", line, {"seat": seat, "cell": action.cell}, retells=True)]

    def _resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        words = Words("{who} resigns.", {"who": seat_ref(seat)})
        return replace(state, resigned=seat), [told("resign", words, {"seat": seat}, retells=True)]

    def parse_action(self, text: str) -> Claim:
        words = capped(text).upper().split()
        if words[:1] == ["CLAIM"]:
            words = words[1:]
        if len(words) != 1 or words[0] not in CELLS:
            quoted = shorten(text.strip())
            message = Words("Could not read `{text}`: try `CLAIM B2`.", {"text": quoted})
            raise IllegalAction(BAD_NOTATION, message)
        return Claim(words[0])

    def format_action(self, action: Claim) -> str:
        return f"CLAIM {action.cell}"

    def describe_action(self, action: Claim, state: State | None = None) -> Words:
        return Words("claims islet {cell}", {"cell": action.cell})

    def menu_steps(self, action: Claim, state: State) -> Sequence[Step]:
        label = Words("Islet {cell}", {"cell": action.cell})
        return (Step(action.cell, label, CHOOSE_ISLET),)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return {"cells": list(state.cells), "active": state.active, "resigned": state.resigned}

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return State(tuple(data["cells"]), int(data["active"]), data["resigned"])

    def view(self, state: State, seat: int | None) -> View:
        outcome = self.outcome(state)
        data = {"cells": list(state.cells), "active": state.active, "line": line_of(state.cells)}
        data["winners"] = None if outcome is None else list(outcome.winners)
        return View(self.info.name, seat, data)

    def outcome(self, state: State) -> Outcome | None:
        if state.resigned is not None:
            winner = 1 - state.resigned
            reason = Words("{who} resigned.", {"who": seat_ref(state.resigned)})
            return Outcome(_scores(winner), (winner,), reason, EndReason.RESIGNED)
        line = line_of(state.cells)
        if line is not None:
            winner = state.cells[line[0]]
            assert winner is not None
            reason = Words("{who} holds three islets in a row.", {"who": seat_ref(winner)})
            return Outcome(_scores(winner), (winner,), reason, THREE_IN_A_ROW)
        if None not in state.cells:
            reason = Words("Every islet is claimed and nobody has three in a row.")
            return Outcome((0, 0), (0, 1), reason, BOARD_FULL)
        return None

    def num_players(self, state: State) -> int:
        return PLAYERS

    def _normal_action(self, known: State, seat: int, rnd: random.Random) -> Claim:
        """Win if possible, else block the other's win, else the centre, else any islet."""
        free = self.legal_actions(known, seat)
        for who in (seat, 1 - seat):
            for action in free:
                index = CELLS.index(action.cell)
                if line_of((*known.cells[:index], who, *known.cells[index + 1 :])):
                    return action
        return Claim("B2") if Claim("B2") in free else rnd.choice(free)


def _scores(winner: int) -> tuple[int, ...]:
    return tuple(int(seat == winner) for seat in range(PLAYERS))
