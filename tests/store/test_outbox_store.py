"""The outbox in the store, on SQLite and PostgreSQL: written with the change or not at all,
delivered by the process serving the game's server, done once its board is shown."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.shards import Shards
from bot.store import BOARD, LoggedAction, Notice, PlayerRecord, Store, VersionConflict

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOST = PlayerRecord(0, 100, "Host", False)


@pytest.fixture
async def store(database):
    opened = await Store.open(database)
    yield opened
    await opened.close()


async def game_in(store: Store, shard: int, channel: int) -> int:
    record = await store.create_lobby(
        guild_id=(shard << 22) | 7,
        channel_id=channel,
        game="tigerisland",
        host=HOST,
        options={},
        seed=1,
        now=NOW,
    )
    return record.id


async def save(store: Store, game_id: int, version: int) -> int:
    return await store.save_move(
        game_id,
        expected_version=version,
        state={},
        actions=[LoggedAction(0, 100, "X", None)],
        now=NOW,
        notice=Notice(BOARD, NOW, {"actor": 0, "events": []}),
    )


async def test_an_entry_is_written_with_its_change_and_only_then(store: Store) -> None:
    game = await game_in(store, 0, 1)
    version = await save(store, game, 0)
    with pytest.raises(VersionConflict):
        await save(store, game, 0)  # refused: neither the change nor its entry
    (entry,) = await store.notices_of(game)
    assert (entry.kind, entry.version, entry.attempts) == (BOARD, version, 0)


async def test_entries_go_to_the_process_serving_their_server(store: Store) -> None:
    mine = await game_in(store, 0, 1)
    other = await game_in(store, 1, 2)
    await save(store, mine, 0)
    await save(store, other, 0)
    later = NOW + timedelta(seconds=1)
    assert {e.game_id for e in await store.due_notices(later)} == {mine, other}
    assert [e.game_id for e in await store.due_notices(later, Shards((0,), 2))] == [mine]
    assert [e.game_id for e in await store.due_notices(later, Shards((1,), 2))] == [other]


async def test_a_shown_board_ends_its_entries_and_a_failure_postpones_them(store: Store) -> None:
    game = await game_in(store, 0, 1)
    first = await save(store, game, 0)
    second = await save(store, game, first)
    ids = [e.id for e in await store.notices_of(game)]
    await store.postpone_notices(ids, NOW + timedelta(minutes=1))
    assert await store.due_notices(NOW + timedelta(seconds=59)) == []
    assert [e.attempts for e in await store.due_notices(NOW + timedelta(minutes=1))] == [1, 1]
    await store.board_posted(game, first, 555, [556])
    assert [e.version for e in await store.notices_of(game)] == [second]
    assert (await store.get_game(game)).board_message_id == 555
    await store.board_shown(game, second)
    assert await store.notices_of(game) == []
