"""Computer levels through the real bot, for every registered game: the lobby asks the level,
the store keeps it across a restart, and Back leaves the seats as they were. (A whole game
against a hard computer thinking aside is played in test_panel_play.py; tiggar islanote's
commands answered by a hard computer in tests/bot/flows/test_tigerisland_flow.py.)"""

from __future__ import annotations

import pytest

from bot.store import PlayerRecord
from engine import find_game
from engine.core import Budget
from tests.bot.faces import controls, face
from tests.bot.flow_helpers import latest_game, open_lobby, think_quickly

from ..registry import each_name

TINY = Budget(think_ms=200, playouts=8)


def _buttons(message) -> dict[str, object]:
    return {c.label: c for c in controls(message)}


@each_name
async def test_the_lobby_asks_the_level_and_keeps_it_across_a_restart(world, name) -> None:
    game = find_game(name)
    if game.info.max_players < 2:
        pytest.skip("a solo game seats no computer")
    lobby = await open_lobby(world, world.alice, name, options="computer=hard")
    refused = await world.bob.click(lobby, label="Add computer")
    assert refused.ephemeral and "host" in refused.response.content.lower()
    asked = await world.alice.click(lobby, label="Add computer")
    levels = _buttons(asked.response.message)
    assert {"Easy", "Normal", "Hard", "Back"} <= set(levels)
    assert levels["Hard"].style.name == "primary" and levels["Easy"].style.name == "secondary"
    added = await world.alice.click(lobby, label="Hard")
    assert "Ada (computer), hard" in face(added.response.message).description
    await world.restart()
    await think_quickly(world.env.bot, TINY)
    record = await latest_game(world)
    assert record.players[1] == PlayerRecord(1, None, "Ada (computer)", True, "hard")
    for _ in range(game.info.min_players - 2):
        await world.alice.click(lobby, label="Add computer")
        await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    waiting = {p.seat for p in record.players if p.is_ai} & game.to_move(state)
    assert not waiting, "the computers have played their turns, if they had any"
    assert not world.env.errors
    world.env.bot.service.computers.close()


@each_name
async def test_back_leaves_the_seats_as_they_were(world, name) -> None:
    if find_game(name).info.max_players < 2:
        pytest.skip("a solo game seats no computer")
    lobby = await open_lobby(world, world.alice, name)
    asked = await world.alice.click(lobby, label="Add computer")
    assert _buttons(asked.response.message)["Normal"].style.name == "primary"
    back = await world.alice.click(lobby, label="Back")
    assert "Join" in _buttons(back.response.message)
    assert len((await latest_game(world)).players) == 1
