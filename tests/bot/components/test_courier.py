"""The courier sends a tap's acknowledgement and its panel's answer from a process of its
own, as discord.py would have: the card and its picture reach Discord; a refusal raises what
discord.py raises; an answer whose courier died on the way is sent by the bot itself (an
acknowledgement the courier's reached already counts as sent); the courier comes back after
it died, runs the event loop the bot runs, ends with the bot's stop, and within seconds of the
bot's death.

Against a small HTTP server on loopback standing in for Discord's webhook routes.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.cards import Card
from bot.courier import Courier, CourierLost, Credentials, Errand, route_requests
from bot.discord_requests import answer_privately, defer, edit_answer, send_follow_up
from bot.event_loop import ASYNCIO, LOOP_VARIABLE, UVLOOP
from bot.request_deadlines import deadline

from .loopback_discord import USER, as_discord_does, serving

WAIT_SECONDS = 30.0  # the longest a courier may take to start, here (a guard, not a figure)
PICTURE = b"\x89PNG picture bytes"
TOKENS_REFUSED = {
    "refused": (400, 50035, "Invalid Form Body"),
    "gone": (404, 10015, "Unknown"),
    "403": (403, 50013, "Missing Permissions"),  # a channel the bot may not post in
}
HELD = {"held", "13"}  # an interaction's token, a channel: its first request is held
MESSAGE = "777"
TOKEN = "bot-token"
ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")


@dataclass
class FakeDiscord:
    """What the stand-in for Discord received, and the answers it holds back."""

    base: str = ""
    received: list[dict] = field(default_factory=list)
    holding: asyncio.Event = field(default_factory=asyncio.Event)
    release: asyncio.Event = field(default_factory=asyncio.Event)


@pytest.fixture
async def fake_discord(monkeypatch) -> AsyncIterator[FakeDiscord]:
    """An interaction's routes and a channel's messages that record each request (its
    method, path, query, JSON and files) and answer it: refused for the tokens and channels
    of :data:`TOKENS_REFUSED`, an interaction acknowledged a second time as Discord refuses
    it; for those of :data:`HELD`, the first request is held until ``release`` is set."""
    fake = FakeDiscord()

    async def answer(request: web.Request) -> web.StreamResponse:
        form = await request.post()
        files = {name: value.file.read() for name, value in form.items() if hasattr(value, "file")}
        payload = json.loads(str(form["payload_json"])) if "payload_json" in form else None
        token = request.match_info["token"]
        if payload is None and request.can_read_body:
            payload = await request.json()
        seen = [r for r in fake.received if r["token"] == token and r["path"] == request.path]
        fake.received.append(
            {
                "method": request.method,
                "path": request.path,
                "query": dict(request.query),
                "token": token,
                "payload": payload,
                "files": files,
            }
        )
        if token in HELD and not fake.holding.is_set():
            fake.holding.set()
            await fake.release.wait()
        refused = TOKENS_REFUSED.get(token)
        if request.path.endswith("/callback") and seen:
            refused = ACKNOWLEDGED
        if refused is not None:
            status, code, message = refused
            body = json.dumps({"code": code, "message": message})
            return web.Response(status=status, body=body, content_type="application/json")
        if request.path.endswith("/callback"):
            return web.Response(status=204)
        return as_discord_does({"id": MESSAGE, "channel_id": token})  # the message it made

    async def logged_in(request: web.Request) -> web.StreamResponse:
        assert request.headers["Authorization"] == f"Bot {TOKEN}"
        return as_discord_does(USER)

    app = web.Application()
    app.router.add_route("*", "/api/v10/webhooks/{id}/{token}/messages/@original", answer)
    app.router.add_route("POST", "/api/v10/interactions/{id}/{token}/callback", answer)
    app.router.add_route("POST", "/api/v10/webhooks/{id}/{token}", answer)
    app.router.add_route("GET", "/api/v10/users/@me", logged_in)
    app.router.add_route("POST", "/api/v10/channels/{token}/messages", answer)
    app.router.add_route("PATCH", "/api/v10/channels/{token}/messages/{message}", answer)
    async with serving(app) as base:
        fake.base = base
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        try:
            yield fake
        finally:
            fake.release.set()


@pytest.fixture
async def courier(fake_discord) -> AsyncIterator[Courier]:
    """A courier that has started and takes errands."""
    courier = Courier(deadline(10.0), Credentials(TOKEN))
    await until_ready(courier)
    try:
        yield courier
    finally:
        await courier.stop()


async def until_ready(courier: Courier) -> None:
    async with asyncio.timeout(WAIT_SECONDS):
        while not courier.ready:
            await asyncio.sleep(0.05)


def an_interaction(courier: Courier | None, token: str, session: object = None) -> object:
    """What :func:`edit_answer` reads of an interaction: its client's courier, its ids and
    token, and discord.py's session (None: the bot could not send the answer itself)."""
    http = SimpleNamespace(proxy=None, proxy_auth=None)
    state = SimpleNamespace(allowed_mentions=None, http=http)
    client = SimpleNamespace(courier=courier)
    return SimpleNamespace(
        _state=state, client=client, application_id=10, token=token, _session=session
    )


def a_tap(courier: Courier | None, token: str, session: object = None, **kind: object) -> object:
    """An interaction as :func:`defer` reads it (a component's, unless ``kind`` says)."""
    interaction = an_interaction(courier, token, session)
    interaction.id = 55  # type: ignore[attr-defined]
    interaction.type = kind.get("type", discord.InteractionType.component)  # type: ignore[attr-defined]
    interaction.response = discord.InteractionResponse(interaction)  # type: ignore[attr-defined, arg-type]
    return interaction


def a_panel() -> dict:
    """The keyword arguments of a panel's edit: a card with a button and its picture."""
    controls = discord.ui.View().add_item(discord.ui.Button(label="Go", custom_id="go"))
    card = Card(title="Islant", text="Pick a cell", image="panel.png")
    return card.edit(controls, [discord.File(io.BytesIO(PICTURE), filename="panel.png")])


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def until_gone(pid: int) -> None:
    async with asyncio.timeout(WAIT_SECONDS):
        while alive(pid):
            await asyncio.sleep(0.05)


async def test_a_panel_answer_reaches_discord_from_the_courier_with_its_card_and_picture(
    courier, fake_discord
) -> None:
    # no session of the bot's own: the answer can only have gone through the courier
    message_id = await edit_answer(an_interaction(courier, "tap-1"), **a_panel())  # type: ignore[arg-type]
    assert message_id == int(MESSAGE)  # what Discord answered, read without a Message
    [request] = fake_discord.received
    assert (request["method"], request["token"]) == ("PATCH", "tap-1")
    payload = request["payload"]
    assert payload["flags"] & (1 << 15)  # a V2 card
    assert "Pick a cell" in json.dumps(payload["components"])
    assert '"go"' in json.dumps(payload["components"])
    assert payload["attachments"] == [{"id": 0, "filename": "panel.png"}]
    assert request["files"] == {"files[0]": PICTURE}
    assert courier.pid is not None and courier.pid != os.getpid()


async def test_a_new_private_panel_reaches_discord_from_the_courier(courier, fake_discord) -> None:
    panel = a_panel()
    interaction = an_interaction(courier, "open-1")
    await send_follow_up(interaction, view=panel["view"], files=panel["attachments"])  # type: ignore[arg-type]
    [request] = fake_discord.received
    assert (request["path"], request["query"]) == ("/api/v10/webhooks/10/open-1", {"wait": "1"})
    assert request["payload"]["flags"] == (1 << 15) | 64  # a V2 card, seen by the player alone
    assert request["files"] == {"files[0]": PICTURE}


async def test_discord_refusing_an_answer_raises_what_discord_py_raises(courier) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await edit_answer(an_interaction(courier, "refused"), **a_panel())  # type: ignore[arg-type]
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert "Invalid Form Body" in refused.value.text
    with pytest.raises(discord.NotFound):
        await edit_answer(an_interaction(courier, "gone"), **a_panel())  # type: ignore[arg-type]


async def test_an_answer_whose_courier_died_is_sent_by_the_bot_and_the_courier_comes_back(
    courier, fake_discord
) -> None:
    async with aiohttp.ClientSession() as session:
        interaction = an_interaction(courier, "held", session)
        answer = asyncio.create_task(edit_answer(interaction, **a_panel()))  # type: ignore[arg-type]
        await asyncio.wait_for(fake_discord.holding.wait(), WAIT_SECONDS)
        dead = courier.pid
        assert dead is not None
        os.kill(dead, signal.SIGKILL)
        await asyncio.wait_for(answer, WAIT_SECONDS)  # sent again, by the bot itself
    assert [r["token"] for r in fake_discord.received] == ["held", "held"]
    assert fake_discord.received[1]["files"] == {"files[0]": PICTURE}
    await until_ready(courier)
    assert courier.pid not in (None, dead)
    await edit_answer(an_interaction(courier, "again"), **a_panel())  # type: ignore[arg-type]
    assert fake_discord.received[-1]["token"] == "again"


async def test_a_tap_is_acknowledged_by_the_courier_as_discord_py_would(
    courier, fake_discord
) -> None:
    tap = a_tap(courier, "tap-2")
    await defer(tap)  # type: ignore[arg-type]
    assert tap.response.is_done()  # type: ignore[attr-defined]
    command = a_tap(courier, "command", type=discord.InteractionType.application_command)
    await defer(command, ephemeral=True, thinking=True)  # type: ignore[arg-type]
    first, second = fake_discord.received
    assert first["path"] == "/api/v10/interactions/55/tap-2/callback"
    assert (first["payload"], first["query"]) == ({"type": 6}, {"with_response": "1"})
    assert second["payload"] == {"type": 5, "data": {"flags": 64}}  # "thinking…", private
    with pytest.raises(discord.InteractionResponded):
        await defer(tap)  # type: ignore[arg-type]


async def test_a_private_answer_is_sent_by_the_courier_as_discord_py_would(
    courier, fake_discord
) -> None:
    tap = a_tap(courier, "said")
    await answer_privately(tap, "Placed: your turn goes on")  # type: ignore[arg-type]
    assert tap.response.type is discord.InteractionResponseType.channel_message  # type: ignore[attr-defined]
    [request] = fake_discord.received
    assert request["path"] == "/api/v10/interactions/55/said/callback"
    assert request["payload"]["type"] == 4
    assert request["payload"]["data"]["content"] == "Placed: your turn goes on"
    assert request["payload"]["data"]["flags"] == 64  # seen by the player alone
    with pytest.raises(discord.InteractionResponded):
        await answer_privately(tap, "again")  # type: ignore[arg-type]


async def test_an_acknowledgement_whose_courier_died_after_sending_it_counts_as_sent(
    courier, fake_discord
) -> None:
    async with aiohttp.ClientSession() as session:
        tap = a_tap(courier, "held", session)
        acknowledging = asyncio.create_task(defer(tap))  # type: ignore[arg-type]
        await asyncio.wait_for(fake_discord.holding.wait(), WAIT_SECONDS)
        assert courier.pid is not None
        os.kill(courier.pid, signal.SIGKILL)
        await asyncio.wait_for(acknowledging, WAIT_SECONDS)  # refused as acknowledged: done
    assert tap.response.is_done()  # type: ignore[attr-defined]
    assert [r["path"].endswith("/callback") for r in fake_discord.received] == [True, True]


async def test_a_courier_stopped_while_it_starts_ends_with_the_stop(fake_discord) -> None:
    courier = Courier(deadline(10.0), Credentials(TOKEN))
    assert not courier.ready  # its start is under way
    async with asyncio.timeout(WAIT_SECONDS):
        while courier.pid is None:
            await asyncio.sleep(0.001)
    pid = courier.pid
    await asyncio.wait_for(courier.stop(), WAIT_SECONDS)  # not waiting for a courier that runs on
    assert not alive(pid) and not courier.ready


async def test_the_courier_ends_with_the_stop_and_does_not_come_back(fake_discord) -> None:
    courier = Courier(deadline(10.0), Credentials(TOKEN))
    assert not courier.ready  # it starts in the background; the bot answers meanwhile
    await until_ready(courier)
    pid = courier.pid
    assert pid is not None
    await courier.stop()
    assert not alive(pid)
    assert not courier.ready and courier.pid is None
    with pytest.raises(CourierLost):
        await courier.send(Errand(0, "PATCH", "/webhooks/1/t/messages/@original", 1, "t"))


BOT = textwrap.dedent(
    """
    import asyncio, sys
    import discord
    from bot.courier import Courier, Credentials
    from bot.event_loop import run
    from bot.request_deadlines import deadline

    async def main():
        discord.http.Route.BASE = sys.argv[1]
        courier = Courier(deadline(10.0), Credentials(sys.argv[2]))
        while not courier.ready:
            await asyncio.sleep(0.05)
        print(courier.pid, flush=True)
        await asyncio.sleep(600)

    run(main(), sys.argv[3])
    """
)


@pytest.mark.parametrize("loop", [UVLOOP, ASYNCIO])
async def test_the_courier_runs_the_bots_loop_and_ends_within_seconds_of_its_death(
    fake_discord, loop
) -> None:
    root = str(Path(__file__).resolve().parents[3])
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT, fake_discord.base, TOKEN, loop],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": root},
    )
    try:
        assert bot.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(bot.stdout.readline), WAIT_SECONDS)
        courier = int(line)
        assert alive(courier)
        environment = Path(f"/proc/{courier}/environ").read_bytes().split(b"\0")
        assert f"{LOOP_VARIABLE}={loop}".encode() in environment
        bot.kill()
        bot.wait()
        await until_gone(courier)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()


async def test_a_courier_that_cannot_start_is_tried_again_later_and_later(monkeypatch) -> None:
    async def cannot_start(self: Courier) -> None:
        raise OSError("no such program")

    monkeypatch.setattr(Courier, "_spawn", cannot_start)
    courier = Courier(deadline(10.0), Credentials(TOKEN))
    loop = asyncio.get_running_loop()
    waits = []
    for _ in range(8):
        courier._not_before = 0.0  # its wait over: the next look starts it
        assert not courier.ready
        assert courier._running is not None
        await courier._running
        waits.append(round(courier._not_before - loop.time()))
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60]
    assert not courier.ready  # not before its wait is over
    assert courier._running is None


@pytest.fixture
async def rest(courier) -> AsyncIterator[discord.http.HTTPClient]:
    """The bot's REST client, logged in, its requests routed to the courier (one it sent
    itself fails the test, unless the test lets it)."""
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login(TOKEN)

    async def by_the_bot(*args: object, **kwargs: object) -> object:
        raise AssertionError("the bot sent a request itself")

    http.request = by_the_bot  # type: ignore[method-assign]
    route_requests(http, courier)
    try:
        yield http
    finally:
        await http.close()


def a_post(text: str = "Your turn") -> discord.http.MultipartParameters:
    board = discord.File(io.BytesIO(PICTURE), filename="board.png")
    return discord.http.handle_message_parameters(text, file=board)


async def test_a_post_of_the_bots_reaches_discord_from_the_courier_and_its_answer_comes_back(
    rest, fake_discord
) -> None:
    with a_post() as post:
        message = await rest.send_message(1200, params=post)
    assert message["id"] == MESSAGE  # what Discord answered, as discord.py returns it
    [request] = fake_discord.received
    assert (request["method"], request["path"]) == ("POST", "/api/v10/channels/1200/messages")
    assert request["payload"]["content"] == "Your turn"
    assert request["files"] == {"files[0]": PICTURE}
    edit = discord.http.handle_message_parameters("Edited")
    await rest.edit_message(1200, 5, params=edit)
    assert fake_discord.received[-1]["payload"]["content"] == "Edited"


async def test_a_refused_post_of_the_bots_raises_what_discord_py_raises(rest) -> None:
    with pytest.raises(discord.Forbidden) as refused, a_post() as post:
        await rest.send_message(403, params=post)
    assert (refused.value.status, refused.value.code) == (403, 50013)


async def test_a_post_whose_courier_died_fails_as_one_without_answer_an_edit_is_sent_again(
    courier, fake_discord
) -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login(TOKEN)
    route_requests(http, courier)
    try:
        with a_post() as post:
            posting = asyncio.create_task(http.send_message(13, params=post))
            await asyncio.wait_for(fake_discord.holding.wait(), WAIT_SECONDS)
            assert courier.pid is not None
            os.kill(courier.pid, signal.SIGKILL)
            with pytest.raises(aiohttp.ClientConnectionError):  # the outbox posts it again
                await asyncio.wait_for(posting, WAIT_SECONDS)
        # the courier is not up again yet: the bot sends this one itself
        assert not courier.ready
        await http.edit_message(13, 5, params=discord.http.handle_message_parameters("x"))
    finally:
        await http.close()
    assert [r["method"] for r in fake_discord.received] == ["POST", "PATCH"]
