"""A recorded two-player game with its known final scores, and the audit catching a leak."""

from __future__ import annotations

from dataclasses import replace

from engine.wars import GAME, score_breakdown

from .wars_helpers import B, make_board, make_state

RECORDED = [
    "PLACE BARRACKS 3 -4",
    "PLACE PORT 2 -1",
    "MOVE BARRACKS 3 -4 TO 3 -3",
    "PLACE BARRACKS 4 -1",
    "PLACE PORT 0 -4",
    "MOVE BARRACKS 4 -1 TO 2 -2",
    "MOVE BARRACKS 3 -3 TO 0 -3 AND PORT 0 -4 TO -1 -3",
    "PLACE BARRACKS 2 -3",
    "PLACE BARRACKS 4 -3",
    "MOVE BARRACKS 2 -3 TO 3 -1",
    "MOVE BARRACKS 4 -3 TO 3 -3 AND PORT -1 -3 TO 1 -4",
    "MOVE BARRACKS 2 -2 TO 1 -2",
    "MOVE BARRACKS 3 -3 TO -1 -2",
    "MOVE BARRACKS 1 -2 TO 2 -2",
    "PLACE BARRACKS 4 -3",
    "MOVE BARRACKS 2 -2 TO 2 -3",
    "MOVE BARRACKS -1 -2 TO -1 -1 AND PORT 1 -4 TO 4 -2",
    "MOVE BARRACKS 2 -3 TO 2 -2 AND PORT 2 -1 TO 1 -2",
    "MOVE BARRACKS -1 -1 TO 4 -1",
    "MOVE BARRACKS 2 -2 TO -1 -1",
    "MOVE BARRACKS 0 -3 TO 4 -4",
    "MOVE BARRACKS -1 -1 TO 2 -2 AND PORT 1 -2 TO -2 0",
    "MOVE BARRACKS 4 -4 TO 3 -4",
    "MOVE BARRACKS 2 -2 TO -1 -2",
]


def test_recorded_game_final_scores() -> None:
    state = GAME.replay(2, None, 0, [(i % 2, text) for i, text in enumerate(RECORDED)])
    outcome = GAME.outcome(state)
    assert outcome.scores == (15, 16) and outcome.winners == (1,)
    assert score_breakdown(state) == [
        {"land": 8, "pieces": 4, "water": 2, "territories": 1, "total": 15},
        {"land": 12, "pieces": 3, "water": 1, "territories": 0, "total": 16},
    ]


def test_audit_reports_pieces_not_conserved() -> None:
    state = make_state(make_board({(0, 0): 0}), pieces={(0, 0): (0, B)})
    assert GAME.audit(state) == []
    leaked = replace(state, reserve=((3, 2, 2), state.reserve[1]))
    assert GAME.audit(leaked) == ["seat 0 has 1 barracks on the board and 3 free"]
    wet = replace(state, owners=(1, *state.owners[1:]))
    assert any("water hex" in p for p in GAME.audit(wet))
