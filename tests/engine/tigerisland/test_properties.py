"""Property tests over random games: no crash, pieces and tiles conserved, scores recounted."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from engine.core import IllegalAction
from engine.core.hexgrid import Hex, disc
from engine.tigerisland import GAME, Phase, PlaceTile, TigerState
from engine.tigerisland.board import PieceKind
from engine.tigerisland.build import TOTORO_POINTS
from engine.tigerisland.geometry import FULL_DECK, Terrain
from engine.tigerisland.placement import check_placement

seeds = st.integers(0, 2**32 - 1)


def play(seed: int, smart: bool):
    """Every state of a game between computer players (or uniformly random ones)."""
    rnd = random.Random(seed)
    state = GAME.new(2, None, seed)
    states = [state]
    while not GAME.is_over(state):
        seat = state.active
        if smart:
            action = GAME.choose_ai_action(state, seat, rnd)
        else:
            action = rnd.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        states.append(state)
    return states


def check_conservation(state: TigerState) -> None:
    for seat in (0, 1):
        on_board = Counter()
        for c in state.board.values():
            if c.piece is not None and c.piece.seat == seat:
                on_board[c.piece.kind] += c.piece.count
        villagers = (
            on_board[PieceKind.VILLAGER]
            + state.villagers_left[seat]
            + state.villagers_removed[seat]
        )
        assert villagers == 20
        assert on_board[PieceKind.TOTORO] + state.totoros_left[seat] == 3
    hand = [] if state.hand is None else [state.hand]
    assert len(state.placed_tiles) + len(hand) + len(state.deck) == 48
    assert Counter([*state.placed_tiles, *hand, *state.deck]) == Counter(FULL_DECK)


def check_cells(state: TigerState) -> None:
    for c in state.board.values():
        assert c.level >= 1
        if c.piece is not None:
            assert c.terrain is not Terrain.VOLCANO
            expected = 1 if c.piece.kind is PieceKind.TOTORO else c.level
            assert c.piece.count == expected


@given(seed=seeds, smart=st.booleans())
def test_random_games_finish_with_pieces_and_tiles_conserved(seed: int, smart: bool) -> None:
    states = play(seed, smart)
    for state in states:
        assert GAME.audit(state) == []
        check_conservation(state)
        check_cells(state)
    final = states[-1]
    assert final.phase is Phase.OVER
    assert final.outcome.scores == final.scores


def piece_points(kind: PieceKind, count: int, level: int) -> int:
    """What the pieces just put on a hex scored, counted from the rules text."""
    return TOTORO_POINTS if kind is PieceKind.TOTORO else count * level


@given(seed=seeds, smart=st.booleans())
def test_scores_equal_a_recount_of_every_piece_placed(seed: int, smart: bool) -> None:
    states = play(seed, smart)
    recount = [0, 0]
    for before, after in pairwise(states):
        if before.phase is Phase.BUILD:
            for h in after.last_turn.built:
                cell = after.board[h]
                recount[cell.piece.seat] += piece_points(
                    cell.piece.kind, cell.piece.count, cell.level
                )
        assert tuple(recount) == after.scores


@given(seed=seeds)
def test_the_computer_player_never_loses_needlessly(seed: int) -> None:
    states = play(seed, smart=True)
    for before, after in pairwise(states):
        if before.phase is Phase.PLACE and after.phase is Phase.OVER:
            for action in GAME.legal_actions(before, before.active):
                new, _ = GAME.apply(before, before.active, action)
                assert new.phase is Phase.OVER


@given(seed=seeds, data=st.data())
def test_legal_placements_are_exactly_the_accepted_ones(seed: int, data) -> None:
    states = [s for s in play(seed, smart=True) if s.phase is Phase.PLACE and len(s.board) > 3]
    state = data.draw(st.sampled_from(states))
    legal = set(GAME.legal_actions(state, state.active))
    radius = max(h.distance(Hex(0, 0)) for h in state.board) + 3
    accepted = set()
    for v in disc(Hex(0, 0), radius):
        for o in range(1, 7):
            action = PlaceTile(state.hand, v, o)
            try:
                check_placement(state, action)
            except IllegalAction:
                continue
            accepted.add(action)
    assert accepted == legal


@given(seed=seeds, data=st.data())
def test_every_legal_build_applies_and_a_build_exists_in_the_build_phase(seed: int, data) -> None:
    states = [s for s in play(seed, smart=False) if s.phase is Phase.BUILD]
    for state in states:
        actions = GAME.legal_actions(state, state.active)
        assert actions
    state = data.draw(st.sampled_from(states))
    for action in GAME.legal_actions(state, state.active):
        GAME.apply(state, state.active, action)
