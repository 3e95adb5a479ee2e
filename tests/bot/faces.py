"""What a message shows, whether a card (Components V2) or a classic embed: one reader for
every flow test, so assertions do not depend on how a message is built.

``face(message)`` gives an embed-like record (title, description, footer, image, fields: a
card's named parts, each a text display beginning with a small heading);
``visible_text(message)`` everything a reader sees as text, alt text included;
``summary(message)`` the text summary of a card as a screen reader would read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

HEADING, FIELD, SMALL = "## ", "### ", "-# "


@dataclass
class Shown:
    """A message's title, text, footer and picture; ``card`` tells how it was built."""

    title: str = ""
    description: str = ""
    footer: SimpleNamespace = field(default_factory=lambda: SimpleNamespace(text=""))
    image: SimpleNamespace | None = None
    alt: str = ""
    fields: list[Any] = field(default_factory=list)
    card: bool = False


def as_message(message: Any) -> discord.Message:
    """A ``discord.Message`` from a channel's history or a simcord interaction response."""
    return message if isinstance(message, discord.Message) else message.message


def is_card(message: Any) -> bool:
    return as_message(message).flags.components_v2


def nested(components: list[Any]) -> list[Any]:
    """Every component of a message, inside containers and rows too, in order."""
    found = []
    for component in components:
        found.append(component)
        found += nested(list(getattr(component, "children", ())))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            found.append(accessory)
    return found


def face(message: Any) -> Shown:
    """The title, text, footer and picture of a card, or of a message's first embed."""
    message = as_message(message)
    if not message.flags.components_v2:
        if not message.embeds:
            return Shown(description=message.content)
        embed = message.embeds[0]
        return Shown(
            title=embed.title or "",
            description=embed.description or "",
            footer=SimpleNamespace(text=embed.footer.text or "" if embed.footer else ""),
            image=SimpleNamespace(url=embed.image.url) if embed.image and embed.image.url else None,
            fields=list(embed.fields),
        )
    result = Shown(card=True)
    for component in nested(message.components):
        if isinstance(component, discord.TextDisplay):
            text = component.content
            if text.startswith(HEADING) and not result.title:
                result.title, _, result.description = text[len(HEADING) :].partition("\n")
            elif text.startswith(FIELD):
                name, _, value = text[len(FIELD) :].partition("\n")
                result.fields.append(SimpleNamespace(name=name, value=value))
            elif text.startswith(SMALL):
                result.footer = SimpleNamespace(text=text[len(SMALL) :])
        elif isinstance(component, discord.MediaGalleryComponent) and component.items:
            item = component.items[0]
            result.image = SimpleNamespace(url=item.media.url)
            result.alt = item.description or ""
    return result


def visible_text(message: Any, *, alt: bool = True) -> str:
    """Everything a reader sees as text: content, embeds' texts, a card's texts and (with
    ``alt``) the pictures' alt text, which Discord shows as it is (no Markdown)."""
    message = as_message(message)
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "" if embed.footer else "")
    for component in nested(message.components):
        if isinstance(component, discord.TextDisplay):
            parts.append(component.content)
        elif alt and isinstance(component, discord.MediaGalleryComponent):
            parts += [item.description or "" for item in component.items]
    return "\n".join(part for part in parts if part)


def text_of(message: Any) -> str:
    """What a message says in its body: a card's text under its title, or a plain message's
    content (as a panel's words read either way)."""
    shown = as_message(message)
    return face(shown).description if is_card(shown) else shown.content


def rows_of(components: list[Any]) -> list[dict[str, Any]]:
    """The buttons and selects of a message's raw components, whether in action rows or
    inside a card's container, in order."""
    found = []
    for component in components:
        inner = component.get("components") if isinstance(component, dict) else None
        if inner is not None:
            found += rows_of(inner)
        elif isinstance(component, dict) and component.get("type") in (2, 3, 5, 6, 7, 8):
            found.append(component)
    return found


def summary(message: Any) -> str:
    """A card's text summary: its title, its text and the picture's alt text."""
    card = face(message)
    return "\n".join(part for part in (card.title, card.description, card.alt) if part)


def buttons(message: Any) -> list[str]:
    """The labels of every button on a message, in rows and cards alike."""
    return [
        c.label or ""
        for c in nested(as_message(message).components)
        if isinstance(c, discord.Button)
    ]


def has_controls(message: Any) -> bool:
    """Whether a message has buttons or selects (a retired board has none)."""
    return any(
        isinstance(c, discord.Button | discord.SelectMenu)
        for c in nested(as_message(message).components)
    )


def controls(message: Any) -> list[Any]:
    """The buttons and selects of a message, in order, whether in rows or in a card."""
    return [
        c
        for c in nested(as_message(message).components)
        if isinstance(c, discord.Button | discord.SelectMenu)
    ]


def last_card(channel: Any) -> discord.Message:
    """The channel's newest card (a board's calls to act are plain messages after it)."""
    return next(m for m in reversed(channel.history()) if m.flags.components_v2)


def last_plain(channel: Any) -> discord.Message:
    """The channel's newest plain message (a call to act, a notice)."""
    return next(m for m in reversed(channel.history()) if not m.flags.components_v2)
