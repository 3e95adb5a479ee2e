"""Autocomplete matches whole words of what a move does, in any order."""

from __future__ import annotations

import random

from engine import find_game

from ..flow_helpers import latest_game, open_lobby

GAME = find_game("tigerisland")


async def mid_game(world):
    """A two-player tiggar islanote game 24 random actions in, at a placement."""
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    service = world.env.bot.service
    rnd = random.Random(3)
    for _ in range(24):
        record = await latest_game(world)
        state = service.state_of(record)
        seat = min(GAME.to_move(state))
        action = rnd.choice(GAME.legal_actions(state, seat))
        await service.play(world.channel.id, record.players[seat].user_id, GAME.format(action))
    record = await latest_game(world)
    state = service.state_of(record)
    seat = min(GAME.to_move(state))
    member = world.alice if record.players[seat].user_id == world.alice.id else world.bob
    return member, state, seat


async def suggestions(world, member, typed: str) -> list[str]:
    offered = await member.autocomplete(world.channel, "tiger place", "placement", typed)
    assert len(offered) <= 25
    return [choice["value"] for choice in offered]


async def test_typing_a_kind_of_move_suggests_exactly_those_moves(world) -> None:
    member, state, seat = await mid_game(world)
    eruptions = {
        GAME.format(a)
        for a in GAME.legal_actions(state, seat)
        if "eruption" in GAME.search_text(a, state).lower()
    }
    assert eruptions, "the position was chosen to allow eruptions"
    for typed in ("eruption", "erupt", "on top"):
        got = await suggestions(world, member, typed)
        assert got and set(got) <= eruptions, typed
        assert len(got) == min(25, len(eruptions))


async def test_a_coordinate_matches_whole_numbers_in_any_order(world) -> None:
    member, state, seat = await mid_game(world)
    target = GAME.format(GAME.legal_actions(state, seat)[0])  # PLACE A+B AT x y z r
    x, y, z = target.split(" AT ")[1].split()[:3]
    for typed in (f"{x} {y} {z} ", f"{z} {x} {y} "):
        got = await suggestions(world, member, typed)
        assert target in got or len(got) == 25
        for value in got:
            numbers = (
                value.split(" AT ")[1].split() + GAME.search_text(GAME.parse(value), state).split()
            )
            assert {x, y, z} <= set(numbers), (typed, value)


async def test_a_word_no_move_has_suggests_nothing(world) -> None:
    member, _state, _seat = await mid_game(world)
    assert await suggestions(world, member, "banana") == []
