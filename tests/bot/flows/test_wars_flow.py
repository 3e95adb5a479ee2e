"""Island Wars through the real bot: three players to the final scores."""

from __future__ import annotations

import random

from engine import find_game

from ..faces import last_card, visible_text
from ..flow_helpers import expect_refusal, latest_game, open_lobby

GAME = find_game("wars")


async def _actor_to_move(world):
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(GAME.to_move(state))
    user_id = record.players[seat].user_id
    return next(a for a in (world.alice, world.bob, world.carol) if a.id == user_id)


async def _take_a_turn(world, actor, rnd: random.Random):
    piece = rnd.choice(["BARRACKS", "TOWER", "PORT"])
    offered = await actor.autocomplete(world.channel, "wars place", "where", "", piece=piece)
    if offered and rnd.random() < 0.8:
        assert all(c["value"].startswith(f"PLACE {piece}") for c in offered)
        return await actor.slash(
            world.channel, "wars place", piece=piece, where=rnd.choice(offered)["value"]
        )
    moves = await actor.autocomplete(world.channel, "wars move", "move", "")
    if moves and rnd.random() < 0.5:
        return await actor.slash(world.channel, "wars move", move=rnd.choice(moves)["value"])
    return await actor.slash(world.channel, "wars pass")


async def test_three_players_play_twelve_rounds_to_the_final_scores(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    rnd = random.Random(4)
    turns = 0
    while (await latest_game(world)).status == "active":
        actor = await _actor_to_move(world)
        result = await _take_a_turn(world, actor, rnd)
        assert not result.ephemeral, result.response.content
        turns += 1
        assert turns <= 36
    record = await latest_game(world)
    assert turns == 36  # 12 rounds of 3 turns
    assert record.status == "finished" and len(record.result["scores"]) == 3
    assert "Game over" in visible_text(last_card(world.channel))


async def test_suggestions_show_conversions_and_bad_hexes_are_refused(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    actor = await _actor_to_move(world)
    offered = await actor.autocomplete(world.channel, "wars place", "where", "", piece="BARRACKS")
    assert offered and all("converts" in c["name"] for c in offered)
    before = await latest_game(world)
    water = await actor.slash(world.channel, "wars place", piece="TOWER", where="0 0")
    expect_refusal(world, water, "water")
    after = await latest_game(world)
    assert (after.version, after.state) == (before.version, before.state)


async def test_a_restart_mid_game_keeps_the_board_and_its_buttons(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    rnd = random.Random(6)
    for _ in range(3):
        await _take_a_turn(world, await _actor_to_move(world), rnd)
    before = await latest_game(world)
    board = last_card(world.channel)
    await world.restart()
    after = await latest_game(world)
    assert (after.version, after.state) == (before.version, before.state)
    actor = await _actor_to_move(world)
    shown = await actor.click(board, label="My moves")
    assert shown.ephemeral and shown.response.message.components  # the panel of taps
    await _take_a_turn(world, actor, rnd)
    assert (await latest_game(world)).version == before.version + 1
