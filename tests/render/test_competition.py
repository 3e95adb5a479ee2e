"""The Island competition pictures: cards, the public table, a player's hand, and limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

import render.competition as competition
from engine.competition import GAME, parse_table
from engine.competition.deck import SEAS, card_by_id
from engine.core import View
from locales import LANGUAGES, speaking
from render import pictures_for, render_view
from render.common import DEFAULT_THEME, font
from render.competition import board, hand, strip
from render.competition.board import CANVAS_WIDTH, MAX_HEIGHT, board_image
from render.competition.cards import (
    BACK,
    BLIND_GREY,
    BORDER_RED,
    CARD_HEIGHT,
    CARD_WIDTH,
    draw_blind_card,
    draw_card,
    draw_card_back,
)
from render.competition.header import public_status
from render.competition.numbers import format_value, format_with_unit
from render.competition.seas import SEA_COLOURS

from .competition_views import finished, mid_reveal, pending, placing, view
from .test_german_words import drawn_words

NAMES = ["Alice", "Bob", "Chen", "Dagmar", "Eve"]
MAX_BYTES = 500 * 1024


def _views() -> dict[str, View]:
    return {
        "hand": view(placing(), 0),
        "placing": view(placing(), None),
        "reveal": view(mid_reveal(), None),
        "reveal-seat": view(mid_reveal(), 1),
        "split": view(pending(kind="split"), None),
        "steal": view(pending(kind="steal"), None),
        "over": view(finished(), None),
        "over-simple": view(finished(players=2, variant="simple"), None),
    }


VIEWS = _views()


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.verify()
    return Image.open(io.BytesIO(png))


def _card_ids(tokens) -> set[str]:
    return {t.removeprefix("card:") for t in tokens if t != "blind"}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_picture_is_a_small_valid_png_within_bounds(name):
    png = render_view(VIEWS[name], NAMES)
    image = _image(png)
    assert image.format == "PNG"
    assert image.width == CANVAS_WIDTH
    assert 400 <= image.height <= MAX_HEIGHT
    assert len(png) < MAX_BYTES


@pytest.mark.parametrize("name", ["hand", "reveal", "over"])
def test_the_same_view_gives_the_same_bytes(name):
    assert render_view(VIEWS[name], NAMES) == render_view(_views()[name], NAMES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_render_every_kind_of_picture(players):
    seed = 10 + players
    for state in (
        placing(players, seed),
        mid_reveal(players, seed, round_=1),
        finished(players, seed),
    ):
        for seat in (None, players - 1):
            png = render_view(view(state, seat), NAMES[:players])
            assert _image(png).width == CANVAS_WIDTH


def test_the_registry_draws_the_hand_only_for_a_seat_while_placing():
    assert pictures_for("competition").board is competition.render_picture
    hand_view, public = VIEWS["hand"], VIEWS["placing"]
    assert render_view(hand_view, NAMES) == competition.render_hand(hand_view, NAMES)
    assert render_view(public, NAMES) == competition.render_board(public, NAMES)
    seat_later = VIEWS["reveal-seat"]
    assert render_view(seat_later, NAMES) == competition.render_board(seat_later, NAMES)


def test_a_spectator_view_never_reaches_the_hand_drawing(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the hand was drawn for a spectator")

    monkeypatch.setattr(competition, "hand_image", refuse)
    for name in ("placing", "reveal", "over"):
        render_view(VIEWS[name], NAMES)
    with pytest.raises(ValueError):
        competition.render_hand(VIEWS["placing"], NAMES)


def test_the_hand_shows_exactly_the_cards_in_the_seats_view(monkeypatch):
    drawn: list[str] = []
    original = hand.draw_card

    def record(draw, box, card, theme, **kwargs):
        drawn.append(card.id)
        original(draw, box, card, theme, **kwargs)

    monkeypatch.setattr(hand, "draw_card", record)
    mine = VIEWS["hand"]
    competition.render_hand(mine, NAMES)
    assert drawn == [t.removeprefix("card:") for t in mine.data["you"]["hand"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hands_cards_are_named_in_the_pictures_language_only(monkeypatch, lang):
    cards = [card_by_id(t.removeprefix("card:")) for t in VIEWS["hand"].data["you"]["hand"]]
    with drawn_words(monkeypatch) as words, speaking(lang):
        competition.render_hand(VIEWS["hand"], NAMES)
    drawn = {text for text, _, _ in words}
    lines = {a + " " + b for a in drawn for b in drawn} | {a + b for a in drawn for b in drawn}
    own, other = ("name_de", "name_en") if lang == "de" else ("name_en", "name_de")
    assert {getattr(card, own) for card in cards} <= drawn | lines
    assert {getattr(card, other) for card in cards if card.name_de != card.name_en} & drawn == set()


def test_the_public_table_shows_only_revealed_cards(monkeypatch):
    drawn: set[str] = set()
    original = strip.draw_slot_card

    def record(draw, box, card, category, theme, **kwargs):
        drawn.add(card.id)
        original(draw, box, card, category, theme, **kwargs)

    monkeypatch.setattr(strip, "draw_slot_card", record)
    state = mid_reveal()
    public = view(state, None)
    competition.render_board(public, NAMES)
    shown = {p["card"] for trick in public.data["revealed"] for p in trick["plays"]}
    assert drawn == _card_ids(shown)
    for seat in range(len(public.data["players"])):
        assert not drawn & _card_ids(GAME.secrets(state, seat) - shown)


def test_while_placing_a_card_back_lies_in_each_filled_slot(monkeypatch):
    backs: list[tuple[float, float]] = []
    original = strip.draw_card_back

    def record(draw, box, theme, **kwargs):
        backs.append((box[0], box[1]))
        original(draw, box, theme, **kwargs)

    monkeypatch.setattr(strip, "draw_card_back", record)
    public = view(placing(4, seed=7, placed=5), None)
    competition.render_board(public, NAMES)
    filled = public.data["players"][0]["filled"]
    assert len(filled) == 5 and filled != public.data["slots"][:5]  # not simply the first ones
    lefts = {strip._progress_left(public.data["slots"].index(slot)) for slot in filled}
    assert {left for left, _ in backs} == lefts and len(backs) == 5


def test_a_pile_chip_has_its_seas_colour():
    public = VIEWS["reveal"]
    image, chips = board_image(public, NAMES, "t", DEFAULT_THEME)
    decoded = _image(competition.render_board(public, NAMES)).convert("RGB")
    players = public.data["players"]
    seat, sea = next(
        (p["seat"], sea) for p in players for sea in SEAS if p["face_up_counts"][sea] > 0
    )
    left, top, _, bottom = chips[(seat, sea)]
    point = (round(left + 6), round((top + bottom) / 2))
    assert image.getpixel(point) == SEA_COLOURS[sea]
    got = decoded.getpixel(point)
    assert all(abs(a - b) <= 6 for a, b in zip(got, SEA_COLOURS[sea], strict=True))
    empty = next(s for s in SEAS if players[seat]["face_up_counts"][s] == 0)
    left, top, right, bottom = chips[(seat, empty)]
    centre = (round((left + right) / 2), round((top + bottom) / 2))
    assert image.getpixel(centre) != SEA_COLOURS[empty]


def test_a_finished_game_shows_the_score_table(monkeypatch):
    calls = []
    original = board.draw_final

    def record(draw, top, table, *args):
        calls.append(table.scores.totals)
        return original(draw, top, table, *args)

    monkeypatch.setattr(board, "draw_final", record)
    competition.render_board(VIEWS["reveal"], NAMES)
    assert calls == []
    over = VIEWS["over"]
    competition.render_board(over, NAMES)
    assert calls == [tuple(over.data["outcome"]["scores"])]
    status = public_status(parse_table(over.data), NAMES)
    winners = over.data["outcome"]["winners"]
    assert all(NAMES[s] in status.text for s in winners)
    assert str(max(over.data["outcome"]["scores"])) in status.text


def test_a_card_has_its_sea_band_and_a_border_badge():
    image = Image.new("RGB", (CARD_WIDTH + 20, CARD_HEIGHT + 20), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    usedom = card_by_id("usedom")
    draw_card(draw, (10, 10, 10 + CARD_WIDTH, 10 + CARD_HEIGHT), usedom, DEFAULT_THEME)
    assert image.getpixel((20, 30)) == SEA_COLOURS[usedom.sea]
    badge = (10 + CARD_WIDTH - 22, 10 + 20 + 9)
    reds = [image.getpixel((badge[0] + dx, badge[1])) for dx in range(-12, 13)]
    assert BORDER_RED in reds


def test_blind_cards_and_card_backs_look_different():
    image = Image.new("RGB", (200, 100), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw_card_back(draw, (0, 0, 90, 100), DEFAULT_THEME)
    draw_blind_card(draw, (110, 0, 200, 100), DEFAULT_THEME)
    assert image.getpixel((12, 50)) == BACK
    assert image.getpixel((122, 30)) == BLIND_GREY


@pytest.mark.parametrize(
    ("category", "value", "text"),
    [
        ("area", 587295.0, "587,295 km²"),
        ("area", 99.14, "99.14 km²"),
        ("area", 1.7, "1.7 km²"),
        ("peak", 4884, "4,884 m"),
        ("temperature", -16.9, "−16.9 °C"),
        ("temperature", 9.7, "9.7 °C"),
        ("temperature", 25.0, "25.0 °C"),
        ("precipitation", 716, "716 mm"),
        ("inhabitants", 151591262, "151,591,262"),
        ("inhabitants", 0, "0"),
        ("density", 172.0, "172/km²"),
        ("density", 3.5, "3.5/km²"),
        ("density", 0.00073, "0.00073/km²"),
        ("density", None, "–"),
    ],
)
def test_values_read_naturally(category, value, text):
    assert format_with_unit(category, value) == text


def test_small_densities_keep_two_significant_digits():
    assert format_value("density", 0.025) == "0.025"
    assert format_value("density", 0.45) == "0.45"


@pytest.mark.parametrize("bold", [False, True])
def test_the_symbols_used_have_glyphs(bold):
    face = font(40, bold)

    def mask(text: str) -> bytes:
        image = Image.new("L", (60, 60))
        ImageDraw.Draw(image).text((8, 8), text, font=face, fill=255)
        return image.tobytes()

    missing = mask("\ue000")
    for symbol in "▲▼✓−²°…–·":
        assert mask(symbol) != missing, symbol


def _states():
    yield placing(2, seed=3, placed=0)
    yield placing(5, seed=7, placed=5)
    yield placing(3, seed=1, placed=12)
    yield mid_reveal(3, seed=7)
    yield mid_reveal(5, seed=2, round_=3, shown=12)
    yield pending(4, seed=7, kind="split")
    yield finished(2, seed=4)
    yield finished(5, seed=7)
    yield finished(3, seed=5, variant="simple")


@pytest.mark.parametrize("state", list(_states()))
def test_tables_and_hands_are_as_tall_as_their_drawing(state):
    """Each picture is made as tall as its drawing before drawing: the same pixels as
    drawing on a tall canvas and cutting where the drawing ends."""
    for seat in (None, *range(len(state.seats))):
        seen = view(state, seat)
        table = parse_table(seen.data)
        ours, chips = board_image(seen, NAMES, "Island competition", DEFAULT_THEME)
        tall = Image.new("RGB", (CANVAS_WIDTH, 4000), DEFAULT_THEME.background)
        status = public_status(table, NAMES)
        bottom, tall_chips = board.draw_board(
            ImageDraw.Draw(tall), seen, table, NAMES, "Island competition", status, DEFAULT_THEME
        )
        cut = tall.crop((0, 0, CANVAS_WIDTH, round(bottom + board.BOTTOM_MARGIN)))
        assert ours.size == cut.size and ours.tobytes() == cut.tobytes() and chips == tall_chips
        if seat is None or table.you is None or table.outcome is not None:
            continue
        mine = hand.hand_image(seen, NAMES, "Your hand", DEFAULT_THEME)
        tall = Image.new("RGB", (CANVAS_WIDTH, 4000), DEFAULT_THEME.background)
        status = hand.own_status(table, table.you, NAMES)
        bottom = hand.draw_hand(
            ImageDraw.Draw(tall), table, table.you, "Your hand", status, DEFAULT_THEME
        )
        cut = tall.crop((0, 0, CANVAS_WIDTH, round(bottom + board.BOTTOM_MARGIN)))
        assert mine.size == cut.size and mine.tobytes() == cut.tobytes()
