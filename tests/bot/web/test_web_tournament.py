"""A tournament's page: the standings with their tiebreaks explained and every round's
tables linked to their games, found by the server's token; 404 for anything else; readable
on a phone in a real browser, and live there: a table's result appears without a reload."""

from __future__ import annotations

import random

import pytest
from playwright.async_api import expect

from ..faces import visible_text
from ..flows.test_tournament_flow import POLL, _entered, _resign_one, _table_games
from ..web_helpers import (
    browser,
    fetch,
    local,
    pages,  # noqa: F401  (a fixture)
)

pytestmark = [pytest.mark.usefixtures("pages"), pytest.mark.simcord(settle_timeout=120)]


async def _page(world) -> str:
    return (await _open_page(world))[0]


async def _open_page(world) -> tuple[str, list, list]:
    """The page's address once round 1's first table has a result (the second is played)."""
    people, _card = await _entered(world, players=4, rounds=2)
    games = await _table_games(world, 1)
    await _resign_one(world, people, *games[0], random.Random(3))
    await world.env.advance_time(POLL)
    shown = await world.carol.slash(world.channel, "tournament standings")
    text = visible_text(shown.response.message)
    assert shown.response.message.attachments
    link = next(word for word in text.split() if "/tournament/" in word)
    return local(world, link), people, games


async def test_the_tournament_page_shows_standings_tiebreaks_and_rounds(world) -> None:
    url = await _page(world)
    status, body, headers = await fetch(url)
    text = body.decode()
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert "tiggar islanote tournament" in text and "round 1 of 2" in text
    for person in ("alice", "bob", "carol", "dave"):
        assert person in text
    assert "Buchholz" in text and "Sonneborn" in text
    assert text.count('href="/g/') == 2  # each table's game page
    assert "being played" in text  # the second table is still on
    assert 'src="/static/live.js"' in text and "<script>" not in text
    assert 'data-events="/s/' in text and 'id="live"' in text
    assert '<meta http-equiv="refresh"' in text  # inside <noscript>: without JavaScript
    german = (await fetch(url + "?lang=de"))[1].decode()
    assert "Schweizer System" in german and "Runde 1" in german
    assert (await fetch(url.rsplit("/", 1)[0] + "/999"))[0] == 404
    other = url.split("/s/")[0] + "/s/" + "B" * 24 + "/tournament/1"
    assert (await fetch(other))[0] == 404


async def test_the_tournament_page_fits_a_phone(world) -> None:
    url = await _page(world)
    async with browser() as chromium:
        page = await chromium.new_page(viewport={"width": 400, "height": 800})
        await page.goto(url)
        assert await page.title() == "tiggar islanote tournament"
        overflow = await page.evaluate(
            "document.documentElement.scrollWidth > document.documentElement.clientWidth"
        )
        assert not overflow
        rows = await page.locator("table.standings tbody tr").count()
        assert rows == 4


async def test_a_forgotten_player_leaves_no_name_on_the_tournament_page(world) -> None:
    url = await _page(world)
    await world.env.bot.store.forget_user(world.bob.id)  # what /forget-me does once confirmed
    text = (await fetch(url))[1].decode()
    assert "bob" not in text and "a former player" in text


async def test_a_result_appears_on_the_open_tournament_page_without_a_reload(world) -> None:
    url, people, games = await _open_page(world)
    async with browser() as chromium:
        page = await chromium.new_page()
        await page.goto(url)
        live = page.locator("#live")
        round_one = live.locator("section", has_text="Round 1")
        await expect(round_one).to_contain_text("being played")
        await expect(live.locator("h2")).to_have_count(1)
        await page.evaluate("window.notReloaded = true")
        await _resign_one(world, people, *games[1], random.Random(4))
        await world.env.advance_time(POLL)  # the bot's pass records it and pairs round 2
        await expect(round_one).not_to_contain_text("being played", timeout=20_000)
        await expect(live).to_contain_text("round 2 of 2")
        await expect(live.locator("h2")).to_have_text(["Round 2", "Round 1"])
        played = page.locator("table.standings tbody tr td:last-child")
        assert await played.all_inner_texts() == ["1", "1", "1", "1"]
        assert await page.evaluate("window.notReloaded === true")
