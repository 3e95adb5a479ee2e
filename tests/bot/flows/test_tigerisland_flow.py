"""tiggar islanote through the real bot: lobby, a whole game, errors and a restart."""

from __future__ import annotations

import random

import discord

from engine import find_game
from engine.core import Budget

from ..faces import face, last_card, visible_text
from ..flow_helpers import expect_refusal, latest_game, new_game, open_lobby, think_quickly

GAME = find_game("tigerisland")
TINY = Budget(think_ms=200, playouts=8)


async def _start_two_player_game(world):
    lobby = await open_lobby(world, world.alice, "tigerisland")
    joined = await world.bob.click(lobby, label="Join")
    assert "bob" in face(joined.response.message).description or joined.acknowledged
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged
    return lobby


async def _actor_to_move(world):
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(GAME.to_move(state))
    user_id = record.players[seat].user_id
    actor = next(a for a in (world.alice, world.bob) if a.id == user_id)
    return actor, GAME.view(state, None).data["phase"]


async def _play_one_action(world, rnd: random.Random):
    actor, phase = await _actor_to_move(world)
    if phase == "place":
        command, option = "tiger place", "placement"
    else:
        command, option = "tiger build", "build"
    offered = await actor.autocomplete(world.channel, command, option, "")
    assert 0 < len(offered) <= 25
    safe = [c for c in offered if "no build" not in c["name"]] or offered
    pick = rnd.choice(safe)["value"]
    return await actor.slash(world.channel, command, **{option: pick})


async def test_two_players_play_a_whole_game_to_the_final_scores(world) -> None:
    await _start_two_player_game(world)
    rnd = random.Random(5)
    for _ in range(200):
        if (await latest_game(world)).status == "finished":
            break
        _, phase = await _actor_to_move(world)
        result = await _play_one_action(world, rnd)
        # a placement edits the board (its answer is private); a build posts the next turn's
        over = (await latest_game(world)).status == "finished"
        assert result.ephemeral == (phase == "place" and not over)
    record = await latest_game(world)
    assert record.status == "finished"
    assert record.result["scores"] and set(record.result["winners"]) <= {0, 1}
    final = last_card(world.channel)
    assert "Game over" in visible_text(final)
    assert face(final).image.url.endswith("board.png")
    actions = await world.env.bot.store.actions(record.id)
    replayed = GAME.replay(2, record.options, record.seed, [(a.seat, a.notation) for a in actions])
    assert GAME.serialize(replayed) == record.state


async def test_an_illegal_move_is_explained_privately_and_changes_nothing(world) -> None:
    await _start_two_player_game(world)
    actor, _ = await _actor_to_move(world)
    other = world.bob if actor is world.alice else world.alice
    before = await latest_game(world)
    wrong_turn = await other.slash(
        world.channel, "tiger place", placement="PLACE JUNGLE+LAKE AT 5 -5 0 1"
    )
    expect_refusal(world, wrong_turn, "not your turn")
    nonsense = await actor.slash(world.channel, "tiger place", placement="put it somewhere nice")
    expect_refusal(world, nonsense, "not a move", "pick one of the suggestions")
    after = await latest_game(world)
    assert (after.version, after.state) == (before.version, before.state)


async def test_people_outside_the_game_cannot_use_its_buttons(world) -> None:
    await _start_two_player_game(world)
    board = last_card(world.channel)
    moves = await world.carol.click(board, label="My moves")
    assert moves.ephemeral and "not playing" in moves.response.content
    resign = await world.carol.click(board, label="Resign")
    assert resign.ephemeral and "not playing" in resign.response.content
    assert (await latest_game(world)).status == "active"


async def test_the_game_survives_a_restart_and_old_buttons_still_work(world) -> None:
    await _start_two_player_game(world)
    rnd = random.Random(9)
    for _ in range(4):
        await _play_one_action(world, rnd)
    before = await latest_game(world)
    board = last_card(world.channel)
    await world.restart()
    after = await latest_game(world)
    assert (after.version, after.state) == (before.version, before.state)
    actor, _ = await _actor_to_move(world)
    shown = await actor.click(board, label="My moves")
    assert shown.ephemeral and shown.response.message.components  # the panel of taps
    played = await _play_one_action(world, rnd)
    assert played.acknowledged
    assert (await latest_game(world)).version == before.version + 1


async def test_resigning_ends_the_game_for_the_opponent(world) -> None:
    await _start_two_player_game(world)
    board = last_card(world.channel)
    confirm = await world.alice.click(board, label="Resign")
    assert confirm.ephemeral
    await world.alice.click(confirm.response.message, label="Yes, resign")
    record = await latest_game(world)
    assert record.status == "finished"
    bob_seat = record.seat_of(world.bob.id)
    assert record.result["winners"] == [bob_seat]
    assert "Game over" in visible_text(last_card(world.channel))


async def test_one_player_can_fill_the_table_with_a_computer(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    assert record.status == "active" and record.players[1].is_ai
    assert record.players[1].level == "normal"
    rnd = random.Random(2)
    for _ in range(200):
        record = await latest_game(world)
        if record.status == "finished":
            break
        state = world.env.bot.service.state_of(record)
        assert GAME.to_move(state) == {record.seat_of(world.alice.id)}  # the computer never waits
        phase = GAME.view(state, None).data["phase"]
        command, option = (
            ("tiger place", "placement") if phase == "place" else ("tiger build", "build")
        )
        offered = await world.alice.autocomplete(world.channel, command, option, "")
        safe = [c for c in offered if "no build" not in c["name"]] or offered
        await world.alice.slash(world.channel, command, **{option: rnd.choice(safe)["value"]})
    assert (await latest_game(world)).status == "finished"


async def test_lobby_rules_host_only_start_and_one_game_per_channel(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    early = await world.bob.click(lobby, label="Start")
    assert early.ephemeral and "Only the host" in early.response.content
    alone = await world.alice.click(lobby, label="Start")
    assert alone.ephemeral and "at least 2" in alone.response.content
    second = await new_game(world.bob, world.channel, "tigerisland")
    expect_refusal(world, second, "already has")
    await world.bob.click(lobby, label="Join")
    full = await world.carol.click(lobby, label="Join")
    assert full.ephemeral and "full" in full.response.content
    cancelled = await world.alice.click(lobby, label="Cancel")
    assert cancelled.acknowledged
    assert (await latest_game(world)).status == "cancelled"
    assert isinstance(last_card(world.channel), discord.Message)


async def test_a_hard_computer_answers_the_tiger_commands(world) -> None:
    """The hard computer answers a turn played with /tiger place and /tiger build (that every
    game's lobby asks the level and keeps it across a restart is checked for every game in
    tests/conformance/bot/test_computer_levels.py)."""
    lobby = await open_lobby(world, world.alice, "tigerisland", options="computer=hard")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Hard")
    await think_quickly(world.env.bot, TINY)
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
