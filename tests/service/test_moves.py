"""One move transaction: loaded once, applied, saved once; a refused move changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService, transaction
from engine import find_game
from engine.core import IllegalAction
from tests.counted import Counted

from .conftest import ALICE, BOB, CHANNEL, Sink, open_table, refused

GAME = find_game("tigerisland")
STORE_CALLS = (
    "open_game_seeing",
    "open_game_in",
    "get_game",
    "save_move",
    "schedule_job",
)


async def started(service: GameService) -> tuple[int, int, Any]:
    """A started game of Alice and Bob: the user to move, the other user and the state."""
    await open_table(service)
    result = await service.start(CHANNEL, ALICE)
    (seat,) = GAME.to_move(result.state)
    mover = result.record.players[seat].user_id
    assert mover is not None
    return mover, BOB if mover == ALICE else ALICE, result.state


async def test_a_move_is_read_once_parsed_once_saved_once_and_described_without_parsing(
    service: GameService, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    mover, _, state = await started(service)
    seat = min(GAME.to_move(state))
    action = GAME.legal_actions(state, seat)[0]
    parses = []
    parse = type(GAME).parse_action
    monkeypatch.setattr(type(GAME), "parse_action", lambda g, t: parses.append(t) or parse(g, t))
    counted = Counted(service.store, STORE_CALLS)
    trips = []
    to_thread = transaction.off_loop
    monkeypatch.setattr(
        transaction, "off_loop", lambda fn, *args: trips.append(fn) or to_thread(fn, *args)
    )

    result = await service.play(CHANNEL, mover, GAME.format(action), interaction_id=99)
    described = result.described(mover)
    assert len(trips) == 1  # played and summed in one trip to a thread

    once = {"open_game_seeing": 1, "save_move": 1}  # the game read with the interaction's check
    nothing = {"open_game_in": 0, "get_game": 0, "schedule_job": 0}
    assert counted.calls == once | nothing  # its jobs are saved with it
    assert parses == [GAME.format(action)]
    assert result.actions == [action]
    assert described == [GAME.describe(action)]
    record, saved = await service.running(CHANNEL)
    assert record.version == result.record.version and saved == result.state
    assert saved == GAME.apply(state, seat, action)[0]
    assert [a.notation for a in await service.store.actions(record.id)] == [GAME.format(action)]
    assert sink.shown == []  # a player's move is shown by its handler, which answers the tap


async def test_a_refused_move_writes_nothing_and_shows_nothing(
    service: GameService, sink: Sink
) -> None:
    mover, other, state = await started(service)
    before, _ = await service.running(CHANNEL)
    seat = min(GAME.to_move(state))
    action = GAME.format(GAME.legal_actions(state, seat)[0])
    counted = Counted(service.store, STORE_CALLS)
    with pytest.raises(IllegalAction):
        await service.play(CHANNEL, other, action, interaction_id=5)  # not the other's turn
    with pytest.raises(IllegalAction):
        await service.play(CHANNEL, mover, "nonsense", interaction_id=6)
    with refused("board_changed"):
        await service.play(CHANNEL, mover, action, expected_version=before.version - 1)
    with refused("not_playing"):
        await service.play(CHANNEL, 3, action)
    assert counted.calls["save_move"] == 0
    after, _ = await service.running(CHANNEL)
    assert after.version == before.version and after.state == before.state
    assert await service.store.actions(before.id) == []
    assert sink.shown == []


async def test_a_repeated_interaction_is_applied_once(service: GameService) -> None:
    mover, _, state = await started(service)
    action = GAME.format(GAME.legal_actions(state, min(GAME.to_move(state)))[0])
    first = await service.play(CHANNEL, mover, action, interaction_id=42)
    again = await service.play(CHANNEL, mover, action, interaction_id=42)
    assert (first.duplicate, again.duplicate) == (False, True)
    assert again.record.version == first.record.version
    assert len(await service.store.actions(first.record.id)) == 1
