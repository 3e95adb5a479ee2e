"""What the bot's process and its courier say to each other: an errand (one webhook request
to Discord) and its outcome, framed on a stream socket (a length, then the pickled value)."""

from __future__ import annotations

import asyncio
import pickle
import struct
from dataclasses import dataclass
from typing import Any

HEADER = struct.Struct("!I")
"""A frame's header: the length of the pickled value that follows."""


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
class Outcome:
    """How an errand ended: taken (``kind`` "done"), refused by Discord ("http", with its
    status, reason and answer), no answer in time ("timeout"), or the request failed on the
    way ("connection", "failed"; ``detail`` says how)."""

    number: int
    kind: str = "done"
    status: int = 0
    reason: str = ""
    answer: Any = None
    detail: str = ""


def frame(value: Errand | Outcome) -> bytes:
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
