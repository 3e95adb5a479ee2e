"""The panel navigator: a path leads to a menu, a completed move, or the first menu again
(a panel of another version); channel games and the daily game share it."""

from __future__ import annotations

import pytest

from bot.daily.service import SEAT, DailyService
from bot.service import GameService, Seated
from bot.service.navigator import SavedState, navigate
from bot.store import encoded_state
from engine import find_game
from engine.core import IllegalAction, Menu, Picked
from engine.islant import GAME as ISLANT
from tests.counted import Counted

from .conftest import ALICE, CHANNEL, Sink, open_table, refused

GAME = find_game("tigerisland")


def seated_at_start(finished: bool = False) -> tuple[Seated, int]:
    state = GAME.new(2, None, 5)
    saved = SavedState(GAME.info.name, ("test", "game", 1), 1, encoded_state(GAME.serialize(state)))
    return Seated(saved, ("Alice", "Bob"), finished), min(GAME.to_move(state))


def test_a_path_leads_to_its_menu_and_a_version_of_another_panel_to_the_first_menu() -> None:
    seated, seat = seated_at_start()
    state = GAME.new(2, None, 5)
    version = GAME.seat_version(state, seat)
    first = GAME.menu(state, seat, ())
    assert isinstance(first, Menu)
    step = navigate(seated, seat, version, ("0",), None, "en")
    expected = GAME.turn_menu(state, seat, ("0",)).answer
    assert isinstance(expected, Menu)
    assert (step.stale, step.path, step.menu) == (False, ("0",), expected)
    old = navigate(seated, seat, "an older version", ("0",), None, "en")
    assert (old.stale, old.path, old.menu, old.play) == (True, (), first, ())


def test_a_bad_path_is_refused_and_a_finished_game_offers_nothing() -> None:
    seated, seat = seated_at_start()
    version = GAME.seat_version(GAME.new(2, None, 5), seat)
    with pytest.raises(IllegalAction):
        navigate(seated, seat, version, ("99",), None, "en")
    over, _ = seated_at_start(finished=True)
    plan = navigate(over, seat, version, ("0",), None, "en")
    assert plan.menu is None and plan.play == ()


async def test_a_completed_path_plays_once_and_the_panel_starts_the_next_turn(
    service: GameService, sink: Sink
) -> None:
    await open_table(service)
    started = await service.start(CHANNEL, ALICE)
    (seat,) = GAME.to_move(started.state)
    user = started.record.players[seat].user_id
    assert user is not None
    step = await service.open_panel(CHANNEL, user)
    assert step.seated.id == started.record.id and step.seated.names == ("Alice", "Bob")
    path: tuple[str, ...] = ()
    while not isinstance(GAME.turn_menu(started.state, seat, (*path, "0")).answer, Picked):
        path = (*path, "0")
    counted = Counted(service.store, ("save_move", "open_game_in"))
    step = await service.choose(
        CHANNEL, user, started.record.id, step.version, (*path, "0"), interaction_id=8
    )
    assert step.move is not None and counted.calls["save_move"] == 1
    assert step.move.record.version == started.record.version + 1
    assert step.seated.version == step.move.record.version and not step.stale
    assert step.move.described(user) == [GAME.describe(a) for a in step.move.actions]
    assert sink.shown == []  # the panel's handler shows it, after answering the tap
    with refused("wrong_game_button"):
        await service.choose(CHANNEL, user, started.record.id + 1, step.version, ("0",))


async def test_the_daily_panel_follows_taps_through_the_same_navigator(
    service: GameService,
) -> None:
    daily = DailyService(service)
    opened = await daily.open(ALICE, "Alice", 1, 1)
    attempt, panel = opened.attempt, opened.panel
    assert panel.seated.id == attempt.id and panel.seated.names == ("Alice",)
    assert panel.seated.saved.key == (service.reader, "daily", attempt.id)
    state = ISLANT.deserialize(attempt.state)
    assert panel.menu == ISLANT.menu(state, SEAT, ())
    stale = await daily.choose(ALICE, attempt.id, "an older version", ("0",))
    assert stale.panel.stale and stale.panel.path == () and stale.played == ""
    assert stale.attempt.version == attempt.version
    with refused("daily_not_yours"):
        await daily.choose(2, attempt.id, panel.version, ("0",))
