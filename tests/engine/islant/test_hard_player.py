"""The hard player's look at unfinished islands and its choice of place for a land tile."""

from __future__ import annotations

from engine.core import Budget
from engine.islant.actions import Assign, Draw
from engine.islant.outlook import land_outlook
from engine.islant.placing import best_land_draw
from engine.islant.scoring import score
from engine.islant.sheet import new_sheet
from engine.islant.turn import Draft, apply_step

from .fixtures import blank, diamond, sheet, with_land


def _swap(grid: str, cell: str, token: str) -> str:
    """``grid`` with the token of ``cell`` (like ``D3``) replaced."""
    rows = [line.split() for line in grid.strip().splitlines()]
    rows[int(cell[1:]) - 1][ord(cell[0]) - 65] = token
    return "\n".join(" ".join(row) for row in rows)


def test_an_island_that_can_still_complete_counts_a_diamond_halved_per_straight_edge() -> None:
    # The central tile alone: four straight edges, each facing an empty cell.
    assert land_outlook(new_sheet(1)) == 4 * 0.5**4
    # A quarter above it covers one straight edge and brings two diagonal edges.
    above = sheet(1, _swap(blank(1), "D3", "LS"))
    assert land_outlook(above) == 4 * 0.5**3


def test_an_island_that_can_never_complete_counts_nothing() -> None:
    # A straight edge on the border.
    on_rim = sheet(1, _swap(blank(1), "A1", "LN"))
    assert land_outlook(on_rim) == land_outlook(new_sheet(1))
    # A straight edge facing a drawn cell (a ship beside the central tile).
    beside_ship = sheet(4, _swap(blank(4), "F5", "S3"))
    assert land_outlook(beside_ship) == 0.0


def test_completed_islands_are_left_to_the_score() -> None:
    done = with_land(new_sheet(1), diamond("D4", 2))
    assert score(done).sides == 4 and land_outlook(done) == 0.0


def test_lake_circles_of_an_unfinished_island_count_in_its_outlook() -> None:
    plain = sheet(4, _swap(blank(4), "F5", "LS"))
    with_lake = sheet(4, _swap(_swap(blank(4), "F5", "LS"), "G6", "LNESWo"))
    # The lake tile adds a lake but also straight edges: 5 × 0.5**5 against 4 × 0.5**3.
    assert land_outlook(with_lake) == 5 * 0.5**5
    assert land_outlook(plain) == 4 * 0.5**3


def test_the_land_tile_goes_where_it_completes_the_island() -> None:
    masks = diamond("F6", 2)
    masks.pop("H6")  # the diamond lacks its east tip: a W quarter at H6
    draft = Draft(with_land(new_sheet(4), masks))
    roll = (1, 5, 5)
    draft, _ = apply_step(draft, roll, Assign((("land", 1), ("waves", 5), ("ships", 5))))
    elsewhere = Draw("land", "F3", 2)  # a quarter that would start a second island
    chosen = best_land_draw(draft, elsewhere, True, Budget(1000).start())
    assert chosen == Draw("land", "H6", 3)
    after, _ = apply_step(draft, roll, chosen)
    assert score(after.sheet).sides == 4 and score(after.sheet).islands == 1


def test_water_drawings_are_left_as_the_quick_player_chose() -> None:
    draft = Draft(new_sheet(4))
    draft, _ = apply_step(draft, (1, 5, 5), Assign((("land", 1), ("waves", 5), ("ships", 5))))
    ship = Draw("ships", "F5", None)
    assert best_land_draw(draft, ship, True, Budget(1000).start()) is ship
