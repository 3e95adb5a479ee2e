"""Island Wars on the shared engine contract."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import (
    N_,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Rng,
    View,
    Words,
    counted,
)
from engine.core.ai import Deadline
from engine.core.errors import BAD_OPTION
from engine.core.hexgrid import Hex
from engine.core.menus import Menu, Path, Picked, tree_menu
from engine.core.options import OptionValue

from . import actions, ai, moves, scoring, turns
from . import state as state_json
from .actions import Action, Move, Pass, Place
from .board import Board, load_board
from .menus import menu_plan
from .pieces import KINDS, NUM_ROUNDS, SUPPLY, Kind, count_of
from .state import WarsState
from .view import view_data

# The `board` option: "auto" picks the three-player board for three players and the
# six-player map otherwise; "six" and "three" force a map.
BOARD_AUTO = "auto"
BOARD_SIX = "six"
BOARD_THREE = "three"
THREE_PLAYER_COUNT = 3


def new_state(board: Board, num_players: int) -> WarsState:
    """A game on ``board`` with every piece in reserve, Tan to play in round 1."""
    return WarsState(
        board=board,
        num_players=num_players,
        owners=board.owners_for(num_players),
        pieces=(None,) * len(board.hexes),
        reserve=SUPPLY[:num_players],
    )


def board_for(choice: OptionValue, num_players: int) -> Board:
    """The map the ``board`` option picks for ``num_players``."""
    if choice == BOARD_AUTO:
        choice = BOARD_THREE if num_players == THREE_PLAYER_COUNT else BOARD_SIX
    board = load_board(str(choice))
    if num_players > board.colours:
        raise IllegalAction(
            BAD_OPTION,
            Words(
                "The {board} has room for {room} players, not {count}; "
                "use board `{six}` or `{auto}`.",
                {
                    "board": board.name,
                    "room": board.colours,
                    "count": num_players,
                    "six": BOARD_SIX,
                    "auto": BOARD_AUTO,
                },
            ),
        )
    return board


class WarsGame(Game[WarsState, Action]):
    """Island Wars: claim hexes of a round island with barracks, towers and ports."""

    info = GameInfo(
        name="wars",
        title="Island Wars",
        summary=(
            "Claim the island hex by hex: barracks convert neighbouring land, defense towers "
            f"protect it, ports secure water. Highest score after {NUM_ROUNDS} rounds wins."
        ),
        min_players=2,
        max_players=6,
        rules_version=1,
        aliases=("islandwars", "island wars", "wars"),
        typical_players=(3, 2, 6),
        options=(
            OptionSpec(
                name="board",
                description=(
                    "auto: the small map for 3 players; six: the big map; "
                    "three: the small one (2–3)"
                ),
                default=BOARD_AUTO,
                choices=(BOARD_AUTO, BOARD_SIX, BOARD_THREE),
                title=N_("Map"),
                words=(
                    (BOARD_AUTO, N_("the small map for 3 players, else the big one")),
                    (BOARD_SIX, N_("the big map")),
                    (BOARD_THREE, N_("the small map")),
                ),
            ),
        ),
    )

    def _new_state(
        self, num_players: int, options: Mapping[str, OptionValue], rng: Rng
    ) -> WarsState:
        return new_state(board_for(options["board"], num_players), num_players)

    def to_move(self, state: WarsState) -> frozenset[int]:
        return frozenset() if state.finished else frozenset({state.active})

    def legal_actions(self, state: WarsState, seat: int) -> list[Action]:
        return moves.legal_actions(state, seat)

    def _apply(
        self, state: WarsState, seat: int | None, action: Action
    ) -> tuple[WarsState, list[Event]]:
        assert seat is not None
        return turns.play(state, seat, action)

    def still_playing(self, state: WarsState, seat: int) -> bool:
        return not self.is_over(state) and seat not in state.resigned

    def _resign(self, state: WarsState, seat: int) -> tuple[WarsState, list[Event]]:
        return turns.resign(state, seat)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def format_action(self, action: Action) -> str:
        return actions.format_action(action)

    def pass_action(self, state: WarsState, seat: int) -> Action | None:
        """``PASS`` is always legal for the seat to move."""
        return Pass()

    def describe_action(self, action: Action, state: WarsState | None = None) -> Words:
        """A phrase for the action; given the state, a barracks says how much it converts."""
        text = actions.describe_action(action)
        targets = _barracks_targets(action)
        if state is None or state.finished or not targets:
            return text
        converted = sum(len(moves.preview_barracks(state, state.active, at)) for at in targets)
        return counted(
            converted, "{move} (converts {count} hex)", "{move} (converts {count} hexes)", move=text
        )

    def menu(self, state: WarsState, seat: int, path: Path = ()) -> Menu | Picked[Action]:
        """Which piece, then where, then maybe a second piece; best choices first, pass last."""
        if state.finished or seat != state.active:
            return tree_menu((), path)
        plan = menu_plan(state)
        return tree_menu(plan.tree, path, plan.hints.__getitem__)

    def search_text(self, action: Action, state: WarsState) -> str:
        """The notation, the menu's words for the action and its hint."""
        words = None if state.finished else menu_plan(state).words.get(action)
        return words or super().search_text(action, state)

    def state_to_json(self, state: WarsState) -> dict[str, Any]:
        return state_json.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> WarsState:
        return state_json.state_from_json(data)

    def view(self, state: WarsState, seat: int | None) -> View:
        return View(self.info.name, seat, view_data(state))

    def score_sheet(self, state: WarsState) -> tuple[Mapping[str, int], ...]:
        return tuple(scoring.score_breakdown(state))

    def outcome(self, state: WarsState) -> Outcome | None:
        return scoring.outcome(state)

    def num_players(self, state: WarsState) -> int:
        return state.num_players

    def audit(self, state: WarsState) -> list[str]:
        """Pieces conserved per seat and kind; pieces and colours only on land."""
        problems = []
        board = state.board
        for seat in range(state.num_players):
            for kind in KINDS:
                on_board = sum(
                    1 for p in state.pieces if p is not None and p.seat == seat and p.kind is kind
                )
                free = count_of(state.reserve[seat], kind)
                if free < 0 or free + on_board != count_of(SUPPLY[seat], kind):
                    problems.append(
                        f"seat {seat} has {on_board} {kind} on the board and {free} free"
                    )
        for i, h in enumerate(board.hexes):
            if board.water[i] and (state.pieces[i] is not None or state.owners[i] is not None):
                problems.append(f"water hex {h.q} {h.r} holds a piece or a colour")
        return problems

    def _normal_action(self, known: WarsState, seat: int, rnd: random.Random) -> Action:
        return ai.choose_action(known, seat, rnd)

    def _hard_action(
        self, known: WarsState, seat: int, rnd: random.Random, deadline: Deadline
    ) -> Action:
        return ai.choose_hard_action(self, known, seat, rnd, deadline)


def _barracks_targets(action: Action) -> list[Hex]:
    """Where an action puts a barracks (placed or moved), if anywhere."""
    if isinstance(action, Place):
        return [action.at] if action.kind is Kind.BARRACKS else []
    if isinstance(action, Move):
        return [step.dst for step in action.steps if step.kind is Kind.BARRACKS]
    return []
