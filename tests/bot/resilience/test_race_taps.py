"""A 99-player Islant race played as people play it: taps arrive one by one, interleaved.

Every interaction must be acknowledged exactly once and every panel answered; the ``world``
fixture then checks every request against Discord's documented limits (names of 32
characters with emoji and right-to-left text included).
"""

from __future__ import annotations

import random

from tests.benchmarks.burst import DONE, OPEN, Clock, Harness, play_round_as_people

from ..flow_helpers import latest_game, open_lobby
from ..flows.test_extremes import RACE_SIZE, _fill

PAUSES = (0.0, 0.02)  # seconds before each tap: the players' taps interleave


async def test_99_players_tapping_one_by_one_are_each_acknowledged_once_and_answered(
    world,
) -> None:
    lobby = await open_lobby(world, world.alice, "islant", options="level=5 cap=99")
    players = [world.alice, world.bob, world.carol, *_fill(world, RACE_SIZE - 3)]
    for member in players[1:]:
        await member.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    harness = Harness(world.env, Clock.on(world.env))

    await play_round_as_people(harness, world.channel, players, random.Random(3), PAUSES)

    harness.record(harness.taps, 0)  # fails on a tap acknowledged never or twice
    acks, answered = harness.latencies.ack, harness.latencies.answered
    assert len(acks[OPEN]) == RACE_SIZE
    assert sum(len(a) for a in acks.values()) == len(harness.taps) > 3 * RACE_SIZE
    assert {kind: len(v) for kind, v in answered.items()} == {k: len(v) for k, v in acks.items()}
    race = await latest_game(world)
    state = world.env.bot.service.state_of(race)
    assert state.round == 2  # every player submitted: the round closed and the next began
    assert len(acks.get(DONE, [])) <= RACE_SIZE
