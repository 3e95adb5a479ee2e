"""The Island Wars board picture: structure, colours, pieces, secured water and limits."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageDraw

from engine.core import View
from engine.core.game import Resign
from engine.wars import GAME, WarsView
from locales import seat_name
from render import pictures_for, render_view
from render.common import luminance
from render.wars import DEFAULT_TITLE, WARS_THEME, panel, render_board, render_image
from render.wars.board import LAST_INSET, SECURED_INSET
from render.wars.layout import CANVAS_WIDTH
from render.wars.palette import COLOURS, LAGOON, NEUTRAL, SEA, letter
from render.wars.panel import round_label, status_line

from .wars_views import finished_view, mid_view, start_view

NAMES = ["Alice", "Bob", "Chiara", "Dmitri", "Eun-ji", "Fatoumata"]
VIEWS = {
    "start": start_view,
    "mid": mid_view,
    "finished": finished_view,
    "two": lambda: mid_view(2, seed=3),
    "three": lambda: mid_view(3, seed=2),
    "three-finished": lambda: finished_view(3, seed=5),
}
MAX_BYTES = 500 * 1024


def pixel(image: Image.Image, point: tuple[float, float]) -> tuple[int, int, int]:
    return image.getpixel((round(point[0]), round(point[1])))


def side_middle(layout, q: int, r: int, inset: float) -> tuple[float, float]:
    """The middle of the lower-right side of an inset hex ring (flat-top: corners 0 and 1)."""
    corners = layout.corners(q, r, scale=inset)
    (x0, y0), (x1, y1) = corners[0], corners[1]
    return (x0 + x1) / 2, (y0 + y1) / 2


def played(num_players: int, *lines: str):
    """A new game after ``lines`` of notation, played in turn order."""
    state = GAME.new(num_players, None, 1)
    for line in lines:
        state, _ = GAME.apply_text(state, min(GAME.to_move(state)), line)
    return state


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_board_is_a_small_valid_png_within_bounds(name):
    png = render_board(VIEWS[name](), NAMES)
    image = Image.open(io.BytesIO(png))
    image.verify()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.mode == "P"  # a palette picture: flat colours kept, half the bytes
    assert image.width == CANVAS_WIDTH
    assert 1000 <= image.height <= 2 * CANVAS_WIDTH
    assert len(png) < MAX_BYTES


@pytest.mark.parametrize("name", ["mid", "finished"])
def test_the_same_view_gives_the_same_bytes(name):
    assert render_board(VIEWS[name](), NAMES) == render_board(VIEWS[name](), NAMES)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_hex_is_on_the_canvas(name):
    view = VIEWS[name]()
    image, layout = render_image(view, NAMES)
    for cell in view.data["hexes"]:
        for x, y in layout.corners(cell["q"], cell["r"]):
            assert 0 <= x < image.width
            assert 0 <= y < image.height


def test_hex_centres_show_their_owner_or_water_colour():
    image, layout = render_image(start_view(2), NAMES)
    assert pixel(image, layout.centre(1, -3)) == WARS_THEME.player(0)  # Tan's wedge
    assert pixel(image, layout.centre(3, -3)) == WARS_THEME.player(1)  # Dark Green's wedge
    assert pixel(image, layout.centre(-4, 2)) == NEUTRAL  # Yellow's wedge, unplayed
    assert pixel(image, layout.centre(0, 0)) == LAGOON
    assert pixel(image, layout.centre(5, -5)) == SEA


def test_the_six_colours_are_the_seeds_and_each_has_its_own_letter():
    view = start_view(6)
    colours = view.data["colours"]
    assert list(COLOURS) == colours
    letters = [letter(tuple(colours), seat) for seat in range(6)]
    assert letters == ["T", "D", "P", "O", "Y", "K"]
    fills = [WARS_THEME.player(seat) for seat in range(6)] + [NEUTRAL, LAGOON, SEA]
    for a, b in itertools.combinations(fills, 2):
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 60
    assert luminance(WARS_THEME.player(1)) < luminance(WARS_THEME.player(2))  # dark / pale green


def test_a_piece_changes_the_pixels_at_its_hex_and_wears_its_colour():
    before, layout = render_image(start_view(2), NAMES)
    after, _ = render_image(GAME.view(played(2, "PLACE TOWER 1 -3"), None), NAMES)
    cx, cy = layout.centre(1, -3)
    box = tuple(round(v) for v in (cx - 15, cy - 15, cx + 15, cy + 15))
    assert before.crop(box).tobytes() != after.crop(box).tobytes()
    # The tower's flat top is a light tint of Tan, its shaded sides darker tints.
    colours = {c for _, c in after.crop(box).getcolors(4096)}
    assert WARS_THEME.line in colours
    assert len(colours) > 4


def test_a_barracks_converts_and_the_last_turn_is_highlighted():
    state = played(2, "PLACE BARRACKS 2 -3")
    view = GAME.view(state, None)
    flipped = [tuple(h) for h in view.data["last_action"]["flipped"]]
    assert flipped
    image, layout = render_image(view, NAMES)
    assert pixel(image, side_middle(layout, 2, -3, LAST_INSET)) == WARS_THEME.highlight
    for q, r in flipped:
        assert pixel(image, layout.centre(q, r)) == WARS_THEME.player(0)


def test_water_secured_by_a_port_is_ringed_in_the_owners_colour():
    state = played(2, "PLACE PORT 1 -4")
    view = GAME.view(state, None)
    secured = [(h["q"], h["r"]) for h in view.data["hexes"] if h["secured_by"] == [0]]
    assert secured
    image, layout = render_image(view, NAMES)
    for q, r in secured:
        assert pixel(image, side_middle(layout, q, r, SECURED_INSET)) == WARS_THEME.player(0)
    plain, plain_layout = render_image(start_view(2), NAMES)  # no last turn: a shorter header
    q, r = secured[0]
    assert pixel(plain, side_middle(plain_layout, q, r, SECURED_INSET)) != WARS_THEME.player(0)


def test_names_and_title_are_drawn_in_the_header():
    view = mid_view()
    plain, _ = render_image(view, list("ABCDEF"))
    named, _ = render_image(view, NAMES)
    titled, _ = render_image(view, list("ABCDEF"), title="Game 12")
    header = (0, 0, plain.width, 300)
    assert plain.crop(header).tobytes() != named.crop(header).tobytes()
    assert plain.crop(header).tobytes() != titled.crop(header).tobytes()


def test_status_and_round_say_who_plays_and_how_it_ended():
    start = WarsView.from_data(start_view(6).data)
    assert status_line(start, NAMES) == "Alice to play (Tan)"
    assert round_label(start) == "Round 1 / 12"
    done = WarsView.from_data(finished_view(6).data)
    assert round_label(done) == "Round 12 / 12"
    winners = done.outcome.winners
    best = done.outcome.scores[winners[0]]
    assert seat_name(NAMES, winners[0]) in status_line(done, NAMES)
    assert f"{best} points" in status_line(done, NAMES)
    shared = WarsView.from_data(
        dict(
            start_view(2).data,
            outcome={"scores": [9, 9], "winners": [0, 1], "reason": "x", "code": "rounds_over"},
        )
    )
    assert status_line(shared, NAMES) == "Shared win (9 points): Alice and Bob"


def test_a_resignation_ends_the_game_and_still_renders():
    state, _ = GAME.apply(played(2, "PLACE BARRACKS 2 -3"), 1, Resign())
    view = GAME.view(state, None)
    board = WarsView.from_data(view.data)
    assert status_line(board, NAMES) == "Alice wins as the last player standing!"
    assert render_board(view, NAMES)[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_names_fall_back_to_seat_numbers():
    assert seat_name(["Alice"], 1) == "Player 2"
    assert seat_name(["Alice", ""], 1) == "Player 2"
    render_board(mid_view(3, seed=2), [])


def test_render_view_dispatches_on_the_game():
    view = mid_view(3, seed=2)
    assert pictures_for("wars").hex_image is render_image
    assert render_view(view, NAMES, title="T") == render_board(view, NAMES, title="T")
    with pytest.raises(ValueError, match="wars"):
        render_view(View("chess", None, {}), NAMES)


@pytest.mark.parametrize(("make", "players"), [(start_view, 2), (mid_view, 6), (finished_view, 4)])
def test_the_header_is_drawn_in_place_as_tall_as_its_contents(make, players):
    """The header is drawn straight onto the picture, on a band as tall as the header drawn
    on its own and cut where its contents end (with the margin below)."""
    view = make(players)
    board = WarsView.from_data(view.data)
    names = [f"Captain {k}" for k in range(players)]
    image, _ = render_image(view, names)
    alone = Image.new("RGB", (image.width, 2000), WARS_THEME.panel)
    bottom = panel.draw_header(
        ImageDraw.Draw(alone), board, names, WARS_THEME, image.width, DEFAULT_TITLE
    )
    cut = alone.crop((0, 0, image.width, round(bottom + panel.MARGIN * 0.75)))
    assert panel.header_height(board, names) == cut.height
    assert image.crop((0, 0, image.width, cut.height)).tobytes() == cut.tobytes()


def test_the_last_turn_is_told_in_the_readers_words() -> None:
    from locales import speaking

    state = GAME.new(2)
    (seat,) = GAME.to_move(state)
    place = next(
        a
        for a in GAME.legal_actions(state, seat)
        if GAME.format_action(a).startswith("PLACE BARRACKS")
    )
    state, _ = GAME.apply(state, seat, place)
    board = WarsView.from_data(GAME.view(state, None).data)
    english = panel.last_turn_line(board, ["Ann", "Bob"])
    assert english is not None and "Ann: places a barracks at (" in english
    with speaking("de"):
        german = panel.last_turn_line(board, ["Ann", "Bob"])
    assert german is not None and "Kaserne" in german and "places" not in german
    assert "PLACE" not in english + german
