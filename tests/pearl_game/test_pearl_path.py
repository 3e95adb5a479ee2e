"""Pearl divers, a game of secret picks made at once, defined only under tests/, through the
real bot: hosted, played by panel taps and by ``/game move``, timed out by its round timer,
drawn, replayed and on its page, in English and German, presented as rounds by the framework
(one card a round, edited as divers pick, one call to dive a round, the reveal as one
message), with no line of bot code of its own and no secret in anything public."""

from __future__ import annotations

import random

import discord

from bot.publisher import Publisher
from bot.quickstart import quick_start, rules_text
from engine import find_game
from tests.bot.faces import face, last_card, visible_text
from tests.bot.flow_helpers import latest_game, open_lobby
from tests.bot.flows.test_panel import tap_once
from tests.bot.flows.test_replays_flow import gif_of
from tests.bot.web_helpers import fetch, game_link, pages  # noqa: F401

from . import GAME
from .game import ALL_SURFACED

CALL = ": your turn."
GERMAN = ("Mitspielen", "Starten")


async def host(world, *members, options: str = "rounds=2", labels=("Join", "Start")) -> object:
    """Alice hosts Pearl divers with ``members`` joining; returns the first round's card."""
    lobby = await open_lobby(world, world.alice, GAME.info.name, options=options)
    join, start = labels
    for member in members:
        await member.click(lobby, label=join)
    started = await world.alice.click(lobby, label=start)
    assert started.acknowledged
    await world.env.bot.publisher.settle()
    return last_card(world.channel)


def cards(world) -> list[discord.Message]:
    return [m for m in world.channel.history() if m.flags.components_v2]


def calls(world) -> list[discord.Message]:
    return [m for m in world.channel.history() if m.content.endswith(CALL)]


def current(world, message) -> discord.Message:
    """A channel message as it is now (after the bot's edits)."""
    return next(m for m in world.channel.history() if m.id == message.id)


async def dive(world, member, depth: int):
    """``/game move DIVE depth``: answered privately, the round card edited."""
    moved = await member.slash(world.channel, "game move", move=f"DIVE {depth}")
    assert moved.ephemeral, moved.response.content
    await world.env.bot.publisher.settle()
    return moved


def test_the_game_is_registered_from_the_tests_with_its_texts() -> None:
    assert find_game("Pearl divers") is GAME and type(GAME).__module__ == "tests.pearl_game.game"
    for lang in ("en", "de"):
        assert len(quick_start("pearls", lang).splitlines()) == 3
    assert "Perlentaucher" in rules_text("pearls", "de")


async def test_a_round_is_one_card_edited_as_divers_pick_and_revealed_as_one_message(
    world,
) -> None:
    first = await host(world, world.bob, world.carol)
    assert face(first).title == "Pearl divers · Round 1"
    assert "0 of 3 have chosen" in visible_text(first) and len(calls(world)) == 1
    posted = len(world.channel.history())

    moved = await dive(world, world.alice, 4)
    said = moved.response.content
    assert said == "✓ Saved, only you see it: **alice** dives to depth 4"
    card = current(world, first)
    shown = visible_text(card)  # the card's words and its picture's alt text
    assert "**alice** has chosen a depth" in shown and "1 of 3 have chosen" in shown
    assert "depth 4" not in shown and "Waiting for: **bob**, **carol**" in shown
    assert len(world.channel.history()) == posted  # edited, nothing new in the channel

    await dive(world, world.bob, 4)
    await dive(world, world.carol, 2)  # the last pick reveals the round
    revealed = last_card(world.channel)
    assert revealed.id != first.id and face(revealed).title == "Pearl divers · Round 2"
    text = visible_text(revealed)
    for line in (
        "alice dived to depth 4: 0 pearls.",
        "bob dived to depth 4: 0 pearls.",
        "carol dived to depth 2: 2 pearls.",
    ):
        assert line in text
    assert face(current(world, first)).title == "Pearl divers · Round 1 is over"
    ended = [m for m in world.channel.history() if m.content.startswith("That call is over")]
    assert len(cards(world)) == 3  # the lobby and a card a round
    assert len(calls(world)) == 1 and not ended  # one call a round: the spent one is deleted
    record = await latest_game(world)
    assert GAME.view(world.env.bot.service.state_of(record), None).data["pearls"] == [0, 0, 2]


async def test_a_whole_game_is_played_by_taps_to_its_end(world) -> None:
    await host(world, world.bob, options="rounds=2")
    rnd = random.Random(3)
    for _ in range(4):
        record = await latest_game(world)
        state = world.env.bot.service.state_of(record)
        for member in (world.alice, world.bob):
            if record.seat_of(member.id) in GAME.to_move(state):
                opened = await member.click(last_card(world.channel), label="My moves")
                assert opened.ephemeral and "How deep do you dive?" in visible_text(opened.response)
                await tap_once(member, opened.response.message, rnd)
                await world.env.bot.publisher.settle()
                break
    record = await latest_game(world)
    assert record.status == "finished" and record.result["code"] == ALL_SURFACED
    assert "Game over" in visible_text(last_card(world.channel))
    assert world.env.errors == []


async def test_the_round_timer_reveals_without_who_had_not_picked(world) -> None:
    first = await host(world, world.bob, options="rounds=2 round_minutes=5")
    await dive(world, world.alice, 3)
    await world.env.advance_time(10 * 60)
    await world.env.bot.publisher.settle()
    revealed = last_card(world.channel)
    assert revealed.id != first.id
    text = visible_text(revealed)
    assert "Time is up: whoever had not chosen a depth stays on the boat." in text
    assert "alice dived to depth 3: 3 pearls." in text and "bob stayed on the boat." in text
    assert "Whoever had not submitted" not in text  # Islant's words are Islant's


async def test_a_drawn_game_is_replayed_and_on_its_page(world, pages) -> None:  # noqa: F811
    await host(world, world.bob, options="rounds=1")
    await dive(world, world.alice, 5)
    await dive(world, world.bob, 5)
    record = await latest_game(world)
    assert record.status == "finished" and sorted(record.result["winners"]) == [0, 1]
    assert "the most pearls are shared" in visible_text(last_card(world.channel))
    replay = await world.carol.slash(world.channel, "game replay")
    with gif_of(world, replay.response) as gif:
        assert gif.n_frames == 2  # the start, the end: no frame shows a pick before its reveal
    status, body, _ = await fetch(await game_link(world, record.id))
    page = body.decode()
    assert status == 200 and "alice dived to depth 5: 0 pearls." in page
    assert "dives to depth" not in page


async def test_a_pick_stays_secret_on_the_page_until_the_reveal(world, pages) -> None:  # noqa: F811
    await host(world, world.bob)
    await dive(world, world.alice, 4)
    record = await latest_game(world)
    status, body, _ = await fetch(await game_link(world, record.id))
    page = body.decode()
    assert status == 200 and "alice has chosen a depth." in page and "depth 4" not in page


async def test_in_german_the_round_card_and_the_reveal_speak_german(world) -> None:
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    await dora.slash(world.channel, "settings", language="de")
    first = await host(world, world.bob, labels=GERMAN)
    assert face(first).title == "Perlentaucher · Runde 1"
    await dive(world, world.alice, 1)
    shown = visible_text(current(world, first))
    assert "**alice**: hat eine Tiefe gewählt" in shown and "1 von 2 haben gewählt." in shown
    await dive(world, world.bob, 3)
    text = visible_text(last_card(world.channel))
    assert "alice tauchte auf Tiefe 1: 1 Perle." in text
    assert "bob tauchte auf Tiefe 3: 3 Perlen." in text


async def test_a_computer_dives_at_once_and_its_depth_waits_for_the_reveal(world) -> None:
    lobby = await open_lobby(world, world.alice, GAME.info.name, options="rounds=1")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    await world.env.bot.publisher.settle()
    record = await latest_game(world)
    assert [p.is_ai for p in record.players] == [False, True]
    first = last_card(world.channel)
    shown = visible_text(first)
    assert "has chosen a depth." in shown and "1 of 2 have chosen" in shown
    assert "dived" not in shown and "depth 5" not in shown
    await dive(world, world.alice, 1)
    record = await latest_game(world)
    assert record.status == "finished"
    assert "dived to depth 5: 5 pearls." in visible_text(last_card(world.channel))


async def test_a_round_closed_while_nothing_could_be_shown_is_posted_later_in_german(
    world, monkeypatch
) -> None:
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    await dora.slash(world.channel, "settings", language="de")
    first = await host(world, world.bob, options="rounds=2 round_minutes=5", labels=GERMAN)

    async def stopped(*args, **kwargs) -> None:  # the process is gone before it shows
        return None

    monkeypatch.setattr(Publisher, "show", stopped)
    monkeypatch.setattr(type(world.env.bot.delivery), "drain", stopped)
    await world.env.advance_time(10 * 60)  # the timer closed round 1; nothing shown yet
    monkeypatch.undo()
    await world.restart()
    await world.env.advance_time(1)
    revealed = last_card(world.channel)
    assert revealed.id != first.id and face(revealed).title == "Perlentaucher · Runde 2"
    text = visible_text(revealed)
    assert "Die Zeit ist um: Wer keine Tiefe gewählt hatte, bleibt im Boot." in text
    assert "alice ist im Boot geblieben." in text


def test_settings_name_round_timers_for_every_game_played_in_rounds() -> None:
    from locales.update import command_strings

    texts = [text for text, _ in command_strings()]
    assert any("games played in rounds" in text for text in texts)
    assert not any("Islant round" in text for text in texts)
