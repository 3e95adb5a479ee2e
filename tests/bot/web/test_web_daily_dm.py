"""An Islant of the day played in direct messages belongs to no server: its page shows that
player alone, under a token of their own given only with their result, published once the
day is over, and gone once they are forgotten.

The page server's handlers read the real clock, not the simulated one the bot plays on (a
simulated day is always a past one to them): the day-not-over rule is checked against a
store and a clock of the test's own below."""

from __future__ import annotations

import random
import re

import pytest

from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages

from ..faces import text_of
from ..flows.test_daily_flow import attempt_of, fixed_secret, past_midnight, play_round, stop
from ..web_helpers import (
    PUBLIC,
    fetch,
    local,
    pages,  # noqa: F401  (a fixture)
)
from .test_web_daily import NOW, attempt

LINK = re.compile(re.escape(PUBLIC) + r"/\S+/daily/3/\d{4}-\d{2}-\d{2}")


async def played(world, actor, *where) -> str:
    """``actor`` plays a round of the day's Islant (in ``where``, else in direct messages) and
    stops: the page link in the result's text."""
    panel = (await actor.slash(*where, "islant daily", level=3)).response
    await play_round(world, actor, panel, random.Random(5))
    await stop(actor, panel)
    text = text_of(panel)
    found = LINK.search(text)
    assert found, text
    return found.group(0)


@pytest.mark.usefixtures("pages")
@pytest.mark.simcord(settle_timeout=60)
async def test_a_dm_attempts_page_shows_its_player_alone_once_the_day_is_over(world) -> None:
    await fixed_secret(world)
    alice_link = await played(world, world.alice.user)
    bob_link = await played(world, world.bob.user)
    assert "/p/" in alice_link and alice_link != bob_link  # each player's own token
    assert "/s/" in await played(world, world.carol, world.channel)  # a server's day: its page

    await past_midnight(world)
    alice_page = local(world, alice_link)
    alice = await attempt_of(world, world.alice, days_later=-1)
    status, body, headers = await fetch(alice_page)
    text = body.decode()
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert "alice" in text and f'<td class="points">{alice.score}</td>' in text
    assert "bob" not in text and "carol" not in text  # only that player
    assert "Islant des Tages" in (await fetch(alice_page + "?lang=de"))[1].decode()
    guessed = alice_page.replace(alice_page.split("/")[4], "B" * 24)
    assert (await fetch(guessed))[0] == 404
    assert (await fetch(alice_page.replace("/daily/3/", "/daily/4/")))[0] == 404  # not played

    await world.env.bot.store.forget_user(world.alice.id)  # what /forget-me does once confirmed
    assert (await fetch(alice_page))[0] == 404
    assert (await fetch(local(world, bob_link)))[0] == 200
    assert world.env.errors == []


@pytest.fixture
async def served(tmp_path):
    store = await Store.open(tmp_path / "dm.db")
    service = GameService(store, now=lambda: NOW)
    web = WebPages(service, WebConfig(PUBLIC, 0), RateLimit(100, 100))
    await web.start()
    yield store, web
    await web.stop()
    await store.close()


async def test_a_dm_attempts_page_waits_for_the_day_to_end_and_names_nothing_else(served) -> None:
    store, web = served
    await attempt(store, 5, "emil", "2026-11-24", 60, guild_id=None)
    await attempt(store, 5, "emil", "2026-11-25", 70, guild_id=None)  # today's
    await attempt(store, 5, "emil", "2026-11-23", 10, guild_id=1)  # on a server
    await attempt(store, 6, "fay", "2026-11-24", 80, guild_id=None)
    root = f"http://127.0.0.1:{web.port}"
    emil = (await web.daily_link(await store.daily_attempt(5, "2026-11-24", 3))).removeprefix(
        PUBLIC
    )
    status, body, _ = await fetch(root + emil)
    assert status == 200 and "emil" in body.decode() and "fay" not in body.decode()
    assert (await fetch(root + emil.replace("11-24", "11-25")))[0] == 404  # the day runs
    assert (await fetch(root + emil.replace("11-24", "11-23")))[0] == 404  # a server's
    assert (await fetch(root + emil.replace("11-24", "11-22")))[0] == 404  # not played
    on_server = await web.daily_link(await store.daily_attempt(5, "2026-11-23", 3))
    assert "/s/" in on_server
    await store.update_guild_settings(1, {"web_pages": "off"})
    assert await web.daily_link(await store.daily_attempt(5, "2026-11-23", 3)) is None
