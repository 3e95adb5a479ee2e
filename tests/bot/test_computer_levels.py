"""Computer levels through the real bot: the lobby asks, the store keeps, hard thinks aside."""

from __future__ import annotations

import random

from bot.store import PlayerRecord
from engine import find_game
from engine.core import Budget, Level

from .faces import controls, face, last_card, text_of, visible_text
from .flow_helpers import add_hard_computer, computer_actions, latest_game, open_lobby
from .test_panel import MAX_TAPS_PER_ACTION, tap_once

GAME = find_game("tigerisland")
TINY = Budget(think_ms=200, playouts=8)
MAX_ACTIONS = 400


def _buttons(message) -> dict[str, object]:
    return {c.label: c for c in controls(message)}


async def test_the_lobby_asks_the_level_and_hard_plays_after_a_restart(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland", options="computer=hard")
    refused = await world.bob.click(lobby, label="Add computer")
    assert refused.ephemeral and "host" in refused.response.content.lower()
    asked = await world.alice.click(lobby, label="Add computer")
    levels = _buttons(asked.response.message)
    assert {"Easy", "Normal", "Hard", "Back"} <= set(levels)
    assert levels["Hard"].style.name == "primary" and levels["Easy"].style.name == "secondary"
    added = await world.alice.click(lobby, label="Hard")
    assert "Ada (computer), hard" in face(added.response.message).description
    await world.restart()
    world.env.bot.service.computers.budget = TINY
    record = await latest_game(world)
    assert record.players[1] == PlayerRecord(1, None, "Ada (computer)", True, "hard")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = record.seat_of(world.alice.id)
    assert GAME.to_move(state) == {seat}  # the hard computer has played its turn, if it had one
    for command, option in (("tiger place", "placement"), ("tiger build", "build")):
        offered = await world.alice.autocomplete(world.channel, command, option, "")
        safe = [c for c in offered if "no build" not in c["name"]]
        await world.alice.slash(world.channel, command, **{option: safe[0]["value"]})
    after = await latest_game(world)
    assert after.status == "active"
    assert GAME.to_move(world.env.bot.service.state_of(after)) == {seat}
    assert [a.seat for a in (await world.env.bot.store.actions(after.id))][-4:] == [
        seat,
        seat,
        1 - seat,
        1 - seat,
    ]
    world.env.bot.service.computers.close()


async def test_back_leaves_the_seats_as_they_were(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    asked = await world.alice.click(lobby, label="Add computer")
    assert _buttons(asked.response.message)["Normal"].style.name == "primary"
    back = await world.alice.click(lobby, label="Back")
    assert "Join" in _buttons(back.response.message)
    assert len((await latest_game(world)).players) == 1


async def _play_against_hard(world, monkeypatch, game: str, seed: int) -> None:
    """Alice alone against a hard computer, by taps on her panel, to the end of the game."""
    lobby = await open_lobby(world, world.alice, game)
    in_place = await add_hard_computer(world, world.alice, lobby, monkeypatch)
    await world.alice.click(lobby, label="Start")
    rnd = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        record = await latest_game(world)
        if record.status != "active":
            break
        panel = (await world.alice.click(last_card(world.channel), label="My moves")).response
        for _tap in range(MAX_TAPS_PER_ACTION):
            await tap_once(world.alice, panel.message, rnd)
            if (await latest_game(world)).version != record.version:
                break
        else:
            raise AssertionError(f"no move after {MAX_TAPS_PER_ACTION} taps: {text_of(panel)}")
    record = await latest_game(world)
    world.env.bot.service.computers.close()
    assert record.status == "finished" and "Game over" in visible_text(last_card(world.channel))
    assert await computer_actions(world, record) > 0
    assert Level.HARD not in in_place.levels  # every hard move came from the worker process
    assert not world.env.errors


async def test_a_person_plays_tiggar_islanote_to_the_end_against_a_hard_computer(
    world, monkeypatch
) -> None:
    await _play_against_hard(world, monkeypatch, "tigerisland", 3)


async def test_a_person_plays_island_wars_to_the_end_against_a_hard_computer(
    world, monkeypatch
) -> None:
    await _play_against_hard(world, monkeypatch, "wars", 5)
