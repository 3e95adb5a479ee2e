"""Every game's options as people meet them, in both languages: the lobby says what each
setting means, typing help offers every value and then the options not given yet, and a
refusal's example is one of the game's own options."""

from __future__ import annotations

import pytest

import engine
from bot.cogs.games import parse_options
from bot.errors import UserError
from bot.game_options import MAX_SUGGESTIONS, options_line, suggestions
from engine.core import Game
from locales import LANGUAGES, speaking, tr

GAMES = engine.all_games()
SETTINGS = [(game, spec) for game in GAMES for spec in game.info.options]


def settings_id(setting) -> str:
    return f"{setting[0].info.name}-{setting[1].name}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("setting", SETTINGS, ids=settings_id)
def test_the_lobby_says_each_setting_in_words(setting, lang) -> None:
    game, spec = setting
    words = dict(spec.words)
    for value in spec.values()[:MAX_SUGGESTIONS]:
        with speaking(lang):
            line = options_line(game.info.name, {spec.name: str(value)})
            shown = tr(words[value]) if value in words else str(value)
            assert spec.title and line == f"{tr(spec.title)}: {shown}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("setting", SETTINGS, ids=settings_id)
def test_typing_an_options_name_offers_its_every_value(setting, lang) -> None:
    game, spec = setting
    with speaking(lang):
        offered = [value for _, value in suggestions(game.info.name, spec.name)]
        typed = [value for _, value in suggestions(game.info.name, f"{spec.name}=")]
    expected = [f"{spec.name}={str(v).lower()}" for v in spec.values()][:MAX_SUGGESTIONS]
    assert offered[: len(expected)] == expected and typed == expected


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_after_a_whole_setting_the_other_options_are_offered(game: Game, lang) -> None:
    first, *others = game.info.options
    given = f"{first.name}={first.default} "
    with speaking(lang):
        offered = suggestions(game.info.name, given)
    assert all(value.startswith(given) for _, value in offered)
    assert {value[len(given) :].partition("=")[0] for _, value in offered} == {
        spec.name for spec in others
    }
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in offered)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
def test_a_refused_option_word_shows_one_of_the_games_own_options(game: Game) -> None:
    with pytest.raises(UserError) as refused:
        parse_options("oops", game.info.name)
    name, _, value = refused.value.details["example"].partition("=")
    spec = {s.name: s for s in game.info.options}[name]
    assert spec.coerce(value) == spec.default
