"""tiggar islanote V1.0 on the shared engine contract."""

from __future__ import annotations

import random
from collections import Counter
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
    View,
)
from engine.core.ai import Deadline
from engine.core.errors import WRONG_PHASE
from engine.core.menus import Menu, Path, Picked, tree_menu
from engine.core.options import OptionValue
from engine.core.words import Words, joined

from . import actions
from .actions import Action, PlaceTile
from .ai import EASY_SLIP, choose_action, choose_hard_action, slip_action
from .board import Board, PieceKind, Settlements
from .build import legal_builds
from .geometry import FULL_DECK
from .menus import NO_BUILD, menu_plan
from .placement import legal_placements
from .position import hexes_to_data, last_turn_to_data, position_from_data, position_to_data
from .rules import build_points, placement_leaves_build, play_build, play_placement
from .state import (
    END_REASONS,
    PLAYERS,
    TOTOROS_PER_PLAYER,
    VILLAGERS_PER_PLAYER,
    Phase,
    TigerState,
    player,
)
from .turn import forfeit, start_turn
from .words import tile_words

# Ruling 11: who moves first is drawn from the game's seed unless the players choose a seat.
RANDOM_FIRST_PLAYER = -1

RULES_VERSION = 1


class TigerIsland(Game[TigerState, Action]):
    """Two players raise an island tile by tile and settle it with villagers and totoros."""

    composes_turns = True  # the panel takes the placement and the build, then plays both

    info = GameInfo(
        name="tigerisland",
        title="tiggar islanote",
        summary=(
            "Add a tile to the volcanic island, then found, expand or crown a settlement; "
            "a player who cannot build loses."
        ),
        min_players=PLAYERS,
        max_players=PLAYERS,
        rules_version=RULES_VERSION,
        aliases=("tiger", "tigerisland", "tiggar", "tiggar islanote"),
        end_reasons=END_REASONS,
        typical_players=(PLAYERS,),
        options=(
            OptionSpec(
                name="first_player",
                description="Who starts: -1 at random, 0 the first player, 1 the second.",
                default=RANDOM_FIRST_PLAYER,
                choices=(RANDOM_FIRST_PLAYER, 0, 1),
                title=N_("Who starts"),
                words=(
                    (RANDOM_FIRST_PLAYER, N_("drawn at random")),
                    (0, N_("the first player")),
                    (1, N_("the second player")),
                ),
            ),
        ),
    )
    easy_slip = EASY_SLIP

    def _new_state(
        self, num_players: int, options: Mapping[str, OptionValue], rng: Rng
    ) -> TigerState:
        deck, rng = rng.shuffled(FULL_DECK)
        first = int(options["first_player"])
        if first == RANDOM_FIRST_PLAYER:
            first, rng = rng.randrange(PLAYERS)
        state = TigerState(
            board=Board(),
            active=first,
            phase=Phase.PLACE,
            hand=None,
            deck=deck,
            placed_tiles=(),
            scores=(0, 0),
            villagers_left=(VILLAGERS_PER_PLAYER, VILLAGERS_PER_PLAYER),
            totoros_left=(TOTOROS_PER_PLAYER, TOTOROS_PER_PLAYER),
            villagers_removed=(0, 0),
            rng=rng,
        )
        return start_turn(state, first)[0]

    def to_move(self, state: TigerState) -> frozenset[int]:
        return frozenset() if state.phase is Phase.OVER else frozenset({state.active})

    def legal_actions(self, state: TigerState, seat: int) -> list[Action]:
        if state.phase is Phase.OVER or seat != state.active:
            return []
        if state.phase is Phase.PLACE:
            return legal_placements(state)
        return legal_builds(state, Settlements(state.board))

    def _apply(
        self, state: TigerState, seat: int | None, action: Action
    ) -> tuple[TigerState, list[Event]]:
        if isinstance(action, PlaceTile):
            if state.phase is not Phase.PLACE:
                raise IllegalAction(
                    WRONG_PHASE, "You have placed your tile this turn; now make one build."
                )
            return play_placement(state, action)
        if state.phase is not Phase.BUILD:
            raise IllegalAction(
                WRONG_PHASE,
                Words(
                    "Place your tile ({tile}) first; the build comes after.",
                    {"tile": tile_words(state.hand) if state.hand else ""},
                ),
            )
        return play_build(state, action)

    def _resign(self, state: TigerState, seat: int) -> tuple[TigerState, list[Event]]:
        return forfeit(
            state, seat, Words("{who} resigned.", {"who": player(seat)}), EndReason.RESIGNED
        )

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def format_action(self, action: Action) -> str:
        return actions.format_action(action)

    def describe_action(self, action: Action, state: TigerState | None = None) -> Words:
        """A short sentence; given the state before the action, its consequences too.

        A build gets its points; a placement is marked as an eruption (with the level it
        reaches) and warned about when it would leave no build, which loses the game.
        """
        if state is None:
            return actions.describe(action)
        if not isinstance(action, PlaceTile):
            return actions.describe(action, build_points(state, action))
        text = actions.describe(action)
        below = state.board.get(action.volcano)
        if below is not None:
            level = {"move": text, "level": below.level + 1}
            text = Words("{move} (eruption, level {level})", level)
        if not placement_leaves_build(state, action):
            text = joined([text, NO_BUILD], " ")
        return text

    def menu(self, state: TigerState, seat: int, path: Path = ()) -> Menu | Picked[Action]:
        """The kind of move, then the place, then the orientation; best choices first."""
        if seat != state.active or state.phase is Phase.OVER:
            return tree_menu((), path)
        plan = menu_plan(state)
        return tree_menu(plan.tree, path, plan.hints.__getitem__)

    def search_text(self, action: Action, state: TigerState) -> str:
        """The notation, the menu's words for the action and its hint."""
        words = menu_plan(state).words.get(action) if state.phase is not Phase.OVER else None
        return words or super().search_text(action, state)

    def state_to_json(self, state: TigerState) -> dict[str, Any]:
        return position_to_data(state)

    def state_from_json(self, data: Mapping[str, Any]) -> TigerState:
        return position_from_data(data)

    def view(self, state: TigerState, seat: int | None) -> View:
        over = state.phase is Phase.OVER
        data = {
            "players": PLAYERS,
            "active": None if over else state.active,
            "phase": state.phase.value,
            "tile_in_hand": None if over or state.hand is None else str(state.hand),
            "tiles_left": len(state.deck),
            "scores": list(state.scores),
            "villagers_left": list(state.villagers_left),
            "totoros_left": list(state.totoros_left),
            "hexes": hexes_to_data(state.board),
            "last_turn": last_turn_to_data(state.last_turn),
            "outcome": None if state.outcome is None else state.outcome.to_json(),
        }
        return View(game=self.info.name, seat=seat, data=data)

    def outcome(self, state: TigerState) -> Outcome | None:
        return state.outcome

    def num_players(self, state: TigerState) -> int:
        return PLAYERS

    def audit(self, state: TigerState) -> list[str]:
        problems = []
        on_board: Counter[tuple[int, PieceKind]] = Counter()
        for cell in state.board.values():
            if cell.piece is not None:
                on_board[cell.piece.seat, cell.piece.kind] += cell.piece.count
        for seat in range(PLAYERS):
            villagers = (
                on_board[seat, PieceKind.VILLAGER]
                + state.villagers_left[seat]
                + state.villagers_removed[seat]
            )
            if villagers != VILLAGERS_PER_PLAYER:
                problems.append(f"{player(seat)} has {villagers} villagers in all")
            totoros = on_board[seat, PieceKind.TOTORO] + state.totoros_left[seat]
            if totoros != TOTOROS_PER_PLAYER:
                problems.append(f"{player(seat)} has {totoros} totoros in all")
        hand = () if state.hand is None else (state.hand,)
        if Counter((*state.placed_tiles, *hand, *state.deck)) != Counter(FULL_DECK):
            problems.append("the tiles placed, in hand and in the deck are not the 48 tiles")
        if any(not 1 <= c.tile <= len(state.placed_tiles) for c in state.board.values()):
            problems.append("a hex shows a tile that was never placed")
        return problems

    def ai_knowledge(self, state: TigerState, seat: int) -> TigerState:
        """The deck in a fixed order (its contents follow from the board) and no future draws."""
        return replace(state, deck=tuple(sorted(state.deck, key=str)), rng=Rng(0))

    def redeal(self, state: TigerState, seat: int, rnd: random.Random) -> TigerState:
        """The deck shuffled anew (nobody sees its order)."""
        return replace(state, deck=tuple(rnd.sample(state.deck, len(state.deck))))

    def _normal_action(self, known: TigerState, seat: int, rnd: random.Random) -> Action:
        return choose_action(known, rnd)

    def _slip_action(self, known: TigerState, seat: int, rnd: random.Random) -> Action:
        return slip_action(known, rnd)

    def _hard_action(
        self, known: TigerState, seat: int, rnd: random.Random, deadline: Deadline
    ) -> Action:
        return choose_hard_action(self, known, rnd, deadline)
