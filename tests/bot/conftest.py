"""Bot flow fixtures: the real bot in simcord's offline Discord, on a temporary database."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count

import pytest
import simcord

from bot.client import IslandBot

from .discord_limits import expired_tokens, oversized, violations

JOB_POLL_SECONDS = 600  # time-travel tests jump hours; a 10-minute poll keeps them quick
HEAVY_WORK = pytest.mark.simcord(settle_timeout=60)
"""For tests whose clicks start seconds of real CPU work in threads (a 99-player race's
pictures, a whole game's replay): simcord waits 5 s of real time for such work by default,
which a busy machine overruns; 60 s only bounds a hang."""


MADE: list[IslandBot] = []
"""The bots the running test made, released after it (see :func:`released_bots`)."""


def make_bot(db_path, *, job_poll_seconds: float = JOB_POLL_SECONDS) -> IslandBot:
    """A bot like production, but with fixed game seeds so flows are reproducible."""
    seeds = count(1000)
    bot = IslandBot(
        db_path,
        job_poll_seconds=job_poll_seconds,
        service_kwargs={"seed_source": lambda: next(seeds)},
    )
    MADE.append(bot)
    return bot


@pytest.fixture(autouse=True)
async def released_bots():
    """After each test, every bot it made is released (store, worker pools, pages). simcord
    detaches a bot without closing it, as a killed process is dropped; an unreleased store
    keeps a database thread alive that stops the test run from exiting."""
    yield
    while MADE:
        await MADE.pop().release()


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    db_path: object

    async def restart(self) -> None:
        """Stop the bot and start a fresh process-like instance on the same database."""
        await self.env.restart_bot(make_bot(self.db_path))
        await self.env.bot.sync_commands()


class StampedRequests(list):
    """simcord's request log, remembering the (virtual) time of each request as it is made."""

    def __init__(self, env: simcord.Env, earlier: list) -> None:
        super().__init__(earlier)
        self.env = env
        self.times = [env.now() for _ in earlier]

    def append(self, entry) -> None:
        super().append(entry)
        self.times.append(self.env.now())

    def pairs(self):
        return zip(self, self.times, strict=True)


def stamp_requests(env: simcord.Env) -> StampedRequests:
    """Make the backend's request log record the time of each request."""
    log = StampedRequests(env, env.backend.http_requests)
    env.backend.http_requests = log
    return log


def record_uploads(env: simcord.Env) -> list[tuple[str, int]]:
    """Make the backend's file store note every upload's name and size."""
    uploads: list[tuple[str, int]] = []
    cdn = env.backend.cdn
    store = cdn.store_attachment

    def noted(attachment_id, channel_id, filename, data, description):
        uploads.append((filename, len(data)))
        return store(attachment_id, channel_id, filename, data, description)

    cdn.store_attachment = noted
    return uploads


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bot.db"


@pytest.fixture
def simcord_bot(db_path):
    """The flow tests' bot (released after the test, as every bot :func:`make_bot` made)."""
    return make_bot(db_path)


@pytest.fixture
async def world(simcord_env, db_path):
    """Three members in a server with the bot. Afterwards, every request the bot sent in the
    test (and every file it uploaded) is checked against Discord's documented limits (simcord
    does not enforce them)."""
    await simcord_env.bot.sync_commands()  # explicit, as `islandbot sync` does
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("island-games")
    people = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")]
    stamped = stamp_requests(simcord_env)
    uploads = record_uploads(simcord_env)
    yield World(simcord_env, guild, channel, *people, db_path)
    broken = (
        violations(simcord_env.http_requests) + expired_tokens(stamped.pairs()) + oversized(uploads)
    )
    assert not broken, "Discord would refuse:\n" + "\n".join(dict.fromkeys(broken))
