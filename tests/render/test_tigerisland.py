"""The TigerIsland board picture: structure, colours, geometry and limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from engine.core import View
from engine.tigerisland import TigerView
from locales import seat_name
from render import pictures_for, render_view
from render.common import DEFAULT_THEME
from render.tigerisland import DEFAULT_TITLE, panel, render_board, render_image
from render.tigerisland.board import hex_fill
from render.tigerisland.cubes import (
    EAST,
    NORTH_EAST,
    NORTH_WEST,
    SOUTH_EAST,
    SOUTH_WEST,
    WEST,
    to_axial,
)
from render.tigerisland.layout import CANVAS_WIDTH, MAX_CANVAS
from render.tigerisland.panel import status_line

from .tigerisland_views import (
    Island,
    big_view,
    empty_view,
    finished_view,
    mid_view,
    small_view,
    sprawl_view,
)

NAMES = ["Alice", "Bob"]
VIEWS = {
    "empty": empty_view,
    "small": small_view,
    "mid": mid_view,
    "big": big_view,
    "sprawl": sprawl_view,
    "finished": finished_view,
}
MAX_BYTES = 500 * 1024


def centre(layout, cube) -> tuple[int, int]:
    x, y = layout.centre(*to_axial(cube))
    return round(x), round(y)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_board_is_a_small_valid_png_within_bounds(name):
    png = render_board(VIEWS[name](), NAMES)
    image = Image.open(io.BytesIO(png))
    image.verify()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.mode == "P"  # a palette picture: flat colours kept, half the bytes
    assert CANVAS_WIDTH <= image.width <= MAX_CANVAS
    assert 600 <= image.height <= MAX_CANVAS
    assert len(png) < MAX_BYTES


@pytest.mark.parametrize("name", ["mid", "finished"])
def test_the_same_view_gives_the_same_bytes(name):
    assert render_board(VIEWS[name](), NAMES) == render_board(VIEWS[name](), NAMES)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_hex_is_on_the_canvas(name):
    view = VIEWS[name]()
    image, layout = render_image(view, NAMES)
    for cell in view.data["hexes"]:
        for x, y in layout.corners(*to_axial((cell["x"], cell["y"], cell["z"]))):
            assert 0 <= x < image.width
            assert 0 <= y < image.height


def test_hex_centres_show_their_terrain_colour_darker_when_stacked():
    view = small_view()
    image, layout = render_image(view, NAMES)
    for cell in view.data["hexes"]:
        cube = (cell["x"], cell["y"], cell["z"])
        if cell["piece"] is None:
            assert image.getpixel(centre(layout, cube)) == DEFAULT_THEME.terrain[cell["terrain"]]
    island = Island()
    island.place((0, 0, 0), 1, "JUNGLE", "LAKE")
    island.place((1, -1, 0), 3, "GRASS", "ROCK")
    island.place((0, 0, 0), 2, "ROCK", "GRASS")
    image, layout = render_image(island.view(), NAMES)
    level_two = image.getpixel(centre(layout, (1, 0, -1)))
    assert level_two == hex_fill(DEFAULT_THEME, "ROCK", 2)
    assert level_two != DEFAULT_THEME.terrain["ROCK"]


def test_pieces_wear_their_players_colour():
    island = Island()
    island.place((0, 0, 0), 1, "JUNGLE", "LAKE")
    island.put((0, 1, -1), 0)
    island.put((1, 0, -1), 1, "totoro", 1)
    image, layout = render_image(island.view(), NAMES)
    radius = 0.29 * layout.size
    for cube, seat in (((0, 1, -1), 0), ((1, 0, -1), 1)):
        x, y = centre(layout, cube)
        assert image.getpixel((x, round(y + 0.6 * radius))) == DEFAULT_THEME.player(seat)


def test_directions_are_drawn_where_their_names_say():
    _, layout = render_image(small_view(), NAMES)
    ox, oy = layout.centre(0, 0)

    def offset(cube):
        x, y = layout.centre(*to_axial(cube))
        return x - ox, y - oy

    east, west = offset(EAST), offset(WEST)
    assert east[0] > 0 and east[1] == pytest.approx(0)
    assert west[0] < 0 and west[1] == pytest.approx(0)
    for cube, right, up in (
        (NORTH_EAST, True, True),
        (NORTH_WEST, False, True),
        (SOUTH_EAST, True, False),
        (SOUTH_WEST, False, False),
    ):
        dx, dy = offset(cube)
        assert (dx > 0) == right
        assert (dy < 0) == up


def test_the_last_tile_is_outlined():
    view = small_view()
    image, layout = render_image(view, NAMES)
    # The placed tile is volcano 1 -1 0, A east of it, B south-east: its east side is outside.
    a, b = layout.edge(*to_axial((2, -2, 0)), to_axial(EAST))
    mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
    assert image.getpixel(mid) == DEFAULT_THEME.highlight


def test_names_and_title_are_drawn_in_the_header():
    view = mid_view()
    plain, _ = render_image(view, ["A", "B"])
    named, _ = render_image(view, ["Alice", "Bob"])
    titled, _ = render_image(view, ["A", "B"], title="Game 12")
    header = (0, 0, plain.width, 200)
    assert plain.crop(header).tobytes() != named.crop(header).tobytes()
    assert plain.crop(header).tobytes() != titled.crop(header).tobytes()
    assert len(named.crop(header).getcolors(1 << 16)) > 20


def test_a_huge_sprawling_board_shrinks_to_fit():
    image, layout = render_image(sprawl_view(), NAMES)
    assert image.width == MAX_CANVAS
    assert layout.size < 24


def test_status_line_says_who_does_what():
    assert status_line(TigerView.from_data(empty_view().data), NAMES) == "Alice to place a tile"
    assert status_line(TigerView.from_data(small_view().data), NAMES) == "Bob to build"
    assert status_line(TigerView.from_data(finished_view().data), NAMES) == "Alice wins!"
    tie = {"scores": [5, 5], "winners": [0, 1], "reason": "", "code": "tiles_out"}
    data = dict(finished_view().data, outcome=tie)
    assert status_line(TigerView.from_data(data), NAMES) == "Shared win: Alice and Bob"


def test_missing_names_fall_back_to_seat_numbers():
    assert seat_name(["Alice"], 1) == "Player 2"
    assert seat_name(["Alice", ""], 1) == "Player 2"
    render_board(mid_view(), [])


def test_render_view_dispatches_on_the_game():
    view = mid_view()
    assert pictures_for("tigerisland").hex_image is render_image
    assert render_view(view, NAMES, title="T") == render_board(view, NAMES, title="T")
    with pytest.raises(ValueError, match="chess"):
        render_view(View("chess", None, {}), NAMES)


@pytest.mark.parametrize("make", [empty_view, small_view, mid_view, finished_view])
def test_the_header_is_drawn_in_place_as_tall_as_its_contents(make):
    """The header is drawn straight onto the picture, on a band as tall as the header drawn
    on its own and cut where its contents end (with the margin below)."""
    view = make()
    board = TigerView.from_data(view.data)
    image, _ = render_image(view, ["Alice", "Bob"])
    alone = Image.new("RGB", (image.width, 2000), DEFAULT_THEME.panel)
    bottom = panel.draw_header(
        ImageDraw.Draw(alone), board, ["Alice", "Bob"], DEFAULT_THEME, image.width, DEFAULT_TITLE
    )
    cut = alone.crop((0, 0, image.width, round(bottom + panel.MARGIN)))
    assert panel.header_height(board) == cut.height
    assert image.crop((0, 0, image.width, cut.height)).tobytes() == cut.tobytes()


def test_the_tile_in_hand_is_drawn_inside_its_box():
    """The tile to place (a volcano and two terrains) sits in the "Tile in hand" box at the
    header's right, not over the score table."""
    view = mid_view()
    board = TigerView.from_data(view.data)
    header = Image.new("RGB", (CANVAS_WIDTH, 2000), DEFAULT_THEME.panel)
    panel.draw_header(
        ImageDraw.Draw(header), board, ["Alice", "Bob"], DEFAULT_THEME, CANVAS_WIDTH, DEFAULT_TITLE
    )
    box_left = CANVAS_WIDTH - panel.MARGIN - panel.HAND_WIDTH
    volcano = hex_fill(DEFAULT_THEME, "VOLCANO", 1)
    table = header.crop((0, 0, box_left, panel.header_height(board)))
    hand = header.crop((box_left, 0, CANVAS_WIDTH, panel.header_height(board)))
    assert volcano not in {colour for _, colour in table.getcolors(1 << 20)}
    assert volcano in {colour for _, colour in hand.getcolors(1 << 20)}
