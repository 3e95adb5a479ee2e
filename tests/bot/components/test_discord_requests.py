"""Every request the bot makes to Discord has a deadline: a Discord that takes a request and
never answers it (a REST post, an interaction's follow-up) makes the request fail in time,
instead of holding its handler or the outbox for aiohttp's five minutes; and an answer to a
user that fails that way is logged, never raised.

Against a small HTTP server on loopback that logs the bot in and then never answers.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from aiohttp import web

from bot import discord_requests, request_deadlines
from bot.answers import reply_error
from bot.request_deadlines import bound_requests

from ..conftest import make_bot
from .loopback_discord import USER, as_discord_does, serving

DEADLINE = 0.3  # seconds given to a request here
LATE = 3.0  # a request still waiting after this was not bounded
APPLICATION = {
    "id": "10",
    "name": "islandbot",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": USER,
    "verify_key": "0",
    "flags": 0,
}


@pytest.fixture
async def silent_discord(monkeypatch) -> AsyncIterator[list[str]]:
    """A Discord that logs the bot in and never answers anything else; yields the paths of
    the requests it is holding."""
    holding: list[str] = []
    never = asyncio.Event()

    async def answer(request: web.Request) -> web.StreamResponse:
        if request.path.endswith("/users/@me"):
            return as_discord_does(USER)
        if request.path.endswith("/oauth2/applications/@me"):
            return as_discord_does(APPLICATION)
        holding.append(request.path)
        await never.wait()
        return web.Response(status=500)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    async with serving(app) as base:
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        try:
            yield holding
        finally:
            never.set()


async def fails_in_time(request) -> float:
    """Seconds until ``request`` failed with a timeout (it must fail, and in time)."""
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(request, LATE)  # outer guard: an unbounded request fails here
    took = time.monotonic() - started
    assert took < LATE - 0.5, f"the request was not bounded (took {took:.1f} s)"
    return took


async def test_a_post_and_an_interaction_follow_up_discord_never_answers_fail_in_time(
    silent_discord,
) -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login("token")
    try:
        assert bound_requests(http, DEADLINE)
        post = http.send_message(20, params=discord.http.handle_message_parameters("hello"))
        assert await fails_in_time(post) >= DEADLINE
        session = http._HTTPClient__session  # as discord.py's interactions reach it
        follow_up = discord.Webhook.partial(10, "interaction-token", session=session)
        await fails_in_time(follow_up.send("hello", wait=True))
        assert len(silent_discord) == 2  # both reached Discord and were waited on
    finally:
        await http.close()


async def test_the_bot_bounds_its_requests_as_it_logs_in(
    silent_discord, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(request_deadlines, "REQUEST_SECONDS", DEADLINE)
    bot = make_bot(tmp_path / "bot.sqlite3")
    await bot.login("token")
    try:
        post = bot.http.send_message(20, params=discord.http.handle_message_parameters("hi"))
        await fails_in_time(post)
    finally:
        await bot.close()


def test_there_is_nothing_to_bound_before_login() -> None:
    assert not bound_requests(discord.http.HTTPClient(asyncio.new_event_loop()))


async def test_an_answer_discord_never_takes_is_logged_not_raised(caplog) -> None:
    async def hangs_up(*args: object, **kwargs: object) -> None:
        raise TimeoutError

    response = SimpleNamespace(is_done=lambda: False, send_message=hangs_up)
    interaction = SimpleNamespace(
        id=30, client=SimpleNamespace(), channel_id=None, response=response
    )
    with caplog.at_level(logging.WARNING, logger="bot.answers"):
        await reply_error(interaction, "The board has changed.")  # type: ignore[arg-type]
    assert "could not answer interaction 30" in caplog.text


def test_a_request_that_got_no_answer_counts_as_not_taken() -> None:
    for error in (TimeoutError(), aiohttp.ServerDisconnectedError()):
        assert isinstance(error, discord_requests.NOT_TAKEN)
