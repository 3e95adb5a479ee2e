"""Pictures in German: every word drawn stays inside its picture, and the competition's long
category names (Bevölkerungsdichte, Höchste Erhebung) fit their boxes. Widths are measured
with the fonts the pictures use, from what the renderers actually draw."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from PIL.ImageFont import FreeTypeFont

from engine.islant import GAME
from locales import speaking
from locales.competition import CATEGORY_LABELS, category
from render import render_view
from render.common import text as text_module
from render.competition import render_hand
from render.competition.strip import GAP, LABEL_WIDTH, MARGIN
from render.islant import render_seat_sheet, render_seat_standings, render_standings
from render.wars.palette import COLOURS, colour_name, letter

from . import competition_views, tigerisland_views, wars_views
from .islant_states import crowd_view, played

CROWD = [f"Spielerin {i}" for i in range(99)]
Drawn = tuple[str, tuple[float, float, float, float], tuple[int, int]]


@contextmanager
def drawn_words(monkeypatch, faces: list[FreeTypeFont] | None = None) -> Iterator[list[Drawn]]:
    """Every text ``draw_text`` put down meanwhile: its words, its box and its picture's size
    (and, into ``faces`` when given, each one's font).

    ``draw_text`` stamps each text's (cached) mask at its anchor: the mask says what is drawn,
    the stamp where.
    """
    words: list[Drawn] = []
    masks: list[tuple[str, FreeTypeFont]] = []
    make_mask, put_mask = text_module.stamp, text_module._stamp

    def mask(text, face, anchor, stroke):
        masks.append((text, face))
        return make_mask(text, face, anchor, stroke)

    def put(draw, x, y, stamped, fill):
        left, top, image = stamped
        if image is not None:
            box = (x + left, y + top, x + left + image.width, y + top + image.height)
            text, face = masks[-1]
            words.append((text, box, draw.im.size))
            if faces is not None:
                faces.append(face)
        return put_mask(draw, x, y, stamped, fill)

    with monkeypatch.context() as patch:
        patch.setattr(text_module, "stamp", mask)
        patch.setattr(text_module, "_stamp", put)
        yield words


PICTURES: dict[str, Callable[[], bytes]] = {
    "tigerisland": lambda: render_view(tigerisland_views.finished_view(), ["Anna", "Ben"]),
    "tigerisland mid-game": lambda: render_view(tigerisland_views.mid_view(), ["Anna", "Ben"]),
    "wars": lambda: render_view(wars_views.mid_view(), ["Anna", "Ben", "Cem"] * 2),
    "wars finished": lambda: render_view(wars_views.finished_view(), ["Anna"] * 6),
    "competition placing": lambda: render_view(
        competition_views.view(competition_views.placing()), ["Anna", "Ben", "Cem"]
    ),
    "competition hand": lambda: render_hand(
        competition_views.view(competition_views.placing(), 0), ["Anna", "Ben", "Cem"]
    ),
    "competition tricks": lambda: render_view(
        competition_views.view(competition_views.mid_reveal()), ["Anna", "Ben", "Cem"]
    ),
    "competition final": lambda: render_view(
        competition_views.view(competition_views.finished()), ["Anna", "Ben", "Cem"]
    ),
    "islant": lambda: render_view(crowd_view(12), [f"Spieler {i}" for i in range(12)]),
    "islant crowd": lambda: render_view(crowd_view(99, seat=5), CROWD),
    "islant standings": lambda: render_seat_standings(crowd_view(99, seat=5), CROWD),
    "islant final standings": lambda: render_standings(crowd_view(30, over=True), CROWD),
    "islant sheet": lambda: render_seat_sheet(GAME.view(played(5, 3), 0), ["Anna", "Ben"]),
}
GERMAN_WORDS = {
    "tigerisland": {"Stufe", "letztes Plättchen", "letzter Bau"},
    "islant crowd": {"Alle 99 Spieler nach Summe", "du", "Summe", "Diese Runde"},
    "islant standings": {"Seiten", "Seen", "Summe"},
    "islant final standings": {"Endstand · Stufe 5"},
    "islant sheet": {
        "Punkte mit diesem Zug",
        "Seiten",
        "Summe",
        "in diesem Zug gezeichnet",
        "JEDE",
        "Schiffe",
    },
}


@pytest.mark.parametrize("picture", sorted(PICTURES))
def test_every_german_word_stays_inside_its_picture(monkeypatch, picture: str) -> None:
    with drawn_words(monkeypatch) as words, speaking("de"):
        png = PICTURES[picture]()
    assert png.startswith(b"\x89PNG") and words
    outside = [
        (text, box)
        for text, box, (width, height) in words
        if box[0] < -1 or box[2] > width + 1 or box[1] < -1 or box[3] > height + 1
    ]
    assert outside == []


@pytest.mark.parametrize("picture", sorted(GERMAN_WORDS))
def test_pictures_carry_german_words(monkeypatch, picture: str) -> None:
    with drawn_words(monkeypatch) as words, speaking("de"):
        PICTURES[picture]()
    drawn = {text for text, _, _ in words}
    assert GERMAN_WORDS[picture] <= drawn, GERMAN_WORDS[picture] - drawn


def test_german_category_names_fit_the_strip_and_the_hand_slots(monkeypatch) -> None:
    with speaking("de"):
        names = {category(key) for key in CATEGORY_LABELS}
        with drawn_words(monkeypatch) as strip:
            PICTURES["competition tricks"]()
        with drawn_words(monkeypatch) as hand:
            PICTURES["competition hand"]()
    assert {"Bevölkerungsdichte", "Höchste Erhebung", "Niederschlag"} <= names
    labels = [box for text, box, _ in strip if text in names or text.startswith(("▲", "▼"))]
    assert labels, "the strip names its categories"
    assert all(box[2] <= MARGIN + LABEL_WIDTH - GAP for box in labels)
    named = sorted((box for text, box, _ in hand if text in names), key=lambda box: box[0])
    first_row = min(box[1] for box in named)
    assert len(named) == len(CATEGORY_LABELS), named
    for row in (True, False):  # names too wide for their slot alternate between two rows
        slots = [box for box in named if (box[1] < first_row + 10) == row]
        for left, right in itertools.pairwise(slots):
            assert left[2] < right[0], "a category name runs into the next one"


def test_wars_colours_have_german_names_and_their_own_letters() -> None:
    colours = tuple(COLOURS)
    with speaking("de"):
        names = [colour_name(name) for name in colours]
        letters = [letter(colours, seat) for seat in range(len(colours))]
    assert names == ["Sand", "Dunkelgrün", "Hellgrün", "Orange", "Gelb", "Rosa"]
    assert letters == ["S", "D", "H", "O", "G", "R"]
