"""The shared drawing helpers: geometry, text, fonts, panels, dice, PNG encoding."""

from __future__ import annotations

import io
import math
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from render import seat_colour
from render.common import (
    DEFAULT_THEME,
    MARKERS,
    HexLayout,
    Orientation,
    PanelRow,
    axial_to_pixel,
    draw_die,
    draw_marker,
    draw_panel,
    draw_text,
    edge_corners,
    ellipsize,
    fit_font,
    fit_layout,
    fit_lines,
    font,
    hex_corners,
    luminance,
    pip_centres,
    side_runs,
    text_width,
    to_png,
    unit_bounds,
)
from render.common.png import to_png_palette
from render.common.text import COVERAGE, COVERAGE_LEVELS, stamp

AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
cells = st.lists(st.tuples(st.integers(-30, 30), st.integers(-30, 30)), max_size=60)


def png_chunks(data: bytes) -> list[bytes]:
    chunks, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        chunks.append(data[pos + 4 : pos + 8])
        pos += 12 + length
    return chunks


@pytest.mark.parametrize("orientation", list(Orientation))
def test_neighbours_are_one_hex_width_apart(orientation):
    for q, r in AXIAL_DIRECTIONS:
        x, y = axial_to_pixel(q, r, 10, orientation)
        assert math.hypot(x, y) == pytest.approx(10 * math.sqrt(3))


def test_pointy_rows_run_left_to_right_and_flat_columns_top_to_bottom():
    assert axial_to_pixel(1, 0, 10, Orientation.POINTY) == pytest.approx((10 * math.sqrt(3), 0))
    assert axial_to_pixel(0, 1, 10, Orientation.FLAT) == pytest.approx((0, 10 * math.sqrt(3)))


@pytest.mark.parametrize("orientation", list(Orientation))
def test_corners_lie_on_the_circumcircle_with_a_point_or_a_side_on_top(orientation):
    corners = hex_corners((50, 50), 20, orientation)
    assert all(math.hypot(x - 50, y - 50) == pytest.approx(20) for x, y in corners)
    top = min(y for _, y in corners)
    assert top == pytest.approx(30 if orientation is Orientation.POINTY else 50 - 10 * math.sqrt(3))


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("direction", AXIAL_DIRECTIONS)
def test_neighbours_share_the_edge_between_them(orientation, direction):
    layout = HexLayout(orientation, 30, (200, 200))
    mine = layout.edge(0, 0, direction)
    theirs = layout.edge(*direction, (-direction[0], -direction[1]))
    assert {(round(x, 6), round(y, 6)) for x, y in mine} == {
        (round(x, 6), round(y, 6)) for x, y in theirs
    }
    i, j = edge_corners(direction, orientation)
    assert j == (i + 1) % 6


@given(cells, st.sampled_from(list(Orientation)))
def test_fitted_cells_stay_inside_the_box(points, orientation):
    box = (40, 300, 1040, 900)
    layout = fit_layout(points, orientation, box, min_size=0.1, max_size=80)
    for q, r in points or [(0, 0)]:
        for x, y in layout.corners(q, r):
            assert box[0] - 1e-6 <= x <= box[2] + 1e-6
            assert box[1] - 1e-6 <= y <= box[3] + 1e-6
    assert layout.size <= 80


def test_fit_layout_respects_the_largest_size_and_centres_the_cells():
    layout = fit_layout([(0, 0)], Orientation.POINTY, (0, 0, 1000, 1000), min_size=5, max_size=40)
    assert layout.size == 40
    assert layout.centre(0, 0) == pytest.approx((500, 500))


def test_unit_bounds_of_nothing_is_one_hex():
    assert unit_bounds([], Orientation.POINTY) == unit_bounds([(0, 0)], Orientation.POINTY)


def test_side_runs_join_consecutive_sides():
    corners = [(float(i), 0.0) for i in range(6)]
    assert side_runs(corners, [True] * 6) == [(corners, True)]
    runs = side_runs(corners, [True, True, False, False, True, False])
    assert sorted(runs) == sorted(
        [([corners[0], corners[1], corners[2]], False), ([corners[4], corners[5]], False)]
    )
    assert side_runs(corners, [False] * 6) == []
    wrapped = side_runs(corners, [True, False, False, False, False, True])
    assert wrapped == [([corners[5], corners[0], corners[1]], False)]


def test_fonts_are_cached_and_sized():
    assert font(24) is font(24)
    assert font(24, bold=True) is not font(24)
    assert font(24).size == 24


def test_fit_font_picks_the_largest_size_that_fits():
    face = fit_font(["-10,5,5", "0,0,0"], 100, max_size=40, min_size=8)
    assert face is not None
    assert text_width("-10,5,5", face) <= 100
    assert text_width("-10,5,5", font(face.size + 1)) > 100
    assert fit_font(["a very long piece of text"], 20, max_size=30, min_size=10) is None


def test_ellipsize_shortens_only_what_does_not_fit():
    face = font(28)
    assert ellipsize("Alice", face, 500) == "Alice"
    short = ellipsize("Bartholomew the Magnificent", face, 150)
    assert short.endswith("…")
    assert text_width(short, face) <= 150


def test_panel_draws_rows_and_returns_its_bottom():
    image = Image.new("RGB", (800, 300), DEFAULT_THEME.panel)
    rows = [
        PanelRow("Alice", ("12", "3"), DEFAULT_THEME.player(0), "circle", current=True),
        PanelRow("Bob", ("7", "1"), DEFAULT_THEME.player(1), "square"),
    ]
    bottom = draw_panel(
        ImageDraw.Draw(image),
        (10, 10, 790, 290),
        rows,
        DEFAULT_THEME,
        title="Scores",
        headers=("Points", "Left"),
    )
    assert 100 < bottom < 290
    band = image.crop((10, 10, 790, round(bottom)))
    assert DEFAULT_THEME.panel_band in {c for _, c in band.getcolors(1 << 16)}
    assert DEFAULT_THEME.player(1) in {c for _, c in band.getcolors(1 << 16)}


@pytest.mark.parametrize("value", range(1, 7))
def test_die_faces_have_their_pips(value):
    image = Image.new("RGB", (120, 120), (0, 0, 0))
    draw_die(ImageDraw.Draw(image), (10, 10), 100, value, pip=(200, 0, 0))
    centres = pip_centres(value, (10, 10), 100)
    assert len(centres) == value
    for x, y in centres:
        assert image.getpixel((round(x), round(y))) == (200, 0, 0)
    centre_is_pip = image.getpixel((60, 60)) == (200, 0, 0)
    assert centre_is_pip == (value % 2 == 1)


def test_a_die_shows_one_to_six():
    with pytest.raises(ValueError):
        pip_centres(7, (0, 0), 10)


@pytest.mark.parametrize("shape", MARKERS)
def test_markers_are_filled_at_their_centre(shape):
    image = Image.new("RGB", (100, 100), (0, 0, 0))
    draw_marker(ImageDraw.Draw(image), shape, (50, 50), 20, (1, 2, 3))
    assert image.getpixel((50, 50)) == (1, 2, 3)


def test_unknown_marker_is_refused():
    image = Image.new("RGB", (10, 10))
    with pytest.raises(ValueError):
        draw_marker(ImageDraw.Draw(image), "blob", (5, 5), 3, (0, 0, 0))


def test_players_differ_in_colour_and_shape():
    theme = DEFAULT_THEME
    assert len({theme.player(s) for s in range(6)}) == 6
    assert len({theme.marker(s) for s in range(6)}) == 6
    assert theme.player(len(theme.players)) == theme.player(0)


def test_a_messages_seat_colour_is_the_seats_colour_in_pictures():
    assert [seat_colour(s) for s in range(20)] == [DEFAULT_THEME.player(s) for s in range(20)]


def test_text_colour_contrasts_with_its_background():
    theme = DEFAULT_THEME
    assert theme.text_on((250, 250, 250)) == theme.dark_text
    assert theme.text_on((10, 20, 30)) == theme.text
    assert luminance((255, 255, 255)) == pytest.approx(1)


def test_png_is_deterministic_and_has_no_metadata():
    image = Image.new("RGB", (64, 32), (10, 20, 30))
    image.info["icc_profile"] = b"not written"
    first, second = to_png(image), to_png(image)
    assert first == second
    assert png_chunks(first) == [b"IHDR", b"IDAT", b"IEND"]
    assert Image.open(io.BytesIO(first)).getpixel((5, 5)) == (10, 20, 30)


def test_text_halo_surrounds_the_letters():
    image = Image.new("RGB", (120, 60), (0, 0, 255))
    draw = ImageDraw.Draw(image)
    draw_text(
        draw, (60, 30), "H", font(40, bold=True), (255, 255, 255), halo=(0, 0, 0), halo_width=4
    )
    colours = {c for _, c in image.getcolors(1 << 16)}
    assert {(255, 255, 255), (0, 0, 0), (0, 0, 255)} <= colours


def pillow_text(image, xy, text, face, fill, anchor, halo, stroke) -> None:
    """Pillow's own text at ``xy`` (its outline first, as Pillow draws it), the coverage of
    each pass rounded to the stamps' levels."""
    passes = ((stroke, halo), (0, fill)) if halo is not None else ((0, fill),)
    for width, colour in passes:
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).text(xy, text, font=face, fill=255, anchor=anchor, stroke_width=width)
        image.paste(colour, (0, 0), mask.point(COVERAGE))


@pytest.mark.parametrize("anchor", ["mm", "lt", "la", "rm", "ms"])
@pytest.mark.parametrize("halo", [0, 2])
@pytest.mark.parametrize("text", ["12", "Sailor 42 wins", "Åland …", " ", ""])
def test_stamped_text_has_the_pixels_pillow_draws_at_the_rounded_point(anchor, halo, text):
    face = font(19, bold=True)
    ours = Image.new("RGB", (320, 80), DEFAULT_THEME.panel)
    pillow = ours.copy()
    outline = DEFAULT_THEME.line if halo else None
    for _ in range(2):  # the second time from the remembered mask
        draw_text(ImageDraw.Draw(ours), (160.4, 39.6), text, face, DEFAULT_THEME.text,
                  anchor=anchor, halo=outline, halo_width=halo)  # fmt: skip
        pillow_text(pillow, (160, 40), text, face, DEFAULT_THEME.text, anchor, outline, halo)
    assert ours.tobytes() == pillow.tobytes()


def test_text_edges_take_a_few_coverage_levels_and_keep_full_and_none():
    assert len(set(COVERAGE)) == COVERAGE_LEVELS
    assert COVERAGE[0] == 0 and COVERAGE[255] == 255
    assert all(abs(level - value) <= 255 / (COVERAGE_LEVELS - 1) / 2 + 0.5
               for value, level in enumerate(COVERAGE))  # fmt: skip
    _, _, mask = stamp("Wg 42 Ärger", font(23), "mm", 0)
    coverages = {value for _, value in mask.getcolors(256)}
    assert {0, 255} <= coverages <= set(COVERAGE)
    # Text on a flat ground gives at most one colour per level: a palette holds them all.
    image = Image.new("RGB", (300, 60), DEFAULT_THEME.panel)
    draw_text(ImageDraw.Draw(image), (150, 30), "Wg 42 Ärger", font(23), DEFAULT_THEME.text)
    assert len(image.getcolors(1 << 16)) <= COVERAGE_LEVELS


def near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Within the steps of Pillow's palette lookup (it looks colours up by fours)."""
    return all(abs(x - y) <= 6 for x, y in zip(a, b, strict=True))


def test_a_palette_picture_keeps_its_flat_colours_and_its_text():
    theme = DEFAULT_THEME
    flat = [theme.background, theme.panel, theme.panel_band, theme.highlight, *theme.players]
    image = Image.new("RGB", (60 * len(flat), 200), theme.background)
    draw = ImageDraw.Draw(image)
    for k, colour in enumerate(flat):
        draw.rectangle((60 * k, 0, 60 * k + 59, 120), fill=colour)
        draw_text(draw, (60 * k + 30, 160), str(k), font(30, bold=True), theme.text)
    png = to_png_palette(image)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P" and png == to_png_palette(image)
    rgb = decoded.convert("RGB")
    for k, colour in enumerate(flat):
        assert near(rgb.getpixel((60 * k + 30, 60)), colour)
    # The highlight and the player yellow stay two colours (the octree alone merged them).
    assert rgb.getpixel((60 * 3 + 30, 60)) != rgb.getpixel((60 * 8 + 30, 60))
    letters = {c for _, c in rgb.crop((0, 140, rgb.width, 180)).getcolors(1 << 16)}
    assert any(near(c, theme.text) for c in letters)


def test_fit_lines_keeps_one_line_then_breaks_evenly_and_cuts_only_when_nothing_fits():
    assert fit_lines("Crete", 200, size=28, min_size=15)[0] == ["Crete"]
    lines, face = fit_lines("Tristan da Cunha", 110, size=22, min_size=13, wrapped=16)
    assert lines == ["Tristan", "da Cunha"] and face.size <= 16
    assert fit_lines("Southampton-Insel", 100, size=22, min_size=13)[0] == [
        "Southampton-",
        "Insel",
    ]
    assert fit_lines("Unbreakablewordtoolong", 40, size=16, min_size=13)[0][0].endswith("…")
