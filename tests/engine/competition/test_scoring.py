"""Scoring by seas (majorities, ties rounded up), face-down points, winners, simple variant."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.competition import CompetitionGame, final_scoring, score_breakdown
from engine.competition.scoring import sea_points
from engine.competition.state import SEA_ORDER, SIMPLE

from .competition_helpers import SMALL_DECK, B, placed_state

GAME = CompetitionGame(SMALL_DECK)


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ((7, 6, 2), (7, 0, 0)),
        ((7, 7), (4, 4)),
        ((7, 7, 7), (3, 3, 3)),
        ((7, 7, 7, 2, 0), (3, 3, 3, 0, 0)),
        ((0, 0, 0), (0, 0, 0)),
        ((1, 1), (1, 1)),
    ],
)
def test_only_the_most_cards_of_a_sea_score_ties_split_rounded_up(
    counts: tuple[int, ...], points: tuple[int, ...]
) -> None:
    assert sea_points(counts) == points


def _finished(face_up, face_down, variant: str = "standard"):
    state = placed_state(
        GAME, [[B] * 12] * len(face_up), face_up=face_up, face_down=face_down, variant=variant
    )
    return replace(state, finished=True)


def test_sea_piles_and_face_down_cards_add_up_with_several_winners() -> None:
    state = _finished(
        face_up=[["usedom", "sylt"], ["mallorca", "iceland", "tenerife"], ["lampedusa", "cuba"]],
        face_down=[["madagascar"], [], []],
    )
    rows = final_scoring(state)
    assert [row.sea for row in rows] == list(SEA_ORDER)
    by_sea = {row.sea: row for row in rows}
    assert by_sea["north-baltic"].points == (2, 0, 0)
    assert by_sea["mediterranean"].counts == (0, 1, 1)
    assert by_sea["mediterranean"].points == (0, 1, 1)
    assert by_sea["atlantic"].points == (0, 2, 0)
    assert by_sea["caribbean"].points == (0, 0, 1)
    breakdown = score_breakdown(state)
    assert breakdown.face_down == (1, 0, 0)
    assert breakdown.totals == (3, 3, 2)
    outcome = GAME.outcome(state)
    assert outcome.scores == (3, 3, 2)
    assert outcome.winners == (0, 1)


def test_each_face_down_card_scores_one_point() -> None:
    state = _finished(face_up=[[], []], face_down=[["madagascar", "borneo", "timor"], ["sylt"]])
    assert GAME.outcome(state).scores == (3, 1)
    assert GAME.outcome(state).winners == (0,)


def test_simple_evaluation_most_cards_wins() -> None:
    state = _finished(
        face_up=[[], []],
        face_down=[["madagascar", "borneo"], ["sylt", "timor", "cuba"]],
        variant=SIMPLE,
    )
    assert GAME.outcome(state).scores == (2, 3)
    assert GAME.outcome(state).winners == (1,)


def test_no_outcome_before_the_end_and_the_table_serializes() -> None:
    state = replace(_finished(face_up=[["cuba"], []], face_down=[[], []]), finished=False)
    assert GAME.outcome(state) is None
    table = score_breakdown(state).to_json()
    assert table["totals"] == [1, 0]
    assert table["seas"][3] == {"sea": "caribbean", "counts": [1, 0], "points": [1, 0]}
