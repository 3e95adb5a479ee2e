"""Display names with characters the pictures' font lacks (emoji, CJK) never draw empty boxes."""

from __future__ import annotations

from render.common.text import drawable, has_glyph, text_width
from render.common.theme import font


def test_emoji_are_left_out_and_the_spaces_closed_up() -> None:
    assert drawable("Kapitänin Ølga 🌴 the Tenth") == "Kapitänin Ølga the Tenth"
    assert drawable("x ✨ y") == "x y"


def test_letters_the_font_draws_stay() -> None:
    for text in ("alice", "Ærøskøbing – Fläche", "עברית name", "Ελληνικά"):
        assert drawable(text) == text


def test_a_name_of_nothing_drawable_becomes_a_question_mark() -> None:
    assert drawable("🌴🌴") == "?"
    assert not has_glyph("🌴") and has_glyph("ß")


def test_widths_measure_what_is_drawn() -> None:
    face = font(16)
    assert text_width("ab 🌴", face) == text_width("ab", face)
