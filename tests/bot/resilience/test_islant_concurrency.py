"""A 99-player Islant race under load, through the game service on SQLite and on PostgreSQL:
exactly-once submissions, one round close and repeated interactions."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

from bot.errors import UserError
from bot.service import GameService, navigator
from bot.service import panels as panels_module
from bot.service.transaction import then_summed
from bot.store import Store
from engine.core import Menu
from engine.islant import GAME
from tests.counted import Counted

CHANNEL = 1
PLAYERS = 99
LEVEL = 2  # two dice: quick turns to build, same service path as every level


@pytest.fixture
async def service(database):
    store = await Store.open(database)
    yield GameService(store, seed_source=lambda: 11)
    await store.close()


async def open_race(service: GameService, players: int = PLAYERS, level: int = LEVEL) -> None:
    """A started race with users 1…players (user ids equal seat + 1)."""
    await service.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="islant",
        host_id=1,
        host_name="P1",
        options={"level": str(level), "cap": str(players)},
    )
    for user in range(2, players + 1):
        await service.join(CHANNEL, user, f"P{user}")
    await service.start(CHANNEL, 1)


async def build_turns(service: GameService, rnd: random.Random) -> dict[int, object]:
    """Every player builds a legal turn (the computer player's choices), short of SUBMIT.

    Returns each seat's sheet as its turn left it.
    """
    record, state = await service.running(CHANNEL)
    for seat in range(len(record.players)):
        while True:
            action = GAME.choose_ai_action(state, seat, rnd)
            if GAME.format(action) == "SUBMIT":
                break
            result = await service.play(CHANNEL, seat + 1, GAME.format(action))
            state = result.state
    return {seat: state.players[seat].working.sheet for seat in range(len(record.players))}


async def test_99_simultaneous_submissions_apply_once_each_and_close_the_round_once(
    service,
) -> None:
    await open_race(service)
    drawn = await build_turns(service, random.Random(1))
    record, _ = await service.running(CHANNEL)
    logged_before = len(await service.store.actions(record.id))

    results = await asyncio.gather(
        *(
            service.play(CHANNEL, seat + 1, "SUBMIT", interaction_id=10_000 + seat)
            for seat in range(PLAYERS)
        )
    )

    assert not any(r.duplicate for r in results)
    closes = [r for r in results if any(e.kind == "round_closed" for e in r.events)]
    assert len(closes) == 1
    record, state = await service.running(CHANNEL)
    assert state.round == 2
    assert all(p.status == "playing" and p.draft is None for p in state.players)
    assert all(state.players[seat].sheet == drawn[seat] for seat in range(PLAYERS))
    actions = (await service.store.actions(record.id))[logged_before:]
    assert Counter(a.seat for a in actions) == Counter(range(PLAYERS))
    assert {a.notation for a in actions} == {"SUBMIT"}
    versions = sorted(r.record.version for r in results)
    assert versions == list(range(versions[0], versions[0] + PLAYERS))  # one save each


async def test_a_repeated_interaction_is_applied_once(service) -> None:
    await open_race(service, players=3)
    record, state = await service.running(CHANNEL)
    step = GAME.format(GAME.choose_ai_action(state, 0, random.Random(2)))
    first, again = await asyncio.gather(
        service.play(CHANNEL, 1, step, interaction_id=77),
        service.play(CHANNEL, 1, step, interaction_id=77),
    )
    assert (first.duplicate, again.duplicate) == (False, True)
    later = await service.play(CHANNEL, 1, step, interaction_id=77)
    assert later.duplicate
    actions = await service.store.actions(record.id)
    assert [a.notation for a in actions if a.interaction_id == 77] == [step]
    assert (await service.running(CHANNEL))[0].version == first.record.version


def round_open(number: int):
    """The host's check that round ``number`` is still the one in play."""

    def check(record, state) -> None:
        if state.finished or state.round != number:
            raise UserError("islant_round_over", round=number)

    return check


async def test_two_hosts_clicks_close_one_round_not_two(service) -> None:
    await open_race(service, players=3)
    closes = await asyncio.gather(
        *(
            service.play_as_system(
                CHANNEL, "CLOSE", by_user=1, interaction_id=500 + k, check=round_open(1)
            )
            for k in range(2)
        ),
        return_exceptions=True,
    )
    refused = [c for c in closes if isinstance(c, UserError)]
    assert len(refused) == 1 and refused[0].code == "islant_round_over"
    _, state = await service.running(CHANNEL)
    assert state.round == 2


async def test_a_step_to_another_menu_answers_while_a_move_holds_the_lock(service) -> None:
    await open_race(service, 3, level=5)  # the grid's die, then its cell: two menus deep
    first = await service.open_panel(CHANNEL, 2)
    assert first.menu is not None
    _, state = await service.running(CHANNEL)
    deeper = next(  # a choice leading to another menu, not to a move
        (str(i),)
        for i in range(len(first.menu.choices))
        if isinstance(GAME.menu(state, 1, (str(i),)), Menu)
    )
    async with service.lock(CHANNEL):  # a move being saved meanwhile
        step = await asyncio.wait_for(
            service.choose(CHANNEL, 2, first.seated.id, first.version, deeper), timeout=30
        )
    assert step.move is None and step.menu is not None and step.path == deeper
    assert step.plan.labels == (first.menu.choices[int(deeper[0])].label,)
    record, _ = await service.running(CHANNEL)
    assert record.version == first.seated.version  # nothing written


def completing_path(state, seat: int) -> tuple[str, ...]:
    """The first choice of ``seat``'s first menu that plays actions (a suggested turn)."""
    first = GAME.menu(state, seat, ())
    assert isinstance(first, Menu)
    return next(
        (str(i),)
        for i in range(len(first.choices))
        if not isinstance(GAME.menu(state, seat, (str(i),)), Menu)
    )


async def three_open_panels(service: GameService):
    """A 4-player level-5 race with three seats' panels open; returns its record, its state
    and ``tap(seat, interaction_id)``, which taps the seat's first choice that plays a
    suggested turn, as a task."""
    await open_race(service, 4, level=5)
    record, state = await service.running(CHANNEL)
    panels = [await service.open_panel(CHANNEL, seat + 1) for seat in range(3)]

    def tap(seat: int, interaction_id: int) -> asyncio.Future:
        path = completing_path(state, seat)
        version = panels[seat].version
        choice = service.choose(
            CHANNEL, seat + 1, record.id, version, path, interaction_id=interaction_id
        )
        return asyncio.ensure_future(choice)

    return record, state, tap


async def test_panel_moves_tapped_while_a_change_is_saved_are_saved_together(service) -> None:
    record, state, tap = await three_open_panels(service)

    async def queue_after(*taps):
        """The taps in this order, each queued behind the save before the next comes."""
        for number, (seat, interaction_id) in enumerate(taps, 1):
            started.append(tap(seat, interaction_id))
            while len(service.panels._queues._waiting.get(CHANNEL, [])) < number:
                await asyncio.sleep(0.01)

    started: list[asyncio.Future] = []
    async with service.lock(CHANNEL):  # another change being saved meanwhile
        # seat 1's same tap twice, then another tap of its panel as it was drawn
        await asyncio.wait_for(queue_after((1, 801), (2, 802), (1, 801), (1, 804)), 30)
        assert not any(t.done() for t in started)
    together, again, twice, outdated = await asyncio.gather(*started, return_exceptions=True)
    assert together.move.record.version == again.move.record.version == record.version + 1
    assert isinstance(twice, UserError) and twice.code == "duplicate"
    assert outdated.move is None and outdated.stale  # seat 1's options changed before it
    _, after = await service.running(CHANNEL)
    for seat in (1, 2):
        assert after.players[seat].working == together.move.state.players[seat].working
    assert after.players[0].working == state.players[0].working
    logged = [a.interaction_id for a in await service.store.actions(record.id)]
    assert logged.count(801) == logged.count(802) == 1 and 804 not in logged


async def test_a_batch_of_panel_moves_is_read_once_and_played_in_one_trip_to_a_thread(
    service, monkeypatch
) -> None:
    record, _, tap = await three_open_panels(service)
    trips = []
    to_thread = panels_module.off_loop
    monkeypatch.setattr(
        panels_module, "off_loop", lambda fn, *args: trips.append(fn) or to_thread(fn, *args)
    )
    async with service.lock(CHANNEL):  # both taps wait for the same save
        started = [tap(1, 901), tap(2, 902)]
        while len(service.panels._queues._waiting.get(CHANNEL, [])) < 2:
            await asyncio.sleep(0.01)
        reads = Counted(service.store, ("open_game_seeing", "open_game_in", "guild_settings"))
        pool_calls = Counted(service.panels.pictures, ("run",))
    first, second = await asyncio.gather(*started)
    assert first.move.record.version == second.move.record.version == record.version + 1
    assert trips == [then_summed]  # the state was cached: no trip to read it
    # the game read with both taps' checks that they were not played already, at once
    # (a move inside a round opens no timer: the server's settings are not read for it)
    assert reads.calls == {"open_game_seeing": 1, "open_game_in": 0, "guild_settings": 0}
    # both movers' next panels worked out in one hand-over to the pool, each its own seat's
    assert [args[0] for args in pool_calls.args["run"]] == [navigator.first_menus_drawn]
    assert (first.seat, second.seat) == (1, 2) and first.menu is not None
    assert first.seated.version == second.seated.version == record.version + 1


async def test_a_saved_move_whose_next_panel_fails_answers_with_the_error(
    service, monkeypatch
) -> None:
    record, _, tap = await three_open_panels(service)

    def failing_panels(seated, orders):
        raise RuntimeError("no panel")

    monkeypatch.setattr(panels_module, "first_menus_drawn", failing_panels)
    answers = await asyncio.wait_for(
        asyncio.gather(tap(1, 911), tap(2, 912), return_exceptions=True), 30
    )
    assert [type(answer) for answer in answers] == [RuntimeError, RuntimeError]
    assert (await service.store.get_game(record.id)).version > record.version  # saved
    logged = [action.interaction_id for action in await service.store.actions(record.id)]
    assert 911 in logged and 912 in logged


async def test_panel_moves_saved_at_once_are_each_played_on_the_others(service) -> None:
    players = 12
    await open_race(service, players, level=5)
    record, state = await service.running(CHANNEL)
    panels = [await service.open_panel(CHANNEL, seat + 1) for seat in range(players)]
    steps = await asyncio.gather(
        *(
            service.choose(
                CHANNEL,
                seat + 1,
                record.id,
                panels[seat].version,
                completing_path(state, seat),
                interaction_id=700 + seat,
            )
            for seat in range(players)
        )
    )
    assert all(step.move is not None and not step.stale for step in steps)
    versions = {step.move.record.version for step in steps}
    assert len(versions) < players  # moves tapped while another was saved, saved together
    assert versions <= set(range(record.version + 1, record.version + players + 1))
    _, after = await service.running(CHANNEL)
    for seat, step in enumerate(steps):  # each seat's turn as its own tap made it
        assert after.players[seat].working == step.move.state.players[seat].working
    assert len(await service.store.actions(record.id)) > players


@pytest.mark.parametrize("failure", [RuntimeError("disk gone"), asyncio.CancelledError()])
async def test_a_batch_that_fails_or_is_cancelled_leaves_no_tap_waiting(
    service, monkeypatch, failure
) -> None:
    record, _, tap = await three_open_panels(service)

    async def failing_batch(channel_id, moves):
        raise failure

    playing_batch = service.panels._play_batch
    monkeypatch.setattr(service.panels, "_play_batch", failing_batch)
    async with service.lock(CHANNEL):  # the taps queue behind another change
        taps = [tap(seat, 900 + seat) for seat in (0, 1)]
        while len(service.panels._queues._waiting.get(CHANNEL, [])) < 2:
            await asyncio.sleep(0.01)
    answers = await asyncio.wait_for(asyncio.gather(*taps, return_exceptions=True), 30)
    assert [type(a) for a in answers] == [type(failure)] * 2
    monkeypatch.setattr(service.panels, "_play_batch", playing_batch)
    step = await asyncio.wait_for(tap(2, 902), 30)  # the queue was emptied: the next tap plays
    assert step.move is not None and step.move.record.version == record.version + 1
