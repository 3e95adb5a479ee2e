"""The one board publisher: new messages when asked, debounced edits, never an older state."""

from __future__ import annotations

import random

import discord
from discord import AllowedMentions

from bot.cards import Card
from bot.publisher import Board
from bot.service import MoveResult
from engine import find_game

from ..faces import face
from ..flow_helpers import latest_game, open_lobby

INTERVAL = 3.0
BURST = 30


class Counting:
    """A presentation that edits one message and writes the version it shows."""

    edit_interval = INTERVAL
    answers_with_board = False

    def __init__(self) -> None:
        self.built: list[int] = []
        self.retired: list[int] = []

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        return result.finished

    async def board(self, service, result: MoveResult, headline: str | None) -> Board:
        self.built.append(result.record.version)
        return Board(card=Card(title=f"version {result.record.version}"))

    async def retire(self, service, record, message, shown) -> None:
        self.retired.append(message.id)


def message_by_id(world, message_id: int):
    return next(m for m in world.channel.history() if m.id == message_id)


async def started_wars(world):
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return await latest_game(world)


async def burst_of_moves(world, count: int) -> list[MoveResult]:
    """``count`` saved moves, made through the service without showing them."""
    service = world.env.bot.service
    game = find_game("wars")
    rnd = random.Random(3)
    results = []
    for _ in range(count):
        record = await latest_game(world)
        if record.status != "active":
            break
        state = service.state_of(record)
        seat = min(game.to_move(state))
        action = rnd.choice(game.legal_actions(state, seat))
        user = record.players[seat].user_id
        results.append(await service.play(world.channel.id, user, game.format(action)))
    return results


async def test_a_burst_of_changes_makes_a_bounded_number_of_edits_ending_on_the_last(world):
    await started_wars(world)
    publisher = world.env.bot.publisher
    style = Counting()
    publisher.register("wars", style)
    board_id = (await latest_game(world)).board_message_id
    results = [r for r in await burst_of_moves(world, BURST) if not r.finished]
    assert len(results) >= 10
    for result in results:
        await publisher.show(result)
    edits_at_once = publisher.edits
    await world.env.advance_time(INTERVAL * 2)
    await publisher.settle()
    assert edits_at_once <= 1  # the first edit goes at once, the rest wait for the interval
    assert 1 <= publisher.edits <= 3  # a burst of changes: at most one edit per interval
    last = results[-1].record.version
    message = message_by_id(world, board_id)
    assert face(message).title == f"version {last}"
    assert style.built[-1] == last and len(style.built) == publisher.edits


async def test_an_older_change_arriving_late_is_not_shown(world):
    await started_wars(world)
    publisher = world.env.bot.publisher
    style = Counting()
    publisher.register("wars", style)
    board_id = (await latest_game(world)).board_message_id
    first, second = await burst_of_moves(world, 2)
    await publisher.show(second)
    await world.env.advance_time(INTERVAL)
    await publisher.settle()
    await publisher.show(first)
    await world.env.advance_time(INTERVAL)
    await publisher.settle()
    message = message_by_id(world, board_id)
    assert face(message).title == f"version {second.record.version}"
    assert first.record.version not in style.built


async def test_an_older_change_arriving_while_a_newer_one_is_held_back_does_not_replace_it(
    world,
):
    await started_wars(world)
    publisher = world.env.bot.publisher
    style = Counting()
    publisher.register("wars", style)
    board_id = (await latest_game(world)).board_message_id
    first, second, third = await burst_of_moves(world, 3)
    await publisher.show(first)
    await publisher.show(third)  # held back for the interval (in place of the first)
    await publisher.show(second)  # its tap was slower than the third's
    await world.env.advance_time(INTERVAL * 2)
    await publisher.settle()
    message = message_by_id(world, board_id)
    assert face(message).title == f"version {third.record.version}"
    assert style.built[-1] == third.record.version
    assert second.record.version not in style.built


async def test_a_deleted_board_is_posted_anew(world):
    await started_wars(world)
    publisher = world.env.bot.publisher
    publisher.register("wars", Counting())
    old_id = (await latest_game(world)).board_message_id
    await message_by_id(world, old_id).delete()
    (result,) = await burst_of_moves(world, 1)
    await publisher.show(result)
    await world.env.advance_time(INTERVAL)
    await publisher.settle()
    new_id = (await latest_game(world)).board_message_id
    assert new_id not in (None, old_id)
    assert face(world.channel.last_message).title == f"version {result.record.version}"


async def test_a_new_message_retires_the_previous_board(world):
    await started_wars(world)
    publisher = world.env.bot.publisher
    style = Counting()
    style.fresh = lambda result, actor: True  # type: ignore[method-assign]
    publisher.register("wars", style)
    old_id = (await latest_game(world)).board_message_id
    (result,) = await burst_of_moves(world, 1)
    await publisher.show(result)
    assert style.retired == [old_id]
    assert (await latest_game(world)).board_message_id != old_id


async def test_a_rate_limit_delays_the_board_and_the_last_state_is_still_shown(world):
    await started_wars(world)
    publisher = world.env.bot.publisher
    publisher.register("wars", Counting())
    board_id = (await latest_game(world)).board_message_id
    results = [r for r in await burst_of_moves(world, 6) if not r.finished]
    world.env.inject_error(
        "PATCH", f"/channels/*/messages/{board_id}", status=429, message="rate limited", times=2
    )
    for result in results:
        await publisher.show(result)
    await world.env.advance_time(60)
    await publisher.settle()
    assert publisher.rate_limits == 2
    assert face(message_by_id(world, board_id)).title == f"version {results[-1].record.version}"


async def test_a_rate_limited_new_board_is_posted_after_the_wait(world):
    await started_wars(world)
    publisher = world.env.bot.publisher
    style = Counting()
    style.fresh = lambda result, actor: True  # type: ignore[method-assign]
    publisher.register("wars", style)
    (result,) = await burst_of_moves(world, 1)
    posted = publisher.posts
    world.env.inject_error("POST", "/channels/*/messages", status=429, message="slow", times=1)
    await publisher.show(result)
    assert publisher.rate_limits == 1 and publisher.posts == posted
    await world.env.advance_time(60)
    await publisher.settle()
    assert publisher.posts == posted + 1
    assert face(world.channel.last_message).title == f"version {result.record.version}"


class Calling(Counting):
    """A presentation whose every change is a new board calling players in a further message."""

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        return True

    async def board(self, service, result: MoveResult, headline: str | None) -> Board:
        board = await super().board(service, result, headline)
        board.pings = [(f"calls for version {result.record.version}", AllowedMentions.none())]
        return board


async def calling_boards(world, moves: int):
    """The publisher of a started Island Wars game whose boards call for their version, and
    ``moves`` changes saved but not shown yet."""
    await started_wars(world)
    publisher = world.env.bot.publisher
    publisher.register("wars", Calling())
    return publisher, await burst_of_moves(world, moves)


async def test_a_new_board_ends_the_calls_to_act_of_the_previous_one(world):
    publisher, (first, second) = await calling_boards(world, 2)
    await publisher.show(first)
    call = world.channel.last_message
    assert call.content == f"calls for version {first.record.version}"
    await publisher.show(second)
    assert not [m for m in world.channel.history() if m.id == call.id]  # the spent call is gone
    assert world.channel.last_message.content == f"calls for version {second.record.version}"


async def test_a_board_and_its_calls_posted_here_are_known_without_reading_them_again(
    world, monkeypatch
):
    publisher, (first, second) = await calling_boards(world, 2)
    await publisher.show(first)
    call = world.channel.last_message
    store = world.env.bot.service.store

    async def not_read_again(game_id: int) -> None:
        raise AssertionError(f"game {game_id}'s board read again")

    monkeypatch.setattr(store, "board_calls", not_read_again)
    monkeypatch.setattr(store, "get_game", not_read_again)
    await publisher.show(second)
    assert not [m for m in world.channel.history() if m.id == call.id]  # the spent call is gone
    monkeypatch.undo()
    assert await store.board_calls(second.record.id) == [world.channel.last_message.id]


async def test_boards_and_calls_are_posted_without_reading_discords_answer(world, monkeypatch):
    """Only a new message's id is read of what Discord answers: no Message is made of a
    post or an edit (a card's components make that about as costly as the request)."""
    publisher, (first, second) = await calling_boards(world, 2)

    def not_made(*_: object, **__: object) -> None:
        raise AssertionError("a Message was made of Discord's answer")

    store, posted = world.env.bot.service.store, publisher.posts
    monkeypatch.setattr(discord.Message, "__init__", not_made)
    await publisher.show(first)  # a new board and its call
    (call,) = await store.board_calls(first.record.id)
    await publisher.show(second)  # a new board: the last one's call ended
    monkeypatch.undo()
    assert publisher.posts == posted + 2
    assert await store.board_calls(second.record.id) == [world.channel.last_message.id]
    assert not [m for m in world.channel.history() if m.id == call]


async def test_the_calls_to_act_are_ended_after_a_restart_too(world):
    await started_wars(world)
    (first,) = await burst_of_moves(world, 1)
    world.env.bot.publisher.register("wars", Calling())
    await world.env.bot.publisher.show(first)
    call = world.channel.last_message
    await world.restart()
    publisher = world.env.bot.publisher
    publisher.register("wars", Calling())
    (second,) = await burst_of_moves(world, 1)  # a change after the restart
    await publisher.show(second)
    assert not [m for m in world.channel.history() if m.id == call.id]
    assert await world.env.bot.service.store.board_calls(second.record.id) == [
        world.channel.last_message.id
    ]
