"""Components V2 cards: how every board, lobby, round message, result and panel looks.

A card is one container with an accent colour: a headline with the message's text, the
picture in a media gallery with its alt text, a small footer line, then the message's buttons
and selects in action rows inside the container. Discord refuses content and embeds on such a
message, and a mention inside it notifies nobody: calls to act go out as plain messages
beside the card (the publisher's ``pings``).

A message posted before cards (content and an embed) becomes a card on its next edit: the
edit clears its content and embeds and sets the V2 flag, which Discord allows once; the flag
is never taken off again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

TEXT_LIMIT = 4000
"""Discord's limit for the text of all text displays of one message."""
ALT_LIMIT = 256
"""The longest alt text of a media gallery item that discord.py accepts."""
ROW_WIDTH = 5
TEXT_KEPT = 1000
"""Characters of a card's text that its named parts never take from it."""
FIELD_MARK = "### "
"""How a named part of a card begins (a small heading)."""
FIELD_NAME_LIMIT, FIELD_LIMIT = 256, 1024
"""The longest name and text of a named part: an embed field's, so no part outgrows what
the same answer could say before cards."""
ELLIPSIS = "…"


def fit(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters (with an ellipsis when cut)."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(ELLIPSIS))].rstrip() + ELLIPSIS


@dataclass(slots=True)
class Card:
    """What one card says and shows (controls are given when it is laid out)."""

    title: str
    text: str = ""
    colour: discord.Colour | None = None
    image: str | None = None
    """The file name of the attached picture, shown in the media gallery."""
    alt: str = ""
    """The picture's alt text: what a reader without the picture needs to know (default:
    the card's title and text, without their Markdown)."""
    footer: str = ""
    fields: Sequence[tuple[str, str]] = ()
    """Named parts under the text (a name, then its lines), each a text display of its own."""

    @property
    def alt_text(self) -> str:
        """The alt text the picture gets: :attr:`alt`, or the card's own words."""
        return self.alt or plain(f"{self.title}\n{self.text}")

    def layout(self, controls: discord.ui.View | None = None) -> discord.ui.LayoutView:
        """The card as a V2 message, ``controls``' items in action rows inside it."""
        container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=self.colour)
        heading = f"## {self.title}"
        footer = f"-# {self.footer}" if self.footer else ""
        room = TEXT_LIMIT - len(heading) - len(footer) - 1
        parts = named_parts(self.fields, room - min(len(self.text), TEXT_KEPT))
        room -= sum(len(p) for p in parts)
        body = f"{heading}\n{fit(self.text, room)}" if self.text else heading
        container.add_item(discord.ui.TextDisplay(body))
        for part in parts:
            container.add_item(discord.ui.TextDisplay(part))
        if self.image:
            item = discord.MediaGalleryItem(
                f"attachment://{self.image}", description=fit(self.alt_text, ALT_LIMIT) or None
            )
            container.add_item(discord.ui.MediaGallery(item))
        if footer:
            container.add_item(discord.ui.TextDisplay(footer))
        for row in rows(controls.children if controls else []):
            container.add_item(discord.ui.ActionRow(*row))
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        return view

    def send(
        self, controls: discord.ui.View | None = None, files: Sequence[discord.File] = ()
    ) -> dict[str, Any]:
        """Keyword arguments posting the card (``send`` of a channel or a follow-up)."""
        return {"view": self.layout(controls), "files": list(files)}

    def edit(
        self, controls: discord.ui.View | None = None, files: Sequence[discord.File] | None = None
    ) -> dict[str, Any]:
        """Keyword arguments turning a message into the card: content and embeds cleared (a
        message from before cards becomes one), the attachments replaced when ``files`` is
        given (kept otherwise)."""
        return edit_into(self.layout(controls), files)

    def summary(self) -> str:
        """The card's words as a reader without pictures gets them: title, text, alt text
        and footer, one per line."""
        named = [f"{name}\n{value}" for name, value in self.fields]
        parts = (self.title, self.text, *named, self.alt_text if self.image else "", self.footer)
        return "\n".join(part for part in parts if part)


class LaidOut:
    """A card laid out already, its components as Discord takes them (made where a panel is
    planned, off the event loop): what discord.py asks of a message's view when it sends
    one. Its components are dynamic items, answered by their ids, so nothing is kept."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def has_components_v2(self) -> bool:
        return True


def edit_into(
    view: discord.ui.LayoutView | LaidOut, files: Sequence[discord.File] | None = None
) -> dict[str, Any]:
    """Keyword arguments turning a message into the card ``view`` (see :meth:`Card.edit`)."""
    kwargs: dict[str, Any] = {"content": None, "embeds": [], "view": view}
    if files is not None:
        kwargs["attachments"] = list(files)
    return kwargs


def named_parts(fields: Sequence[tuple[str, str]], room: int) -> list[str]:
    """The text displays of a card's named parts, together at most ``room`` characters: each
    within an embed field's limits, and when they still do not fit, the longest cut to an
    equal share (the shorter ones keep what they have)."""
    parts = [
        f"{FIELD_MARK}{fit(name, FIELD_NAME_LIMIT)}\n{fit(value, FIELD_LIMIT)}"
        for name, value in fields
    ]
    if sum(map(len, parts)) <= room:
        return parts
    cap, budget = room // len(parts), room
    for left, length in enumerate(sorted(map(len, parts))):
        share = budget // (len(parts) - left)
        if length > share:
            cap = share
            break
        budget -= length
    return [fit(part, cap) for part in parts]


def plain(text: str) -> str:
    """Message text without its Markdown (bold and code marks, escapes): for alt text and
    summaries, which Discord shows as they are."""
    return re.sub(r"\\(.)", r"\1", text.replace("**", "").replace("`", ""))


def rows(items: Sequence[discord.ui.Item[Any]]) -> list[list[discord.ui.Item[Any]]]:
    """Items grouped into action rows as a classic view would place them: in order, a new
    row when one is full, for a select (a row of its own), and where an item asks for
    another row than the one before it."""
    grouped: list[list[discord.ui.Item[Any]]] = []
    for item in items:
        last = grouped[-1] if grouped else None
        if (
            last is None
            or sum(i.width for i in last) + item.width > ROW_WIDTH
            or (item.row is not None and item.row != last[-1].row)
        ):
            grouped.append([])
        grouped[-1].append(item)
    return grouped
