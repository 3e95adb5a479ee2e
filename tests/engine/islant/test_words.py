"""Islant in players' words: action sentences, tile shapes, and a seat's panel summary."""

from __future__ import annotations

import pytest

from engine.islant import (
    GAME,
    assignment_label,
    placed_label,
    placed_shape,
    score_breakdown,
    seat_summary,
    sheet_view,
)

from .helpers import play, race


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("ASSIGN column=6 land=4", "assigns 6 to the grid column and 4 to the land"),
        (
            "ASSIGN column=1 red=2 blue=3 waves=4 ships=5",
            "assigns 1 to the grid column, 2 to the red land, 3 to the blue land, 4 to the "
            "waves and 5 to the ships",
        ),
        ("CROSS ships", "crosses out the ships tile"),
        ("SUBMIT", "submits the turn"),
        ("STOP", "stops"),
        ("UNDO", "takes back the last step"),
        ("DRAW land C4 R1", "draws the land tile at C4, turned a quarter clockwise"),
        ("DRAW waves B2", "draws the waves tile at B2"),
        ("NAME C4 Treasure Isle", "names the island at C4 “Treasure Isle”"),
    ],
)
def test_every_action_has_a_sentence_without_the_players_dice(text: str, sentence: str) -> None:
    assert GAME.describe_action(GAME.parse(text)) == sentence


def test_a_seats_sentences_tell_what_the_tile_covers() -> None:
    state = play(race(5, (1, 3, 5, 2, 6)), 0, "ASSIGN column=1 red=3 blue=5 waves=2 ships=6")
    draw = GAME.parse("DRAW red E6 R2")
    assert GAME.describe_for(state, 0, draw) == (
        "draws the red land tile 3 (three quarters) at E6, turned so that it covers all but "
        "the top quarter"
    )
    bow_tie = GAME.parse("DRAW blue E6 R1")
    assert GAME.describe_for(state, 0, bow_tie).endswith("covers the left and right quarters")
    assert GAME.describe_for(state, 0, GAME.parse("DRAW waves B1")) == "draws a wave 2 at B1"
    wild = GAME.parse("WILD ships=4")
    assert GAME.describe_for(state, 0, wild) == "lets the 6 of the ships stand for ship 4"


@pytest.mark.parametrize(
    ("slot", "value", "rotation", "words"),
    [
        ("land", 1, 0, "top quarter"),
        ("land", 1, 2, "bottom quarter"),
        ("land", 2, 1, "bottom-right half"),
        ("land", 3, 2, "all but the top quarter"),
        ("land", 4, 3, "full square with a lake"),
        ("blue", 3, 0, "full square with a lake"),
        ("land", 5, 1, "bow tie, left and right"),
    ],
)
def test_a_turned_tile_reads_as_what_it_covers(
    slot: str, value: int, rotation: int, words: str
) -> None:
    assert placed_shape(slot, value, rotation) == words


def test_labels_carry_a_small_picture_of_the_turned_tile() -> None:
    assert placed_label("land", 2, 0) == "Top-right half ◥"
    assert placed_label("land", 1, 1) == "Right quarter ◀"
    assert placed_label("land", 3, 0) == "All but the bottom quarter ◤◥"
    assert placed_label("land", 3, 1) == "All but the left quarter ◥◢"
    assert placed_label("land", 5, 0) == "Bow tie, top and bottom ⧗"
    assert placed_label("land", 5, 1) == "Bow tie, left and right ▶◀"
    assert placed_label("land", 4, 0) == "Full square with a lake ◙"
    assert assignment_label(GAME.parse("ASSIGN column=6 land=4")) == "Grid Column 6 (wild) · Land 4"


def test_a_seat_summary_tells_the_turn_so_far_and_what_is_left() -> None:
    state = race(5, (1, 3, 5, 2, 6))
    fresh = seat_summary(state, 0)
    assert fresh.title == "Islant · Level 5 · Round 1"
    assert fresh.roll == "Roll 1 3 5 2 6"
    assert fresh.to_do.startswith("Left to do: give each die to a slot")
    state = play(state, 0, "ASSIGN column=1 red=3 blue=5 waves=2 ships=6", "DRAW red E6 R2")
    summary = seat_summary(state, 0)
    assert summary.dice == (
        "Your dice: Grid Column 1 · Red Land 3 · Blue Land 5 · Waves 2 · Ships 6 (wild)"
    )
    assert summary.done == "Done: Red Land 3 at E6 (all but the top quarter)"
    assert summary.to_do == (
        "Left to do: choose what your Ships 6 stands for and draw your Blue Land 5 (bow tie) "
        "and your wave 2; then submit."
    )
    assert summary.lines()[0] == summary.roll and summary.lines()[-1] == summary.score_line


def test_a_submitted_seat_waits_for_the_others() -> None:
    state = race(1, (1, 4), players=2)
    state = play(state, 0, "ASSIGN column=1 land=4", "DRAW land C4", "SUBMIT")
    summary = seat_summary(state, 0)
    assert summary.to_do.startswith("Turn submitted (1 of 2 done).")
    assert summary.dice == summary.done == ""


def test_scores_are_read_from_the_view() -> None:
    state = race(2, (1, 4), players=2)
    assert GAME.score_sheet(state) == tuple(sheet_view(state, s)["score"] for s in range(2))
    parts = sheet_view(state, 0)["score"]
    assert score_breakdown(parts, 2).startswith("land ")
    assert " · waves " in score_breakdown(parts, 2)
