"""A fake Discord on loopback: a web server and a gateway that a real bot process connects to.

It models what a bot process meets when its Discord is another computer: every request is a
real HTTP request and every event a real websocket frame, so nothing of the double runs on the
bot's event loop. The state (users, servers, channels, messages, interactions, commands) is
simcord's backend, which also answers each REST route the way simcord does in-process; the
gateway speaks Discord's protocol (HELLO, IDENTIFY -> READY and GUILD_CREATE, heartbeats,
dispatches shaped by the bot's intents).

Discord's limits are enforced as Discord would: a request that breaks one of the project's
checked limits (:mod:`tests.bot.discord_limits`) gets 400, an interaction acknowledged more
than 3 s after it was sent gets ``10062 Unknown interaction``, and a channel's message posts
(and, separately, its edits) beyond 5 in 5 s get 429 with ``retry_after``. Routes simcord does
not know are answered 404 and logged loudly. An outage is switched on by the test: while
:attr:`FakeDiscord.outage` names a method, every request of that method to a channel's
messages (posts, edits) gets ``503 Service Unavailable``, as Discord answers when it cannot
serve (answers to interactions still go through).
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sys
import time
from collections import defaultdict, deque
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
import simcord
from aiohttp import WSMsgType, web
from simcord import intents as gateway_intents
from simcord.backend import serializers
from simcord.backend.errors import BackendError
from simcord.http import router
from simcord.types import HttpLogEntry

from tests.bot.discord_limits import oversized, violations

log = logging.getLogger(__name__)
API = "/api/v10"
DEADLINE_SECONDS = 3.0  # an interaction acknowledged later is unknown to Discord (10062)
BUCKET_REQUESTS, BUCKET_SECONDS = 5, 5.0  # a channel's message posts (or edits) per window
HEARTBEAT_MS = 41250
JSON = "application/json"  # discord.py reads a body as JSON only with exactly this type
CALLBACK_SEGMENTS = 4  # /interactions/{id}/{token}/callback


class RealClock:
    """simcord's clock on the wall's time: interaction ids carry today's time, as Discord's."""

    elapsed = 0.0

    def now(self) -> datetime:
        return datetime.now(UTC)

    def advance(self, seconds: float) -> None:
        raise RuntimeError("a loopback Discord runs in real time")


@dataclass
class Refusal:
    """A request the fake refused as Discord would (limits, 10062, 429, unknown route)."""

    method: str
    path: str
    status: int
    code: int
    why: str


class FakeDiscord:
    """The server: start it, point a bot at :attr:`url`, and act as users through
    :attr:`env` (a simcord environment whose bot is the remote process)."""

    def __init__(self) -> None:
        self.env = simcord.Env(discord.Client(intents=discord.Intents.none()))
        self.env.backend.clock = RealClock()  # type: ignore[assignment]
        self.env._settle_internal = self._no_settle  # type: ignore[method-assign]
        self.backend = self.env.backend
        self.backend.subscribers.append(self._forward)
        self.refusals: list[Refusal] = []
        self.sent_at: dict[int, float] = {}
        """Each interaction's id: the monotonic time its INTERACTION_CREATE was sent."""
        self._sockets: list[_Socket] = []
        self._buckets: dict[tuple[str, str], deque[float]] = defaultdict(deque)
        self._runner: web.AppRunner | None = None
        self.url = ""
        self.outage: set[str] = set()
        """HTTP methods answered 503 on a channel's message routes (see the module's text)."""

    @staticmethod
    async def _no_settle(*args: Any, **kwargs: Any) -> None:
        """simcord's actors wait for an in-process bot to settle; this one is remote."""

    async def start(self) -> str:
        """Serve on a free loopback port; returns the base URL."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        for socket in list(self._sockets):
            await socket.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def connected(self) -> int:
        """Bots identified on the gateway now."""
        return sum(1 for s in self._sockets if s.intents is not None)

    # ---------------------------------------------------------------- gateway

    def _forward(self, event: str, payload: Mapping[str, Any]) -> None:
        if event == "INTERACTION_CREATE":
            self.sent_at[int(payload["id"])] = time.monotonic()
        for socket in self._sockets:
            socket.dispatch(event, payload, self.backend.bot_user.id)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        socket = _Socket(ws)
        self._sockets.append(socket)
        socket.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op = frame.get("op")
                if op == 1:
                    socket.send({"op": 11})
                elif op == 2:
                    self._identify(socket, frame["d"])
                elif op == 6:  # no sessions to resume: identify again
                    socket.send({"op": 9, "d": False})
        finally:
            self._sockets.remove(socket)
            socket.close()
        return ws

    def _identify(self, socket: _Socket, data: dict[str, Any]) -> None:
        socket.intents = discord.Intents._from_value(int(data.get("intents", 0)))
        ws_url = self.url.replace("http", "ws", 1) + "/gateway"
        guilds = list(self.backend.guilds.values())
        socket.event(
            "READY",
            {
                "v": 10,
                "user": dict(serializers.user_payload(self.backend.bot_user)),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": f"loopback-{id(socket)}",
                "resume_gateway_url": ws_url,
                "shard": [0, 1],
                "application": {"id": str(self.backend.application_id), "flags": 0},
            },
        )
        for guild in guilds:
            payload = dict(serializers.guild_create_payload(self.backend, guild))
            gateway_intents.prune_guild_create(payload, socket.intents, self.backend.bot_user.id)
            socket.event("GUILD_CREATE", payload)

    # ------------------------------------------------------------------- REST

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        body, files = await _body(request)
        if method == "GET" and path == "/gateway/bot":
            ws_url = self.url.replace("http", "ws", 1) + "/gateway"
            limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            return _json({"url": ws_url, "shards": 1, "session_start_limit": limit})
        if self._unavailable(method, path):
            return self._refusal(method, path, 503, 0, "Service Unavailable")
        refused = self._refuse(method, path, body, files)
        if refused is not None:
            return refused
        try:
            result = router.dispatch(
                self.backend,
                method,
                path,
                json=body,
                params=dict(request.query),
                files=files,
                reason=request.headers.get("X-Audit-Log-Reason"),
                message_content_access=False,
            )
        except router.RouteNotImplemented:
            print(f"LOOPBACK UNKNOWN ROUTE {method} {path}", file=sys.stderr, flush=True)
            return self._refusal(method, path, 404, 0, "route unknown to the fake")
        except BackendError as error:
            self.refusals.append(Refusal(method, path, error.status, error.code, error.message))
            return _json(error.to_json(), status=error.status)
        if result is None:
            return web.Response(status=204)
        return _json(result)

    def _unavailable(self, method: str, path: str) -> bool:
        """Whether the outage covers this request."""
        if method not in self.outage:
            return False
        parts = path.strip("/").split("/")
        return parts[0] == "channels" and parts[2:3] == ["messages"]

    def _refuse(
        self, method: str, path: str, body: Any, files: list[discord.File]
    ) -> web.Response | None:
        """Discord's answer to a request it refuses before doing it (None: it is done)."""
        entry = HttpLogEntry(method, path, {}, body, None)
        broken = violations([entry]) + oversized((f.filename, _size(f)) for f in files)
        if broken:
            print(f"LOOPBACK LIMITS {method} {path}: {broken}", file=sys.stderr, flush=True)
            return self._refusal(method, path, 400, 50035, "; ".join(broken))
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" and len(parts) == CALLBACK_SEGMENTS:
            sent = self.sent_at.get(int(parts[1]))
            if sent is not None and time.monotonic() - sent > DEADLINE_SECONDS:
                return self._refusal(method, path, 404, 10062, "Unknown interaction")
        message_route = parts[0] == "channels" and parts[2:3] == ["messages"]
        if message_route and len(parts) == {"POST": 3, "PATCH": 4}.get(method):
            return self._rate_limited(method, parts[1])
        return None

    def _rate_limited(self, method: str, channel: str) -> web.Response | None:
        now = time.monotonic()
        bucket = self._buckets[(method, channel)]
        while bucket and now - bucket[0] >= BUCKET_SECONDS:
            bucket.popleft()
        if len(bucket) < BUCKET_REQUESTS:
            bucket.append(now)
            return None
        retry = round(BUCKET_SECONDS - (now - bucket[0]), 3)
        self.refusals.append(Refusal(method, f"/channels/{channel}/messages", 429, 0, "rate"))
        body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
        headers = {"Via": "1.1 google", "Retry-After": str(retry), "X-RateLimit-Scope": "user"}
        return _json(body, status=429, headers=headers)

    def _refusal(self, method: str, path: str, status: int, code: int, why: str) -> web.Response:
        self.refusals.append(Refusal(method, path, status, code, why))
        return _json({"code": code, "message": why}, status=status)

    def refused(self, code: int) -> list[Refusal]:
        """The refusals of one Discord error code (429s have code 0 and status 429)."""
        return [r for r in self.refusals if r.code == code]


class _Socket:
    """One bot's gateway connection: frames go out in order through a queue."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.intents: discord.Intents | None = None
        self.sequence = 0
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, frame: dict[str, Any]) -> None:
        self.queue.put_nowait(json.dumps(frame))

    def event(self, name: str, data: Mapping[str, Any]) -> None:
        self.sequence += 1
        self.send({"op": 0, "t": name, "s": self.sequence, "d": data})

    def dispatch(self, name: str, payload: Mapping[str, Any], bot_id: int) -> None:
        """An event of the backend, if the bot's intents let it through."""
        if self.intents is None:
            return
        gate = gateway_intents.required_intent(name, payload)
        if gate is not None and not getattr(self.intents, gate):
            return
        data = dict(payload)
        if name in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and not self.intents.message_content:
            data = json.loads(json.dumps(data))
            gateway_intents.censor_message(data, bot_id)
        self.event(name, data)

    async def _write(self) -> None:
        while True:
            frame = await self.queue.get()
            try:
                await self.ws.send_str(frame)
            except ConnectionError:
                return

    def close(self) -> None:
        self.writer.cancel()


async def _body(request: web.Request) -> tuple[Any, list[discord.File]]:
    """The request's JSON body (a multipart's ``payload_json``) and its files.

    The header is read as it is: aiohttp's ``content_type`` and ``json()`` parse it with the
    standard library's e-mail parser, which cost this double a fifth of its processor time in
    a race, on the cores the bot shares with it (Discord's own servers cost the bot none)."""
    if request.headers.get("Content-Type", "").startswith("multipart/"):
        body: Any = None
        files = []
        reader = await request.multipart()
        async for part in reader:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":  # type: ignore[union-attr]
                body = json.loads(data)
            elif part.filename:  # type: ignore[union-attr]
                files.append(discord.File(io.BytesIO(data), filename=part.filename))  # type: ignore[union-attr]
        return body, files
    if request.can_read_body:
        return json.loads(await request.read()), []
    return None, []


def _size(file: discord.File) -> int:
    return len(file.fp.getbuffer()) if isinstance(file.fp, io.BytesIO) else 0


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(
        status=status,
        body=json.dumps(body).encode(),
        headers={"Content-Type": JSON, **(headers or {})},
    )
