"""Scoring of hand-built sheets: islands, sides, lakes, the colour group, waves and ships."""

from __future__ import annotations

import pytest

from engine.islant.geometry import SHIP_POINTS
from engine.islant.scoring import best_run_score, colour_group, islands, score, wave_score
from engine.islant.sheet import Cell, new_sheet

from .fixtures import diamond, sheet, with_land

DIAMOND = """
LE LW . . . . .
. . . . . . .
. . . . . . .
. . . C . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""

RING_WITH_HOLE = """
. . . . . . .
. . LES LSW . . .
. LES LNW LNE LSW . .
. LNE LSW C LNW . .
. . LNE LNW . . .
. . . . . . .
. . . . . . .
"""


def test_smallest_completed_island_is_a_diamond_of_four_sides() -> None:
    found = islands(sheet(1, DIAMOND))
    diamond = found[0]
    assert diamond.completed and diamond.sides == 4 and diamond.lakes == 0
    # The central tile alone has straight sides: not completed, no sides.
    assert not found[1].completed and found[1].sides == 0
    assert score(sheet(1, DIAMOND)).to_json() == {
        "sides": 4,
        "lakes": 0,
        "islands": 2,
        "land": 0,
        "colour": 0,
        "waves": 0,
        "ships": 0,
        "total": 0,
    }


def test_a_straight_side_leaves_the_island_incomplete() -> None:
    s = sheet(1, DIAMOND.replace("LE LW", "LNE LW", 1))
    assert not islands(s)[0].completed
    assert score(s).total == -4


def test_island_on_the_sheet_border_is_not_completed() -> None:
    grid = DIAMOND.replace("LE LW . . . . .", "LW . . . . . .")
    assert not islands(sheet(1, grid))[0].completed


def test_diamond_around_the_central_tile_has_four_sides() -> None:
    s = with_land(new_sheet(1), diamond("D4", 2))
    (island,) = islands(s)
    assert (island.completed, island.sides, island.lakes) == (True, 4, 0)
    assert score(s).land == 4 - 2


def test_zigzag_coast_counts_each_straight_run_once() -> None:
    # Two overlapping diamonds: a notch top and bottom makes 8 diagonal sides.
    masks = diamond("D4", 2)
    for name, mask in diamond("E4", 2).items():
        masks[name] = masks.get(name, 0) | mask
    (island,) = islands(with_land(new_sheet(1), masks))
    assert (island.completed, island.sides) == (True, 8)


def test_side_running_straight_through_a_pinch_point_counts_once() -> None:
    # In a diamond of radius 3, E3 keeps only S and W: its N and E quarters become a lake, and
    # the island touches itself at E3's top-right corner, on the long upper-right side.
    masks = diamond("D4", 3)
    assert masks["E3"] == 0b1111 and masks["E2"] == 0b1100 and masks["F3"] == 0b1100
    masks["E3"] = 0b1100
    (island,) = islands(with_land(new_sheet(1), masks))
    assert (island.completed, island.sides, island.holes) == (True, 4, 1)


def test_ring_encloses_a_lake_with_straight_sides() -> None:
    (island,) = islands(sheet(1, RING_WITH_HOLE))
    assert (island.completed, island.sides, island.holes, island.lakes) == (True, 4, 1, 1)
    assert score(sheet(1, RING_WITH_HOLE)).land == 4 + 1 - 2


def test_lake_circle_counts_only_in_a_completed_island() -> None:
    grid = RING_WITH_HOLE.replace("LNE LSW C", "LNE LNESWo C")
    (island,) = islands(sheet(1, grid))
    assert (island.holes, island.circles, island.lakes) == (1, 1, 2)
    incomplete = sheet(1, ". . . . . . .\n" * 3 + ". . . C LNESWo . .\n" + ". . . . . . .\n" * 3)
    assert islands(incomplete)[0].lakes == 0
    assert score(incomplete).lakes == 0


def test_every_island_costs_two_and_corner_touching_islands_are_separate() -> None:
    s = sheet(
        1,
        """
LE LW . . . . .
. . LE LW . . .
. . . . . . .
. . . C . . .
. . . . . . .
. . . . . . .
. . . . . . .
""",
    )
    assert len(islands(s)) == 3  # B1's W quarter and C2's E quarter meet only at a corner
    assert score(s).to_json()["land"] == 4 + 4 - 2 * 3


def test_quarters_meeting_only_at_the_cell_centre_are_separate() -> None:
    s = sheet(1, ". . . . . . .\n" * 3 + ". . . C LNS . .\n" + ". . . . . . .\n" * 3)
    assert len(islands(s)) == 3  # the bow tie's N and S quarters, and the central tile


def test_hole_holding_another_island_is_still_one_lake() -> None:
    big, inner = diamond("E5", 4), diamond("E5", 2)
    ring = {k: v & ~inner.get(k, 0) for k, v in big.items() if v & ~inner.get(k, 0)}
    s = with_land(new_sheet(4), ring)
    (island,) = islands(s)
    assert (island.completed, island.sides, island.holes) == (True, 4, 1)
    found = islands(with_land(s, {"E5": 0b0010, "F5": 0b1000}))
    assert [(i.completed, i.sides, i.lakes) for i in found] == [(True, 4, 1), (True, 4, 0)]
    with_ship = s.with_cell(s.cells.index(None, 50), Cell(ship=3))
    assert islands(with_ship)[0].lakes == 1


def test_colour_group_counts_cells_and_purple_counts_for_both() -> None:
    s = sheet(
        3,
        """
. . . . . . .
. RES BSW . . . .
. RNBE RNW . . . .
. . . C . . .
. . . . . . .
. . . . . . .
. . . . . . .
""",
    )
    assert islands(s)[0].completed and islands(s)[0].sides == 4
    assert colour_group(s, "red") == 3  # B2, purple B3, C3
    assert colour_group(s, "blue") == 1
    assert score(s).colour == 3
    assert score(s).total == 4 - 4 + 3


def test_colour_group_only_inside_completed_islands() -> None:
    s = sheet(3, ". . . . . . .\n" * 3 + ". . . C RNESWo . .\n" + ". . . . . . .\n" * 3)
    assert colour_group(s, "red") == 0
    assert score(s).colour == 0


@pytest.mark.parametrize(
    ("length", "points"),
    [(3, 0), (4, 4), (5, 6), (6, 9), (7, 9), (8, 9), (9, 10), (10, 13), (11, 15)],
)
def test_wave_runs_split_into_the_best_segments(length: int, points: int) -> None:
    assert best_run_score(length) == points


WAVE_ROW_AND_COLUMN = """
W6 W5 W4 W3 W2 W1 W2 W3 W4 W5 W6
W5 . . . . . . . . . .
W4 . . . . . . . . . .
W3 . . . . . . . . . .
W2 . . . . . . . . . .
. . . . . C . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
W6 . . . . . . . . . W6
"""


def test_row_and_column_never_share_a_wave_cell() -> None:
    # Row 1 (11 waves) and column A (5 waves) cross at A1: 15 + 4 or 13 + 6, never 15 + 6.
    assert wave_score(sheet(4, WAVE_ROW_AND_COLUMN)) == 19


def test_a_crossing_cell_goes_where_it_scores_more() -> None:
    grid = """
W6 . . . . . . . . . W6
. . . W4 . . . . . . .
. . . W3 . . . . . . .
. W5 W4 W2 W3 W4 . . . . .
. . . W1 . . . . . . .
. . . . . C . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
W6 . . . . . . . . . W6
"""
    # Row 4: B..F (5 waves); column D: D2..D5 (4 waves); they share D4.
    assert wave_score(sheet(4, grid)) == 6


def test_wave_run_of_nine_scores_ten() -> None:
    grid = "\n".join(
        ["W6 W5 W4 W3 W2 W1 W2 W3 W4 . W6"]
        + [". . . . . . . . . . ."] * 4
        + [". . . . . C . . . . ."]
        + [". . . . . . . . . . ."] * 4
        + ["W6 . . . . . . . . . W6"]
    )
    assert wave_score(sheet(4, grid)) == 10


def test_ship_score_is_the_largest_marked_total() -> None:
    grid = "\n".join(
        ["W6 S5 S2 . . . . . . . W6"]
        + [". . . . . . . . . . ."] * 4
        + [". . . . . C . . . . ."]
        + [". . . . . . . . . . ."] * 4
        + ["W6 . . . . . . . . . W6"]
    )
    assert score(sheet(4, grid, (("B1", "C1"),))).ships == SHIP_POINTS[0] == 2
    assert score(sheet(4, grid)).ships == 0
