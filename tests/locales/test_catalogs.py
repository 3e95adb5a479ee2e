"""The catalogs: complete, current with the source, placeholders intact; numbers per locale.

After adding or changing a text, ``python -m locales.update`` refreshes the catalogs and lists
what is left to translate; these tests fail until it is done.
"""

from __future__ import annotations

import pytest

from locales import LANGUAGES, SOURCE, catalog, language, number, speaking, tr, translate
from locales.check import placeholders, problems
from locales.update import template, where_to_translate

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


@pytest.fixture(scope="module")
def source_template():
    return template()


@pytest.mark.parametrize("lang", OTHERS)
def test_every_text_is_translated_with_the_same_placeholders(lang: str) -> None:
    found = catalog(lang)
    assert found is not None and len(found) > 300
    assert problems(found, lang) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_catalog_holds_exactly_the_texts_of_the_source(lang: str, source_template) -> None:
    wanted = {(m.context, m.id) for m in source_template if m.id}
    held = {(m.context, m.id) for m in catalog(lang) if m.id}
    new = sorted(str(i) for _, i in wanted - held)
    where = [f"{text!r} in {where_to_translate(text, lang, source_template)}" for text in new]
    assert not new, "run `python -m locales.update`, then translate " + "; ".join(where)
    assert held - wanted == set(), "texts gone from the source: run `python -m locales.update`"


def test_the_checks_find_untranslated_english_and_broken_placeholders() -> None:
    from babel.messages.catalog import Catalog

    broken = Catalog(locale="de")
    broken.add("Round {round}", "Runde {runde}")
    broken.add("Waiting", "Waiting")
    broken.add("Hand empty", "")
    kinds = {line.split(":")[1].strip() for line in problems(broken, "de")}
    assert kinds == {
        "untranslated",
        "placeholders differ",
        "same as English (translate, or list in same_words)",
    }
    assert placeholders("{who}: game #{id}") == {"who", "id"}


def test_texts_follow_the_language_asked_for_and_fall_back_to_english() -> None:
    assert translate("de", "Round {round} / {rounds}", round=3, rounds=12) == "Runde 3 / 12"
    assert translate("en", "Round {round} / {rounds}", round=3, rounds=12) == "Round 3 / 12"
    assert translate("de", "A text nobody marked") == "A text nobody marked"
    with speaking("de"):
        assert tr("Area") == "Fläche"
    assert tr("Area") == "Area"


@pytest.mark.parametrize(
    ("discord_locale", "expected"),
    [("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("fr", "en"), (None, "en")],
)
def test_discord_locales_map_to_a_language_the_bot_speaks(discord_locale, expected) -> None:
    assert language(discord_locale) == expected


def test_numbers_are_written_per_locale() -> None:
    assert number(1234.5, "de", digits=1) == "1.234,5"
    assert number(1234.5, "en", digits=1) == "1,234.5"
    assert number(587295, "de") == "587.295"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_island_wars_board_has_its_name_in_the_catalog(lang: str) -> None:
    from importlib import resources

    from engine.wars.board import BOARDS_FOLDER, BOARDS_PACKAGE, load_board

    folder = resources.files(BOARDS_PACKAGE) / BOARDS_FOLDER
    names = [load_board(f.name.removesuffix(".json")).name for f in folder.iterdir()]
    assert len(names) >= 2
    for name in names:
        assert translate(lang, name) != name, name
