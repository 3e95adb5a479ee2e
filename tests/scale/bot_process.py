"""The bot as a process of its own on simcord's Discord, stopped by a signal (run by a test).

``python -m tests.scale.bot_process DATABASE STEP`` builds the same server, channel and
players every time (simcord's ids follow the order things are made), then:

- ``serve``: starts an Islant race, draws its pictures in worker processes, starts the hard
  computers' worker, says ``ready``
  and runs until SIGTERM or SIGINT stops it gracefully (it says ``stopped`` and exits 0);
- ``killed``: the host closes round 1, which is saved, but the process dies before the new
  round is shown: it says ``saved`` and waits for SIGKILL;
- ``killed-move``: a tiggar islanote move is saved and the process dies before its board is
  shown (it says ``saved``);
- ``killed-timer``: round 1's timer runs out, the round is closed by the timer's job, and
  the process dies before round 2 is shown (it says ``saved``);
- ``restart``: starts on the database the others left and prints, as JSON, the titles and
  texts of the channel's cards and whom each of its posts pinged;
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
from engine import find_game
from tests.bot.conftest import World, make_bot
from tests.bot.faces import face, is_card, visible_text
from tests.bot.flow_helpers import latest_game, open_lobby
from tests.bot.flows.test_islant_flow import open_panel, play_turn, start_race

SETTLE_SECONDS = 60
"""How long a step waits for the work it started (worker processes spawning on a busy machine):
a bound for a hang, where simcord's own 5 s would measure the machine's speed."""


async def world_on(database: str) -> World:
    env = simcord.Env(make_bot(database), settle_timeout=SETTLE_SECONDS)
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
    await world.env.bot.service.computers.start()  # the hard computers' worker too
    stop_on_signals(world.env.bot)
    print("ready", flush=True)
    while not world.env.bot.is_closed():
        await asyncio.sleep(0.05)
    print("stopped", flush=True)


def dies_before_showing() -> None:
    """From now on, the process hangs where a saved change would be shown (until SIGKILL)."""

    async def dies_here(*args: object, **kwargs: object) -> None:
        print("saved", flush=True)
        await asyncio.Event().wait()

    Publisher.show = dies_here  # type: ignore[method-assign]


async def killed(world: World) -> None:
    first = await start_race(world, [world.alice, world.bob], options="level=2")
    await play_turn(world, world.alice, random.Random(1))
    await open_panel(world.bob, world)
    asked = await world.alice.click(first, label="Close round")
    dies_before_showing()
    await world.alice.click(asked.response, label="Close round 1 now")


async def killed_move(world: World) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    game = find_game(record.game)
    state = world.env.bot.service.state_of(record)
    seat = min(game.to_move(state))
    mover = world.alice if record.players[seat].user_id == world.alice.id else world.bob
    move = game.format(game.legal_actions(state, seat)[0])
    dies_before_showing()
    await mover.slash(world.channel, "game move", move=move)


async def killed_timer(world: World) -> None:
    await start_race(world, [world.alice, world.bob], options="level=2 round_minutes=5")
    await play_turn(world, world.alice, random.Random(1))
    dies_before_showing()
    await world.env.advance_time(10 * 60)  # the timer's job closes the round, then hangs
    await asyncio.Event().wait()


async def restart(world: World) -> None:
    await world.env.advance_time(1)  # the start-up delivery
    await world.env.advance_time(600)  # and a later one: nothing is shown twice
    cards = [m for m in world.channel.history() if is_card(m)]
    titles = [face(m).title for m in cards]
    texts = [visible_text(m, alt=False) for m in cards]
    posts = [r.json for r in world.env.http_requests if r.method == "POST" and r.json]
    pings = [
        sorted(int(u) for u in post["allowed_mentions"]["users"])
        for post in posts
        if "<@" in (post.get("content") or "") and post.get("allowed_mentions")
    ]
    players = sorted([world.alice.id, world.bob.id])
    shown = {"titles": titles, "texts": texts, "pings": pings, "players": players}
    print(json.dumps(shown), flush=True)


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
        steps = {
            "serve": serve,
            "killed": killed,
            "killed-move": killed_move,
            "killed-timer": killed_timer,
            "restart": restart,
            "replay": replay,
        }
        await steps[step](world)
    finally:
        if not world.env.bot.is_closed():
            await world.env.bot.close()  # as a stop signal does
        await world.env.shutdown()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
