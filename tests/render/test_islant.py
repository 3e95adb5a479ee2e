"""The Islant pictures: sheets of every level, the race board and the standings."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from engine.islant import GAME, IslantView, ScoreView, SheetView, Standing, sheet_view
from render import pictures_for, render_view
from render.common import DEFAULT_THEME, PanelRow, draw_panel, panel_height
from render.common.layers import LAYER_CACHE
from render.islant import (
    DEFAULT_PALETTE,
    board_image,
    render_board,
    render_seat_sheet,
    render_sheet,
    render_standings,
    sheet_image,
    standings_image,
)
from render.islant.parts import DESIGN
from render.islant.parts import MARGIN as STANDINGS_MARGIN
from render.islant.race import WIDTH as RACE_WIDTH
from render.islant.race import draw_board, progress_text, waiting_text
from render.islant.sheet import SCALE
from render.islant.sheet import WIDTH as SHEET_WIDTH
from render.islant.standings import (
    BIG_ROW_PX,
    BIG_TABLE,
    ROW_PX,
    breakdown,
    columns,
    draw_standings,
)
from render.islant.standings import WIDTH as STANDINGS_WIDTH
from render.islant.table import shown_rows

from .islant_states import NAMES, crowd_view, played, scripted
from .test_german_words import drawn_words
from .test_layers import painted_ship, painted_wave

MAX_BYTES = 500 * 1024
PALETTE = DEFAULT_PALETTE


def open_png(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.verify()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def sheet_of(state, seat: int = 0):
    return sheet_view(state, seat)


def draw_sheet(state, seat: int = 0):
    sheet = SheetView.from_data(sheet_of(state, seat))
    return sheet_image(sheet, "Alice", roll=list(state.roll), theme=DEFAULT_THEME, palette=PALETTE)


def quarter_point(frame, cell: str, quarter: int, size: int) -> tuple[int, int]:
    """A pixel well inside one quarter triangle of a cell."""
    col, row = ord(cell[0]) - ord("A"), int(cell[1:]) - 1
    cx, cy = frame.grid.centre(row * size + col)
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[quarter]
    reach = frame.grid.cell * 0.3
    return round(cx + dx * reach), round(cy + dy * reach)


@pytest.fixture(scope="module", params=[1, 2, 3, 4, 5])
def mid_game(request):
    return played(request.param, rounds=8)


def test_every_level_renders_a_valid_phone_sized_sheet(mid_game):
    data = sheet_of(mid_game)
    png = render_sheet(data, "Alice", roll=list(mid_game.roll))
    image = open_png(png)
    assert image.width == SHEET_WIDTH
    assert SHEET_WIDTH <= image.height <= 1.6 * SHEET_WIDTH
    assert len(png) < MAX_BYTES
    assert png == render_sheet(data, "Alice", roll=list(mid_game.roll))


def drawn_texts(monkeypatch, state, scale) -> tuple[list, list, Image.Image]:
    """The texts a sheet puts down at ``scale`` (its sea drawn afresh, each wave and ship cell
    painted in place), their fonts, and the picture."""
    LAYER_CACHE.clear()
    monkeypatch.setattr("render.islant.sheet.draw_wave", painted_wave)
    monkeypatch.setattr("render.islant.sheet.draw_ship", painted_ship)
    faces: list = []
    sheet = SheetView.from_data(sheet_of(state))
    with drawn_words(monkeypatch, faces) as words:
        image, _ = sheet_image(
            sheet, "Alice", roll=list(state.roll), theme=DEFAULT_THEME, palette=PALETTE, scale=scale
        )
    return words, faces, image


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_the_sheet_is_its_design_scaled_down(monkeypatch, level):
    """Every text of the sheet is where the design (1000 px wide) puts it and as large, in the
    sheet's proportion; only the smallest are kept at the size a phone reads (legible_px)."""
    state = played(level, rounds=12, seed=level)
    factor = SHEET_WIDTH / DESIGN.width
    big_words, big_faces, big = drawn_texts(monkeypatch, state, DESIGN)
    words, faces, small = drawn_texts(monkeypatch, state, SCALE)
    assert (big.width, small.width) == (DESIGN.width, SHEET_WIDTH)
    # Cells are whole pixels: the grid (and what is below it) may come out 1 % larger.
    assert small.height == pytest.approx(big.height * factor, rel=0.012)
    assert len(words) == len(big_words) > 80
    compared = 0
    for (text, box, _), face, (big_text, big_box, _), big_face in zip(
        words, faces, big_words, big_faces, strict=True
    ):
        if text != big_text:  # a title cut short at another letter
            assert text.endswith("…") and big_text.endswith("…")
            continue
        compared += 1
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        big_centre = ((big_box[0] + big_box[2]) / 2, (big_box[1] + big_box[3]) / 2)
        assert centre == pytest.approx([c * factor for c in big_centre], rel=0.012, abs=8), text
        expected = max(SCALE.smallest_px, big_face.size * factor)
        assert face.size == pytest.approx(expected, abs=1), text
    assert compared >= len(words) - 1


def test_a_land_quarter_has_its_colour_and_the_rest_of_the_cell_is_sea():
    state = scripted(3, [((1, 2), ["ASSIGN red=1 blue=2", "DRAW red D3 R0"])])
    image, frame = draw_sheet(state)
    red = image.getpixel(quarter_point(frame, "D3", 0, 7))
    assert red == PALETTE.faded(PALETTE.red)  # on an island that is not completed
    assert image.getpixel(quarter_point(frame, "D3", 2, 7)) == PALETTE.sea


def test_two_colours_in_one_cell_make_it_purple():
    state = scripted(3, [((1, 2), ["ASSIGN red=1 blue=2", "DRAW red D3 R0", "DRAW blue D3 R2"])])
    image, frame = draw_sheet(state)
    for quarter in (0, 2, 3):
        assert image.getpixel(quarter_point(frame, "D3", quarter, 7)) == PALETTE.faded(
            PALETTE.purple
        )


def test_a_completed_island_is_in_full_colour_with_a_golden_coast():
    turn = ["ASSIGN column=2 land=1"]
    state = scripted(
        1,
        [
            ((2, 1), [*turn, "DRAW land D1 R1", "SUBMIT"]),
            ((2, 1), [*turn, "DRAW land E1 R3", "SUBMIT"]),
        ],
    )
    state, _ = GAME.apply_text(state, 0, "NAME D1 Pearl")
    assert sheet_of(state)["islands"][0] == {
        "cells": ["D1", "E1"],
        "name": "Pearl",
        "completed": True,
        "sides": 4,
        "lakes": 0,
    }
    image, frame = draw_sheet(state)
    cx, cy = frame.grid.centre(3)
    step = frame.grid.cell
    assert image.getpixel((round(cx + 0.44 * step), round(cy - 0.34 * step))) == PALETTE.land
    left, top, right, _ = frame.grid.box(3)
    edge = image.crop((round(left), round(top), round(right), round(top + frame.grid.cell)))
    assert PALETTE.gold in {c for _, c in edge.getcolors(1 << 16)}
    # The unfinished central tile stays faded.
    central = quarter_point(frame, "D4", 0, 7)
    assert image.getpixel((central[0] + 20, central[1])) == PALETTE.faded(PALETTE.land)


def test_a_wave_changes_its_cell_and_shows_wave_colour():
    before = scripted(2, [])
    after = scripted(2, [((3, 5), ["ASSIGN land=3 waves=5", "DRAW waves B1"])])
    image_a, frame = draw_sheet(before)
    image_b, _ = draw_sheet(after)
    box = tuple(round(v) for v in frame.grid.box(1))
    cell_a, cell_b = image_a.crop(box), image_b.crop(box)
    assert cell_a.tobytes() != cell_b.tobytes()
    colours = {c for _, c in cell_b.getcolors(1 << 16)}
    assert PALETTE.wave in colours and PALETTE.wave_line in colours
    assert PALETTE.draft in colours  # drawn this turn, not yet submitted
    assert PALETTE.sea not in {c for _, c in cell_b.crop((10, 10, 30, 30)).getcolors()}


def test_column_labels_appear_only_on_levels_one_and_five():
    heights = {}
    for level in (1, 3):
        _, frame = draw_sheet(scripted(level, []))
        heights[level] = frame.grid.origin[1]
    assert heights[1] > heights[3]


def test_the_board_shows_progress_for_ninety_nine_players():
    view = crowd_view(seat=40)
    race = IslantView.of(view)
    assert progress_text(race) == "66 of 99 done"
    assert waiting_text(race, NAMES, 400, lambda s: 10.0 * len(s)).endswith("more")
    png = render_board(view, NAMES)
    image = open_png(png)
    assert image.width == 1000
    assert 800 <= image.height <= 1600
    assert len(png) < MAX_BYTES
    assert png == render_board(view, NAMES)
    assert png == render_view(view, NAMES)
    assert pictures_for("islant").board is render_board


def test_the_board_lights_the_seats_own_row():
    spectator = board_image(crowd_view(), NAMES, title=None, theme=DEFAULT_THEME)
    seated = board_image(crowd_view(seat=40), NAMES, title=None, theme=DEFAULT_THEME)
    band = DEFAULT_THEME.panel_band

    def band_rows(image):
        return sum(1 for y in range(image.height) if image.getpixel((30, y)) == band)

    assert band_rows(seated) > band_rows(spectator)
    assert seated.height > spectator.height  # the row below the leaders is added


def test_a_small_race_lists_everyone():
    state = played(2, rounds=3, players=3)
    png = render_board(GAME.view(state, None), ["Ann", "Ben", "Cy"])
    image = open_png(png)
    assert 400 <= image.height <= 700  # three rows, no histogram


def test_standings_of_ninety_nine_players_are_readable_and_small():
    view = crowd_view(over=True)
    png = render_standings(view, NAMES, highlight=57)
    image = open_png(png)
    assert image.width == 1000
    assert 99 * 28 <= image.height <= 3600  # one row of at least 28 px per player
    assert len(png) < MAX_BYTES
    assert png == render_standings(view, NAMES, highlight=57)
    assert columns(5) == ("Sides", "Lakes", "Isl.", "Col.", "Waves", "Ships", "Total")


def test_standings_top_keeps_the_askers_row():
    view = crowd_view(over=True)
    short = standings_image(view, NAMES, highlight=None, top=10, theme=DEFAULT_THEME)
    mine = standings_image(view, NAMES, highlight=57, top=10, theme=DEFAULT_THEME)
    assert mine.height > short.height
    assert DEFAULT_THEME.highlight in {c for _, c in mine.getcolors(1 << 20)}


def standings_cut_to_size(view, names, highlight, top):
    """The ranking drawn on a tall canvas and cut where the drawing ends (how it was made
    before its height was worked out in advance)."""
    race = IslantView.of(view)
    rows = shown_rows(race.standings, top, highlight)
    size = BIG_ROW_PX if len(rows) <= BIG_TABLE else ROW_PX
    canvas = Image.new("RGB", (STANDINGS_WIDTH, 6000), DEFAULT_THEME.background)
    bottom = draw_standings(
        ImageDraw.Draw(canvas), race, names, rows, size, highlight, DEFAULT_THEME
    )
    return canvas.crop((0, 0, STANDINGS_WIDTH, round(bottom + STANDINGS_MARGIN)))


@pytest.mark.parametrize(
    ("players", "over", "highlight", "top"),
    [(99, True, None, None), (99, False, 57, 10), (99, False, None, 10), (12, False, 3, None),
     (21, True, 20, 20), (2, False, None, None), (1, True, 0, None)],
)  # fmt: skip
def test_standings_are_as_tall_as_their_drawing(players, over, highlight, top):
    view = crowd_view(players, over=over)
    ours = standings_image(view, NAMES, highlight=highlight, top=top, theme=DEFAULT_THEME)
    cut = standings_cut_to_size(view, NAMES, highlight, top)
    assert ours.size == cut.size and ours.tobytes() == cut.tobytes()


def test_a_panel_is_as_tall_as_panel_height_says():
    rows = [PanelRow(f"P{k}", ("1", "22"), (200, 10, 10), current=k == 1) for k in range(7)]
    for title in (None, "Scores"):
        for headers in ((), ("This round", "Total")):
            for size in (18, 26, 28):
                draw = ImageDraw.Draw(Image.new("RGB", (600, 600)))
                kw = {"title": title, "headers": headers, "text_size": size}
                bottom = draw_panel(draw, (10, 33.5, 590, 600), rows, DEFAULT_THEME, **kw)
                height = panel_height(7, text_size=size, title=bool(title), headers=bool(headers))
                assert bottom == pytest.approx(33.5 + height)


@pytest.mark.parametrize(
    ("players", "over", "seat"),
    [(99, False, None), (99, False, 57), (99, True, 3), (12, False, 2), (13, False, None),
     (2, False, 0), (1, True, None)],
)  # fmt: skip
def test_race_boards_are_as_tall_as_their_drawing(players, over, seat):
    view = crowd_view(players, seat=seat, over=over)
    ours = board_image(view, NAMES, title=None, theme=DEFAULT_THEME)
    race = IslantView.of(view)
    canvas = Image.new("RGB", (RACE_WIDTH, 6000), DEFAULT_THEME.background)
    bottom = draw_board(ImageDraw.Draw(canvas), race, NAMES, seat, None, DEFAULT_THEME)
    cut = canvas.crop((0, 0, RACE_WIDTH, round(bottom + STANDINGS_MARGIN)))
    assert ours.size == cut.size and ours.tobytes() == cut.tobytes()


def test_the_islands_column_shows_the_points_it_takes_away():
    row = Standing(1, 0, "playing", ScoreView(sides=9, lakes=2, islands=2, total=7))
    assert breakdown(row, 1)[:3] == ("9", "2", "−4")
    assert breakdown(Standing(1, 0, "playing", ScoreView()), 1)[2] == "0"


def test_a_seats_sheet_is_the_same_drawn_from_its_own_view():
    """The panel draws the seat's sheet from ``seat_view`` (the other sheets left out): the
    same picture as from the whole race's view, mid-turn too."""
    state = played(5, 3, players=4, seed=2)  # seat 0 has a turn in progress
    for seat in range(4):
        own = GAME.seat_view(state, seat)
        assert [p is None for p in own.data["players"]] == [s != seat for s in range(4)]
        names = [f"Sailor {k}" for k in range(4)]
        assert render_seat_sheet(own, names) == render_seat_sheet(GAME.view(state, seat), names)
