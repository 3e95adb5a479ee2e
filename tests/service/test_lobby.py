"""The lobby: seats taken and given up, the host's say, the start."""

from __future__ import annotations

from bot.service import GameService
from engine import find_game

from .conftest import ALICE, BOB, CHANNEL, Sink, open_lobby, open_table, refused

CAROL = 3


async def test_players_join_and_leave_and_the_host_seats_a_computer(service: GameService) -> None:
    await open_table(service, "wars")
    record = await service.join(CHANNEL, CAROL, "Carol")
    assert [p.name for p in record.players] == ["Alice", "Bob", "Carol"]
    record = await service.leave(CHANNEL, BOB)
    assert [(p.seat, p.name) for p in record.players] == [(0, "Alice"), (1, "Carol")]
    with refused("not_host"):
        await service.add_computer(CHANNEL, CAROL)
    with refused("already_joined"):
        await service.join(CHANNEL, CAROL, "Carol")
    with refused("host_cannot_leave"):
        await service.leave(CHANNEL, ALICE)
    record = await service.add_computer(CHANNEL, ALICE, "easy")
    assert record.players[-1].is_ai and record.players[-1].level == "easy"
    assert record.computer_seats == frozenset({2})


async def test_a_channel_holds_one_table(service: GameService) -> None:
    await open_table(service)
    with refused("channel_busy"):
        await open_lobby(service, "islant", host=(BOB, "Bob"))


async def test_only_the_host_starts_and_the_start_deals_the_game(
    service: GameService, sink: Sink
) -> None:
    await open_table(service)
    with refused("not_host"):
        await service.start(CHANNEL, BOB)
    result = await service.start(CHANNEL, ALICE)
    record, state = await service.running(CHANNEL)
    assert record.status == "active" and record.version == result.record.version
    assert state == result.state == find_game("tigerisland").new(2, record.options, 5)
    assert result.applied == [] and result.actions == []
    assert sink.shown == []  # the start's handler answers with the first board
    with refused("no_lobby"):
        await service.join(CHANNEL, 3, "Carol")


async def test_a_cancelled_lobby_frees_the_channel(service: GameService) -> None:
    await open_table(service)
    with refused("not_host_or_mod"):
        await service.cancel_lobby(CHANNEL, BOB, is_moderator=False)
    await service.cancel_lobby(CHANNEL, BOB, is_moderator=True)
    with refused("no_game"):
        await service.current(CHANNEL)
