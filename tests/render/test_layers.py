"""Static layers: drawn once, bounded, keyed by what they depend on, same pixels as drawn afresh."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.islant import SheetView, sheet_view
from locales import speaking
from render.common import DEFAULT_THEME, draw_text
from render.common.layers import LAYER_CACHE, LayerCache
from render.islant import DEFAULT_PALETTE, sheet_image
from render.islant import grid as islant_grid
from render.islant.grid import NAME_PX, GridLayout
from render.islant.parts import DESIGN
from render.islant.sheet import SCALE
from render.wars import WARS_THEME
from render.wars.legend import draw_legend, legend_image

from .islant_states import played


def flat(colour: tuple[int, int, int]) -> Image.Image:
    return Image.new("RGB", (4, 4), colour)


def test_a_layer_is_drawn_once_and_then_found():
    cache = LayerCache(4)
    calls = []
    draw = lambda: calls.append(1) or flat((1, 2, 3))  # noqa: E731
    first = cache.layer("key", draw)
    assert cache.layer("key", draw) is first
    assert len(calls) == 1 and cache.drawn == 1


def test_the_cache_is_bounded_and_drops_the_least_recently_used():
    cache = LayerCache(2)
    a = cache.layer("a", lambda: flat((1, 0, 0)))
    cache.layer("b", lambda: flat((2, 0, 0)))
    assert cache.layer("a", lambda: flat((9, 9, 9))) is a  # "a" is now the most recent
    cache.layer("c", lambda: flat((3, 0, 0)))  # drops "b"
    assert len(cache) == 2
    assert cache.layer("a", lambda: flat((9, 9, 9))) is a
    again = cache.layer("b", lambda: flat((7, 0, 0)))
    assert again.getpixel((0, 0)) == (7, 0, 0)  # drawn again
    with pytest.raises(ValueError, match="at least one layer"):
        LayerCache(0)


def test_the_cache_is_bounded_in_memory_too():
    cache = LayerCache(10, max_bytes=3 * 100 * 100 * 4)
    for name in "abcd":
        cache.layer(name, lambda: Image.new("RGB", (100, 100)))
    assert len(cache) == 3 and cache.bytes == 3 * 100 * 100 * 4
    assert cache.layer("a", lambda: flat((5, 5, 5))).size == (4, 4)  # "a" was dropped
    huge = cache.layer("huge", lambda: Image.new("L", (2000, 2000)))
    assert len(cache) == 1 and cache.layer("huge", lambda: flat((0, 0, 0))) is huge
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_two_languages_do_not_share_a_layer():
    cache = LayerCache(4)
    english = cache.layer("legend", lambda: flat((1, 1, 1)))
    with speaking("de"):
        german = cache.layer("legend", lambda: flat((2, 2, 2)))
        assert cache.layer("legend", lambda: flat((3, 3, 3))) is german
    assert german is not english and german.getpixel((0, 0)) == (2, 2, 2)
    assert cache.layer("legend", lambda: flat((3, 3, 3))) is english


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cached_wars_legend_has_the_pixels_of_one_drawn_afresh(lang):
    with speaking(lang):
        fresh = legend_image(WARS_THEME, 1080)
        assert draw_legend(WARS_THEME, 1080).tobytes() == fresh.tobytes()
        assert draw_legend(WARS_THEME, 1080) is draw_legend(WARS_THEME, 1080)
    narrow = draw_legend(WARS_THEME, 600)
    assert narrow.width == 600 and narrow is not draw_legend(WARS_THEME, 1080)


def test_the_wars_legend_is_cached_per_language():
    english = draw_legend(WARS_THEME, 1080)
    with speaking("de"):
        german = draw_legend(WARS_THEME, 1080)
    assert german is not english and german.tobytes() != english.tobytes()


def uncached_sea(image, draw, grid: GridLayout, sheet: SheetView, palette, theme) -> None:
    """The sea as it was drawn before layers: names of the empty cells only, then the lines."""
    draw.rectangle(grid.extent, fill=palette.sea)
    face = theme.font(max(grid.scale.smallest_px, grid.px(NAME_PX)))
    for index in range(grid.size * grid.size):
        if index not in sheet.cells:
            draw_text(draw, grid.centre(index), sheet.name_of(index), face, palette.cell_name)
    left, top, right, bottom = grid.extent
    for k in range(grid.size + 1):
        x, y = left + k * grid.cell, top + k * grid.cell
        draw.line([(x, top), (x, bottom)], fill=palette.grid, width=1)
        draw.line([(left, y), (right, y)], fill=palette.grid, width=1)


def painted_wave(image, grid, cell, palette, theme, *, corner: bool) -> None:
    """A wave cell painted where it is (no tile)."""
    islant_grid.paint_wave(ImageDraw.Draw(image), grid, cell, palette, theme, corner=corner)


def painted_ship(image, grid, cell, palette, theme) -> None:
    """A ship cell painted where it is (no tile)."""
    islant_grid.paint_ship(ImageDraw.Draw(image), grid, cell, palette, theme)


def sheet_bytes(state, roll: bool, scale=SCALE) -> bytes:
    sheet = SheetView.from_data(sheet_view(state, 0))
    dice = list(state.roll) if roll else None
    image, _ = sheet_image(
        sheet, "Alice", roll=dice, theme=DEFAULT_THEME, palette=DEFAULT_PALETTE, scale=scale
    )
    return image.tobytes()


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("rounds", [0, 4, 9])
def test_sheets_from_the_sea_layer_have_the_pixels_of_sheets_drawn_afresh(
    level, rounds, monkeypatch
):
    state = played(level, rounds, seed=level + rounds)
    LAYER_CACHE.clear()
    first = sheet_bytes(state, roll=True)  # draws the layer
    again = sheet_bytes(state, roll=True)  # finds it
    other = sheet_bytes(state, roll=False)  # another header height: another grid origin
    monkeypatch.setattr(islant_grid, "draw_sea", uncached_sea)
    monkeypatch.setattr("render.islant.sheet.draw_sea", uncached_sea)
    assert first == again == sheet_bytes(state, roll=True)
    assert other == sheet_bytes(state, roll=False)


def test_sea_layers_are_kept_apart_by_level_and_layout():
    LAYER_CACHE.clear()
    sheet_bytes(played(1, 3), roll=True)
    one = LAYER_CACHE.drawn
    sheet_bytes(played(5, 3), roll=True)
    assert LAYER_CACHE.drawn == one + 1  # another grid size: its own layer
    sheet_bytes(played(5, 4, seed=9), roll=True)
    assert LAYER_CACHE.drawn == one + 1  # same level and layout: found


@pytest.mark.parametrize("scale", [SCALE, DESIGN], ids=["sheet", "design"])
@pytest.mark.parametrize("level", [2, 4, 5])
@pytest.mark.parametrize("rounds", [4, 20])
def test_wave_and_ship_tiles_have_the_pixels_of_cells_painted_in_place(
    scale, level, rounds, monkeypatch
):
    """Odd and even cells (level 2 is 101 px wide at the design's scale, levels 4 and 5 are
    53 px in the sheet), every corner parity."""
    state = played(level, rounds, seed=level + rounds)
    tiled = sheet_bytes(state, roll=True, scale=scale)
    monkeypatch.setattr("render.islant.sheet.draw_wave", painted_wave)
    monkeypatch.setattr("render.islant.sheet.draw_ship", painted_ship)
    assert tiled == sheet_bytes(state, roll=True, scale=scale)


@pytest.mark.parametrize("cell", [52, 53])  # an odd cell puts names on half pixels
@pytest.mark.parametrize("origin", [(68, 222), (69, 222), (68, 223), (69, 223), (71, 230)])
def test_the_sea_layer_matches_a_fresh_sea_wherever_the_grid_sits(cell, origin):
    state = played(5, 6, seed=3)
    sheet = SheetView.from_data(sheet_view(state, 0))
    grid = GridLayout(sheet.size, cell, origin, SCALE)
    size = (origin[0] + sheet.size * cell + 20, origin[1] + sheet.size * cell + 20)
    ours, fresh = Image.new("RGB", size, (1, 2, 3)), Image.new("RGB", size, (1, 2, 3))
    islant_grid.draw_sea(ours, ImageDraw.Draw(ours), grid, sheet, DEFAULT_PALETTE, DEFAULT_THEME)
    uncached_sea(fresh, ImageDraw.Draw(fresh), grid, sheet, DEFAULT_PALETTE, DEFAULT_THEME)
    assert sheet.cells and ours.tobytes() == fresh.tobytes()
