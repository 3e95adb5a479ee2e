"""The one private panel: every game's moves by taps, from the engine's menus."""

from __future__ import annotations

import random
import re

import discord

from bot.clicks import Click
from bot.panel import CHANGE_LABEL, PICK, PICTURE_NAMED, STALE_NOTE, TAP
from engine import find_game

from ..faces import controls, last_card, text_of, visible_text
from ..flow_helpers import latest_game, open_lobby

MAX_TAPS_PER_ACTION = 12  # a tiggar islanote turn is a placement and a build


async def start(world, game: str, *players) -> object:
    lobby = await open_lobby(world, players[0], game)
    for member in players[1:]:
        await world_click(member, lobby, "Join")
    await world_click(players[0], lobby, "Start")
    return last_card(world.channel)


async def world_click(member, message, label: str):
    return await member.click(message, label=label)


def member_to_move(world, record, state):
    game = find_game(record.game)
    seat = min(game.to_move(state))
    user_id = record.players[seat].user_id
    return next(m for m in (world.alice, world.bob, world.carol) if m.id == user_id), seat


def components(message) -> list:
    return controls(message)


async def tap_once(member, panel, rnd: random.Random):
    """Pick a random choice on the panel: a button that goes forward, or a select option."""
    items = components(panel)
    selects = [c for c in items if isinstance(c, discord.SelectMenu)]
    if selects:
        select = selects[0]
        count = rnd.randint(select.min_values, select.max_values)
        values = [o.value for o in rnd.sample(select.options, count)]
        return await member.select(panel, values, custom_id=select.custom_id)
    backwards = ("Back", CHANGE_LABEL)
    buttons = [c for c in items if isinstance(c, discord.Button) and c.label not in backwards]
    button = rnd.choice(buttons)
    return await member.click(panel, custom_id=button.custom_id)


async def play_by_taps(world, rnd: random.Random, max_actions: int) -> int:
    """Play actions through "My moves" and the panel only; returns how many were played."""
    played = 0
    for _ in range(max_actions):
        record = await latest_game(world)
        if record.status == "finished":
            break
        service = world.env.bot.service
        state = service.state_of(record)
        member, _seat = member_to_move(world, record, state)
        board = last_card(world.channel)
        opened = await member.click(board, label="My moves")
        assert opened.ephemeral
        panel = opened.response
        assert panel.attachments and PICTURE_NAMED.fullmatch(panel.attachments[0].filename)
        for _tap in range(MAX_TAPS_PER_ACTION):
            await tap_once(member, panel.message, rnd)
            if (await latest_game(world)).version != record.version:
                break
        else:
            raise AssertionError(f"no move after {MAX_TAPS_PER_ACTION} taps: {text_of(panel)}")
        played += 1
        assert not world.env.errors
    return played


async def test_a_whole_tiggar_islanote_game_is_played_with_taps_only(world) -> None:
    await start(world, "tigerisland", world.alice, world.bob)
    await play_by_taps(world, random.Random(4), 300)
    record = await latest_game(world)
    assert record.status == "finished"
    assert "Game over" in visible_text(last_card(world.channel))


async def test_island_wars_turns_are_played_with_taps(world) -> None:
    await start(world, "wars", world.alice, world.bob, world.carol)
    before = await latest_game(world)
    played = await play_by_taps(world, random.Random(8), 12)
    after = await latest_game(world)
    assert played == 12 and after.version > before.version
    actions = await world.env.bot.store.actions(after.id)
    assert len([a for a in actions if a.seat is not None]) >= 12


async def test_a_panel_drawn_before_the_seat_moved_answers_with_the_current_menu(world) -> None:
    await start(world, "tigerisland", world.alice, world.bob)
    record = await latest_game(world)
    member, _ = member_to_move(world, record, world.env.bot.service.state_of(record))
    board = last_card(world.channel)
    first = (await member.click(board, label="My moves")).response
    second = (await member.click(board, label="My moves")).response
    rnd = random.Random(1)
    for _ in range(MAX_TAPS_PER_ACTION):  # the second panel plays a move
        await tap_once(member, second.message, rnd)
        if (await latest_game(world)).version != record.version:
            break
    moved = await latest_game(world)
    await tap_once(member, first.message, rnd)  # the first panel is now stale
    assert STALE_NOTE in text_of(first)
    assert (await latest_game(world)).version == moved.version


async def test_panel_ids_name_the_game_seat_version_and_path(world) -> None:
    await start(world, "tigerisland", world.alice, world.bob)
    record = await latest_game(world)
    member, seat = member_to_move(world, record, world.env.bot.service.state_of(record))
    panel = (await member.click(last_card(world.channel), label="My moves")).response.message
    version = find_game("tigerisland").seat_version(world.env.bot.service.state_of(record), seat)
    ids = [item.custom_id for item in components(panel)]
    assert ids
    for custom_id in ids:
        form = TAP if custom_id.startswith("tap:") else PICK
        fields = form.read(re.fullmatch(form.template, custom_id))
        assert fields["game"] == record.id and fields["version"] == version


async def test_someone_outside_the_game_gets_no_panel(world) -> None:
    await start(world, "tigerisland", world.alice, world.bob)
    shown = await world.carol.click(last_card(world.channel), label="My moves")
    assert shown.ephemeral and "not playing" in shown.response.content


async def test_a_panel_tapped_after_the_interaction_token_expired_still_works(world) -> None:
    """Each tap answers through its own interaction, so an hour-old panel is not a dead end
    (the limits check fails the test if any request used a token older than 15 minutes)."""
    await start(world, "tigerisland", world.alice, world.bob)
    record = await latest_game(world)
    member, _ = member_to_move(world, record, world.env.bot.service.state_of(record))
    panel = (await member.click(last_card(world.channel), label="My moves")).response
    await world.env.advance_time(60 * 60)
    rnd = random.Random(2)
    for _ in range(MAX_TAPS_PER_ACTION):
        await tap_once(member, panel.message, rnd)
        if (await latest_game(world)).version != record.version:
            break
    assert (await latest_game(world)).version > record.version


async def test_taps_reach_their_items_without_a_view_made_of_the_clicked_message(
    world, monkeypatch
) -> None:
    """A click is routed from the one component clicked (see :mod:`bot.clicks`): the panel
    plays the same with discord.py's whole-message views made impossible."""

    def no_view(*args, **kwargs):
        raise AssertionError("a view was made of the clicked message")

    monkeypatch.setattr(discord.ui.View, "from_message", no_view)
    monkeypatch.setattr(discord.ui.LayoutView, "from_message", no_view)
    await start(world, "tigerisland", world.alice, world.bob)
    assert await play_by_taps(world, random.Random(3), 2) == 2


async def test_taps_play_without_the_clicked_message_made_into_a_message(
    world, monkeypatch
) -> None:
    """A click's handlers read the clicked component, a select's options and the panel's
    picture from Discord's payload (see :mod:`bot.clicks`): the panel plays the same with
    discord.py's messages impossible to make once the game has started."""

    def no_message(*args, **kwargs):
        raise AssertionError("a message was made of an interaction's payload")

    monkeypatch.setattr(discord.interactions, "Message", no_message)  # as discord.py parses
    monkeypatch.setattr(Click, "made_message", no_message)  # asked for later
    await start(world, "tigerisland", world.alice, world.bob)
    assert await play_by_taps(world, random.Random(4), 2) == 2


async def test_a_click_still_gives_its_message_when_asked(world, monkeypatch) -> None:
    """A :class:`Click`'s message is made when a handler asks for it: the message clicked,
    in the server it was clicked in, as discord.py would have made it."""
    import bot.panel

    asked: list[discord.Message | None] = []
    follow = bot.panel.follow

    async def follow_asking(interaction, *args):
        asked.append(interaction.message)
        await follow(interaction, *args)

    monkeypatch.setattr(bot.panel, "follow", follow_asking)
    await start(world, "tigerisland", world.alice, world.bob)
    record = await latest_game(world)
    member, _ = member_to_move(world, record, world.env.bot.service.state_of(record))
    panel = (await member.click(last_card(world.channel), label="My moves")).response
    shown = [attachment.filename for attachment in panel.attachments]
    await tap_once(member, panel.message, random.Random(5))
    (message,) = asked
    assert message is not None and message.id == panel.message.id
    assert message.guild is not None and message.guild.id == world.guild.id
    assert [attachment.filename for attachment in message.attachments] == shown
