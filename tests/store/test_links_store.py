"""Page links and change announcements in the store, on SQLite and PostgreSQL: one lasting
token per game and per server, and every saved change heard by the pages of every process."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.store import LoggedAction, PlayerRecord, Store, VersionConflict, is_postgres_url

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOST = PlayerRecord(0, 100, "Host", False)


@pytest.fixture
async def store(database):
    opened = await Store.open(database)
    yield opened
    await opened.close()


async def new_game(store: Store, channel: int = 1) -> int:
    record = await store.create_lobby(
        guild_id=7, channel_id=channel, game="tigerisland", host=HOST, options={}, seed=1, now=NOW
    )
    return record.id


async def save(store: Store, game_id: int, version: int) -> int:
    return await store.save_move(
        game_id,
        expected_version=version,
        state={},
        actions=[LoggedAction(0, 100, "X", None)],
        now=NOW,
    )


async def test_a_game_and_a_server_keep_one_unguessable_token_each(store: Store) -> None:
    first, second = await new_game(store, 1), await new_game(store, 2)
    token = await store.game_token(first)
    assert await store.game_token(first) == token
    assert len(token) >= 24 and str(first) != token
    assert await store.game_token(second) != token
    server = await store.guild_token(7)
    assert await store.guild_token(7) == server
    assert (await store.linked(token)).game_id == first
    assert (await store.linked(server)).guild_id == 7
    assert await store.linked(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert await store.linked("x" * 10_000) is None


async def test_a_player_keeps_one_token_of_their_own_until_forgotten(store: Store) -> None:
    token = await store.player_token(100)
    assert await store.player_token(100) == token and len(token) >= 24
    assert await store.player_token(101) != token
    assert await store.player_of(token) == 100
    assert await store.linked(token) is None  # names no game and no server
    assert await store.player_of("x" * 10_000) is None
    await store.forget_user(100)
    assert await store.player_of(token) is None
    assert await store.player_token(100) != token  # a new link, the old one dead


async def test_a_saved_change_is_announced_once_committed_and_a_refused_one_never(
    store: Store,
) -> None:
    game = await new_game(store)
    heard: list[int] = []
    stop = store.changes.subscribe(heard.append)
    await store.watch()
    await save(store, game, 0)
    with pytest.raises(VersionConflict):
        await save(store, game, 0)
    await store.close_game(game, 1, "cancelled", NOW)
    for _ in range(50):  # a notification travels through the server
        if len(heard) >= 2:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)
    assert heard == [game, game]
    stop()
    await save(store, await new_game(store, 2), 0)
    await asyncio.sleep(0.1)
    assert heard == [game, game]  # nobody listens any more


async def test_changes_saved_by_another_process_reach_this_ones_pages(database) -> None:
    if not is_postgres_url(database):
        pytest.skip("one SQLite file has one process; several processes share PostgreSQL")
    here, there = await Store.open(database), await Store.open(database)
    try:
        game = await new_game(there)
        heard = asyncio.Queue()
        here.changes.subscribe(heard.put_nowait)
        await here.watch()
        await save(there, game, 0)
        assert await asyncio.wait_for(heard.get(), 5) == game
    finally:
        await here.close()
        await there.close()
