"""Two bot processes over one PostgreSQL database, each serving two of four shards: each plays
a game in a server of its own shards to the end, one is restarted mid-game, and only the
process serving shard 0 registers the commands. A board one process owes (Discord refused
it) is delivered by that process, never by the other.

Each process is a thread with its own event loop and its own simulated Discord (simcord runs
one bot per world and loop); the worlds' clocks are set a day apart so that their ids never
collide, as Discord's would not.
"""

from __future__ import annotations

import asyncio
import random
import threading
from dataclasses import dataclass
from itertools import count

import pytest
import simcord

from bot.client import ShardedIslandBot
from bot.shards import Shards
from bot.store import Store
from engine import find_game
from tests.bot.faces import last_card, visible_text
from tests.bot.flow_helpers import new_game

GAME = find_game("tigerisland")
SHARDS = (Shards((0, 1), 4), Shards((2, 3), 4))
DAY = 86_400
RECOVERED = 10  # seconds after Discord answers again by which an owed board is shown


def _guild_on(shard: int) -> int:
    """A server id whose shard (Discord's rule: (id >> 22) % 4) is ``shard``."""
    return (1_000_000 + shard) << 22


def _bot(url: str, shards: Shards, guild_id: int) -> ShardedIslandBot:
    seeds = count(2000)
    return ShardedIslandBot(
        url,
        shards=shards,
        dev_guild=guild_id,
        job_poll_seconds=600,
        service_kwargs={"seed_source": lambda: next(seeds)},
    )


def _command_syncs(env: simcord.Env) -> list[str]:
    return [r.path for r in env.http_requests if r.method == "PUT" and "commands" in r.path]


class Table:
    """One process's world: its server, channel and a player facing a computer."""

    def __init__(self, url: str, shards: Shards, shard: int, days_ahead: int) -> None:
        self.url, self.shards, self.guild_id = url, shards, _guild_on(shard)
        self.env = simcord.Env(_bot(url, shards, self.guild_id))
        self.env.backend.clock.advance(days_ahead * DAY)

    async def open(self) -> None:
        guild = self.env.create_guild("Islands", id=self.guild_id)
        await self.env.start()
        self.channel = guild.create_text_channel("island-games")
        self.player = guild.add_member(self.env.create_user("alice"))

    async def restart(self) -> None:
        await self.env.restart_bot(_bot(self.url, self.shards, self.guild_id))

    async def sync(self) -> None:
        """Register the commands in this world, as ``islandbot sync`` does once."""
        await self.env.bot.sync_commands(self.guild_id)

    async def start_game(self) -> None:
        lobby = await new_game(self.player, self.channel, "tigerisland")
        message = lobby.response.message
        await self.player.click(message, label="Add computer")
        await self.player.click(message, label="Normal")
        await self.player.click(message, label="Start")

    async def record(self):
        return await self.env.bot.store.last_game_in(self.channel.id)

    async def play(self, rnd: random.Random, turns: int) -> None:
        """The player takes up to ``turns`` actions (the computer answers each)."""
        for _ in range(turns):
            record = await self.record()
            if record.status != "active":
                return
            phase = GAME.view(self.env.bot.service.state_of(record), None).data["phase"]
            command, option = (
                ("tiger place", "placement") if phase == "place" else ("tiger build", "build")
            )
            offered = await self.player.autocomplete(self.channel, command, option, "")
            safe = [c for c in offered if "no build" not in c["name"]] or offered
            result = await self.player.slash(
                self.channel, command, **{option: rnd.choice(safe)["value"]}
            )
            # a typed placement is confirmed privately (the board is edited); a build is posted
            saved = result.response.content.startswith("✓") or not result.ephemeral
            assert saved, result.response.content


@dataclass(frozen=True)
class Played:
    """What one process did: where its game was, and whether it registered the commands."""

    guild_id: int
    channel_id: int
    synced_commands: bool
    restarted_at_version: int | None


async def _play_through(
    url: str, shards: Shards, shard: int, days_ahead: int, seed: int, restart: bool
) -> Played:
    """One process's whole life: start, (maybe restart mid-game), play to the end."""
    table = Table(url, shards, shard, days_ahead)
    await table.open()
    try:
        synced = bool(_command_syncs(table.env))
        if not synced:
            await table.sync()
        await table.start_game()
        rnd = random.Random(seed)
        await table.play(rnd, 6)
        restarted_at = None
        if restart:  # the process goes down and comes back mid-game
            restarted_at = (await table.record()).version
            await table.restart()
            assert (await table.record()).version == restarted_at
        await table.play(rnd, 200)
        last = "\n".join(visible_text(m) for m in table.channel.history()[-3:])
        assert "Game over" in last, last
        return Played(table.guild_id, table.channel.id, synced, restarted_at)
    finally:
        await table.env.shutdown()


async def test_two_processes_on_different_shards_each_play_a_game_to_the_end(
    postgres_url,
) -> None:
    played = await asyncio.gather(
        *(
            asyncio.to_thread(asyncio.run, _play_through(postgres_url, *args))
            for args in ((SHARDS[0], 1, 0, 3, True), (SHARDS[1], 2, 1, 4, False))
        )
    )
    assert [p.synced_commands for p in played] == [True, False]  # shard 0's process only
    assert played[0].restarted_at_version is not None
    store = await Store.open(postgres_url)  # one database holds both games
    try:
        for one in played:
            record = await store.last_game_in(one.channel_id)
            assert record.status == "finished" and record.guild_id == one.guild_id
            log = [(a.seat, a.notation) for a in await store.actions(record.id)]
            replayed = GAME.replay(2, record.options, record.seed, log)
            assert GAME.serialize(replayed) == record.state
    finally:
        await store.close()


async def _owes_a_board(
    url: str, owed: threading.Event, other_done: threading.Event, restart: bool
) -> bool:
    """The process of shards 0–1 saves a turn whose board Discord refuses (the edit, and the
    post that replaces it), waits while the other process runs, then Discord answers again:
    the process shows the board within seconds (virtual ones), or, ``restart``-ed, its
    start-up delivery does."""
    table = Table(url, SHARDS[0], 1, 0)
    await table.open()
    try:
        await table.sync()
        await table.start_game()
        await table.play(random.Random(5), 1)  # the placement
        offered = await table.player.autocomplete(table.channel, "tiger build", "build", "")
        for path in ("/channels/*/messages*", "/webhooks/*"):  # posts, edits and answers
            table.env.inject_error("*", path, status=503, times=None)
        await table.player.slash(table.channel, "tiger build", build=offered[0]["value"])
        await table.env.bot.publisher.settle()
        record = await table.record()
        assert await table.env.bot.store.notices_of(record.id), "the board is owed"
        owed.set()
        await asyncio.to_thread(other_done.wait, 120)
        table.env.backend.faults.clear()
        if restart:
            await table.restart()
            await table.env.advance_time(1)  # the start-up delivery
        else:
            await table.env.advance_time(RECOVERED)
        shown = last_card(table.channel)
        return (
            shown.id == (await table.record()).board_message_id
            and table.env.bot.publisher.shown_version(record.id) == record.version
            and await table.env.bot.store.notices_of(record.id) == []
        )
    finally:
        owed.set()
        await table.env.shutdown()


async def _leaves_it_alone(url: str, owed: threading.Event, other_done: threading.Event) -> int:
    """The process of shards 2–3 starts and delivers its own outbox meanwhile; returns how
    many requests it sent about channels of other shards' servers (none of them exist in its
    world: a refusal there would drop the entry)."""
    await asyncio.to_thread(owed.wait, 120)
    table = Table(url, SHARDS[1], 2, 1)
    await table.open()
    try:
        await table.env.advance_time(1)  # the start-up delivery
        await table.env.advance_time(600)  # and a later one
        mine = f"/channels/{table.channel.id}/"
        return sum(
            1
            for r in table.env.http_requests
            if r.path.startswith("/channels/") and mine not in r.path
        )
    finally:
        other_done.set()
        await table.env.shutdown()


@pytest.mark.parametrize("restart", [False, True], ids=["recovered", "restarted"])
async def test_an_owed_board_is_delivered_by_the_process_serving_its_server(
    postgres_url, restart
) -> None:
    owed, other_done = threading.Event(), threading.Event()
    shown, elsewhere = await asyncio.gather(
        asyncio.to_thread(asyncio.run, _owes_a_board(postgres_url, owed, other_done, restart)),
        asyncio.to_thread(asyncio.run, _leaves_it_alone(postgres_url, owed, other_done)),
    )
    assert elsewhere == 0
    assert shown
