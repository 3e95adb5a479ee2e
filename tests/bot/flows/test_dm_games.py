"""Games against computer players in a player's direct messages with the bot: every game is
set up and played by taps there, in the player's language; a long game's reminder comes
there; and what is played there counts toward the player's records everywhere."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.i18n import game_title
from bot.setup_form import COMPUTERS_ID, INVITE_ID
from engine import all_games
from locales import translate

from ..faces import buttons, is_card, last_card, last_plain, text_of, visible_text
from ..flow_helpers import computer_actions, expect_refusal
from ..languages.test_language_flow import member_locales  # noqa: F401 (a fixture)
from .test_guild_only import pretend  # noqa: F401 (a fixture)
from .test_islant_flow import tap as islant_tap
from .test_panel import MAX_TAPS_PER_ACTION, tap_once

GAMES = [game.info.name for game in all_games()]
LOCALES = {"en": "en-US", "de": "de"}
MOVES = 3
HOUR = 3600


def said(lang: str, text: str) -> str:
    return translate(lang, text)


async def start_against_computer(user, game: str, lang: str):
    """``/game new`` in the bot's DM: its form (no one to invite there) submitted as it
    opens, which seats a Normal computer; then Start. The lobby's message."""
    asked = await user.slash("game new", game=game)
    assert asked.modal is not None
    parts = json.dumps(asked.modal)
    assert INVITE_ID not in parts and COMPUTERS_ID in parts  # computers only in a DM
    opened = await user.submit_modal(asked, {})
    assert not opened.ephemeral
    lobby = opened.response.message
    host_only = [said(lang, label) for label in ("Add computer", "Start", "Cancel")]
    assert buttons(lobby) == host_only  # nobody else can join a game in direct messages
    seated = rf"^2\. .*, {said(lang, 'Normal').lower()}$"
    assert re.search(seated, visible_text(lobby), re.M)  # the form's computer, seated
    started = await user.click(lobby, label=said(lang, "Start"))
    assert started.acknowledged
    return lobby


async def last_game(world, channel):
    found = await world.env.bot.store.last_game_in(channel.id)
    assert found is not None
    return found


async def play_a_move(world, user, rnd: random.Random, lang: str) -> None:
    """Open the panel from the DM's latest card and tap until the game moves on."""
    dm = user.dm_channel
    before = await last_game(world, dm)
    board = last_card(dm)
    wanted = {said(lang, "My moves"), said(lang, "Play my turn")}
    label = next(b for b in buttons(board) if b in wanted)
    opened = await user.click(board, label=label)
    assert opened.ephemeral and opened.response.attachments[0].filename == "panel.png"
    panel = opened.response
    for _ in range(MAX_TAPS_PER_ACTION * 5):
        if before.game == "islant":
            await islant_tap(user, panel, rnd)
        else:
            await tap_once(user, panel.message, rnd)
        if (await last_game(world, dm)).version != before.version:
            return
    raise AssertionError(f"no move by taps: {text_of(panel)}")


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", GAMES)
async def test_a_game_against_the_computer_is_played_by_taps_in_the_bots_dm(
    world,
    member_locales,  # noqa: F811 (the fixture)
    game,
    lang,
) -> None:
    user = world.alice.user
    member_locales[user.id] = LOCALES[lang]
    dm = user.dm_channel
    await start_against_computer(user, game, lang)
    rnd = random.Random(7)
    for _ in range(MOVES):
        await play_a_move(world, user, rnd, lang)
    record = await last_game(world, dm)
    assert record.guild_id is None and record.channel_id == dm.id
    assert [p.user_id for p in record.players if not p.is_ai] == [user.id]
    assert await computer_actions(world, record) >= 1
    mine = [a for a in await world.env.bot.store.actions(record.id) if a.seat == 0]
    assert len(mine) >= MOVES if game != "islant" else len(mine) >= 2
    board = last_card(dm)
    assert is_card(board) and game_title(game, lang) in visible_text(board)
    assert not world.channel.history(), "nothing is posted in the server"


@pytest.mark.simcord(settle_timeout=60)
@pytest.mark.parametrize("lang", LOCALES)
async def test_a_long_dm_games_reminder_comes_to_the_dm(
    world,
    member_locales,  # noqa: F811 (the fixture)
    lang,
) -> None:
    user = world.alice.user
    member_locales[user.id] = LOCALES[lang]
    await start_against_computer(user, "wars", lang)
    await play_a_move(world, user, random.Random(2), lang)
    waiting = translate(lang, "is waiting for you") if lang == "en" else "wartet auf dich"
    await world.env.advance_time(11 * HOUR)
    assert not [m for m in user.dm_channel.history() if waiting in m.content]
    await world.env.advance_time(2 * HOUR)
    reminder = last_plain(user.dm_channel)
    assert waiting in reminder.content and user.mention in reminder.content


async def test_a_dm_game_counts_in_stats_and_the_global_leaderboard(
    world,
    pretend,  # noqa: F811 (the fixture)
) -> None:
    user = world.alice.user
    await start_against_computer(user, "wars", "en")
    resigned = await user.slash("game resign")
    assert not resigned.ephemeral
    record = await last_game(world, user.dm_channel)
    assert record.status == "finished"
    history = (await world.env.bot.store.history(0, user_id=user.id))[1]
    assert [(h.game_id, h.guild_id) for h in history] == [(record.id, None)]

    stats = await user.slash("stats")
    text = visible_text(stats.response.message)
    assert "1 game" in text and "everywhere" in text, text
    here = await world.alice.slash(world.channel, "stats")  # this server's: none of it
    assert "0 games" in visible_text(here.response.message)

    pretend.place = "foreign_server"  # a server where only alice installed the bot: hers
    foreign = await world.alice.slash(world.channel, "stats")
    assert "1 game" in visible_text(foreign.response.message)
    pretend.place = None
    for answer in (
        await user.slash("leaderboard", game="wars"),
        await world.alice.slash(world.channel, "leaderboard", game="wars", scope="global"),
    ):
        board = visible_text(answer.response.message)
        assert "alice" in board and "Ada" in board, board
    server = await world.alice.slash(world.channel, "leaderboard", game="wars")
    assert "alice" not in visible_text(server.response.message)


async def test_a_rematch_in_the_dm_seats_the_computer_again_in_the_hosts_language(
    world,
    member_locales,  # noqa: F811 (the fixture)
) -> None:
    user = world.alice.user
    member_locales[user.id] = "de"
    await start_against_computer(user, "wars", "de")
    await user.slash("game resign")
    finished = await last_game(world, user.dm_channel)
    again = await user.click(last_card(user.dm_channel), label=said("de", "Rematch"))
    assert not again.ephemeral
    lobby = await last_game(world, user.dm_channel)
    assert lobby.id != finished.id and lobby.status == "lobby" and lobby.guild_id is None
    assert [p.level for p in lobby.players if p.is_ai] == ["normal"]
    assert lobby.table_options == finished.table_options == {"computer": "normal", "language": "de"}


@pytest.mark.parametrize("lang", LOCALES)
async def test_a_second_game_in_the_dm_is_refused_in_words_for_a_dm(
    world,
    member_locales,  # noqa: F811 (the fixture)
    lang,
) -> None:
    user = world.alice.user
    member_locales[user.id] = LOCALES[lang]
    await start_against_computer(user, "tigerisland", lang)
    again = await user.slash("game new", game="wars")
    assert again.modal is None
    start = {"en": "You already have a game", "de": "Du hast hier schon ein Spiel"}[lang]
    text = expect_refusal(world, again, start)
    for word in ("moderat", "thread", "Thread", "Moderation"):
        assert word not in text, text


@pytest.mark.parametrize("lang", LOCALES)
async def test_help_in_the_dm_speaks_of_a_dm(
    world,
    member_locales,  # noqa: F811 (the fixture)
    lang,
) -> None:
    user = world.alice.user
    member_locales[user.id] = LOCALES[lang]
    answer = await user.slash("help")
    text = text_of(answer.response)
    for word in ("moderat", "thread", "Thread", "Manage Channel", "Kanäle verwalten", "Join"):
        assert word not in text, text
    assert ("/forget-me" if lang == "en" else "/vergiss-mich") in text
