"""Islant races through the real bot: round messages, the private panel, the final ranking.

Players use only what a person would: the lobby's buttons, "Play my turn", the panel's
taps and picks, the round message's buttons, and the /islant commands.
"""

from __future__ import annotations

import random

import pytest

from bot.islant.presentation import RaceBoard
from bot.panel import NEXT_LABEL, NO_TURNS_TEXT, PICTURE_NAMED, STALE_NOTE
from engine import find_game
from engine.core import Level

from ..faces import controls as message_controls
from ..faces import face, has_controls, is_card, last_card, rows_of, text_of
from ..flow_helpers import (
    add_hard_computer,
    computer_actions,
    expect_refusal,
    latest_game,
    open_lobby,
)

GAME = find_game("islant")
MAX_TAPS_PER_TURN = 60
NOT_RANDOMLY = ("Undo", "Stop", "Back", "Suggested", "Rest as suggested")  # left alone
SUBMIT = "Submit my turn"
PANEL_MINUTES = 20  # past the 15 minutes an interaction's token lasts


@pytest.fixture(autouse=True)
def slow_edits(monkeypatch):
    """Progress edits wait a minute between them, so the tests see exactly when they happen."""
    monkeypatch.setattr(RaceBoard, "edit_interval", 60.0)


def controls(panel) -> list[dict]:
    return rows_of(panel.components)


def labels(panel) -> list[str]:
    """Every choice the panel offers: its buttons' labels and its select's options'."""
    out = []
    for c in controls(panel):
        out += [o["label"] for o in c.get("options", [])] if c["type"] == 3 else [c["label"]]
    return out


async def choose(actor, panel, label: str):
    """Tap the button or pick the option whose label starts with ``label``."""
    for c in controls(panel):
        if c["type"] == 3:
            found = [o for o in c["options"] if o["label"].startswith(label)]
            if found:
                value = found[0]["value"]
                return await actor.select(panel, [value], custom_id=c["custom_id"])
        elif c["label"].startswith(label):
            return await actor.click(panel, custom_id=c["custom_id"])
    raise AssertionError(f"{label!r} is not on the panel: {labels(panel)}")


async def tap(actor, panel, rnd: random.Random):
    """One tap going on with the turn: Submit when offered, else a random other choice."""
    offered = labels(panel)
    if SUBMIT in offered:
        return await choose(actor, panel, SUBMIT)
    return await choose(
        actor, panel, rnd.choice([x for x in offered if not x.startswith(NOT_RANDOMLY)])
    )


def round_message(world):
    """The latest message with the round's buttons."""
    return next(m for m in reversed(world.channel.history()) if has_controls(m))


async def open_panel(actor, world):
    opened = await actor.click(round_message(world), label="Play my turn")
    assert opened.ephemeral and PICTURE_NAMED.fullmatch(opened.response.attachments[0].filename)
    return opened.response


async def seat_state(world, actor):
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    return record, state, record.seat_of(actor.id)


async def play_turn(world, actor, rnd: random.Random, panel=None):
    """Open the panel (unless given) and tap until the turn is submitted."""
    panel = panel or await open_panel(actor, world)
    _, state, seat = await seat_state(world, actor)
    start = state.round
    for _ in range(MAX_TAPS_PER_TURN):
        result = await tap(actor, panel, rnd)
        assert result.deferred and not result.followups  # acknowledged before the service
        _, state, seat = await seat_state(world, actor)
        if state.finished or state.round != start or state.players[seat].status != "playing":
            return panel
    raise AssertionError(f"the turn did not end: {text_of(panel)}")


async def start_race(world, players, **options):
    lobby = await open_lobby(world, world.alice, "islant", **options)
    for actor in players[1:]:
        await actor.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return round_message(world)


def more_players(world, *names):
    return [world.guild.add_member(world.env.create_user(n)) for n in names]


def message(world, message_id: int):
    """A channel message as it is now (after the bot's edits)."""
    return next(m for m in world.channel.history() if m.id == message_id)


def description(message) -> str:
    return face(message).description or ""


async def test_five_players_race_on_level_5_to_the_final_ranking(world) -> None:
    dave, erin = more_players(world, "dave", "erin")
    players = [world.alice, world.bob, world.carol, dave, erin]
    first = await start_race(world, players, options="level=5 max_rounds=3 cap=5")
    assert face(first).title == "Islant · Level 5 · Round 1 of 3"
    assert description(first).startswith("The game begins!")
    assert "**0 of 5 done**" in description(first)
    assert first.attachments[0].filename == "round.png"
    calls = [m for m in world.channel.history() if m.id > first.id]  # plain, after the card
    assert {u.id for m in calls for u in m.mentions} == {p.id for p in players}
    rnd = random.Random(4)

    # Round 1: alice's panel shows her sheet and her turn; she draws, undoes it, then plays.
    panel = await open_panel(world.alice, world)
    assert "Islant · Level 5 · Round 1 of 3" in text_of(panel) and "Roll " in text_of(panel)
    while "Done:" not in text_of(panel):
        await tap(world.alice, panel, rnd)
    await choose(world.alice, panel, "Undo")
    assert "Done:" not in text_of(panel)
    await play_turn(world, world.alice, rnd, panel)
    assert "Turn submitted (1 of 5 done)" in text_of(panel)
    await play_turn(world, world.bob, rnd)
    assert "**0 of 5 done**" in description(message(world, first.id))  # not yet: throttled
    await world.env.advance_time(60)
    assert "**2 of 5 done**" in description(message(world, first.id))  # one edit, both shown
    for actor in players[2:]:
        await play_turn(world, actor, rnd)

    # Round 2: a new message; the old one is a line of history; erin stops her game.
    second = round_message(world)
    assert second.id != first.id and face(second).title.endswith("Round 2 of 3")
    closed = message(world, first.id)
    assert face(closed).title == "Islant · Round 1 is over" and not has_controls(closed)
    assert face(closed).description.startswith("🎲 ")
    panel = await open_panel(erin, world)
    await choose(erin, panel, "Stop")
    assert "Are you sure?" in text_of(panel) and labels(panel) == ["Yes, I am sure", "No, go back"]
    assert (await seat_state(world, erin))[1].players[4].status == "playing"  # nothing played
    await choose(erin, panel, "Yes, I am sure")
    assert "You ended your game" in text_of(panel) and not rows_of(panel.components)
    for actor in players[:4]:
        await play_turn(world, actor, rnd)

    # Round 3, the last: the race ends and the final ranking is posted.
    assert face(round_message(world)).title.endswith("Round 3 of 3")
    for actor in players[:4]:
        await play_turn(world, actor, rnd)
    record = await latest_game(world)
    assert record.status == "finished"
    final = last_card(world.channel)
    assert face(final).title == "Islant · Level 5 · final ranking"
    assert "The last round (3) is over." in description(final)
    assert final.attachments[0].filename == "standings.png"
    assert not has_controls(message(world, second.id))
    order = sorted(range(5), key=lambda s: (-record.result["scores"][s], s))
    menu = message_controls(final)[0]
    assert [o.value for o in menu.options] == [str(s) for s in order]
    shown = await world.carol.select(final, [str(record.seat_of(world.bob.id))])
    assert shown.ephemeral and face(shown.response).title == "bob's sheet · Level 5"
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
    await tap(world.bob, bob_panel, rnd)  # bob has begun, not submitted
    refused = await world.bob.click(first, label="Close round")
    assert refused.ephemeral and "Only the host" in refused.response.content
    asked = await world.alice.click(first, label="Close round")
    assert "1 player has not submitted" in asked.response.content
    done = await world.alice.click(asked.response, label="Close round 1 now")
    assert done.response.content == "Round 1 is closed."
    record, state, seat = await seat_state(world, world.bob)
    assert state.round == 2 and state.players[seat].draft is None
    old = message(world, first.id)
    assert face(old).title == "Islant · Round 1 is over" and not has_controls(old)
    now = round_message(world)
    assert face(now).title == "Islant · Level 2 · Round 2"
    assert "Closed by the host" in description(now)
    # bob's old panel is stale: it is redrawn for round 2 and nothing is applied.
    before = len(await world.env.bot.store.actions(record.id))
    await tap(world.bob, bob_panel, rnd)
    assert STALE_NOTE in text_of(bob_panel) and "Round 2" in text_of(bob_panel)
    assert len(await world.env.bot.store.actions(record.id)) == before


async def test_a_stale_panel_is_redrawn_and_applies_nothing(world) -> None:
    await start_race(world, [world.alice, world.bob], options="level=4")
    rnd = random.Random(2)
    old = await open_panel(world.alice, world)
    fresh = await open_panel(world.alice, world)
    await tap(world.alice, fresh, rnd)
    record = await latest_game(world)
    before = await world.env.bot.store.actions(record.id)
    await tap(world.alice, old, rnd)
    assert text_of(old).startswith(STALE_NOTE)
    assert text_of(old).split("\n")[1:] == text_of(fresh).split("\n")[1:]  # the turn, redrawn
    assert await world.env.bot.store.actions(record.id) == before


async def test_a_panel_left_open_for_twenty_minutes_still_plays(world) -> None:
    await start_race(world, [world.alice, world.bob], options="level=5")
    rnd = random.Random(9)
    panel = await open_panel(world.alice, world)
    await tap(world.alice, panel, rnd)
    await world.env.advance_time(PANEL_MINUTES * 60)
    await play_turn(world, world.alice, rnd, panel)  # every tap edits through its own token
    assert "Turn submitted" in text_of(panel)
    assert world.env.errors == []


async def test_a_restart_in_the_middle_of_a_round_keeps_every_button_working(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=4")
    rnd = random.Random(3)
    panel = await open_panel(world.alice, world)
    await tap(world.alice, panel, rnd)
    await play_turn(world, world.bob, rnd)
    await world.restart()
    again = await world.bob.click(first, label="Play my turn")
    assert "Turn submitted (1 of 2 done)" in text_of(again.response)
    await play_turn(world, world.alice, rnd, panel)  # the panel from before the restart
    closed = message(world, first.id)
    assert face(closed).title == "Islant · Round 1 is over" and not has_controls(closed)
    second = round_message(world)
    assert face(second).title == "Islant · Level 4 · Round 2"
    standings = await world.bob.click(second, label="Standings")
    assert standings.ephemeral and is_card(standings.response)
    assert "You are **" in text_of(standings.response)
    assert standings.response.attachments[0].filename == "standings.png"


async def test_a_round_timer_closes_the_round_and_the_next_roll_follows(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=1 round_minutes=5")
    await play_turn(world, world.alice, random.Random(5))
    await world.env.advance_time(10 * 60)
    closed = message(world, first.id)
    assert face(closed).title == "Islant · Round 1 is over" and not has_controls(closed)
    now = round_message(world)
    assert face(now).title == "Islant · Level 1 · Round 2"
    assert "Time is up" in description(now) and "**0 of 2 done**" in description(now)


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
    assert face(mine.response).title == "bob's sheet · Level 3"
    looked = await world.carol.slash(world.channel, "islant sheet", player=world.alice)
    assert face(looked.response).title == "alice's sheet · Level 3"
    nobody = await world.carol.slash(world.channel, "islant sheet")
    expect_refusal(world, nobody, "not playing")
    ranked = await world.carol.slash(world.channel, "islant standings")
    assert "leads with" in text_of(ranked.response)
    play = await world.bob.slash(world.channel, "islant play")
    assert play.ephemeral and "Roll " in text_of(play.response)
    refused = await world.bob.slash(world.channel, "islant end")
    expect_refusal(world, refused, "Only the host")
    ended = await world.alice.slash(world.channel, "islant end")
    assert not ended.ephemeral and "ended the race" in ended.response.content
    final = last_card(world.channel)
    assert face(final).title == "Islant · Level 3 · final ranking"
    assert description(final).count("The host ended the race.") == 1
    assert face(message(world, first.id)).title == "Islant · Round 1 is over"
    over = await world.bob.slash(world.channel, "islant play")
    expect_refusal(world, over, "race is over")
    still = await world.carol.slash(world.channel, "islant sheet", player=world.bob)
    assert face(still.response).title == "bob's sheet · Level 3"


async def test_the_generic_game_commands_answer_privately_in_a_race(world) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=1")
    offered = await world.bob.autocomplete(world.channel, "game move", "move", "")
    assert offered and all(c["value"].startswith(("ASSIGN", "STOP")) for c in offered)
    moved = await world.bob.slash(world.channel, "game move", move=offered[0]["value"])
    assert moved.ephemeral and "only you see it: **bob** assigns" in moved.response.content
    resigned = await world.alice.slash(world.channel, "game resign")
    assert resigned.ephemeral and "resign" in resigned.response.content
    assert round_message(world).id == first.id  # nothing new in the channel
    await world.env.advance_time(60)
    assert "**0 of 1 done · 1 ended**" in description(message(world, first.id))


async def test_a_person_races_a_hard_computer_to_the_final_ranking(world, monkeypatch) -> None:
    lobby = await open_lobby(world, world.alice, "islant", options="level=1 max_rounds=4")
    in_place = await add_hard_computer(world, world.alice, lobby, monkeypatch)
    await world.alice.click(lobby, label="Start")
    rnd = random.Random(6)
    for _ in range(4):
        if (await latest_game(world)).status == "finished":
            break
        await play_turn(world, world.alice, rnd)
    record = await latest_game(world)
    world.env.bot.service.computers.close()
    assert record.status == "finished"
    assert face(last_card(world.channel)).title == "Islant · Level 1 · final ranking"
    assert await computer_actions(world, record) > 0
    assert Level.HARD not in in_place.levels  # every hard move came from the worker process
    assert world.env.errors == []


async def test_a_level_5_turn_on_a_phone_a_suggestion_or_a_tap_per_tile(world) -> None:
    """Opening the panel, a suggested turn and Submit: three taps, one save each, the
    suggestion's steps told in the panel. Then a turn of one's own: each tile one tap, the
    last one carrying the Submit (the question says so)."""
    await start_race(world, [world.alice, world.bob], options="level=5 max_rounds=3 cap=2")
    panel = await open_panel(world.alice, world)  # tap 1
    suggestion = next(x for x in labels(panel) if x.startswith("Suggested: "))
    await choose(world.alice, panel, suggestion)  # tap 2: the dice and every tile
    assert "Every tile is done: submit your turn?" in text_of(panel)
    assert "**alice** assigns " in text_of(panel) and "; draws " in text_of(panel)
    record, state, seat = await seat_state(world, world.alice)
    assert not state.players[seat].working.open_slots()
    await choose(world.alice, panel, SUBMIT)  # tap 3
    assert "Turn submitted (1 of 2 done)" in text_of(panel)

    panel = await open_panel(world.bob, world)
    taps = 0
    while "Last tile:" not in text_of(panel):
        own = [x for x in labels(panel) if not x.startswith((*NOT_RANDOMLY, "Other places"))]
        await choose(world.bob, panel, own[0])
        taps += 1
        assert taps <= 4 + 3  # the dice (one or two taps, one more per 6) and three tiles
    await choose(world.bob, panel, labels(panel)[0])  # the last tile, and the turn is submitted
    second = round_message(world)
    assert face(second).title.endswith("Round 2 of 3")  # both submitted: a new round
    record, state, seat = await seat_state(world, world.bob)
    bobs = [a.notation for a in await world.env.bot.store.actions(record.id) if a.seat == seat]
    assert bobs[-2].startswith("DRAW ") and bobs[-1] == "SUBMIT"


async def test_a_submitted_panel_waits_with_a_way_to_the_next_round(world) -> None:
    await start_race(world, [world.alice, world.bob, world.carol], options="level=2")
    rnd = random.Random(3)
    panel = await play_turn(world, world.alice, rnd)
    assert "Waiting for **bob**, **carol**." in text_of(panel)
    assert "You will be pinged when it is your turn" in text_of(panel)
    assert labels(panel) == [NEXT_LABEL]
    await play_turn(world, world.bob, rnd)
    await choose(world.alice, panel, NEXT_LABEL)  # still waiting: told again, one fewer
    assert "Waiting for **carol**." in text_of(panel) and labels(panel) == [NEXT_LABEL]
    await play_turn(world, world.carol, rnd)
    await choose(world.alice, panel, NEXT_LABEL)  # the round moved on: her new turn
    assert "Round 2" in text_of(panel) and "Which dice go where?" in text_of(panel)
    assert NEXT_LABEL not in labels(panel)
    await choose(world.alice, panel, "Stop")
    await choose(world.alice, panel, "Yes, I am sure")
    assert NO_TURNS_TEXT in text_of(panel) and labels(panel) == []
    assert world.env.errors == []
