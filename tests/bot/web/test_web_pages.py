"""Game pages through the real bot: a page per game behind an unguessable link, the public
board and the moves in words, escaped names, strict headers, 404 for a server without pages."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from bot.web import RateLimit

from ..faces import controls, last_card
from ..flow_helpers import expect_refusal, latest_game, open_lobby
from ..web_helpers import (
    fetch,
    game_link,
    local,
    pages,  # noqa: F401  (a fixture)
)

pytestmark = pytest.mark.usefixtures("pages")


async def start_tiger_game(world) -> int:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return (await latest_game(world)).id


async def test_a_game_page_shows_the_board_players_and_whose_turn(world) -> None:
    game_id = await start_tiger_game(world)
    url = await game_link(world, game_id)
    status, body, headers = await fetch(url)
    assert status == 200
    text = body.decode()
    assert "tiggar islanote" in text and "alice" in text and "bob" in text
    assert "To move" in text
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "<script>" not in text
    status, png, headers = await fetch(url + "/board.png")
    assert status == 200 and png.startswith(b"\x89PNG") and headers["Content-Type"] == "image/png"


async def test_a_server_that_turns_pages_off_answers_404_on_every_link(world) -> None:
    game_id = await start_tiger_game(world)
    url = await game_link(world, game_id)
    paths = ("", "/board.png", "/events", "/replay", "/replay/0.png")
    assert (await fetch(url))[0] == 200
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    await admin.slash(world.channel, "settings", web_pages="off")
    refused = await world.bob.slash(world.channel, "game link")
    expect_refusal(world, refused, "turned off")
    for path in paths:
        assert (await fetch(url + path))[0] == 404, path
    unknown = url.rsplit("/", 1)[0] + "/" + "A" * 24
    assert (await fetch(unknown))[0] == 404
    await admin.slash(world.channel, "settings", web_pages="on")
    assert (await fetch(url))[0] == 200


async def test_only_get_and_a_rate_limit_per_address(world) -> None:
    url = await game_link(world, await start_tiger_game(world))
    async with aiohttp.ClientSession() as session:
        for method in ("POST", "PUT", "DELETE", "HEAD"):
            async with session.request(method, url) as answer:
                assert answer.status == 405, method
                assert "Content-Security-Policy" in answer.headers
        statuses = []
        for _ in range(80):
            async with session.get(url) as answer:
                statuses.append(answer.status)
        async with session.get(url + "/board.png") as picture:  # pictures count apart
            assert picture.status == 200
    assert statuses[0] == 200 and statuses[-1] == 429
    assert statuses.count(200) <= 62  # a burst of 60, and a little refilled meanwhile


async def test_every_board_has_a_watch_link_and_game_link_gives_it(world) -> None:
    game_id = await start_tiger_game(world)
    board = last_card(world.channel)
    links = [c.url for c in controls(board) if c.url]
    page = await world.env.bot.pages.link(await world.env.bot.store.get_game(game_id))
    assert links == [page]
    answer = await world.carol.slash(world.channel, "game link")
    assert answer.ephemeral and page in answer.response.content
    status, _body, headers = await fetch(local(world, page))
    assert status == 200 and headers["Referrer-Policy"] == "no-referrer"


async def test_a_servers_leaderboard_page_ranks_its_players(world) -> None:
    await start_tiger_game(world)
    await world.alice.slash(world.channel, "game resign")
    answer = await world.bob.slash(world.channel, "game link")
    buttons = [c for row in answer.response.components for c in row["components"]]
    board = local(world, buttons[1]["url"])
    status, body, _headers = await fetch(board)
    text = body.decode()
    assert status == 200 and "tiggar islanote" in text
    assert text.index("bob") < text.index("alice")  # the winner ranks first
    assert (await fetch(board.replace("/tigerisland", "/chess")))[0] == 404
    other = board.split("/s/")[0] + "/s/" + "B" * 24 + "/leaderboard/tigerisland"
    assert (await fetch(other))[0] == 404


async def test_a_closed_page_frees_its_live_stream_at_once(world) -> None:
    url = await game_link(world, await start_tiger_game(world)) + "/events"
    limit = world.env.bot.pages.games.limit.streams
    for _ in range(2):  # twice the cap, one after the other: every stream is let in
        async with aiohttp.ClientSession() as session:
            streams = [await session.get(url) for _ in range(limit)]
            assert [s.status for s in streams] == [200] * limit
            async with session.get(url) as refused:
                assert refused.status == 429
            for stream in streams:
                stream.close()
        await freed(world.env.bot.pages.games.limit)


async def freed(limit: RateLimit, bound: float = 30.0) -> None:
    """Wait (up to a generous ``bound``, never a measure of speed) until this machine's
    address holds no live stream."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound
    while limit.open_streams("127.0.0.1") and loop.time() < deadline:
        await asyncio.sleep(0.05)
    assert limit.open_streams("127.0.0.1") == 0
