"""Property tests over random Island Wars games."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction
from engine.core.hexgrid import Hex, connected_groups
from engine.wars import GAME, score_breakdown
from engine.wars.actions import Move, Place, Step
from engine.wars.pieces import KINDS, Kind


def recount(view: dict, seat: int) -> dict[str, int]:
    """The score of ``seat`` counted straight from the public view."""
    cells = view["hexes"]
    mine = [c for c in cells if c["owner"] == seat]
    groups = connected_groups(Hex(c["q"], c["r"]) for c in mine)
    big = sum(1 for g in groups if len(g) >= 3)
    parts = {
        "land": sum(1 for c in mine if c["piece"] is None),
        "pieces": sum(1 for c in cells if c["piece"] and c["piece"]["seat"] == seat),
        "water": sum(1 for c in cells if seat in c["secured_by"]),
        "territories": big if len(groups) >= 2 else 0,
    }
    return {**parts, "total": sum(parts.values())}


def random_game(players: int, seed: int, options: dict | None = None):
    """Yield (state, action, next state) along a game mixing random and computer choices."""
    rnd = random.Random(seed)
    state = GAME.new(players, options, seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_move(state)
        if rnd.random() < 0.5:
            action = GAME.choose_ai_action(state, seat, rnd)
        else:
            action = rnd.choice(GAME.legal_actions(state, seat))
        after, _ = GAME.apply(state, seat, action)
        yield state, action, after
        state = after


players = st.integers(2, 6)
seeds = st.integers(0, 2**32 - 1)


@given(players=players, seed=seeds, board=st.sampled_from(["auto", "six"]))
def test_random_games_conserve_pieces_and_scores_match_a_recount(
    players: int, seed: int, board: str
) -> None:
    last = None
    for _, _, after in random_game(players, seed, {"board": board}):
        assert GAME.audit(after) == []
        view = GAME.view(after, None).data
        assert score_breakdown(after) == [recount(view, s) for s in range(players)]
        assert json.loads(json.dumps(GAME.state_to_json(after))) == GAME.state_to_json(after)
        water = [i for i, w in enumerate(after.board.water) if w]
        assert all(after.owners[i] is None and after.pieces[i] is None for i in water)
        last = after
    assert last is not None and GAME.outcome(last).scores == tuple(
        b["total"] for b in score_breakdown(last)
    )


@given(players=players, seed=seeds)
def test_colours_change_only_around_a_barracks_that_landed(players: int, seed: int) -> None:
    for state, action, after in random_game(players, seed):
        changed = {
            state.board.hexes[i]
            for i, (a, b) in enumerate(zip(state.owners, after.owners, strict=True))
            if a != b
        }
        if not changed:
            continue
        landed = [
            step.dst for step in getattr(action, "steps", ()) if step.kind is Kind.BARRACKS
        ] + ([action.at] if isinstance(action, Place) and action.kind is Kind.BARRACKS else [])
        (dst,) = landed
        assert all(h.is_adjacent(dst) for h in changed)
        assert all(after.owners[after.board.index[h]] == state.active for h in changed)


def accepted(state, seat: int, action) -> bool:
    try:
        GAME.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


@settings(max_examples=6)
@given(players=players, seed=seeds)
def test_legal_actions_are_exactly_the_accepted_ones(players: int, seed: int) -> None:
    pick = random.Random(seed + 1)
    for state, _, _ in random_game(players, seed):
        if pick.random() > 0.2:
            continue
        seat = state.active
        legal = GAME.legal_actions(state, seat)
        listed = set(legal)
        assert len(listed) == len(legal)
        hexes = state.board.hexes
        for h in hexes:
            for kind in KINDS:
                action = Place(kind, h)
                assert accepted(state, seat, action) == (action in listed)
        steps = {Kind.BARRACKS: [], Kind.PORT: []}
        for i, piece in enumerate(state.pieces):
            if piece is not None and piece.seat == seat and piece.kind in steps:
                for h in hexes:
                    step = Step(piece.kind, hexes[i], h)
                    ok = accepted(state, seat, Move((step,)))
                    assert ok == (Move((step,)) in listed)
                    steps[piece.kind].append(step)
        pairs = [(b, p) for b in steps[Kind.BARRACKS] for p in steps[Kind.PORT]]
        for b, p in pick.sample(pairs, min(len(pairs), 200)):
            either = accepted(state, seat, Move((b, p))) or accepted(state, seat, Move((p, b)))
            assert either == (Move((b, p)) in listed or Move((p, b)) in listed)
            assert not (Move((b, p)) in listed and Move((p, b)) in listed)
