"""Move notation: the tournament lines, forgiving reading, and errors that quote the input."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import IllegalAction, Menu, Resign
from engine.core.errors import BAD_NOTATION
from engine.core.hexgrid import Hex
from engine.core.notation import shorten
from engine.tigerisland import GAME, Expand, Found, PlaceTile, Terrain, TileKind, Totoro
from engine.tigerisland.geometry import HABITABLE, TILE_KINDS, from_cube, to_cube

J, L, G, R = Terrain.JUNGLE, Terrain.LAKE, Terrain.GRASS, Terrain.ROCK


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PLACE JUNGLE+LAKE AT 0 0 0 1", PlaceTile(TileKind(J, L), Hex(0, 0), 1)),
        ("PLACE ROCK+GRASS AT 2 -3 1 6", PlaceTile(TileKind(R, G), from_cube(2, -3, 1), 6)),
        ("FOUND SETTLEMENT AT 1 -1 0", Found(from_cube(1, -1, 0))),
        ("EXPAND SETTLEMENT AT 1 -1 0 GRASS", Expand(from_cube(1, -1, 0), G)),
        ("BUILD TOTORO SANCTUARY AT 2 -2 0", Totoro(from_cube(2, -2, 0))),
    ],
)
def test_tournament_lines_read_and_write_back_exactly(text: str, action) -> None:
    assert GAME.parse(text) == action
    assert GAME.format(action) == text


@pytest.mark.parametrize(
    "text",
    [
        "  place   jungle+lake  at 0 0   0 1 ",
        "Place Jungle + Lake At 0 0 0 1",
        "PLACE\tJUNGLE +LAKE AT 0 0 0\t1",
    ],
)
def test_reading_ignores_case_and_extra_spaces(text: str) -> None:
    assert GAME.parse(text) == PlaceTile(TileKind(J, L), Hex(0, 0), 1)


def test_cube_coordinates_map_onto_axial_hexes() -> None:
    assert from_cube(1, -1, 0) == Hex(1, 0)
    assert from_cube(0, 1, -1) == Hex(0, -1)
    assert to_cube(Hex(2, -3)) == (2, 1, -3)


def test_resign_is_read_by_the_framework() -> None:
    assert GAME.parse(" resign ") == Resign()


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("PLACE JUNGLE+LAKE AT 1 0 0 1", "add up to 0"),
        ("PLACE JUNGLE+LAKE AT 0 0 0 7", "orientation must be 1 to 6"),
        ("PLACE JUNGLE+LAKE AT 0 0 0 0", "orientation must be 1 to 6"),
        ("PLACE VOLCANO+LAKE AT 0 0 0 1", "not a terrain"),
        ("EXPAND SETTLEMENT AT 1 -1 0 VOLCANO", "not a terrain"),
        ("EXPAND SETTLEMENT AT 1 -1 0 GRASSLANDS", "not a terrain"),
        ("FOUND SETTLEMENT AT 1 -1", "Cannot read"),
        ("PLACE JUNGLE AT 0 0 0 1", "Cannot read"),
        ("BUILD TOTORO AT 0 0 0", "Cannot read"),
        ("", "Cannot read"),
        ("FOUND SETTLEMENT AT 1234567 -1234567 0", "Cannot read"),
        ("FOUND SETTLEMENT AT " + "9" * 5000 + " 0 0", "Cannot read"),
    ],
)
def test_bad_notation_is_refused_quoting_the_input(text: str, needle: str) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.parse(text)
    assert err.value.code == BAD_NOTATION
    assert needle in err.value.message
    assert f"`{shorten(text)}`" in err.value.message


cubes = st.tuples(st.integers(-30, 30), st.integers(-30, 30)).map(
    lambda xy: from_cube(xy[0], xy[1], -xy[0] - xy[1])
)
any_action = st.one_of(
    st.builds(PlaceTile, st.sampled_from(TILE_KINDS), cubes, st.integers(1, 6)),
    st.builds(Found, cubes),
    st.builds(Expand, cubes, st.sampled_from(HABITABLE)),
    st.builds(Totoro, cubes),
)


@given(any_action)
def test_every_action_round_trips(action) -> None:
    text = GAME.format(action)
    assert GAME.parse(text) == action
    assert GAME.parse(text.lower()) == action


def test_describe_action_reads_like_a_sentence() -> None:
    place = GAME.parse("PLACE JUNGLE+LAKE AT 0 0 0 1")
    assert GAME.describe_action(place) == (
        "places the volcano at 0 0 0, Jungle to the north-west, Lake to the north-east"
    )
    turned = GAME.parse("PLACE JUNGLE+LAKE AT 0 0 0 6")
    assert GAME.describe_action(turned) == (
        "places the volcano at 0 0 0, Jungle to the west, Lake to the north-west"
    )
    expand = GAME.parse("EXPAND SETTLEMENT AT 1 -1 0 GRASS")
    assert GAME.describe_action(expand) == "expands the settlement at 1 -1 0 into Grass"


def test_a_placements_description_says_its_way_in_the_menus_words() -> None:
    """ "Grass to the east", as the "Which way?" menu says it, not "GRASS to the E"."""
    state = GAME.new(2, None, 3)
    seat = min(GAME.to_move(state))
    places = [a for a in GAME.legal_actions(state, seat) if isinstance(a, PlaceTile)]
    terrain = "(Volcano|Jungle|Lake|Grass|Rock)"
    compass = "(north|south|east|west|north-east|north-west|south-east|south-west)"
    way = f"{terrain} to the {compass}"
    for action in places[:50]:
        described = str(GAME.describe_action(action))
        assert re.fullmatch(rf"places the volcano at [-0-9 ]+, {way}, {way}", described)


def test_no_placement_is_away_from_settlements_before_there_are_any() -> None:
    state = GAME.new(2, None, 3)
    seat = min(GAME.to_move(state))
    hints, menus = [], [GAME.menu(state, seat, ())]
    for menu in menus:
        hints += [str(choice.hint) for choice in menu.choices]
        for index in range(len(menu.choices)):
            deeper = GAME.menu(state, seat, (str(index),))
            if isinstance(deeper, Menu) and len(menus) < 8:
                menus.append(deeper)
    assert hints and not any("away from your settlements" in hint for hint in hints)
