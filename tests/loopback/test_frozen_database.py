"""A database that stops answering, met by the real bot process on a real gateway: every
interaction is answered within Discord's 3 s, and a move answered as failed is never applied
later. On SQLite (another program holds its write lock) and on PostgreSQL (behind a proxy
that stops forwarding, as a stopped server or a stalled network looks to the bot).

The in-process flow test (``tests/bot/resilience/test_frozen_database.py``) cannot freeze PostgreSQL
under the whole bot: simcord's clock is virtual, so no timer ends a wait on a socket there.
Here every clock is the wall's.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time

import asyncpg

from bot.store import is_postgres_url
from engine import find_game
from tests.benchmarks import burst
from tests.frozen import outage_of
from tests.loopback.fake_discord import FakeDiscord
from tests.loopback.race import LoopbackHarness, bot_process, click, quiet

GAME = find_game("tigerisland")
DISCORD_MS = 3000.0


async def answered_in_ms(fake: FakeDiscord, log: burst.Clock, action) -> float:
    """Run ``action`` (one slash command) and the time (ms) until the bot acknowledged it."""
    before = set(fake.sent_at)
    started = time.perf_counter() * 1000
    await action
    (sent,) = set(fake.sent_at) - before
    for _ in range(100):
        for entry, at in zip(log, log.times, strict=True):
            parts = entry.path.split("/")
            if entry.path.endswith("/callback") and parts[2] == str(sent):
                return at - started
        await asyncio.sleep(0.05)
    raise AssertionError("the interaction got no answer at all")


async def saved_version(database: str, tmp_db: str) -> tuple[int, str]:
    """The tiggar islanote game's saved version and state, read as another program would."""
    if is_postgres_url(database):
        conn = await asyncpg.connect(database)
        try:
            row = await conn.fetchrow("SELECT version, state FROM games ORDER BY id DESC LIMIT 1")
        finally:
            await conn.close()
    else:
        with sqlite3.connect(tmp_db) as conn:
            row = conn.execute("SELECT version, state FROM games ORDER BY id DESC").fetchone()
    return int(row[0]), str(row[1])


async def test_a_frozen_database_is_answered_in_time_and_nothing_lands_late(
    database, tmp_path
) -> None:
    fake = FakeDiscord()
    await fake.start()
    guild = fake.env.create_guild()
    channel = guild.create_text_channel("frozen")
    ann, ben = (guild.add_member(fake.env.create_user(n)) for n in ("ann", "ben"))
    log = burst.Clock.on(fake.env)
    harness = LoopbackHarness(fake, log)
    sqlite_file = str(tmp_path / "bot.db")
    where = database if is_postgres_url(database) else sqlite_file
    try:
        async with outage_of(where) as outage, bot_process(fake, "island", outage.url, []):
            await ann.slash(channel, "game new", game="tigerisland", options="timeout_hours=48")
            await quiet(log)
            lobby = burst.round_message(channel)
            await click(harness, [(ben, lobby, "Join")])
            await click(harness, [(ann, lobby, "Start")])
            version, data = await saved_version(database, sqlite_file)
            state = GAME.deserialize(json.loads(data))
            seat = min(GAME.to_move(state))
            mover = (ann, ben)[seat]
            move = GAME.format(GAME.legal_actions(state, seat)[0])
            with outage.frozen():
                shown = await answered_in_ms(fake, log, mover.slash(channel, "game status"))
                moved = await answered_in_ms(
                    fake, log, mover.slash(channel, "game move", move=move)
                )
                await asyncio.sleep(1.0)
            await asyncio.sleep(2.0)  # the database works through whatever it was sent
            assert shown < DISCORD_MS and moved < DISCORD_MS, (shown, moved)
            told = " ".join(
                str(e.json) for e in log if "webhooks" in e.path or "callback" in e.path
            )
            assert "storage is not answering" in told
            assert (await saved_version(database, sqlite_file))[0] == version, "applied late"
            after = await answered_in_ms(fake, log, mover.slash(channel, "game move", move=move))
            await quiet(log)
            assert after < DISCORD_MS
            assert (await saved_version(database, sqlite_file))[0] > version  # back to normal
    finally:
        await fake.stop()
