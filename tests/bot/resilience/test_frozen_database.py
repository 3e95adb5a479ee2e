"""A database that stops answering: every interaction is answered within Discord's 3 s, a
move answered as failed is never applied later, and play goes on once the database is back.

Through the whole bot in simcord: SQLite with its write lock held by another program (its
lock wait ends in SQLite's own thread), and reads that time out. Through the game service on
both back-ends, in real time: PostgreSQL behind a proxy that stops forwarding. (simcord's
clock is virtual: a timer cannot end a wait on a socket there, so the PostgreSQL outage is
played against the service, which is what the bot's handlers call.)
"""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.choices import NOTE_VALUE
from bot.service import GameService
from bot.store import StorageTimeout, Store, answer_within
from bot.store.sqlite import SQLiteStore
from engine import find_game
from tests.frozen import outage_of, sqlite_held

from ..faces import last_card
from ..flow_helpers import latest_game, open_lobby

GAME = find_game("tigerisland")
DISCORD_SECONDS = 3.0
NOT_ANSWERING = "storage is not answering"
CHANNEL = 10


class AnswerTimes:
    """When (real time) each interaction callback reached Discord."""

    def __init__(self, world) -> None:
        self.times: list[float] = []
        log = world.env.backend.http_requests
        append = log.append

        def noted(entry) -> None:
            if entry.path.endswith("/callback"):
                self.times.append(time.monotonic())
            append(entry)

        log.append = noted

    async def answered_in_time(self, action) -> object:
        """Run ``action`` (one interaction) and check it was answered within 3 s."""
        count, started = len(self.times), time.monotonic()
        result = await action
        assert len(self.times) > count, "the interaction got no answer at all"
        assert self.times[count] - started < DISCORD_SECONDS
        return result


def text_of(result) -> str:
    parts = [result.response.content if result.response else ""]
    return "\n".join(parts + [f.content or "" for f in result.followups])


def timeouts_only(world) -> None:
    """Every failure the bot met was the database not answering (and each was answered)."""
    failures = [getattr(e, "original", e) for e in world.env.errors]
    assert failures and all(isinstance(e, StorageTimeout) for e in failures), failures


async def started_game(world):
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(GAME.to_move(state))
    mover = world.alice if record.players[seat].user_id == world.alice.id else world.bob
    placement = GAME.format(GAME.legal_actions(state, seat)[0])
    return record, mover, placement


async def test_a_locked_database_answers_every_interaction_in_time_and_nothing_lands_late(
    world,
) -> None:
    record, mover, placement = await started_game(world)
    board = last_card(world.channel)
    times = AnswerTimes(world)
    with sqlite_held(world.db_path):
        moved = await times.answered_in_time(
            mover.slash(world.channel, "tiger place", placement=placement)
        )
        assert moved.ephemeral and NOT_ANSWERING in text_of(moved).lower()
        status = await times.answered_in_time(mover.slash(world.channel, "game status"))
        assert status.response.attachments, "reads go on while another program writes"
        offered = await times.answered_in_time(
            mover.autocomplete(world.channel, "tiger place", "placement", "")
        )
        assert placement in [c["value"] for c in offered]
        await times.answered_in_time(mover.click(board, label="My moves"))
        await asyncio.sleep(1.0)  # still locked well after the failure was told
    assert (await latest_game(world)).version == record.version, "applied after the failure"
    timeouts_only(world)

    moved = await times.answered_in_time(
        mover.slash(world.channel, "tiger place", placement=placement)
    )
    assert NOT_ANSWERING not in text_of(moved).lower()
    assert (await latest_game(world)).version == record.version + 1


async def test_reads_that_time_out_are_told_and_autocomplete_offers_a_note(
    world, monkeypatch
) -> None:
    record, mover, placement = await started_game(world)
    board = last_card(world.channel)

    async def not_answering(self, sql, params=()):
        raise StorageTimeout(sql)

    monkeypatch.setattr(SQLiteStore, "_rows", not_answering)
    monkeypatch.setattr(SQLiteStore, "_game_rows", not_answering)  # a game with its seats
    offered = await mover.autocomplete(world.channel, "tiger place", "placement", "")
    assert [c["value"] for c in offered] == [NOTE_VALUE]
    assert NOT_ANSWERING in offered[0]["name"].lower()
    for action in (
        mover.slash(world.channel, "game status"),
        mover.slash(world.channel, "tiger place", placement=placement),
        mover.click(board, label="My moves"),
    ):
        result = await action
        assert result.ephemeral and NOT_ANSWERING in text_of(result).lower()
    timeouts_only(world)
    monkeypatch.undo()
    assert (await latest_game(world)).version == record.version


@pytest.fixture
async def frozen_service(database):
    async with outage_of(database) as outage:
        store = await Store.open(outage.url)
        service = GameService(store, seed_source=lambda: 7)
        yield service, outage
        await store.close()


async def test_a_move_during_an_outage_fails_in_time_and_is_never_applied_later(
    frozen_service,
) -> None:
    service, outage = frozen_service
    await service.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="tigerisland",
        host_id=1,
        host_name="Ann",
        options={},
    )
    await service.join(CHANNEL, 2, "Ben")
    started = await service.start(CHANNEL, 1)
    seat = min(GAME.to_move(started.state))
    placement = GAME.format(GAME.legal_actions(started.state, seat)[0])
    answer_within(lambda: False)  # as the handler of an interaction not answered yet
    with outage.frozen():
        began = time.monotonic()
        with pytest.raises(StorageTimeout):
            await service.play(CHANNEL, seat + 1, placement, interaction_id=77)
        assert time.monotonic() - began < DISCORD_SECONDS - 0.5  # time left to tell the user
        await asyncio.sleep(1.0)
    await asyncio.sleep(1.0)  # the database works through whatever it was sent
    answer_within(lambda: True)
    record, _ = await service.running(CHANNEL)
    assert record.version == started.record.version, "applied after the failure"
    assert (await service.store.open_game_seeing(CHANNEL, [77]))[1] == set()
    moved = await service.play(CHANNEL, seat + 1, placement, interaction_id=77)
    assert moved.record.version == started.record.version + 1
