"""Game pages in a real browser (headless Chromium): a board that follows the game live, a
replay scrubbed frame by frame, a 99-player race's standings and sheets, German, a phone's
width, and hostile names shown as text."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from bot.replays import ReplayJob, draw_frames
from engine import find_game

from .flow_helpers import latest_game, open_lobby
from .web_helpers import (
    browser,
    fetch,
    game_link,
    pages,  # noqa: F401  (a fixture)
)

TIGER = find_game("tigerisland")
HOSTILE = (
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(2)">',
    "\u202eevil\u202c & <b>bold</b>",
)


pytestmark = pytest.mark.usefixtures("pages")


async def tiger_game(world, host, guest) -> int:
    lobby = await open_lobby(world, host, "tigerisland")
    await guest.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    return (await latest_game(world)).id


async def move(world, actors) -> None:
    """The player to move makes the first move the suggestions offer (through the bot)."""
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(TIGER.to_move(state))
    actor = next(a for a in actors if a.id == record.players[seat].user_id)
    placing = TIGER.view(state, None).data["phase"] == "place"
    command, option = ("tiger place", "placement") if placing else ("tiger build", "build")
    offered = await actor.autocomplete(world.channel, command, option, "")
    await actor.slash(world.channel, command, **{option: offered[0]["value"]})
    assert (await latest_game(world)).version > record.version


async def test_a_game_page_follows_moves_saved_through_the_bot_without_reloading(world) -> None:
    actors = (world.alice, world.bob)
    game_id = await tiger_game(world, *actors)
    url = await game_link(world, game_id)
    async with browser() as chromium:
        page = await chromium.new_page()
        await page.goto(url)
        await page.evaluate("window.notReloaded = true")
        before = await page.get_attribute("#live", "data-version")
        await move(world, actors)
        now = (await latest_game(world)).version
        await expect(page.locator("#live")).to_have_attribute("data-version", str(now))
        assert int(before) < now
        assert await page.evaluate("window.notReloaded") is True
        moves = await page.locator("ol.moves li").all_inner_texts()
        assert (moves and "alice" in moves[0].lower()) or "bob" in moves[0].lower()
        board = await page.get_attribute("img.board", "src")
        assert f"v={now}" in board
        loaded = await page.evaluate("document.querySelector('img.board').naturalWidth")
        assert loaded > 0


async def test_the_replay_scrubber_shows_frame_k(world) -> None:
    actors = (world.alice, world.bob)
    game_id = await tiger_game(world, *actors)
    for _ in range(4):
        await move(world, actors)
    await world.alice.slash(world.channel, "game resign")
    record = await latest_game(world)
    assert record.status == "finished"
    frames = draw_frames(ReplayJob.of(record, await world.env.bot.store.actions(record.id)))
    url = await game_link(world, game_id) + "/replay"
    async with browser() as chromium:
        page = await chromium.new_page()
        await page.goto(url)
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("ArrowRight")
        assert await page.get_attribute("#replay", "data-frame") == "2"
        assert await page.inner_text(".caption") == frames[2][1]
        await page.locator("input[type=range]").fill("3")
        src = await page.get_attribute("#replay img.board", "src")
        assert src.split("?")[0].endswith("/replay/3.png")
        assert await page.inner_text(".caption") == frames[3][1]
        await page.click("button.play")
        last = str(len(frames) - 1)
        await expect(page.locator("#replay")).to_have_attribute("data-frame", last, timeout=10_000)
    status, png, _ = await fetch(url + "/3.png")
    assert status == 200 and png == frames[3][0]  # the very picture of the replay's frame
    status, body, _ = await fetch(url + "?frame=3")  # without JavaScript: a link per step
    assert status == 200 and frames[3][1] in body.decode()
