"""A whole game of every registered game, played through the real bot by panel taps alone: a
person against computers (a hard one among them, thinking in a worker process), with the
game's usual player count. The game ends, its final board is posted, its history is recorded
with a declared end code, and nothing went wrong on the way. (A game waiting for no person,
as for a paced reveal, is left to its timers.)"""

from __future__ import annotations

import random

from engine import find_game
from engine.core import Budget, Level
from tests.bot.conftest import HEAVY_WORK
from tests.bot.faces import controls, face, text_of, visible_text
from tests.bot.flow_helpers import (
    add_hard_computer,
    computer_actions,
    latest_game,
    open_lobby,
    think_quickly,
)
from tests.bot.flows.test_panel import MAX_TAPS_PER_ACTION, tap_once

from ..registry import each_name, usual_players
from .tables import board_message, open_panel, opens_panel

MAX_ACTIONS = 400
"""The person's actions at most (a game not over by then fails)."""
WAIT_SECONDS = 600
"""Time let pass when no move of the person's is awaited (the bot polls its jobs this often)."""
MAX_WAITS = 6
QUICK_HARD = Budget(think_ms=20, playouts=2)
"""The hard computer's budget here: it is there to think aside, not to play well."""


@HEAVY_WORK
@each_name
async def test_a_whole_game_is_played_by_panel_taps_against_computers(
    world, monkeypatch, name
) -> None:
    game = find_game(name)
    players = usual_players(game)
    lobby = await open_lobby(world, world.alice, name)
    hard = players > 1  # (a solo game seats no computer)
    if hard:
        in_place = await add_hard_computer(world, world.alice, lobby, monkeypatch)
        await think_quickly(world.env.bot, QUICK_HARD)
    for _ in range(players - 1 - int(hard)):  # normal computers fill the other seats
        await world.alice.click(lobby, label="Add computer")
        await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    rnd = random.Random(7)
    waits = 0
    for _ in range(MAX_ACTIONS):
        record = await latest_game(world)
        if record.status != "active":
            break
        state = world.env.bot.service.state_of(record)
        if record.seat_of(world.alice.id) not in game.to_move(state):
            await world.env.advance_time(WAIT_SECONDS)
            waits = 0 if (await latest_game(world)).version != record.version else waits + 1
            assert waits < MAX_WAITS, f"the game waits for nobody: {record.status}"
            continue
        panel = (await open_panel(world, world.alice, world.channel)).response
        for _tap in range(MAX_TAPS_PER_ACTION):
            await tap_once(world.alice, panel.message, rnd)
            if (await latest_game(world)).version != record.version:
                break
        else:
            raise AssertionError(f"no move after {MAX_TAPS_PER_ACTION} taps: {text_of(panel)}")
    record = await latest_game(world)
    world.env.bot.service.computers.close()
    assert record.status == "finished", f"{name} not over after {MAX_ACTIONS} actions"
    board = await board_message(world, world.channel)
    assert face(board).image is not None, visible_text(board)  # the final picture
    assert not [c for c in controls(board) if opens_panel(c.custom_id or "")]
    assert record.result["code"] in game.info.all_end_reasons
    history = await world.env.bot.store.history_of_game(record.id)
    assert history is not None and len(history.seats) == players
    assert players == 1 or await computer_actions(world, record) > 0
    if hard:  # every hard move came from the worker process
        assert Level.HARD not in in_place.levels
    assert not world.env.errors
