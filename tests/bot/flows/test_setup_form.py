"""The set-up form of /game new: opened and submitted as a player would, for every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.errors import MESSAGES
from bot.i18n import game_title
from bot.setup_form import (
    COMPUTERS_ID,
    INVITE_ID,
    LEVEL_ID,
    RULES_ID,
    fits,
    form_options,
    rule_part,
)
from engine import all_games, find_game
from engine.core import OptionSpec
from locales import translate

from ..faces import face, last_plain
from ..flow_helpers import expect_refusal, new_game, record
from ..languages.test_language_flow import member_locales  # noqa: F401 (a fixture, read by name)

GAMES = [game.info.name for game in all_games()]
LANGUAGES = ("en", "de")
SELECT = 3


def _texts(modal: dict[str, Any]) -> Iterator[str]:
    """Every text a player reads in a modal."""
    yield modal["title"]
    for part in modal["components"]:
        yield from (part.get(key) or "" for key in ("label", "description", "content"))
        for option in part.get("component", {}).get("options", []):
            yield option["label"]


def _other_value(game: str) -> tuple[str, str]:
    """The form's rules option of ``game`` and a value other than its default, as submitted."""
    spec = form_options(game)[0]
    value = next(v for v in reversed(spec.values()) if v != spec.default)
    return spec.name, str(value)


def _filled(shown, values: dict[str, Any]) -> dict[str, Any]:
    """A player's answers to the form: a select's one value as a list, as Discord sends it."""
    selects = {
        part["component"]["custom_id"]
        for part in shown.modal["components"]
        if part.get("component", {}).get("type") == SELECT
    }
    return {key: [value] if key in selects else value for key, value in values.items()}


async def _open_form(world, member_locales, game: str, lang: str):  # noqa: F811
    member_locales[world.alice.id] = lang
    shown = await world.alice.slash(world.channel, "game new", game=game)
    assert shown.modal is not None, "without options /game new opens the form"
    return shown


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
async def test_a_form_sets_up_every_game(world, member_locales, game, lang) -> None:  # noqa: F811
    shown = await _open_form(world, member_locales, game, lang)
    modal = shown.modal
    assert len(modal["components"]) <= 5
    assert modal["title"] == translate(lang, "New game: {game}", game=game_title(game, lang))
    texts = list(_texts(modal))
    assert translate(lang, "Computer players") in texts
    if lang == "de":
        assert "Invite players" not in texts and "Spieler einladen" in texts
        assert any("`/spiel neu optionen:`" in text for text in texts), "German command names"
    name, value = _other_value(game)

    opened = await world.alice.submit_modal(
        shown, _filled(shown, {RULES_ID + name: value, INVITE_ID: [world.bob], COMPUTERS_ID: "0"})
    )

    assert not opened.ephemeral
    assert face(opened.response.message).title.startswith(game_title(game, "en"))
    lobby = await record(world)
    assert (lobby.game, str(lobby.options[name])) == (game, value)
    assert [p.user_id for p in lobby.players] == [world.alice.id]
    ping = last_plain(world.channel)
    assert world.bob.mention in ping.content and "Join" in ping.content
    sent = next(
        r.json
        for r in world.env.http_requests
        if isinstance(r.json, dict) and r.json.get("content") == ping.content
    )
    assert sent["allowed_mentions"]["users"] == [world.bob.id], "only the guests are pinged"


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_refused_form_changes_nothing_and_says_what_to_change(
    world,
    member_locales,  # noqa: F811
    lang,
) -> None:
    shown = await _open_form(world, member_locales, "tigerisland", lang)
    posted = len(list(world.channel.history()))

    refused = await world.alice.submit_modal(
        shown, _filled(shown, {INVITE_ID: [world.bob], COMPUTERS_ID: "1"})
    )

    wanted = ("at most 2", "fewer") if lang == "en" else ("höchstens 2", "weniger")
    expect_refusal(world, refused, *wanted)
    assert await world.env.bot.store.open_game_in(world.channel.id) is None
    assert len(list(world.channel.history())) == posted


async def test_a_bot_invited_is_refused(world, member_locales) -> None:  # noqa: F811
    robot = world.guild.add_member(world.env.create_user("robot", bot=True))
    shown = await _open_form(world, member_locales, "wars", "en")
    refused = await world.alice.submit_modal(shown, {INVITE_ID: [robot]})
    expect_refusal(world, refused, "robot is a bot", "computer players")
    assert await world.env.bot.store.open_game_in(world.channel.id) is None


@pytest.mark.parametrize("game", GAMES)
async def test_a_form_with_computer_seats_starts_a_game_with_computers(
    world,
    member_locales,  # noqa: F811
    game,
) -> None:
    computers = find_game(game).info.max_players - 1 if game != "islant" else 3
    shown = await _open_form(world, member_locales, game, "en")
    opened = await world.alice.submit_modal(
        shown, _filled(shown, {COMPUTERS_ID: str(computers), LEVEL_ID: "easy"})
    )
    lobby = opened.response.message
    seated = await record(world)
    assert [(p.is_ai, p.level) for p in seated.players[1:]] == [(True, "easy")] * computers

    started = await world.alice.click(lobby, label="Start")

    assert started.acknowledged
    game_now = await record(world)
    assert game_now.status == "active" and len(game_now.players) == 1 + computers


async def test_two_people_fill_their_forms_at_the_same_time(world, member_locales) -> None:  # noqa: F811
    other = world.guild.create_text_channel("more-islands")
    alices = await _open_form(world, member_locales, "islant", "en")
    bobs = await world.bob.slash(other, "game new", game="islant")

    await world.alice.submit_modal(alices, _filled(alices, {COMPUTERS_ID: "1"}))
    opened = await world.bob.submit_modal(bobs, _filled(bobs, {COMPUTERS_ID: "2"}))

    assert not opened.ephemeral
    store = world.env.bot.store
    mine, bobs_game = await store.open_game_in(world.channel.id), await store.open_game_in(other.id)
    assert (mine.host_id, len(mine.players)) == (world.alice.id, 2)
    assert (bobs_game.host_id, len(bobs_game.players)) == (world.bob.id, 3)


async def test_typed_options_still_open_the_lobby_without_a_form(world) -> None:
    opened = await new_game(world.alice, world.channel, "islant", options="level=3 cap=10")
    assert opened.modal is None and not opened.ephemeral
    lobby = await record(world)
    assert lobby.options["level"] == 3 and lobby.table_options["cap"] == 10


async def test_an_empty_form_opens_the_lobby_at_every_default(world) -> None:
    opened = await new_game(world.alice, world.channel, "competition")
    assert not opened.ephemeral
    lobby = await record(world)
    assert lobby.options == {
        spec.name: spec.default for spec in find_game("competition").info.options
    }
    assert lobby.table_options == {"computer": "normal"}


def test_each_kind_of_option_gets_its_control() -> None:
    flag = OptionSpec("hints", "show hints", True, title="Hints")
    choice = OptionSpec("map", "which map", "a", choices=("a", "b", "c"), title="Map")
    small = OptionSpec("level", "level", 1, minimum=1, maximum=25, title="Level")
    large = OptionSpec("rounds", "rounds", 0, minimum=0, maximum=25, title="Rounds")

    controls = {spec.name: rule_part(spec).component for spec in (flag, choice, small)}

    assert isinstance(controls["hints"], discord.ui.Checkbox) and controls["hints"].default
    assert isinstance(controls["map"], discord.ui.RadioGroup)
    assert [o.value for o in controls["map"].options if o.default] == ["a"]
    assert isinstance(controls["level"], discord.ui.Select) and len(controls["level"].options) == 25
    assert not fits(large), "26 values do not fit a select"


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_form_sent_after_a_restart_is_told_it_expired(
    world,
    member_locales,  # noqa: F811
    lang,
) -> None:
    asked = await _open_form(world, member_locales, "islant", lang)
    await world.restart()  # the form lived in the old process only
    answer = await world.alice.submit_modal(asked, {})
    assert answer.ephemeral
    assert translate(lang, MESSAGES["form_expired"]) == answer.response.content
    assert await world.env.bot.store.open_game_in(world.channel.id) is None  # nothing opened
