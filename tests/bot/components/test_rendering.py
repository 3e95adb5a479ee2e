"""Pictures drawn off the event loop: one drawing per game version and viewer, a real pool."""

from __future__ import annotations

import asyncio
import os
import pickle
import pkgutil
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from importlib import import_module

import pytest

import bot
import bot.rendering as rendering
from bot.islant.pictures import sheet_of
from bot.rendering import Named, PictureKey, Pictures, game_view
from bot.service.navigator import SavedState, Seated, navigate
from bot.store import encoded_state
from bot.workers import WorkerPool
from engine import find_game
from engine.core import IllegalAction, View, resolve_options
from render import render_view
from render.islant import SheetOf
from tests.render.tigerisland_views import mid_view, small_view

NAMES = ["Alice", "Bob"]


@pytest.fixture
def drawings(monkeypatch) -> list[View]:
    """Every view drawn in the process (the in-process renderer is spied on)."""
    drawn: list[View] = []

    def spy(view: View, names: list[str]) -> bytes:
        drawn.append(view)
        return render_view(view, names)

    monkeypatch.setattr(rendering, "BOARD", spy)
    return drawn


async def test_99_concurrent_requests_for_one_picture_draw_it_once(drawings):
    pictures = Pictures(workers=0)
    built = []

    def view() -> View:
        built.append(1)
        return mid_view()

    key = PictureKey(game_id=1, version=7, viewer=None)
    pngs = await asyncio.gather(*(pictures.draw(key, view, NAMES) for _ in range(99)))
    assert len(drawings) == 1 and len(built) == 1
    assert set(pngs) == {render_view(mid_view(), NAMES)}
    assert await pictures.draw(key, view, NAMES) == pngs[0]
    assert len(drawings) == 1


async def test_other_viewers_and_versions_get_their_own_pictures(drawings):
    pictures = Pictures(workers=0)
    public = PictureKey(1, 7, None)
    first = await pictures.draw(public, mid_view, NAMES)
    seat = await pictures.draw(PictureKey(1, 7, 0), lambda: small_view(), NAMES)
    later = await pictures.draw(PictureKey(1, 8, None), small_view, NAMES)
    other_game = await pictures.draw(PictureKey(2, 7, None), small_view, NAMES)
    assert len(drawings) == 4
    assert first != seat and seat == later == other_game
    assert await pictures.draw(public, small_view, NAMES) == first


async def test_the_cache_keeps_the_latest_pictures_only(drawings):
    pictures = Pictures(workers=0, cache_size=2)
    for version in (1, 2, 3):
        await pictures.draw(PictureKey(1, version, None), small_view, NAMES)
    await pictures.draw(PictureKey(1, 3, None), small_view, NAMES)
    await pictures.draw(PictureKey(1, 1, None), small_view, NAMES)
    assert len(drawings) == 4


async def test_a_failed_drawing_is_not_kept(monkeypatch):
    pictures = Pictures(workers=0)
    calls = []

    def broken(view: View, names: list[str]) -> bytes:
        calls.append(view)
        raise ValueError("no renderer")

    monkeypatch.setattr(rendering, "BOARD", broken)
    key = PictureKey(1, 1, None)
    results = await asyncio.gather(
        *(pictures.draw(key, small_view, NAMES) for _ in range(3)), return_exceptions=True
    )
    assert all(isinstance(r, ValueError) for r in results) and len(calls) == 1
    with pytest.raises(ValueError):
        await pictures.draw(key, small_view, NAMES)
    assert len(calls) == 2


async def test_a_worker_process_draws_the_same_bytes():
    pictures = Pictures(workers=1)
    assert not pictures.in_process and not pictures.started
    views = [mid_view(), small_view()]
    try:
        pngs = await asyncio.gather(
            *(pictures.draw(PictureKey(1, k, None), v, NAMES) for k, v in enumerate(views))
        )
        assert pictures.started
    finally:
        pictures.close()
    assert pngs == [render_view(v, NAMES) for v in views]
    assert not pictures.started


async def test_a_game_view_is_built_in_the_worker_that_draws_it():
    game = find_game("islant")
    state = game.new(3, resolve_options(game.info.options, {}), 5)
    pictures = Pictures(workers=1)
    try:
        png = await pictures.draw(
            PictureKey(1, 1, 2), partial(game_view, "islant", state, 2), NAMES * 2
        )
    finally:
        pictures.close()
    assert png == render_view(game.view(state, 2), NAMES * 2)


def test_a_named_drawer_pickles_as_its_name_and_draws_what_it_names():
    board = Named("render:render_view")
    assert pickle.loads(pickle.dumps(board)) == board and board.name == "render_view"
    assert board(mid_view(), NAMES) == render_view(mid_view(), NAMES)
    state = find_game("islant").new(3, resolve_options(find_game("islant").info.options, {}), 5)
    view = find_game("islant").view(state, None)
    sheet = Named("render.islant:SheetOf", (2,))
    assert sheet.name == "SheetOf:2"
    assert sheet(view, NAMES * 2) == SheetOf(2)(view, NAMES * 2)


def test_every_drawer_the_bot_names_is_there_on_a_face_of_the_renderer():
    named = []
    modules = pkgutil.walk_packages(bot.__path__, "bot.")
    for module in (m for m in modules if not m.name.endswith("__main__")):
        found = vars(import_module(module.name)).values()
        named += [value for value in found if isinstance(value, Named)]
    named.append(sheet_of(0))
    assert len(named) >= 7  # the board, Islant's five, the records card, the standings
    for drawer in named:
        module = drawer.where.partition(":")[0]
        assert module.split(".")[0] == "render" and module.count(".") <= 1, drawer  # a face
        assert callable(drawer.drawer()), drawer


async def test_the_pool_stops_its_workers_on_close():
    pool = WorkerPool(2)
    pids = set(await asyncio.gather(*(pool.run(os.getpid) for _ in range(4))))
    assert pids and os.getpid() not in pids
    pool.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


async def test_a_dead_worker_fails_one_call_and_the_next_gets_a_fresh_worker():
    pool = WorkerPool(1)
    try:
        first = await pool.run(os.getpid)
        with pytest.raises(BrokenProcessPool):
            await pool.run(os._exit, 1)
        assert await pool.run(os.getpid) != first
    finally:
        pool.close()


def test_the_environment_chooses_the_pool_size(monkeypatch):
    monkeypatch.setenv(rendering.WORKERS_VARIABLE, "0")
    assert Pictures().in_process
    monkeypatch.setenv(rendering.WORKERS_VARIABLE, "3")
    assert rendering.configured_workers() == 3
    monkeypatch.setenv(rendering.WORKERS_VARIABLE, "many")
    with pytest.raises(ValueError, match="number of worker processes"):
        Pictures()
    monkeypatch.delenv(rendering.WORKERS_VARIABLE)
    assert rendering.configured_workers() >= 1


async def test_the_bot_closes_the_picture_pool_with_itself(simcord_env):
    service = simcord_env.bot.service
    assert service.pictures.in_process  # tests draw in the test process
    service.pictures = Pictures(workers=1)
    record_png = await service.pictures.draw(PictureKey(1, 1, None), small_view, NAMES)
    assert record_png == render_view(small_view(), NAMES)
    assert service.pictures.started
    await simcord_env.bot.close()
    assert not service.pictures.started


async def test_a_path_refused_in_a_worker_comes_back_as_the_same_refusal():
    """A forged panel path is refused by the navigator in a worker process; the refusal
    crosses back whole (code and words), and the pool keeps working."""
    game = find_game("tigerisland")
    state = game.new(2, None, 5)
    saved = SavedState("tigerisland", ("test", "game", 1), 1, encoded_state(game.serialize(state)))
    seated = Seated(saved, tuple(NAMES))
    pool = WorkerPool(1)
    try:
        with pytest.raises(IllegalAction) as refused:
            version = game.seat_version(state, 0)
            await pool.run(navigate, seated, 0, version, ("99", "99"), None, "en")
        assert refused.value.code and refused.value.message
        plan = await pool.run(navigate, seated, 0, None, (), None, "en")
        assert plan.menu is not None and plan.menu.choices
    finally:
        pool.close()
