"""What the bot's process and its courier say to each other, framed on a stream socket (a
length, then the pickled value): the bot's token first (:class:`Credentials`), then errands
(:class:`Errand`, a request of an interaction's token; :class:`Request`, one of the bot's REST
client) and their outcomes; the courier's first outcome (:data:`READY`) says it takes them."""

from __future__ import annotations

import asyncio
import pickle
import struct
from dataclasses import dataclass
from typing import Any

HEADER = struct.Struct("!I")
"""A frame's header: the length of the pickled value that follows."""
READY = 0
"""The number of the outcome that says the courier takes errands."""


@dataclass(frozen=True, slots=True)
class Credentials:
    """The bot's token, for the courier's REST client (given on the socket, never in the
    courier's arguments or environment, which other users of the machine can read)."""

    token: str
    proxy: str | None = None
    proxy_auth: Any = None


@dataclass(frozen=True, slots=True)
class Upload:
    """A file of a multipart request: its form field, file name and bytes."""

    field: str
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"


@dataclass(frozen=True, slots=True)
class Errand:
    """One request to a route of Discord's whose credential is an interaction's token (the
    interaction's callback, its answers): ``number`` names it on the way back. A request
    with files has its JSON as ``payload_json`` (a form field, as discord.py sends it), one
    without as ``payload``; ``query`` is the URL's query."""

    number: int
    method: str
    path: str
    webhook_id: int
    token: str
    payload: dict[str, Any] | None = None
    payload_json: str | None = None
    uploads: tuple[Upload, ...] = ()
    query: dict[str, str] | None = None
    urgent: bool = False
    """An acknowledgement: sent on connections of its own, never behind answers' uploads."""
    proxy: str | None = None
    proxy_auth: Any = None


@dataclass(frozen=True, slots=True)
class Request:
    """A request of the bot's REST client (``HTTPClient.request``): its route, its keyword
    arguments (``json``, ``params``, ``reason``) and its multipart form, whose files' fields
    name an upload (``"upload"``: its index in ``uploads``) instead of a stream."""

    number: int
    route: Any
    kwargs: dict[str, Any]
    form: tuple[dict[str, Any], ...] | None = None
    uploads: tuple[Upload, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How an errand ended: taken (``kind`` "done", with Discord's answer), refused by
    Discord ("http", with its status, reason and answer), no answer in time ("timeout"), or
    the request failed on the way ("connection", "failed"; ``detail`` says how)."""

    number: int
    kind: str = "done"
    status: int = 0
    reason: str = ""
    answer: Any = None
    detail: str = ""


def frame(value: Credentials | Errand | Request | Outcome) -> bytes:
    """``value`` as one frame."""
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader) -> Any | None:
    """The next frame's value, or None once the other end has closed."""
    try:
        header = await reader.readexactly(HEADER.size)
        (length,) = HEADER.unpack(header)
        return pickle.loads(await reader.readexactly(length))
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
