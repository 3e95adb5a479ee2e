"""The real bot process through a Discord outage (the loopback fake answering 503): once
Discord answers again, every saved change is shown soon after, without waiting for another
change or the outbox's late pass: the latest state of a round message whose edits failed, and
a new round whose card and pings could not be posted. (On PostgreSQL, with two processes, the
same recovery is proven on the virtual clock: ``tests/scale/test_two_bots.py``.)

The bounds below are generous (a busy machine); the time each change took to appear after
the outage ended is printed, to compare with the goal of 10 s.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from tests.benchmarks import burst
from tests.bot.faces import face, visible_text
from tests.loopback.fake_discord import FakeDiscord
from tests.loopback.race import LoopbackHarness, bot_process, open_race, quiet

PLAYERS = 3
THINK = (0.05, 0.2)  # each player's pause before a tap, seconds
OUTAGE = 4.0  # seconds of 503 after the last change held back
SHOWN_WITHIN = 60.0  # seconds: a bound for a hang, not a measure of speed


async def shown(check: Any, what: str) -> float:
    """Seconds until ``check()`` holds (polled); fails after :data:`SHOWN_WITHIN`."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > SHOWN_WITHIN:
            raise AssertionError(f"{what}: not shown {SHOWN_WITHIN:.0f} s after the outage")
        await asyncio.sleep(0.1)
    seconds = time.monotonic() - start
    print(f"{what}: shown {seconds:.1f} s after Discord answered again")
    return seconds


async def test_what_an_outage_held_back_is_shown_once_discord_answers_again(tmp_path) -> None:
    fake = FakeDiscord()
    await fake.start()
    env = fake.env
    guild = env.create_guild("Outage")
    channel = guild.create_text_channel("race")
    members = [guild.add_member(env.create_user(f"player{k}")) for k in range(PLAYERS)]
    harness = LoopbackHarness(fake, burst.Clock.on(env))
    rnd = random.Random(7)
    try:
        async with bot_process(fake, "island", str(tmp_path), []):
            await open_race(harness, channel, members, level=1)
            first = burst.round_message(channel)
            assert "0 of 3 done" in visible_text(first)

            def reads(text: str) -> bool:
                now = next(m for m in channel.history() if m.id == first.id)
                return text in visible_text(now)

            fake.outage = {"PATCH"}  # the round message cannot be edited
            await burst.play_round_as_people(harness, channel, members[:2], rnd, THINK)
            await asyncio.sleep(OUTAGE)
            assert not reads("2 of 3 done")
            assert fake.refused(0), "the edits were refused"
            fake.outage = set()
            await shown(lambda: reads("2 of 3 done"), "the round message's latest state")

            fake.outage = {"POST", "PATCH"}  # the new round can be neither posted nor pinged
            await burst.play_round_as_people(harness, channel, members[2:], rnd, THINK)
            await asyncio.sleep(OUTAGE)
            assert not round_two(channel)
            fake.outage = set()
            await shown(lambda: bool(round_two(channel)), "round 2's card")
            await shown(lambda: pinged(channel) == {m.id for m in members}, "round 2's pings")
            await quiet(harness.log)
            assert len(round_two(channel)) == 1  # posted once
    finally:
        await fake.stop()


def round_two(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "Round 2" in (face(m).title or "")]


def pinged(channel: Any) -> set[int]:
    """Whom the bot's posts since round 2's card mention."""
    after = False
    found: set[int] = set()
    for message in channel.history():
        after = after or "Round 2" in (face(message).title or "")
        if after:
            found |= {user.id for user in message.mentions}
    return found
