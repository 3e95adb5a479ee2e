"""Pooled connections handed out in turn (:mod:`bot.store.turns`): earliest deadline first,
first come first served among equals, never to a task that gives a turn back and asks again
at once, and no turn lost when a waiter gives up. On a PostgreSQL store with one connection:
a wave of moves saved whole in deadline order, a move's save before later moves, and a change
that cannot commit in time refused without closing the connection. The deadlines are numbers
the tests choose: nothing here depends on the machine's speed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.store import (
    LoggedAction,
    PlayerRecord,
    StorageTimeout,
    Store,
    answer_within,
    postgres,
    waits,
)
from bot.store.turns import Turns


async def until_waiting(turns: Turns, count: int) -> None:
    """Let the other tasks run until ``count`` of them wait for a turn."""
    while turns.waiting < count:
        await asyncio.sleep(0)


async def served(turns: Turns, name: str, deadline: float, order: list[str]) -> None:
    """Take a turn, note who had it, give it back."""
    await turns.take(deadline)
    order.append(name)
    turns.give_back()


async def free_at_once(turns: Turns) -> bool:
    """Whether a turn is free now: a take that need not wait ends in its first step."""
    taking = asyncio.ensure_future(turns.take(0.0))
    await asyncio.sleep(0)
    if taking.done():
        turns.give_back()
        return True
    taking.cancel()
    await asyncio.gather(taking, return_exceptions=True)
    return False


async def test_a_turn_given_back_goes_to_the_waiter_not_to_the_one_asking_again() -> None:
    turns, order = Turns(1), []
    await turns.take(10.0)
    waiter = asyncio.ensure_future(served(turns, "waiter", 10.0, order))
    await until_waiting(turns, 1)
    turns.give_back()
    await served(turns, "holder again", 10.0, order)  # asks again at once
    await waiter
    assert order == ["waiter", "holder again"]


async def test_waiters_are_served_earliest_deadline_first_then_first_come() -> None:
    turns, order = Turns(1), []
    await turns.take(0.0)
    deadlines = {"a": 5.0, "b": 3.0, "c": 5.0, "d": 1.0, "e": 3.0}
    waiters = [
        asyncio.ensure_future(served(turns, name, deadline, order))
        for name, deadline in deadlines.items()
    ]
    await until_waiting(turns, len(deadlines))
    turns.give_back()
    await asyncio.gather(*waiters)
    assert order == ["d", "b", "e", "a", "c"]
    assert await free_at_once(turns)


async def test_a_waiter_that_gives_up_leaves_the_queue_and_no_turn_is_lost() -> None:
    turns, order = Turns(1), []
    await turns.take(0.0)
    quitter = asyncio.ensure_future(served(turns, "quitter", 1.0, order))
    patient = asyncio.ensure_future(served(turns, "patient", 2.0, order))
    await until_waiting(turns, 2)
    quitter.cancel()  # its bound ran out while it waited
    await asyncio.gather(quitter, return_exceptions=True)
    assert turns.waiting == 1
    turns.give_back()
    await patient
    assert order == ["patient"]
    assert await free_at_once(turns)


async def test_a_waiter_that_gives_up_as_the_turn_reaches_it_hands_it_on() -> None:
    turns, order = Turns(1), []
    await turns.take(0.0)
    quitter = asyncio.ensure_future(served(turns, "quitter", 1.0, order))
    next_one = asyncio.ensure_future(served(turns, "next", 2.0, order))
    await until_waiting(turns, 2)
    turns.give_back()  # the quitter has the turn now, but has not run yet
    quitter.cancel()
    await asyncio.gather(quitter, return_exceptions=True)
    for _ in range(3):  # a lost turn would leave the next one waiting for ever
        await asyncio.sleep(0)
    assert quitter.cancelled() and next_one.done() and order == ["next"]
    assert await free_at_once(turns)


async def test_never_more_holders_than_turns_and_every_caller_served() -> None:
    turns, size = Turns(3), 3
    holding, most, done = 0, 0, []

    async def hold(number: int) -> None:
        nonlocal holding, most
        await turns.take(float(number % 4))
        holding += 1
        most = max(most, holding)
        for _ in range(number % 3 + 1):
            await asyncio.sleep(0)
        holding -= 1
        done.append(number)
        turns.give_back()

    await asyncio.gather(*(hold(n) for n in range(40)))
    assert most == size and sorted(done) == list(range(40))
    assert turns.waiting == 0


# ----- the PostgreSQL store's pool ------------------------------------------------------------
WAVE = 12
FAR = 600.0
"""Seconds the test gives each call: far beyond any wait here, so none runs out."""
NOW = datetime(2026, 12, 5, tzinfo=UTC)
HOST = PlayerRecord(0, 1, "Host", False)


@pytest.fixture
async def one_connection(postgres_url, monkeypatch) -> AsyncIterator[Store]:
    """A PostgreSQL store whose pool holds a single connection (and calls that may wait
    long: the deadlines are the tests' own)."""
    monkeypatch.setattr(postgres, "POOL_SIZE", 1)
    monkeypatch.setattr(waits, "CALL_SECONDS", FAR * 2)
    store = await Store.open(postgres_url)
    try:
        yield store
    finally:
        await store.close()


async def _lobbies(store: Store, count: int) -> list[int]:
    return [
        (
            await store.create_lobby(
                guild_id=1,
                channel_id=100 + n,
                game="tigerisland",
                host=HOST,
                options={},
                seed=1,
                now=NOW,
            )
        ).id
        for n in range(count)
    ]


async def test_a_wave_of_moves_on_one_connection_is_saved_whole_in_deadline_order(
    one_connection: Store,
) -> None:
    """Each move is an interaction whose deadline the test sets, the later arrivals with the
    earlier deadlines: the first takes the free connection, the others are served by
    deadline, and every move is saved once with its log line."""
    store, order = one_connection, []
    games = await _lobbies(store, WAVE)

    async def move(number: int, game_id: int) -> None:
        answer_within(lambda: False, FAR + WAVE - number)
        action = LoggedAction(0, 1, f"MOVE {number}", 5000 + number)
        await store.save_move(
            game_id, expected_version=0, state={"n": number}, actions=[action], now=NOW
        )
        order.append(number)

    await asyncio.gather(*(move(n, game_id) for n, game_id in enumerate(games)))
    assert order == [0, *range(WAVE - 1, 0, -1)]
    for number, game_id in enumerate(games):
        saved = await store.get_game(game_id)
        assert saved is not None and (saved.version, saved.state) == (1, {"n": number})
        assert await store.actions(game_id) == [LoggedAction(0, 1, f"MOVE {number}", 5000 + number)]


async def test_a_moves_save_comes_before_the_moves_that_arrived_after_it(
    one_connection: Store,
) -> None:
    """A move that arrived first asks for its save after later moves asked for theirs (it
    was being worked out): its deadline is the earliest, so it is served first. A move begun
    is finished before new ones go on, rather than going to the back of the queue for each
    of its calls."""
    store, order = one_connection, []
    first, second, third = await _lobbies(store, 3)
    holding, done = asyncio.Event(), asyncio.Event()

    async def background_work() -> None:  # holds the only connection meanwhile
        async with store.transaction() as tx:
            await tx.rows("SELECT * FROM jobs")
            holding.set()
            await done.wait()

    async def move(name: str, game_id: int, seconds: float) -> None:
        answer_within(lambda: False, seconds)
        await store.set_seats(game_id, 0, [HOST], NOW)
        order.append(name)

    holder = asyncio.ensure_future(background_work())
    await holding.wait()
    moves = [
        asyncio.ensure_future(move(name, game_id, FAR + seconds))
        for name, game_id, seconds in (("b", second, 1), ("c", third, 2), ("first", first, 0))
    ]
    for _ in range(3):  # each asks for the connection in its first step
        await asyncio.sleep(0)
    done.set()
    await asyncio.gather(holder, *moves)
    assert order == ["first", "b", "c"]


async def _backend(store: Store) -> int:
    """The server process behind the pool's connection (the same one while it is kept)."""
    return int((await store._rows("SELECT pg_backend_pid()"))[0][0])


async def test_a_change_whose_turn_comes_too_late_to_commit_is_refused_before_it_starts(
    one_connection: Store,
) -> None:
    store = one_connection
    (game_id,) = await _lobbies(store, 1)
    backend = await _backend(store)
    answer_within(lambda: False, postgres.START_SECONDS - 0.1)  # less than a commit needs
    with pytest.raises(StorageTimeout):
        await store.set_seats(game_id, 0, [HOST], NOW)
    answer_within(lambda: True)
    assert (await store.get_game(game_id)).version == 0
    assert await _backend(store) == backend  # no connection was used, none closed


async def test_a_change_refused_at_its_commit_is_rolled_back_on_its_connection(
    one_connection: Store,
) -> None:
    """Its statements done, too little time is left to send COMMIT: it is rolled back and
    the connection kept, rather than closed and opened again."""
    store = one_connection
    (game_id,) = await _lobbies(store, 1)
    backend = await _backend(store)
    answer_within(lambda: False, 2.0)
    with pytest.raises(StorageTimeout):
        async with store.transaction() as tx:
            await tx.execute("UPDATE games SET seed = 99 WHERE id = ?", (game_id,))
            await asyncio.sleep(2.0 - postgres.FLUSH_SECONDS + 0.1)  # the time runs short
    answer_within(lambda: True)
    assert (await store.get_game(game_id)).seed == 1
    assert await _backend(store) == backend
