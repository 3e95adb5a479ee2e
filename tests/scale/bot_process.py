"""The bot as a process of its own on simcord's Discord, stopped by a signal (run by a test).

``python -m tests.scale.bot_process DATABASE STEP`` builds the same server, channel and
players every time (simcord's ids follow the order things are made), then:

- ``serve``: starts an Islant race, draws its pictures in worker processes, says ``ready``
  and runs until SIGTERM or SIGINT stops it gracefully (it says ``stopped`` and exits 0);
- ``killed``: the host closes round 1, which is saved, but the process dies before the new
  round is shown: it says ``saved`` and waits for SIGKILL;
- ``restart``: starts on the database the others left and prints, as JSON, the titles of
  the channel's messages and whom each of its posts pinged;
- ``replay``: a finished game's replay is being drawn, for longer than a stop waits, when it
  says ``replaying``; once stopped it prints, as JSON, what the asker was told.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import threading
from contextlib import suppress

import simcord

from bot import client
from bot.client import stop_on_signals
from bot.publisher import Publisher
from bot.replays import Replays
from tests.bot.conftest import World, make_bot
from tests.bot.faces import face, is_card
from tests.bot.flow_helpers import open_lobby
from tests.bot.test_islant_flow import open_panel, play_turn, start_race


async def world_on(database: str) -> World:
    env = simcord.Env(make_bot(database))
    guild = env.create_guild()  # before the bot starts: its start-up delivery finds them
    channel = guild.create_text_channel("island-games")
    people = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    await env.start()
    await env.bot.sync_commands()
    return World(env, guild, channel, *people, database)


async def serve(world: World) -> None:
    await start_race(world, [world.alice, world.bob], options="level=2")
    await play_turn(world, world.alice, random.Random(1))
    assert world.env.bot.service.pictures.started
    stop_on_signals(world.env.bot)
    print("ready", flush=True)
    while not world.env.bot.is_closed():
        await asyncio.sleep(0.05)
    print("stopped", flush=True)


async def killed(world: World) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=2")
    await play_turn(world, world.alice, random.Random(1))
    await open_panel(world.bob, world)
    asked = await world.alice.click(first, label="Close round")

    async def dies_here(*args: object, **kwargs: object) -> None:
        print("saved", flush=True)
        await asyncio.Event().wait()  # until SIGKILL

    Publisher.show = dies_here  # type: ignore[method-assign]
    await world.alice.click(asked.response, label="Close round 1 now")


async def restart(world: World) -> None:
    await world.env.advance_time(1)  # the start-up delivery
    await world.env.advance_time(600)  # and a later one: nothing is shown twice
    titles = [face(m).title for m in world.channel.history() if is_card(m)]
    posts = [r.json for r in world.env.http_requests if r.method == "POST" and r.json]
    pings = [
        sorted(int(u) for u in post["allowed_mentions"]["users"])
        for post in posts
        if "<@" in (post.get("content") or "") and post.get("allowed_mentions")
    ]
    players = sorted([world.alice.id, world.bob.id])
    print(json.dumps({"titles": titles, "pings": pings, "players": players}), flush=True)


async def replay(world: World) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    await world.bob.slash(world.channel, "game resign")
    drawn = threading.Event()

    async def slowly(*args: object) -> bytes:
        print("replaying", flush=True)
        await asyncio.to_thread(drawn.wait, 60)  # a long drawing, in another thread
        return b""

    Replays.gif = slowly  # type: ignore[method-assign]
    client.IN_FLIGHT_SECONDS = 1.0  # the stop waits less than the drawing takes
    stop_on_signals(world.env.bot)
    asked = asyncio.create_task(world.carol.slash(world.channel, "game replay"))
    while not world.env.bot.is_closed():
        await asyncio.sleep(0.05)
    told = [  # before the bot closed: Discord cannot be reached afterwards
        r.json.get("content") or ""
        for r in world.env.http_requests
        if r.path.startswith("/webhooks/") and isinstance(r.json, dict)
    ]
    drawn.set()
    with suppress(Exception):  # simcord's own wait for the handler may give up first
        await asked
    print(json.dumps({"told": told}), flush=True)


async def main(database: str, step: str) -> None:
    world = await world_on(database)
    try:
        steps = {"serve": serve, "killed": killed, "restart": restart, "replay": replay}
        await steps[step](world)
    finally:
        if not world.env.bot.is_closed():
            await world.env.bot.close()  # as a stop signal does
        await world.env.shutdown()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
