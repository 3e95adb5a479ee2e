"""Islant races through the real bot: round messages, private panels, the final ranking.

Players use only what a person would: the lobby's buttons, "Play my turn", the panel's
selects and buttons, and the /islant commands.
"""

from __future__ import annotations

import random

import pytest

from bot.islant.board import RoundBoard
from engine import find_game

from .flow_helpers import expect_refusal, latest_game, open_lobby

GAME = find_game("islant")
MAX_PANEL_STEPS = 40
NARROWING = ("rot", "cell", "col")  # finish a started choice of cell before anything else


@pytest.fixture(autouse=True)
def slow_edits(monkeypatch):
    """Progress edits wait a minute between them, so the tests see exactly when they happen."""
    monkeypatch.setattr(RoundBoard, "interval", 60.0)


def controls(panel) -> list[dict]:
    return [c for row in panel.components for c in row["components"]]


def find(panel, label: str) -> dict | None:
    return next((c for c in controls(panel) if c.get("label", "").startswith(label)), None)


def select_kind(menu: dict) -> str:
    return menu["custom_id"].rsplit(":", 1)[1]


async def step(actor, panel, rnd: random.Random):
    """One click a player could make to go on with their turn; returns the panel after it."""
    selects = [c for c in controls(panel) if c["type"] == 3]
    kinds = {select_kind(s): s for s in selects}
    menu = next((kinds[k] for k in NARROWING if k in kinds), selects[0] if selects else None)
    if menu is not None:
        value = rnd.choice(menu["options"])["value"]
        result = await actor.select(panel, [value], custom_id=menu["custom_id"])
    else:
        button = find(panel, "Cross out") or find(panel, "Submit")
        assert button is not None and not button["disabled"], panel.embeds[0].description
        result = await actor.click(panel, custom_id=button["custom_id"])
    assert result.acknowledged and not result.followups, [f.content for f in result.followups]
    return result.response


async def open_panel(actor, world):
    opened = await actor.click(world.channel.last_message, label="Play my turn")
    assert opened.ephemeral
    return opened.response


async def play_turn(world, actor, rnd: random.Random, panel=None):
    """Open the panel (unless given) and play until the turn is submitted."""
    panel = panel or await open_panel(actor, world)
    for _ in range(MAX_PANEL_STEPS):
        submit = find(panel, "Submit")
        if submit is not None and not submit["disabled"]:
            result = await actor.click(panel, custom_id=submit["custom_id"])
            assert result.deferred  # acknowledged before the service is asked
            return result.response
        panel = await step(actor, panel, rnd)
    raise AssertionError(f"the turn did not end: {panel.embeds[0].description}")


async def start_race(world, players, **options):
    lobby = await open_lobby(world, world.alice, "islant", **options)
    for actor in players[1:]:
        await actor.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return world.channel.last_message


def more_players(world, *names):
    return [world.guild.add_member(world.env.create_user(n)) for n in names]


def message(world, message_id: int):
    """A channel message as it is now (after the bot's edits)."""
    return next(m for m in world.channel.history() if m.id == message_id)


def description(message) -> str:
    return message.embeds[0].description or ""


async def test_five_players_race_on_level_5_to_the_final_ranking(world) -> None:
    dave, erin = more_players(world, "dave", "erin")
    players = [world.alice, world.bob, world.carol, dave, erin]
    first = await start_race(world, players, options="level=5 max_rounds=3 cap=5")
    assert first.embeds[0].title == "Islant · Level 5 · Round 1 of 3"
    assert description(first).startswith("The game begins!")
    assert "**0 of 5 done**" in description(first)
    assert first.attachments[0].filename == "round.png"
    assert {u.id for u in first.mentions} == {p.id for p in players}
    rnd = random.Random(4)

    # Round 1: alice draws, changes her mind (Undo), works on another tile first, submits.
    panel = await open_panel(world.alice, world)
    assert panel.attachments[0].filename == "sheet.png"
    while (
        not find(panel, "Undo")
        or find(panel, "Undo")["disabled"]
        or "Done:" not in (description(panel))
    ):
        panel = await step(world.alice, panel, rnd)
    undone = await world.alice.click(panel, label="Undo")
    panel = undone.response
    assert "Done:" not in description(panel)
    ships = find(panel, "Ships")
    panel = (await world.alice.click(panel, custom_id=ships["custom_id"])).response
    assert find(panel, "Ships")["style"] == 1  # in focus
    await play_turn(world, world.alice, rnd, panel)
    await play_turn(world, world.bob, rnd)
    assert "**0 of 5 done**" in description(world.channel.last_message)  # not yet: throttled
    await world.env.advance_time(60)
    assert "**2 of 5 done**" in description(world.channel.last_message)  # one edit, both shown
    for actor in players[2:]:
        await play_turn(world, actor, rnd)

    # Round 2: a new message; erin stops her game (with a confirmation); the rest play.
    second = world.channel.last_message
    assert second.id != first.id and second.embeds[0].title.endswith("Round 2 of 3")
    closed = message(world, first.id)
    assert closed.embeds[0].title == "Islant · Round 1 is over" and not closed.components
    panel = await open_panel(erin, world)
    asked = await erin.click(panel, label="Stop my game")
    assert "Stop your game now?" in description(asked.response)
    stopped = await erin.click(asked.response, label="Yes, stop my game")
    assert "You ended your game" in description(stopped.response)
    assert not stopped.response.components
    for actor in players[:4]:
        await play_turn(world, actor, rnd)

    # Round 3, the last: the race ends and the final ranking is posted.
    assert world.channel.last_message.embeds[0].title.endswith("Round 3 of 3")
    for actor in players[:4]:
        await play_turn(world, actor, rnd)
    record = await latest_game(world)
    assert record.status == "finished"
    final = world.channel.last_message
    assert final.embeds[0].title == "Islant · Level 5 · final ranking"
    assert "The last round (3) is over." in description(final)
    assert final.attachments[0].filename == "standings.png"
    order = sorted(range(5), key=lambda s: (-record.result["scores"][s], s))
    menu = final.components[0].children[0]
    assert [o.value for o in menu.options] == [str(s) for s in order]
    shown = await world.carol.select(final, [str(record.seat_of(world.bob.id))])
    assert shown.ephemeral and shown.response.embeds[0].title == "bob's sheet · Level 5"
    assert "land" in description(shown.response) and shown.response.attachments

    actions = await world.env.bot.store.actions(record.id)
    log = [(a.seat, a.notation) for a in actions]
    assert GAME.serialize(GAME.replay(5, record.options, record.seed, log)) == record.state
    erins = [n for s, n in log if s == record.seat_of(erin.id)]
    assert erins[-1] == "STOP" and erins.count("SUBMIT") == 1  # round 1, then she stopped
    assert world.env.errors == []


async def test_the_host_closes_a_round_someone_has_not_finished(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=2")
    rnd = random.Random(1)
    await play_turn(world, world.alice, rnd)
    bob_panel = await open_panel(world.bob, world)
    bob_panel = await step(world.bob, bob_panel, rnd)  # bob has begun, not submitted
    refused = await world.bob.click(first, label="Close round")
    assert refused.ephemeral and "Only the host" in refused.response.content
    asked = await world.alice.click(first, label="Close round")
    assert "1 player has not submitted" in asked.response.content
    done = await world.alice.click(asked.response, label="Close round 1 now")
    assert done.response.content == "Round 1 is closed."
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    assert state.round == 2 and state.players[record.seat_of(world.bob.id)].draft is None
    old = message(world, first.id)
    assert "Closed by the host" in description(old) and not old.components
    assert world.channel.last_message.embeds[0].title == "Islant · Level 2 · Round 2"
    # bob's old panel is stale: it is redrawn for round 2 and nothing is applied.
    before = len(await world.env.bot.store.actions(record.id))
    menu = next(c for c in controls(bob_panel) if c["type"] == 3)
    stale = await world.bob.select(
        bob_panel, [menu["options"][0]["value"]], custom_id=menu["custom_id"]
    )
    assert "The board has changed" in stale.response.content
    assert "Round 2" in stale.response.embeds[0].title
    assert len(await world.env.bot.store.actions(record.id)) == before


async def test_a_stale_panel_is_redrawn_and_applies_nothing(world) -> None:
    await start_race(world, [world.alice, world.bob], options="level=4")
    rnd = random.Random(2)
    old = await open_panel(world.alice, world)
    fresh = await step(world.alice, await open_panel(world.alice, world), rnd)
    record = await latest_game(world)
    before = await world.env.bot.store.actions(record.id)
    menu = next(c for c in controls(old) if c["type"] == 3)
    stale = await world.alice.select(
        old, [menu["options"][-1]["value"]], custom_id=menu["custom_id"]
    )
    assert stale.response.content.startswith("The board has changed")
    assert description(stale.response) == description(fresh)  # the current turn, redrawn
    assert await world.env.bot.store.actions(record.id) == before


async def test_a_restart_in_the_middle_of_a_round_keeps_every_button_working(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=4")
    rnd = random.Random(3)
    panel = await step(world.alice, await open_panel(world.alice, world), rnd)
    await play_turn(world, world.bob, rnd)
    await world.restart()
    again = await world.bob.click(first, label="Play my turn")
    assert "Turn submitted (1 of 2 done)" in description(again.response)
    await play_turn(world, world.alice, rnd, panel)  # the panel from before the restart
    closed = message(world, first.id)
    assert closed.embeds[0].title == "Islant · Round 1 is over" and not closed.components
    second = world.channel.last_message
    assert second.embeds[0].title == "Islant · Level 4 · Round 2"
    standings = await world.bob.click(second, label="Standings")
    assert standings.ephemeral and "You are **" in standings.response.content
    assert standings.response.attachments[0].filename == "standings.png"


async def test_a_round_timer_closes_the_round_and_the_next_roll_follows(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=1 round_minutes=5")
    await play_turn(world, world.alice, random.Random(5))
    await world.env.advance_time(10 * 60)
    closed = message(world, first.id)
    assert "Time is up" in description(closed) and not closed.components
    assert world.channel.last_message.embeds[0].title == "Islant · Level 1 · Round 2"
    assert "**0 of 2 done**" in description(world.channel.last_message)


async def test_sheets_island_names_standings_and_the_host_ending_the_race(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=3")
    await play_turn(world, world.alice, random.Random(6))
    later = await world.alice.slash(world.channel, "islant name", cell="D4", name="Home")
    expect_refusal(world, later, "after the next roll")
    offered = await world.bob.autocomplete(world.channel, "islant name", "cell", "")
    assert offered == [{"name": "D4 · island of 1 cell", "value": "D4"}]
    named = await world.bob.slash(world.channel, "islant name", cell="D4", name="Home")
    assert named.ephemeral and "**Home**" in named.response.content
    mine = await world.bob.slash(world.channel, "islant sheet")
    assert mine.ephemeral and "Islands: Home" in description(mine.response)
    assert mine.response.embeds[0].title == "bob's sheet · Level 3"
    looked = await world.carol.slash(world.channel, "islant sheet", player=world.alice)
    assert looked.response.embeds[0].title == "alice's sheet · Level 3"
    nobody = await world.carol.slash(world.channel, "islant sheet")
    expect_refusal(world, nobody, "not playing")
    ranked = await world.carol.slash(world.channel, "islant standings")
    assert "leads with" in ranked.response.content
    refused = await world.bob.slash(world.channel, "islant end")
    expect_refusal(world, refused, "Only the host")
    ended = await world.alice.slash(world.channel, "islant end")
    assert not ended.ephemeral and "ended the race" in ended.response.content
    final = world.channel.last_message
    assert final.embeds[0].title == "Islant · Level 3 · final ranking"
    assert "The host ended the race." in description(final)
    assert message(world, first.id).embeds[0].title == "Islant · Round 1 is over"
    over = await world.bob.slash(world.channel, "islant play")
    expect_refusal(world, over, "race is over")
    still = await world.carol.slash(world.channel, "islant sheet", player=world.bob)
    assert still.response.embeds[0].title == "bob's sheet · Level 3"


async def test_the_generic_game_commands_answer_privately_in_a_race(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=1")
    offered = await world.bob.autocomplete(world.channel, "game move", "move", "")
    assert offered and all(c["value"].startswith(("ASSIGN", "STOP")) for c in offered)
    moved = await world.bob.slash(world.channel, "game move", move=offered[0]["value"])
    assert moved.ephemeral and " assigns " in moved.response.content  # told in words
    resigned = await world.alice.slash(world.channel, "game resign")
    assert resigned.ephemeral and "resigned" in resigned.response.content
    assert world.channel.last_message.id == first.id  # nothing new in the channel
    await world.env.advance_time(60)
    assert "**0 of 1 done** · 1 ended" in description(message(world, first.id))
