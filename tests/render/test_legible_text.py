"""Every text every registered game draws stays legible on a phone, in both languages.

A phone shows a picture about 400 px wide (Discord's image width in the app; it is never
enlarged), so a text drawn in a picture ``W`` px wide is seen ``400 / W`` as tall. The check:
its capital height, so shrunk, is at least ``MIN_PHONE_CAP`` (5.5 px, the capital of a
7.5 px font). Why that number: the tile coordinates of a 48-tile board, drawn 3–4 px tall at
that width, run together into grey smudges, and Wars' 5.6 px coordinates read as faint; a 5.5 px
capital is 11–16 device pixels on the 2–3× screens phones have, the size of the smallest text
Discord's own phone app draws (a message's timestamp), and each letter stays distinct. Taller
(7 px, the capital of a 9.6 px font) would be more comfortable, but would put the whole body
text of the 1080 px boards below it: a change of layout, not of a label.

One exception, listed here: a long island name on the competition's small slot cards
(Galapagosinseln in 120 px) may shrink below that rather than be cut; the hand shows it whole
at full size. A new slot layout would end it.

The pictures are the bounds check's wide sample (random games, 99 players, long names, panel
pictures with lettered places, final pictures), and the records cards. A text is judged at the
width of the picture it is encoded in (a game's end may be several pictures: an Islant race's
ranking is wider than its sheets); one drawn into no PNG (an animation's caption) at the width
of the widest picture returned."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from PIL import Image

import engine
from bot.records_texts import CARD, board_title
from engine.competition.deck import load_deck
from engine.core import Game, View
from locales import LANGUAGES, speaking, tr
from render import render_view
from render.common import png as png_module
from render.common.legible import MIN_PHONE_CAP, cap_height, phone_scale
from render.common.theme import Theme, font
from render.records import draw_card
from render.replay import animate
from tests.conformance.test_picture_bounds import EMOJI_NAME, pictures

from ..benchmarks.pictures import pictures as kinds
from .test_german_words import drawn_words
from .test_picture_cases import GAME_VIEW

GAMES = engine.all_games()
IHDR = re.compile(rb"IHDR(.{4})", re.DOTALL)


def widest(png: bytes) -> int:
    """The width of the widest PNG in ``png`` (one picture, or several joined), or of the
    picture (an animation)."""
    widths = [int.from_bytes(width, "big") for width in IHDR.findall(png)]
    if widths:
        return max(widths)
    with Image.open(io.BytesIO(png)) as picture:
        return picture.width


@cache
def island_names() -> tuple[str, ...]:
    """Every island's name on the competition's cards, in both languages."""
    return tuple(name for card in load_deck() for name in (card.name_en, card.name_de))


def island_name_part(text: str) -> bool:
    """Whether ``text`` is an island's name or a line of one (the listed exception)."""
    return len(text) > 2 and any(text in name for name in island_names())


def too_small(monkeypatch, draw, lang: str) -> list[str]:
    """The texts ``draw`` puts down smaller than a phone keeps legible, each at the width of
    the picture it is in (several pictures may differ: a race's ranking and its sheets)."""
    faces: list = []
    encoded: list[tuple[int, int]] = []  # at each picture encoded: texts drawn so far, width
    with drawn_words(monkeypatch, faces) as words, speaking(lang), monkeypatch.context() as m:
        encode = png_module.to_png

        def recorded(image: Image.Image) -> bytes:
            encoded.append((len(words), image.width))
            return encode(image)

        m.setattr(png_module, "to_png", recorded)
        png = draw()
    whole = widest(png)  # texts drawn after the last picture encoded here (an animation)
    found = set()
    for k, ((text, _, _), face) in enumerate(zip(words, faces, strict=True)):
        width = next((width for drawn, width in encoded if k < drawn), whole)
        seen = cap_height(face) * phone_scale(width)
        if seen < MIN_PHONE_CAP and not island_name_part(text):
            found.add(f"{text!r} {face.size}px: {seen:.1f} px tall at phone width")
    return sorted(found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_every_text_is_legible_at_phone_width(monkeypatch, game: Game, lang: str) -> None:
    found = []
    for what, draw, _who, _marks in pictures(game):
        found += [f"{what}: {problem}" for problem in too_small(monkeypatch, draw, lang)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_leaderboard_is_legible_at_phone_width(monkeypatch, lang: str) -> None:
    with speaking(lang):
        title = max((board_title(g.info.name, "global", "month") for g in GAMES), key=len)
    rows = [[f"{i}. {EMOJI_NAME}", 1000 + i, 12, 3] for i in range(1, 11)]
    data = {"title": title, "subtitle": "…", "header": ["#", "Elo", "G", "W"], "rows": rows}
    card = View(CARD, None, data)
    assert too_small(monkeypatch, lambda: draw_card(card), lang) == []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_a_renderer_with_a_tiny_font_is_found(monkeypatch, game: Game) -> None:
    """Every theme font drawn at a third of its size fails the check, in every game."""
    monkeypatch.setattr(Theme, "font", lambda self, size, bold=False: font(size // 3, bold))
    draw = next(draw for _, draw, _, _ in pictures(game))
    assert too_small(monkeypatch, draw, "en") != []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_of_picture_at_its_largest_is_legible_at_phone_width(monkeypatch, lang):
    """Pictures beside a game's board (an Islant sheet, the ranking of 99, the competition's
    hand and final table), each at its largest ordinary size."""
    found = []
    for what, draw in kinds():
        found += [f"{what}: {problem}" for problem in too_small(monkeypatch, draw, lang)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replays_caption_is_legible_at_phone_width(monkeypatch, lang: str) -> None:
    """The longest caption a replay draws under its frames, the end with a long name (the
    boards themselves are checked above: a replay shrinks them and the caption alike)."""
    picture = render_view(GAME_VIEW, ["Ada", "Ben"])
    reason = f"{EMOJI_NAME} cannot build after placing the tile and loses."
    with speaking(lang):
        caption = tr("Game over after {total} moves: {reason}", total=123, reason=reason)
    assert too_small(monkeypatch, lambda: animate([picture, picture], ["", caption]), lang) == []
