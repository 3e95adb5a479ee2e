"""The offline demonstration's game on a live page (``islandbot`` without a token, with
``ISLANDBOT_WEB_PORT``): computer players play it move by move through the bot's own service
on a temporary database, so its page follows it as it follows a game in a channel.

The page stays up once the game is over (with its replay) until Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import asyncio
import random
import signal
import tempfile
from pathlib import Path

from engine import find_game
from engine.core import Level

from .service import GameService
from .simulate import seat_names
from .store import GameRecord, Store
from .web import WebConfig, WebPages

CHANNEL = 1
PACE_SECONDS = 0.5
"""The pause between two moves, so that the page can be watched."""


async def serve_demo(
    game_name: str, players: int, seed: int, config: WebConfig, pace: float = PACE_SECONDS
) -> None:
    """Serve the page of a game of ``players`` computer players while they play it, then
    until a stop signal."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    with tempfile.TemporaryDirectory(prefix="islandbot-demo-") as folder:
        store = await Store.open(Path(folder) / "demo.sqlite3")
        service = GameService(store, seed_source=lambda: seed)
        pages = WebPages(service, config)
        try:
            await pages.start()
            record = await seat_players(service, game_name, players)
            print(f"Watch the game live at {await pages.link(record)}", flush=True)
            playing = asyncio.create_task(play(service, record.id, seed, pace))
            await stop.wait()
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        finally:
            await pages.stop()
            service.computers.close()
            service.pictures.close()
            await store.close()


async def seat_players(service: GameService, game_name: str, players: int) -> GameRecord:
    """A lobby with every seat taken (user ids 1, 2, …), started."""
    names = seat_names((Level.NORMAL,) * players)
    await service.open_lobby(
        guild_id=None,
        channel_id=CHANNEL,
        game_name=game_name,
        host_id=1,
        host_name=names[0],
        options={},
    )
    for user, name in enumerate(names[1:], start=2):
        await service.join(CHANNEL, user, name)
    return (await service.start(CHANNEL, 1)).record


async def play(service: GameService, game_id: int, seed: int, pace: float) -> None:
    """Each seat to move plays as a normal computer player would, one action at a time (as
    in :func:`bot.simulate.simulate`, so the page shows the game the frames show)."""
    rnd = random.Random(seed)
    while True:
        record = await service.store.get_game(game_id)
        assert record is not None
        game = find_game(record.game)
        state = service.state_of(record)
        if record.status != "active":
            break
        seat = min(game.to_move(state))
        action = await asyncio.to_thread(game.choose_ai_action, state, seat, rnd, Level.NORMAL)
        user = record.players[seat].user_id
        assert user is not None
        await service.play(CHANNEL, user, game.format(action))
        await asyncio.sleep(pace)
    print("The game is over; its page stays up until Ctrl-C.", flush=True)
