"""No English left in a German picture: every text every registered game draws (the same wide
sample of pictures as the bounds check: random games, the most players, panel pictures with
lettered places, final pictures) is held against the English catalog. A drawn text that is an
English message, or fills in an English message's template, whose German differs, is English
left in a German picture."""

from __future__ import annotations

import re
from functools import cache

import pytest

import engine
from engine.core import Game
from locales import catalog, speaking
from render.wars import panel as wars_panel
from tests.conformance.test_picture_bounds import pictures

from ..benchmarks.pictures import pictures as kinds
from .test_german_words import drawn_words

GAMES = engine.all_games()
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
MIN_LETTERS = 4
"""A template's own letters (outside its placeholders) needed to tell English by its shape."""


@cache
def english() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The English messages whose German differs: whole texts, and templates as patterns."""
    texts, templates = set(), []
    for message in catalog("de"):
        msgid, german = message.id, message.string
        if not isinstance(msgid, str) or not msgid or not german or german == msgid:
            continue
        if not PLACEHOLDER.search(msgid):
            if len(msgid) > 1:  # one letter is a column or a mark's letter on a board
                texts.add(msgid)
            continue
        parts = PLACEHOLDER.split(msgid)
        if sum(c.isalpha() for c in "".join(parts)) >= MIN_LETTERS:
            templates.append(re.compile("(.+?)".join(map(re.escape, parts)) + "$"))
    return frozenset(texts), tuple(templates)


def english_in(drawn: list[str]) -> list[str]:
    """The drawn texts that are English messages (or fill one in) with another German."""
    texts, templates = english()
    return sorted({t for t in set(drawn) if t in texts or any(p.match(t) for p in templates)})


def german_texts(monkeypatch, game: Game) -> list[str]:
    drawn: list[str] = []
    for _what, draw, _who, _marks in pictures(game):
        with drawn_words(monkeypatch) as words, speaking("de"):
            draw()
        drawn += [text for text, _, _ in words]
    return drawn


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_a_german_picture_draws_no_english_text(monkeypatch, game: Game) -> None:
    drawn = german_texts(monkeypatch, game)
    assert drawn
    assert english_in(drawn) == []


def test_an_untranslated_label_is_found(monkeypatch) -> None:
    """A renderer that forgets to translate one label (Wars' status line) fails the walk."""
    game = engine.find_game("wars")
    monkeypatch.setattr(wars_panel, "tr", lambda text, **params: text.format(**params))
    assert english_in(german_texts(monkeypatch, game)) != []


def test_no_kind_of_german_picture_draws_english_text(monkeypatch) -> None:
    """Pictures beside a game's board (an Islant sheet's column labels, the competition's
    hand and final table) hold no English either."""
    drawn: list[str] = []
    for _what, draw in kinds():
        with drawn_words(monkeypatch) as words, speaking("de"):
            draw()
        drawn += [text for text, _, _ in words]
    assert english_in(drawn) == []
