"""The real bot process on the loopback fake Discord: a race as people tap is answered in
time, and the fake refuses what Discord refuses."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import aiohttp
import discord
from simcord.enums import InteractionType
from simcord.interactions import base_payload

from tests.loopback.fake_discord import API, BUCKET_REQUESTS, DEADLINE_SECONDS, FakeDiscord
from tests.loopback.race import run_race
from tests.scale.test_stops import in_session


async def test_a_race_as_people_tap_is_acknowledged_once_in_time_and_answered() -> None:
    race = await run_race(20, 1, think=(0.1, 0.6), level=2)
    acks = [ms for kind in race.latencies.ack.values() for ms in kind]
    answered = [ms for kind in race.latencies.answered.values() for ms in kind]
    # every tap was acknowledged exactly once (else run_race fails) and within 3 s
    assert race.taps >= 20 * 2 and len(acks) == race.taps + race.trivial_taps
    assert max(acks) < DEADLINE_SECONDS * 1000
    assert race.lost == 0 and len(answered) == len(acks)  # every panel answered
    assert set(race.latencies.ack) > {"trivial", "open panel (Play my turn)", "panel select"}
    assert race.violations == [] and "50035" not in race.refusals
    assert "10062" not in race.refusals
    assert race.stopped == [0, 0]  # both bots stopped gracefully on SIGTERM
    assert all(in_session(pid) == [] for pid in race.sessions)  # workers too


async def test_the_fake_refuses_as_discord_does() -> None:
    fake = FakeDiscord()
    await fake.start()
    guild = fake.env.create_guild()
    channel = guild.create_text_channel("limits")
    user = guild.add_member(fake.env.create_user("late"))
    messages = f"{API}/channels/{channel.id}/messages"
    try:
        async with aiohttp.ClientSession(fake.url) as http:
            too_long = await http.post(messages, json={"content": "x" * 2001})
            assert too_long.status == 400 and (await too_long.json())["code"] == 50035
            posts = [
                await http.post(messages, json={"content": "hi"})
                for _ in range(BUCKET_REQUESTS + 1)
            ]
            assert [r.status for r in posts] == [200] * BUCKET_REQUESTS + [429]
            assert 0 < (await posts[-1].json())["retry_after"] <= 5
            assert (await http.get(f"{API}/nowhere/at/all")).status == 404
            record, payload = base_payload(
                fake.backend,
                type=InteractionType.APPLICATION_COMMAND,
                channel_id=channel.id,
                guild_id=guild.id,
                user_id=user.id,
                data={"name": "game", "type": 1},
            )
            fake.backend.emit("INTERACTION_CREATE", payload)
            assert discord.utils.snowflake_time(record.id).date() == datetime.now(UTC).date()
            callback = f"{API}/interactions/{record.id}/{record.token}/callback"
            fake.sent_at[record.id] = time.monotonic() - DEADLINE_SECONDS - 0.1
            late = await http.post(callback, json={"type": 5})
            assert late.status == 404 and (await late.json())["code"] == 10062
    finally:
        await fake.stop()
