"""Is every registered game complete? One test per game, listing everything it still lacks:
player counts for the generic suites, a renderer, its rules and quick start in every
language (a quick start of exactly three lines), and the words the bot shows about it (its
summary, its options' names, descriptions and value words) translated. Translations are
judged as tests/locales/test_catalogs.py judges the catalogs (:mod:`locales.check`)."""

from __future__ import annotations

from engine.core import QUICK_START, TEXT_KINDS, Game, GameInfo, game_text
from locales import LANGUAGES, SOURCE, translate
from locales.check import same_words
from render import drawn_games

from .registry import each_game

QUICK_START_LINES = 3


def shown_words(game: Game) -> list[str]:
    """The English texts about ``game`` the bot shows people: summary, option words."""
    info = game.info
    words = [info.summary]
    for spec in info.options:
        words += [spec.title, spec.description, *(text for _, text in spec.words)]
    return [text for text in words if text]


def missing(game: Game) -> list[str]:
    """Everything ``game`` lacks, one line each."""
    info = game.info
    found = []
    if not info.typical_players:
        found.append("GameInfo.typical_players is empty (the player counts tests play with)")
    if info.name not in drawn_games():
        found.append("no renderer: its render package must call render.register_pictures")
    for lang in LANGUAGES:
        for kind in TEXT_KINDS:
            text = game_text(game, kind, lang)
            if not text:
                found.append(f"no {kind} text in {lang!r} (texts/{kind}.{lang}.md)")
            elif kind == QUICK_START and len(text.splitlines()) != QUICK_START_LINES:
                lines = len(text.splitlines())
                found.append(f"the {lang!r} quick start has {lines} lines, not {QUICK_START_LINES}")
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        allowed = same_words(lang)
        for text in shown_words(game):
            if translate(lang, text) == text and text not in allowed:
                found.append(f"untranslated in {lang!r}: {text!r}")
    return found


@each_game
def test_the_game_is_complete(game: Game) -> None:
    lacking = missing(game)
    assert not lacking, f"{game.info.name} is incomplete:\n  " + "\n  ".join(lacking)


class _Unfinished:
    """A game that declares nothing beyond its name (its package has no texts)."""

    info = GameInfo("unfinished", "Unfinished", "A summary nobody has translated", 2, 4, 1)


def test_an_unfinished_game_is_told_everything_it_lacks() -> None:
    lacking = "\n".join(missing(_Unfinished()))  # type: ignore[arg-type]
    assert "typical_players is empty" in lacking
    assert "no renderer" in lacking
    for lang in LANGUAGES:
        for kind in TEXT_KINDS:
            assert f"no {kind} text in {lang!r}" in lacking
    for lang in LANGUAGES:
        if lang != SOURCE:
            assert f"untranslated in {lang!r}: 'A summary nobody has translated'" in lacking
