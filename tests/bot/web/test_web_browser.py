"""Game pages in a real browser (headless Chromium): a board that follows the game live, a
replay scrubbed frame by frame, a 99-player race's standings and sheets, German, a phone's
width, and hostile names shown as text."""

from __future__ import annotations

import os
import re

import pytest
from playwright.async_api import expect

from bot.replays import ReplayJob, draw_frames
from engine import find_game

from ..flow_helpers import latest_game, open_lobby
from ..flows.test_extremes import RACE_SIZE, _fill
from ..web_helpers import (
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
        now = world.env.bot.pages.games.stamp(await latest_game(world))
        await expect(page.locator("#live")).to_have_attribute("data-version", now)
        assert before != now
        assert await page.evaluate("window.notReloaded") is True
        moves = await page.locator("ol.moves li").all_inner_texts()
        assert (moves and "alice" in moves[0].lower()) or "bob" in moves[0].lower()
        board = await page.get_attribute("img.board", "src")
        assert f"v={now}" in board
        loaded = await page.evaluate("document.querySelector('img.board').naturalWidth")
        assert loaded > 0


COUNT_STREAMS = """
const Opened = window.EventSource;
window.streams = 0;
window.EventSource = function (url) { window.streams += 1; return new Opened(url); };
window.said = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("connection");
  const heard = () => window.said.push(status.textContent);
  new MutationObserver(heard).observe(status, { childList: true, characterData: true });
});
"""
"""Counts the streams a page opens, and keeps every line its connection status said."""


async def test_a_page_renews_its_stream_when_its_time_is_up_without_a_word(world) -> None:
    actors = (world.alice, world.bob)
    url = await game_link(world, await tiger_game(world, *actors))
    world.env.bot.pages.games.stream_seconds = 0.3  # each stream's time is soon up
    async with browser() as chromium:
        page = await chromium.new_page()
        await page.add_init_script(COUNT_STREAMS)
        await page.goto(url)
        await page.evaluate("window.notReloaded = true")
        await page.wait_for_function("() => window.streams > 3", timeout=30_000)
        await move(world, actors)
        now = world.env.bot.pages.games.stamp(await latest_game(world))
        await expect(page.locator("#live")).to_have_attribute("data-version", now)
        assert await page.evaluate("window.notReloaded") is True
        assert await page.evaluate("window.said.filter(Boolean)") == []  # never "not connected"


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


async def race_of_99(world) -> int:
    lobby = await open_lobby(world, world.alice, "islant", options="level=5 cap=99")
    players = [world.bob, world.carol, *_fill(world, RACE_SIZE - 3)]
    for member in players:
        await member.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return (await latest_game(world)).id


async def test_the_race_page_orders_99_players_and_opens_a_sheet(world) -> None:
    game_id = await race_of_99(world)
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    url = await game_link(world, game_id)
    async with browser() as chromium:
        page = await chromium.new_page(viewport={"width": 400, "height": 800})
        await page.goto(url)
        rows = page.locator("table.standings tbody tr")
        await expect(rows).to_have_count(RACE_SIZE)
        points = [int(p) for p in await page.locator("td.points").all_inner_texts()]
        assert points == sorted(points, reverse=True)
        names = await page.locator("td a.sheet").all_inner_texts()
        assert sorted(names) == sorted(record.names)
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400  # a phone: no sideways scrolling
        await page.locator("td a.sheet").nth(5).click()
        dialog = page.locator("dialog#sheet")
        await expect(dialog).to_be_visible()
        seat = record.names.index(names[5])
        await expect(dialog.locator("img")).to_have_attribute(
            "src", re.compile(f"/sheet/{seat}\\.png")
        )
        assert await dialog.locator("img").evaluate("i => i.decode().then(() => i.naturalWidth)")
        await dialog.locator("button.close").click()
        await expect(dialog).to_be_hidden()
        await page.goto(url + "?view=big")
        await page.set_viewport_size({"width": 1920, "height": 1080})
        assert await page.evaluate("document.body.classList.contains('big')")
        assert await page.evaluate("document.documentElement.scrollWidth") <= 1920
    assert state.round == 1


async def test_german_pages_and_a_phone_without_sideways_scrolling(world) -> None:
    actors = (world.alice, world.bob)
    game_id = await tiger_game(world, *actors)
    await move(world, actors)
    url = await game_link(world, game_id)
    async with browser() as chromium:
        context = await chromium.new_context(locale="de-DE", viewport={"width": 400, "height": 800})
        page = await context.new_page()
        await page.goto(url)
        assert await page.get_attribute("html", "lang") == "de"
        text = await page.inner_text("main")
        assert (
            "Am Zug" in text and "Mitspielende" in text and "Züge" in text and "To move" not in text
        )
        assert await page.evaluate("document.documentElement.scrollWidth") <= 400
        await page.click("nav.languages a")  # the switch to English
        assert "To move" in await page.inner_text("main")
        assert await page.evaluate("document.documentElement.scrollWidth") <= 400


async def test_hostile_names_are_shown_as_text(world) -> None:
    members = [world.guild.add_member(world.env.create_user(n)) for n in HOSTILE[:2]]
    game_id = await tiger_game(world, *members)
    await move(world, members)
    url = await game_link(world, game_id)
    status, body, _ = await fetch(url)
    assert status == 200
    for name in HOSTILE[:2]:
        assert name not in body.decode()  # never as markup
    async with browser() as chromium:
        page = await chromium.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda d: dialogs.append(d.message))
        await page.goto(url)
        players = await page.locator("ol.players li bdi").all_inner_texts()
        assert players == list(HOSTILE[:2])
        assert await page.locator("main script, main img[src=x], main b").count() == 0
        assert dialogs == []


async def test_a_right_to_left_mark_in_a_name_stays_inside_the_name(world) -> None:
    lobby = await open_lobby(world, world.alice, "islant", options="level=5")
    rtl = world.guild.add_member(world.env.create_user(HOSTILE[2]))
    await rtl.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    url = await game_link(world, (await latest_game(world)).id)
    async with browser() as chromium:
        page = await chromium.new_page()
        await page.goto(url)
        names = await page.locator("td a.sheet bdi").all_inner_texts()
        assert HOSTILE[2] in names
        assert await page.locator("main b").count() == 0


async def submit_round(service, channel_id: int, users: list[int], rnd) -> None:
    """Every player still racing builds a turn (the computer's choices) and submits it."""
    from engine.islant import GAME as ISLANT

    _record, state = await service.running(channel_id)
    for seat, user in enumerate(users):
        if state.players[seat].status != "playing":
            continue
        while True:
            action = ISLANT.choose_ai_action(state, seat, rnd)
            state = (await service.play(channel_id, user, ISLANT.format(action))).state
            if ISLANT.format(action) == "SUBMIT":
                break


async def test_three_screens_follow_a_99_player_race_to_its_end(world) -> None:
    """A normal page, a big screen at 1280×720 and a phone watch a 99-player race through a
    whole round and its end: every picture they ask for is served (no 429, no 5xx), each
    ends on the newest picture, nobody is "thinking" once it is over, and the big screen
    shows the whole board and every player without scrolling."""
    import random

    game_id = await race_of_99(world)
    record = await latest_game(world)
    users = [p.user_id for p in record.players]
    url = await game_link(world, game_id)
    screens = {
        "normal": ("", {"width": 1280, "height": 800}),
        "big": ("?view=big", {"width": 1280, "height": 720}),
        "phone": ("", {"width": 400, "height": 800}),
    }
    refused: list[str] = []
    pictures: list[int] = []
    async with browser() as chromium:
        pages = {}
        for screen, (query, size) in screens.items():
            page = await chromium.new_page(viewport=size)

            def seen(answer) -> None:
                if answer.url.split("?")[0].endswith(".png"):
                    pictures.append(answer.status)
                if answer.status >= 400:
                    refused.append(f"{answer.status} {answer.url}")

            page.on("response", seen)
            await page.goto(url + query)
            pages[screen] = page
        service = world.env.bot.service
        await submit_round(service, world.channel.id, users, random.Random(5))
        for user in users:  # everyone stops: the race is over
            _record, state = await service.running(world.channel.id)
            if state.finished:
                break
            seat = users.index(user)
            if state.players[seat].status == "playing":
                await service.play(world.channel.id, user, "STOP")
        final = await latest_game(world)
        assert final.status == "finished"
        stamp = world.env.bot.pages.games.stamp(final)
        for screen, page in pages.items():
            board = page.locator("#live img.board")
            await expect(board).to_have_attribute("src", re.compile(f"v={stamp}"), timeout=20_000)
            assert await board.evaluate("i => i.decode().then(() => i.naturalWidth)"), screen
            statuses = await page.locator("td.status").all_inner_texts()
            assert statuses and "thinking" not in statuses, screen
        big = pages["big"]
        if os.environ.get("ISLANDBOT_TEST_SHOTS"):  # to look at them
            for screen, page in pages.items():
                await page.screenshot(path=f"{os.environ['ISLANDBOT_TEST_SHOTS']}/{screen}.png")
        fits = await big.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert fits[0] <= 1280 and fits[1] <= 720, fits
        hidden = await big.evaluate(
            """() => [...document.querySelectorAll('img.board, table.standings tr')]
                .filter(e => { const r = e.getBoundingClientRect();
                               return r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
                .length"""
        )
        assert hidden == 0
    assert refused == [] and len(pictures) >= 3
