"""Random legal turns on every level: no crash, scores recount from the cells, replay holds."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from engine.islant import GAME
from engine.islant.scoring import islands, score
from engine.islant.sheet import sheet_from_json, sheet_to_json

MAX_ROUNDS = 6


@given(
    level=st.integers(1, 5),
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32 - 1),
    use_ai=st.booleans(),
)
def test_random_turns_keep_every_rule(level: int, players: int, seed: int, use_ai: bool) -> None:
    options = {"level": level, "max_rounds": MAX_ROUNDS}
    rnd = random.Random(seed)
    state = GAME.new(players, options, seed)
    log: list[tuple[int | None, str]] = []
    while not GAME.is_over(state):
        assert GAME.audit(state) == []
        seat = rnd.choice(sorted(GAME.to_move(state)))
        if use_ai:
            action = GAME.choose_ai_action(state, seat, rnd)
        else:
            legal = [a for a in GAME.legal_actions(state, seat) if GAME.format(a) != "STOP"]
            action = rnd.choice(legal or GAME.legal_actions(state, seat))
        text = GAME.format(action)
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, text))
    assert GAME.replay(players, options, seed, log) == state
    assert GAME.deserialize(json.loads(json.dumps(GAME.serialize(state)))) == state
    islands.cache_clear()
    score.cache_clear()
    recount = tuple(
        score(sheet_from_json(level, sheet_to_json(p.sheet))).total for p in state.players
    )
    assert GAME.outcome(state).scores == recount
