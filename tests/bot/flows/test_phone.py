"""Playing on a phone: lettered pickers, one post per tiggar islanote turn, state that stays
true, and rules that start with a quick start."""

from __future__ import annotations

import random

import discord
import pytest

from bot.panel import PICTURE_NAMED, PREVIEW_NOTE
from bot.quickstart import QUICK_TITLE, quick_start
from bot.rendering import MarkedBoard

from ..faces import face, is_card, last_card, text_of, visible_text
from ..flow_helpers import latest_game, open_lobby
from .test_panel import MAX_TAPS_PER_ACTION, components, member_to_move, start, tap_once


def labels(message) -> list[str]:
    """The labels of a panel's choices: its select's options, or its buttons."""
    items = components(message)
    selects = [c for c in items if isinstance(c, discord.SelectMenu)]
    if selects:
        return [o.label for o in selects[0].options]
    return [c.label for c in items if isinstance(c, discord.Button)]


@pytest.fixture
def marked_pictures(monkeypatch) -> list[str]:
    """The names of the lettered boards drawn during the test."""
    drawn: list[str] = []
    draw = MarkedBoard.__call__

    def recorded(self: MarkedBoard, view, names) -> bytes:
        drawn.append(self.name)
        return draw(self, view, names)

    monkeypatch.setattr(MarkedBoard, "__call__", recorded)
    return drawn


async def open_moves(world):
    record = await latest_game(world)
    member, _ = member_to_move(world, record, world.env.bot.service.state_of(record))
    opened = await member.click(last_card(world.channel), label="My moves")
    return member, opened.response


async def test_island_wars_places_are_lettered_on_the_panel_picture(world, marked_pictures) -> None:
    await start(world, "wars", world.alice, world.bob)
    member, panel = await open_moves(world)
    await member.click(panel.message, label=labels(panel.message)[0])  # place a piece
    offered = labels(panel.message)
    assert offered[0].startswith("A · ") and offered[1].startswith("B · ")
    assert PICTURE_NAMED.fullmatch(panel.attachments[0].filename)
    assert any(name.startswith("marks:A(") for name in marked_pictures)


async def tap_until(member, panel, rnd: random.Random, done) -> None:
    for _ in range(MAX_TAPS_PER_ACTION):
        if done():
            return
        await tap_once(member, panel.message, rnd)
    assert done(), text_of(panel)


async def test_a_tiggar_islanote_turn_is_composed_then_saved_and_posted_once(world) -> None:
    await start(world, "tigerisland", world.alice, world.bob)
    before = await latest_game(world)
    posts = len(world.channel.history())
    member, panel = await open_moves(world)
    assert labels(panel.message)[0].startswith("A · ")  # the first tile's ways, lettered
    rnd = random.Random(3)
    await tap_until(member, panel, rnd, lambda: PREVIEW_NOTE in text_of(panel))
    assert (await latest_game(world)).version == before.version  # nothing saved yet
    await member.click(panel.message, label="Back")  # change the placement
    assert PREVIEW_NOTE not in text_of(panel)
    await tap_until(member, panel, rnd, lambda: PREVIEW_NOTE in text_of(panel))
    await tap_until(member, panel, rnd, lambda: f"**{member.name}**" in text_of(panel))
    after = await latest_game(world)
    assert after.version == before.version + 1  # one save
    actions = [a for a in await world.env.bot.store.actions(after.id) if a.seat is not None]
    assert [a.notation.split()[0] for a in actions] == ["PLACE", actions[1].notation.split()[0]]
    assert actions[1].notation.split()[0] in {"FOUND", "EXPAND", "TOTORO"}
    history = world.channel.history()
    assert len(history) == posts + 1  # one card for the turn (the spent call is gone)
    other = world.bob if member is world.alice else world.alice
    assert f"<@{other.id}>" in history[-1].content  # and one plain ping, for the next player


async def test_a_typed_placement_updates_the_board_and_the_build_posts_it_anew(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland", options="first_player=0")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    board = last_card(world.channel)
    posts, edits = len(world.channel.history()), world.env.bot.publisher.edits
    offered = await world.alice.autocomplete(world.channel, "tiger place", "placement", "")
    placed = await world.alice.slash(world.channel, "tiger place", placement=offered[0]["value"])
    assert placed.ephemeral
    await world.env.bot.publisher.settle()
    assert len(world.channel.history()) == posts  # no new board: the board was edited
    assert last_card(world.channel).id == board.id
    assert world.env.bot.publisher.edits == edits + 1
    offered = await world.alice.autocomplete(world.channel, "tiger build", "build", "")
    built = await world.alice.slash(world.channel, "tiger build", build=offered[0]["value"])
    assert not built.ephemeral
    assert len(world.channel.history()) == posts + 1  # a new card and ping; the old ping gone


async def test_kicking_from_a_lobby_updates_the_lobby_message(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    assert f"<@{world.bob.id}>" in visible_text(world.channel.history()[0])
    kicked = await world.alice.slash(world.channel, "game kick", player=world.bob)
    assert "bob" in kicked.response.content
    shown = next(m for m in world.channel.history() if m.id == lobby.id)
    assert f"<@{world.bob.id}>" not in visible_text(shown)
    assert f"<@{world.alice.id}>" in visible_text(shown)


async def test_rules_start_with_a_quick_start_that_can_be_posted(world) -> None:
    shown = await world.bob.slash(world.channel, "game rules", game="wars")
    assert shown.ephemeral
    text = face(shown.response).description
    assert text.startswith(f"**{QUICK_TITLE}**\n{quick_start('wars')}")
    assert len(quick_start("wars").splitlines()) == 3
    posted = await world.bob.click(shown.response.message, label="Post the quick start here")
    assert not posted.ephemeral
    assert is_card(posted.response) and face(posted.response).description == quick_start("wars")
    assert face(posted.response).footer.text == "Shared by bob"
