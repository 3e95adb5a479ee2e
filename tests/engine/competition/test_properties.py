"""Random games: cards conserved, secrets kept, replays identical, outcomes consistent."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from engine.competition import GAME, score_breakdown
from engine.competition.state import SIMPLE, VARIANTS
from engine.core import Resign

MAX_STEPS = 5000
RANDOM_SHARE = 0.2
"""How often the random player takes any legal action instead of the computer player's."""


def _check_secrets(state) -> None:
    n = GAME.num_players(state)
    texts = {seat: json.dumps(GAME.view(state, seat).data) for seat in (None, *range(n))}
    for owner in range(n):
        for token in GAME.secrets(state, owner):
            assert all(token not in text for seat, text in texts.items() if seat != owner)


def _play(players: int, variant: str, seed: int, resign_at: int | None):
    rnd = random.Random(seed)
    state = GAME.new(players, {"variant": variant}, seed)
    log: list[tuple[int | None, str]] = []
    for step in range(MAX_STEPS):
        assert GAME.audit(state) == []
        if GAME.is_over(state):
            return state, log
        if step % 5 == 0:
            _check_secrets(state)
            assert GAME.deserialize(json.loads(json.dumps(GAME.serialize(state)))) == state
        seat = rnd.choice(sorted(GAME.to_move(state)))
        if step == resign_at:
            action = Resign()
        elif rnd.random() < RANDOM_SHARE:
            action = rnd.choice(GAME.legal_actions(state, seat))
        else:
            action = GAME.choose_ai_action(state, seat, rnd)
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, GAME.format(action)))
    raise AssertionError("the game did not finish")


@given(
    players=st.integers(2, 5),
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**31),
    resign_at=st.none() | st.integers(0, 300),
)
def test_random_games_conserve_cards_hide_secrets_and_replay(
    players: int, variant: str, seed: int, resign_at: int | None
) -> None:
    state, log = _play(players, variant, seed, resign_at)
    _check_secrets(state)
    assert GAME.replay(players, {"variant": variant}, seed, log) == state
    outcome = GAME.outcome(state)
    assert outcome.scores == score_breakdown(state).totals
    assert outcome.winners and all(not state.seats[s].resigned for s in outcome.winners)
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners) or (
        len(state.active()) == 1
    )
    if variant == SIMPLE:
        assert all(not list(seat.face_up_cards()) for seat in state.seats)
