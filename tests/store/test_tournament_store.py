"""Tournaments in the store, on SQLite and PostgreSQL: one open per channel, checked saves,
a table's result recorded once, deadlines claimed once with a lease, the work to do."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.shards import Shards
from bot.store import PlayerRecord, Store, StoreError, TournamentSave, VersionConflict

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.fixture
async def store(database):
    store = await Store.open(database)
    yield store
    await store.close()


async def _new(store: Store, channel: int = 10):
    return await store.create_tournament(
        guild_id=1,
        channel_id=channel,
        host_id=7,
        game="tigerisland",
        options={"round_hours": 24},
        state={"rounds": []},
        names={7: "Alice"},
        now=NOW,
    )


async def test_one_open_tournament_per_channel(store: Store) -> None:
    made = await _new(store)
    assert made.status == "open" and made.names == {7: "Alice"} and made.version == 0
    with pytest.raises(StoreError):
        await _new(store)
    assert (await store.open_tournament_in(10)).id == made.id
    await store.save_tournament(made, made.state, made.names, NOW, TournamentSave("cancelled"))
    again = await _new(store)
    assert again.id != made.id and (await store.last_tournament_in(10)).id == again.id


async def test_saves_are_checked_and_a_table_is_recorded_once(store: Store) -> None:
    made = await _new(store)
    running = await store.save_tournament(
        made,
        {"rounds": [1]},
        {7: "Alice", 8: "Bob"},
        NOW,
        TournamentSave("running", deadline=NOW + timedelta(hours=24), new_tables=((1, 0),)),
    )
    assert running.version == 1 and running.names[8] == "Bob" and running.deadline_at
    with pytest.raises(VersionConflict):
        await store.save_tournament(made, {}, {}, NOW)
    [table] = await store.tournament_tables(made.id, 1)
    await store.set_table_place(table, channel_id=55)
    await store.set_table_place(table, game_id=99)
    assert (await store.table_of_game(99)).channel_id == 55
    recorded = await store.save_tournament(
        running, {"rounds": [2]}, running.names, NOW, TournamentSave(recorded=(1, 0))
    )
    assert (await store.tournament_tables(made.id))[0].recorded
    with pytest.raises(VersionConflict):  # the same result again: refused, nothing written
        await store.save_tournament(
            recorded, {"rounds": [3]}, running.names, NOW, TournamentSave(recorded=(1, 0))
        )
    assert (await store.get_tournament(made.id)).state == {"rounds": [2]}


async def test_a_deadline_is_claimed_once_until_its_lease_runs_out(store: Store) -> None:
    made = await _new(store)
    await store.save_tournament(
        made, {}, {}, NOW, TournamentSave("running", deadline=NOW + timedelta(hours=1))
    )
    assert await store.claim_due_deadlines(NOW, NOW - timedelta(minutes=2)) == []
    later = NOW + timedelta(hours=2)
    assert await store.claim_due_deadlines(later, later - timedelta(minutes=2)) == [made.id]
    assert await store.claim_due_deadlines(later, later - timedelta(minutes=2)) == []
    much_later = later + timedelta(minutes=5)
    assert await store.claim_due_deadlines(much_later, later + timedelta(minutes=1)) == [made.id]
    await store.release_deadline(made.id, much_later + timedelta(hours=1))
    assert await store.claim_due_deadlines(much_later, much_later) == []


async def test_work_lists_tables_to_open_and_games_to_record(store: Store) -> None:
    made = await _new(store)
    await store.save_tournament(made, {}, {}, NOW, TournamentSave("running", new_tables=((1, 0),)))
    assert await store.tournament_work() == [made.id]
    [table] = await store.tournament_tables(made.id)
    game = await store.create_lobby(
        guild_id=1,
        channel_id=55,
        game="tigerisland",
        host=PlayerRecord(0, 7, "Alice", False),
        options={},
        seed=1,
        now=NOW,
    )
    await store.set_table_place(table, channel_id=55, game_id=game.id)
    assert await store.tournament_work() == []
    await store.close_game(game.id, game.version, "cancelled", NOW)
    assert await store.tournament_work() == [made.id]


async def test_a_process_serving_some_shards_takes_only_their_servers_tournaments(
    store: Store,
) -> None:
    made = await _new(store)  # server 1: shard 0 of 2 ((1 >> 22) % 2)
    await store.save_tournament(
        made, {}, {}, NOW, TournamentSave("running", deadline=NOW, new_tables=((1, 0),))
    )
    later = NOW + timedelta(minutes=1)
    other = Shards.parse("1", 2)
    assert await store.tournament_work(other) == []
    assert await store.claim_due_deadlines(later, NOW, other) == []
    mine = Shards.parse("0", 2)
    assert await store.tournament_work(mine) == [made.id]
    assert await store.claim_due_deadlines(later, NOW, mine) == [made.id]


async def test_a_saved_tournament_change_is_announced_and_moves_its_mark(store: Store) -> None:
    """What a tournament's open page hears: each save and each table's game (on PostgreSQL
    through the database, as another process would), never as a game's change."""
    made = await _new(store)
    games: list[int] = []
    heard: asyncio.Queue[int] = asyncio.Queue()
    store.changes.subscribe(games.append)
    store.tournament_changes.subscribe(heard.put_nowait)
    await store.watch()
    before = (await store.tournament_marks([made.id]))[made.id]
    running = await store.save_tournament(
        made, {"rounds": [1]}, made.names, NOW, TournamentSave("running", new_tables=((1, 0),))
    )
    assert await asyncio.wait_for(heard.get(), 5) == made.id
    after = (await store.tournament_marks([made.id]))[made.id]
    assert after != before
    with pytest.raises(VersionConflict):
        await store.save_tournament(made, {}, {}, NOW)
    [table] = await store.tournament_tables(running.id, 1)
    await store.set_table_place(table, channel_id=55)  # a thread alone shows nothing new
    await store.set_table_place(table, game_id=7)
    assert await asyncio.wait_for(heard.get(), 5) == made.id
    assert (await store.tournament_marks([made.id]))[made.id] != after
    await asyncio.sleep(0.1)
    assert heard.empty() and games == [] and await store.tournament_marks([]) == {}
