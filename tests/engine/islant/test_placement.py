"""Where tiles may go: land contact, grid columns, purple cells, waves and ships."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.islant import GAME, legal_cells
from engine.islant.sheet import Sheet, draw_ship, land_fits, new_sheet, ship_fits, wave_fits

from .fixtures import blank, sheet
from .helpers import play, race


def test_land_on_level_1_needs_no_contact_but_its_column() -> None:
    # Column labels 4 5 1 ANY 2 3 4: a 4 allows A, G and the ANY column D.
    state = race(1, (4, 2))
    assert legal_cells(state, 0, "land", 2, column=4) == [
        f"{c}{r}" for r in range(1, 8) for c in "ADG" if f"{c}{r}" != "D4"
    ]
    assert legal_cells(state, 0, "land", 2, column=1) == [
        f"{c}{r}" for r in range(1, 8) for c in "CD" if f"{c}{r}" != "D4"
    ]


def test_grid_column_die_limits_the_land_tile() -> None:
    state = play(race(1, (4, 2)), 0, "ASSIGN column=4 land=2")
    assert play(state, 0, "DRAW land A1 R0").players[0].working.sheet.cells[0] is not None
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, 0, "DRAW land B1 R0")
    assert err.value.code == "illegal_cell" and "ANY" in err.value.message


def test_land_elsewhere_needs_a_side_shared_with_land_or_the_central_tile() -> None:
    s = new_sheet(2)
    centre = s.spec.central  # E5
    assert land_fits(s, centre - 1, None, 1, False, frozenset())
    assert not land_fits(s, centre - 10, None, 1, False, frozenset())  # D4: corner only
    assert not land_fits(s, centre, None, 1, False, frozenset())  # the central tile is full


def test_purple_cell_needs_the_other_colour_and_no_overlap() -> None:
    s = sheet(3, blank(3).replace(". . . C", ". . RNE C"))
    c3 = 3 * 7 + 2
    assert land_fits(s, c3, "blue", 0b1100, False, frozenset())  # S W beside N E
    assert not land_fits(s, c3, "blue", 0b0110, False, frozenset())  # E overlaps
    assert not land_fits(s, c3, "red", 0b1100, False, frozenset())  # same colour
    assert not land_fits(s, c3, "blue", 0b1111, True, frozenset())  # a full lake tile
    purple = sheet(3, blank(3).replace(". . . C", ". . RNBS C"))
    assert not land_fits(purple, c3, "blue", 0b1000, False, frozenset())  # purple is full


def test_wave_needs_a_higher_neighbour_and_no_equal_or_lower_one() -> None:
    s = new_sheet(2)
    assert wave_fits(s, 1, 5) and wave_fits(s, 9, 1)  # beside the corner 6
    assert not wave_fits(s, 2, 5)  # no neighbour
    s2 = sheet(2, blank(2).replace("W6 . .", "W6 W4 .", 1))
    assert wave_fits(s2, 2, 3)  # beside the 4
    assert not wave_fits(s2, 2, 4)  # equal neighbour
    assert not wave_fits(s2, 2, 5)  # lower neighbour
    s3 = sheet(2, blank(2).replace("W6 . .", "W6 W4 W2", 1))
    assert wave_fits(s3, 10, 3) and not wave_fits(s3, 10, 4)  # B2 under the 4
    assert wave_fits(s3, 11, 1) and not wave_fits(s3, 11, 2)  # C2 under the 2
    s4 = sheet(2, blank(2).replace("W6 . . . .", "W6 W4 W2 . W5", 1))
    assert not wave_fits(s4, 3, 3)  # D1 between the 2 and the 5: the 2 is lower
    assert wave_fits(s4, 3, 1)  # both neighbours higher
    assert not wave_fits(s3, 0, 1)  # a corner cell is taken


def test_ship_needs_land_or_an_unfinished_ship_beside_it() -> None:
    s = new_sheet(4)
    centre = s.spec.central
    assert ship_fits(s, centre + 1) and not ship_fits(s, centre + 2)
    s, added = draw_ship(s, centre + 1, 5)
    assert added == [] and ship_fits(s, centre + 2)


def _ships(**cells: int) -> Sheet:
    s = sheet(4, blank(4))
    for name, value in cells.items():
        s, _ = draw_ship(s, s.size * (int(name[1:]) - 1) + ord(name[0]) - 65, value)
    return s


def _names(s, groups) -> list[tuple[str, ...]]:
    return [tuple(s.name_of(c) for c in g) for g in groups]


def test_ship_cascade_marks_totals_left_to_right_in_one_draw() -> None:
    s = _ships(A6=3, I10=3)
    s, added = draw_ship(s, 5 * 11 + 1, 4)  # B6: A6 + B6 = 7
    assert _names(s, added) == [("A6", "B6")] and s.marked == 1
    s, _ = draw_ship(s, 9 * 11 + 9, 4)  # J10: I10 + J10 = 7, but 9 is next now
    s, added = draw_ship(s, 9 * 11 + 10, 2)  # K10: 3 + 4 + 2 = 9
    assert _names(s, added) == [("I10", "J10", "K10")] and s.marked == 2


def test_bordered_ships_are_complete() -> None:
    s = _ships(A6=3, B6=4)
    assert s.marked == 1
    s2 = _ships(A7=3, B7=4)
    assert not ship_fits(s2, 6 * 11 + 2)  # C7: only bordered ships and no land beside


def test_cascade_continues_with_the_next_total() -> None:
    s = _ships(B2=3, I10=3, J10=4)  # I10+J10 = 7 is bordered at once
    assert s.marked == 1
    s, _ = draw_ship(s, 1 * 11 + 2, 4)  # C2: B2 + C2 = 7, but 9 is next
    s, added = draw_ship(s, 1 * 11 + 3, 2)  # D2: 9
    assert _names(s, added) == [("B2", "C2", "D2")]


def test_ship_tie_goes_to_the_group_holding_the_new_ship() -> None:
    s = sheet(
        4, blank(4).replace("W6 . . . . . . . . . W6\n. . .", "W6 . . . . . . . . . W6\nS3 S4 .", 1)
    )
    s = s.with_cell(5 * 11 + 1, s.cells[1 * 11])  # B6 = 3
    s, added = draw_ship(s, 5 * 11 + 2, 4)  # C6: B6 + C6 = 7, as A2 + B2 already is
    assert _names(s, added) == [("B6", "C6")]


def test_ship_tie_without_the_new_ship_goes_to_reading_order() -> None:
    s = sheet(
        4, blank(4).replace("W6 . . . . . . . . . W6\n. . .", "W6 . . . . . . . . . W6\nS3 S4 .", 1)
    )
    s = s.with_cell(9 * 11 + 8, s.cells[1 * 11]).with_cell(9 * 11 + 9, s.cells[1 * 11 + 1])
    s, added = draw_ship(s, 6 * 11 + 5, 1)  # F7, its own group of 1
    assert _names(s, added) == [("A2", "B2")]
