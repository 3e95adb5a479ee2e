"""What other people can ask the bot for never shows a player's turn in progress."""

from __future__ import annotations

import asyncio
import re

import aiohttp
import pytest

from ..faces import face
from ..flow_helpers import latest_game
from ..web_helpers import fetch, game_link, pages  # noqa: F401  (a fixture: the bot serves pages)
from .test_islant_flow import choose, open_panel, start_race

pytestmark = pytest.mark.usefixtures("pages")
VERSIONS = re.compile(rb'(data-version="|v=)\d+')


def picture(world, result) -> bytes:
    """The bytes of an answer's first attachment."""
    attachments = result.response.attachments
    return world.env.backend.cdn.get(attachments[0].url)


async def sheets_of_alice(world) -> list[bytes]:
    """alice's sheet as carol (no player) and bob see it, and as bob posts it publicly."""
    asked = [
        await world.carol.slash(world.channel, "islant sheet", player=world.alice),
        await world.bob.slash(world.channel, "islant sheet", player=world.alice),
        await world.bob.slash(world.channel, "islant sheet", player=world.alice, public=True),
        await world.alice.slash(world.channel, "islant sheet", public=True),
    ]
    texts = [face(r.response).description for r in asked]
    return (
        [picture(world, r) for r in asked] + [t.encode() for t in texts] + await page_answers(world)
    )


async def page_answers(world) -> list[bytes]:
    """What anyone with the game's link gets: the page (its version counter aside), the
    board, alice's sheet and its page."""
    url = await game_link(world, (await latest_game(world)).id)
    paths = ("", "/board.png", "/sheet/0.png", "/sheet/0")
    answers = [await fetch(url + path) for path in paths]
    assert all(status == 200 for status, _, _ in answers)
    return [VERSIONS.sub(rb"\1N", body) for _, body, _ in answers]


async def test_an_unsubmitted_islant_turn_is_seen_by_its_player_only(world) -> None:
    await start_race(world, [world.alice, world.bob], options="level=5")
    own_before = picture(world, await world.alice.slash(world.channel, "islant sheet"))
    before = await sheets_of_alice(world)
    url = await game_link(world, (await latest_game(world)).id)
    async with aiohttp.ClientSession() as session, session.get(url + "/events") as stream:
        async with asyncio.timeout(5):  # caught up at once with the page's newest version
            await stream.content.readuntil(b"event: change")
        panel = await open_panel(world.alice, world)
        await choose(world.alice, panel, "Suggested")
        with pytest.raises(TimeoutError):  # a page is not even told that something changed
            async with asyncio.timeout(0.5):
                await stream.content.readuntil(b"event: change")
    own_after = picture(world, await world.alice.slash(world.channel, "islant sheet"))
    assert own_after != own_before  # her own sheet shows the turn she is drawing
    assert await sheets_of_alice(world) == before
