"""Islant of the day through the real bot, as friends on different servers play it.

Players use what a person would: /islant daily, the private panel's taps and picks, the
result's button, /islant today and its select; the clock moves across midnight UTC.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest

from bot.daily.rolls import day_of
from engine.islant import GAME, roll_text

from ..faces import controls as controls_of
from ..faces import face, is_card, text_of
from ..flow_helpers import expect_refusal
from .test_islant_flow import SUBMIT, choose, labels, tap


async def stop(actor, panel) -> None:
    """End the attempt: Stop, then Yes when the panel asks."""
    await choose(actor, panel, "Stop")
    assert "Are you sure?" in text_of(panel)
    await choose(actor, panel, "Yes, I am sure")


pytestmark = pytest.mark.simcord(settle_timeout=60)  # a jump to the next day polls jobs often
SECRET = "a fixed secret for reproducible days"
MAX_TAPS = 400


async def fixed_secret(world) -> None:
    """Store the secret before anyone plays (the bot keeps the first one stored)."""
    assert await world.env.bot.store.daily_secret(SECRET) == SECRET


def second_server(world, *actors):
    """Another server with a channel, where ``actors``' users are members too."""
    guild = world.env.create_guild("Other server")
    channel = guild.create_text_channel("puzzles")
    members = [guild.add_member(actor.user) for actor in actors]
    return guild, channel, members


async def past_midnight(world) -> None:
    """Move the clock to just after the next midnight UTC."""
    now = world.env.bot.service.now()
    midnight = (now + timedelta(days=1)).replace(hour=0, minute=0, second=30, microsecond=0)
    await world.env.advance_time((midnight - now).total_seconds())


async def attempt_of(world, actor, level: int = 3, days_later: int = 0):
    day = day_of(world.env.bot.service.now()) + timedelta(days=days_later)
    return await world.env.bot.store.daily_attempt(actor.id, day.isoformat(), level)


async def state_of(world, actor, level: int = 3):
    attempt = await attempt_of(world, actor, level)
    return GAME.deserialize(attempt.state)


async def open_daily(actor, channel, level: int = 3):
    opened = await actor.slash(channel, "islant daily", level=level)
    assert opened.ephemeral
    return opened.response


async def play_round(world, actor, panel, rnd: random.Random, level: int = 3) -> None:
    """Tap until the round's turn is submitted (the next roll then shows)."""
    start = (await state_of(world, actor, level)).round
    for _ in range(MAX_TAPS):
        offered = labels(panel)
        if SUBMIT in offered:
            await choose(actor, panel, SUBMIT)
            break
        await tap(actor, panel, rnd)
        if (await attempt_of(world, actor, level)).finished:
            return
        if (await state_of(world, actor, level)).round != start:  # the last tile submitted it
            break
    assert (await state_of(world, actor, level)).round == start + 1 or (
        await attempt_of(world, actor, level)
    ).finished


async def test_two_friends_on_two_servers_play_the_same_rolls_and_compare(world) -> None:
    await fixed_secret(world)
    _, other_channel, (bob_there,) = second_server(world, world.bob)
    alice_panel = await open_daily(world.alice, world.channel)
    bob_panel = await open_daily(bob_there, other_channel)
    assert "Islant · Level 3 · Round 1" in text_of(alice_panel)
    assert alice_panel.attachments[0].filename == "panel.png"
    alice_state, bob_state = await state_of(world, world.alice), await state_of(world, world.bob)
    assert roll_text(alice_state) in text_of(alice_panel)
    assert alice_state.roll == bob_state.roll and alice_state.rerolled == bob_state.rerolled

    # Round by round, whatever each draws, the next rolls are the same for both.
    rnd = random.Random(3)
    for _ in range(3):
        await play_round(world, world.alice, alice_panel, rnd)
        await play_round(world, bob_there, bob_panel, rnd)
        a, b = await state_of(world, world.alice), await state_of(world, world.bob)
        assert (a.round, a.roll) == (b.round, b.roll)
        assert roll_text(a) in text_of(alice_panel)

    # Both stop: each gets a score, ranks, a card and a share line.
    await stop(world.alice, alice_panel)
    assert "This server: **#1** of 1" in text_of(alice_panel)
    assert "Everywhere: **#1** of 1" in text_of(alice_panel)
    assert alice_panel.attachments[0].filename == "daily.png"
    await stop(bob_there, bob_panel)
    alice, bob = await attempt_of(world, world.alice), await attempt_of(world, world.bob)
    assert alice.guild_id == world.guild.id and bob.guild_id != world.guild.id
    bob_rank = 1 if bob.score >= alice.score else 2
    assert f"Everywhere: **#{bob_rank}** of 2" in text_of(bob_panel)
    assert "This server: **#1** of 1" in text_of(bob_panel)

    # /islant today: both on the global board, the asker's server only on its own.
    board = await world.alice.slash(world.channel, "islant today", level=3)
    embed = face(board.response)
    fields = {f.name: f.value for f in embed.fields}
    assert "alice" in fields["This server"] and "bob" not in fields["This server"]
    assert "alice" in fields["Everywhere"] and "bob" in fields["Everywhere"]
    assert "Streak: 1 day" in embed.footer.text and "L3 " in embed.footer.text
    assert not controls_of(board.response.message)  # no sheets while the day runs

    # /stats shows the habit beside the records: a day in a row and the level's best.
    stats = await world.alice.slash(world.channel, "stats")
    fields = {f.name: f.value for f in face(stats.response).fields}
    assert fields["Islant of the day"] == f"1 day in a row · best level 3: {alice.score}"

    # The next day (past midnight UTC) has other rolls.
    await past_midnight(world)
    await open_daily(world.alice, world.channel)
    await open_daily(bob_there, other_channel)
    a, b = await state_of(world, world.alice), await state_of(world, world.bob)
    assert a.roll == b.roll
    assert GAME.serialize(a)["state"]["rng"] != alice_state.rng.to_json()
    assert world.env.errors == []


async def test_one_attempt_per_day_and_no_later_roll_shown(world) -> None:
    await fixed_secret(world)
    panel = await open_daily(world.alice, world.channel, level=1)
    first = await attempt_of(world, world.alice, 1)
    state = GAME.deserialize(first.state)
    start = len(world.env.http_requests)
    rnd = random.Random(5)
    while SUBMIT not in labels(panel):
        await tap(world.alice, panel, rnd)
    sent = " ".join(str(r) for r in world.env.http_requests[start:])
    current = " ".join(map(str, state.roll))
    assert f"Roll {current}" in text_of(panel)
    assert set(re.findall(r"Roll ((?:[1-6] )*[1-6])\b", sent)) == {current}

    # Asking again shows the same attempt; after stopping, only the result.
    again = await open_daily(world.alice, world.channel, level=1)
    assert roll_text(state) in text_of(again)
    await stop(world.alice, again)
    assert "Score **" in text_of(again) and "Share it" in text_of(again)
    after = await open_daily(world.alice, world.channel, level=1)
    assert "Score **" in text_of(after) and after.attachments[0].filename == "daily.png"
    assert (await attempt_of(world, world.alice, 1)).id == first.id
    assert await world.env.bot.store.count_rows("daily_attempts") == 1

    # The share button posts the line, which says nothing about the sheet.
    posted = await world.alice.click(after, label="Post my result here")
    assert not posted.ephemeral
    line = posted.response.content
    assert "Islant of the day #" in line and "Level 1" in line
    assert not re.search(r"\b[A-K][0-9]{1,2}\b", line) and "Roll" not in line


async def test_resume_after_a_restart_and_from_another_server(world) -> None:
    await fixed_secret(world)
    _, other_channel, (alice_there,) = second_server(world, world.alice)
    panel = await open_daily(world.alice, world.channel)
    rnd = random.Random(8)
    await play_round(world, world.alice, panel, rnd)
    await tap(world.alice, panel, rnd)  # a turn begun
    before = await attempt_of(world, world.alice)
    await world.restart()
    resumed = await open_daily(alice_there, other_channel)
    after = await attempt_of(world, world.alice)
    assert after.id == before.id and after.state == before.state
    assert after.guild_id == world.guild.id  # its rank stays on the first server
    assert "Round 2" in text_of(resumed)
    await tap(world.alice, panel, rnd)  # the old panel still answers after the restart
    assert (await attempt_of(world, world.alice)).version >= before.version
    assert world.env.errors == []


async def test_the_day_ends_unfinished_attempts_and_opens_the_sheets(world) -> None:
    await fixed_secret(world)
    panel = await open_daily(world.alice, world.channel, level=2)
    bob_panel = await open_daily(world.bob, world.channel, level=2)
    assert not any(label.startswith("Stop") for label in labels(bob_panel))  # not at once
    assert "Stop" not in text_of(bob_panel)  # nor told of
    await choose(world.bob, bob_panel, "Suggested")
    await stop(world.bob, bob_panel)
    bob = await attempt_of(world, world.bob, 2)
    refused = await world.alice.slash(world.channel, "islant today", level=2, day="2099-01-01")
    expect_refusal(world, refused, "has not come yet")
    refused = await world.alice.slash(world.channel, "islant today", level=2, day="soon")
    expect_refusal(world, refused, "YYYY-MM-DD")
    refused = await world.alice.slash(world.channel, "islant today", level=2, day="2020-01-01")
    expect_refusal(world, refused, "began on 2026-01-01")

    await past_midnight(world)
    await tap(world.alice, panel, random.Random(2))
    assert "The day is over" in text_of(panel) and "Score **" in text_of(panel)
    alice = await attempt_of(world, world.alice, 2, days_later=-1)
    assert alice.status == "stopped" and alice.finished_at is not None

    day = alice.day
    empty = await world.alice.slash(world.channel, "islant today", level=5, day=day)
    assert "nobody played it" in text_of(empty.response)
    assert not controls_of(empty.response.message)  # no sheets to pick
    board = await world.carol.slash(world.channel, "islant today", level=2, day=day)
    (select,) = controls_of(board.response.message)
    assert {o.value for o in select.options} == {str(alice.id), str(bob.id)}
    shown = await world.carol.select(board.response, [str(bob.id)])
    assert shown.ephemeral and shown.response.attachments[0].filename == "sheet.png"
    assert is_card(shown.response) and "**bob**" in text_of(shown.response)
    assert all(type(getattr(e, "original", e)).__name__ == "UserError" for e in world.env.errors)
