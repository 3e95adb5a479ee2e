"""Discord's documented limits, checked on every request the bot sends in a flow test.

simcord accepts payloads that real Discord refuses with 400 Invalid Form Body; this stands in
for Discord. It reads simcord's log of HTTP requests (message posts and edits, interaction
responses and follow-ups) and the files uploaded with them, and returns one line per broken
limit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from typing import Any

import discord

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR, EMBED_TOTAL = 256, 1024, 2048, 256, 6000
ROWS, BUTTONS_PER_ROW, SELECT_OPTIONS = 5, 5, 25
OPTION_TEXT, BUTTON_LABEL, PLACEHOLDER, CUSTOM_ID = 100, 80, 150, 100
CHOICES, CHOICE_TEXT, MODAL_TITLE, ATTACHMENTS = 25, 100, 45, 10
ATTACHMENT_BYTES = 8 * 1024 * 1024  # the upload limit of every server (boosts raise it)
SELECT_TYPES = {3, 5, 6, 7, 8}
V2_FLAG = 1 << 15  # IS_COMPONENTS_V2
V2_COMPONENTS, V2_TEXT, GALLERY_ITEMS, ALT_TEXT = 40, 4000, 10, 256
ACTION_ROW, THUMBNAIL, TEXT_DISPLAY, MEDIA_GALLERY = 1, 11, 10, 12
AUTOCOMPLETE_RESULT, MODAL = 8, 9
MODAL_PARTS, LABEL, LABEL_TEXT, LABEL_DESCRIPTION, TEXT_INPUT = 5, 18, 45, 100, 4
RADIO_GROUP, CHECKBOX_GROUP, RADIO_OPTIONS, CHECKBOX_OPTIONS = 21, 22, (2, 10), (1, 10)
TOKEN_LIFETIME = timedelta(minutes=15)
INTERACTION_TOKEN = re.compile(r"/(?:webhooks/\d+|interactions/\d+)/[a-z_]*?(\d{15,20})")


def expired_tokens(requests: Iterable[tuple[Any, datetime]]) -> list[str]:
    """Requests that used an interaction's token after its 15 minutes (Discord: 401/404).

    ``requests`` pairs each logged request with the (virtual) time it was made; an
    interaction's time is in its id (a snowflake).
    """
    problems = []
    for entry, when in requests:
        found = INTERACTION_TOKEN.search(entry.path)
        if found is None:
            continue
        made = discord.utils.snowflake_time(int(found[1]))
        if when - made > TOKEN_LIFETIME:
            problems.append(f"{entry.method} {entry.path}: token used {when - made} after")
    return problems


def oversized(uploads: Iterable[tuple[str, int]]) -> list[str]:
    """Uploaded files (name, bytes) larger than Discord takes from a bot in any server."""
    return [
        f"attachment {name} of {size} bytes (limit {ATTACHMENT_BYTES})"
        for name, size in uploads
        if size > ATTACHMENT_BYTES
    ]


def violations(requests: Iterable[Any]) -> list[str]:
    """Every broken limit in a list of simcord ``HttpLogEntry`` requests; also a message
    edited back from a card (Components V2) to a classic message, which Discord refuses."""
    problems = []
    cards: set[str] = set()  # the edit paths of messages that are cards
    for entry in requests:
        if entry.method not in ("POST", "PATCH") or not isinstance(entry.json, dict):
            continue
        where = f"{entry.method} {entry.path}"
        problems += [f"{where}: {p}" for p in _request(entry.path, entry.json)]
        if entry.method == "PATCH":
            if _is_card(entry.json):
                cards.add(entry.path)
            elif entry.path in cards and _classic(entry.json):
                problems.append(f"{where}: a card edited back to a classic message")
    return problems


def _is_card(body: dict[str, Any]) -> bool:
    return bool(int(body.get("flags") or 0) & V2_FLAG)


def _classic(body: dict[str, Any]) -> bool:
    """Whether an edit without the V2 flag makes a classic message (flags given, content,
    embeds or classic components)."""
    return "flags" in body or bool(
        body.get("content") or body.get("embeds") or body.get("components")
    )


def _request(path: str, body: dict[str, Any]) -> Iterator[str]:
    if path.endswith("/callback"):
        data = body.get("data") or {}
        if body.get("type") == AUTOCOMPLETE_RESULT:
            yield from _choices(data.get("choices") or [])
        elif body.get("type") == MODAL:
            yield from _modal(data)
        else:
            yield from _message(data)
    else:
        yield from _message(body)


def _modal(data: dict[str, Any]) -> Iterator[str]:
    """A modal: its title, at most five top-level parts, labels and the controls in them."""
    if not 1 <= len(data.get("title") or "") <= MODAL_TITLE:
        yield f"modal title of {len(data.get('title') or '')} characters"
    yield from _custom_id(data.get("custom_id"))
    parts = data.get("components") or []
    if not 1 <= len(parts) <= MODAL_PARTS:
        yield f"{len(parts)} top-level parts in a modal (limit {MODAL_PARTS})"
    seen: set[str] = set()
    for part in parts:
        if len(part.get("content") or "") > V2_TEXT:
            yield f"modal text of {len(part['content'])} characters"
        if part.get("type") == LABEL:
            if not 1 <= len(part.get("label") or "") <= LABEL_TEXT:
                yield f"modal label of {len(part.get('label') or '')} characters"
            if len(part.get("description") or "") > LABEL_DESCRIPTION:
                yield f"modal label description of {len(part['description'])} characters"
        inner = [part["component"]] if part.get("type") == LABEL else part.get("components", [])
        for control in inner:
            custom_id = control.get("custom_id")
            yield from _custom_id(custom_id)
            if custom_id in seen:
                yield f"custom id {custom_id!r} twice in one modal"
            seen.add(custom_id)
            yield from _modal_control(control)


def _modal_control(control: dict[str, Any]) -> Iterator[str]:
    kind, options = control.get("type"), control.get("options") or []
    if len(control.get("placeholder") or "") > PLACEHOLDER:
        yield f"placeholder of {len(control['placeholder'])} characters"
    if kind == TEXT_INPUT and len(control.get("label") or "") > LABEL_TEXT:
        yield f"text input label of {len(control['label'])} characters"
    bounds = {RADIO_GROUP: RADIO_OPTIONS, CHECKBOX_GROUP: CHECKBOX_OPTIONS}.get(kind)
    if bounds and not bounds[0] <= len(options) <= bounds[1]:
        yield f"{len(options)} options in a radio or checkbox group"
    if kind in SELECT_TYPES and int(control.get("max_values") or 1) > SELECT_OPTIONS:
        yield f"a select taking {control['max_values']} values"
    yield from _options(options)


def _message(data: dict[str, Any]) -> Iterator[str]:
    content = data.get("content") or ""
    if len(content) > CONTENT:
        yield f"content of {len(content)} characters"
    embeds = data.get("embeds") or []
    if len(embeds) > EMBEDS:
        yield f"{len(embeds)} embeds"
    for embed in embeds:
        yield from _embed(embed)
    components = data.get("components") or []
    if _is_card(data):
        yield from _card(data, components)
    else:
        yield from _components(components)
    if len(data.get("attachments") or []) > ATTACHMENTS:
        yield f"{len(data['attachments'])} attachments"


def _embed(embed: dict[str, Any]) -> Iterator[str]:
    texts = {
        "title": (embed.get("title") or "", EMBED_TITLE),
        "description": (embed.get("description") or "", EMBED_DESCRIPTION),
        "footer": ((embed.get("footer") or {}).get("text") or "", FOOTER),
        "author": ((embed.get("author") or {}).get("name") or "", AUTHOR),
    }
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS:
        yield f"{len(fields)} embed fields"
    for i, f in enumerate(fields):
        texts[f"field {i} name"] = (f.get("name") or "", FIELD_NAME)
        texts[f"field {i} value"] = (f.get("value") or "", FIELD_VALUE)
    for name, (text, limit) in texts.items():
        if len(text) > limit:
            yield f"embed {name} of {len(text)} characters (limit {limit})"
    total = sum(len(text) for text, _ in texts.values())
    if total > EMBED_TOTAL:
        yield f"embed text of {total} characters in all"


def _card(data: dict[str, Any], components: list[dict[str, Any]]) -> Iterator[str]:
    """The rules of a Components V2 message (a card)."""
    if data.get("content") or data.get("embeds") or data.get("poll"):
        yield "content, embeds or a poll on a V2 message"
    if not components:
        yield "a V2 message without components"
    every = list(_walk(components))
    if len(every) > V2_COMPONENTS:
        yield f"{len(every)} components in a V2 message (limit {V2_COMPONENTS})"
    text = sum(len(c.get("content") or "") for c in every if c.get("type") == TEXT_DISPLAY)
    if text > V2_TEXT:
        yield f"{text} characters of text displays (limit {V2_TEXT})"
    for component in every:
        kind = component.get("type")
        items = component.get("items") or []
        if kind == MEDIA_GALLERY and not 1 <= len(items) <= GALLERY_ITEMS:
            yield f"a media gallery of {len(items)} items"
        for item in items if kind == MEDIA_GALLERY else [component] if kind == THUMBNAIL else []:
            alt = item.get("description") or ""
            if len(alt) > ALT_TEXT:
                yield f"alt text of {len(alt)} characters (limit {ALT_TEXT})"
    yield from _components([c for c in every if c.get("type") == ACTION_ROW])


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, nested ones included (in containers, sections, rows)."""
    for component in components:
        yield component
        yield from _walk(component.get("components") or [])
        if component.get("accessory"):
            yield from _walk([component["accessory"]])


def _components(rows: list[dict[str, Any]]) -> Iterator[str]:
    if len(rows) > ROWS:
        yield f"{len(rows)} action rows"
    seen: set[str] = set()
    for row in rows:
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            yield "a select shares its row"
        if len(children) > BUTTONS_PER_ROW:
            yield f"{len(children)} components in a row"
        for child in children:
            custom_id = child.get("custom_id")
            yield from _custom_id(custom_id)
            if custom_id in seen:
                yield f"custom id {custom_id!r} twice on one message"
            if custom_id:
                seen.add(custom_id)
            if len(child.get("label") or "") > BUTTON_LABEL:
                yield f"button label of {len(child['label'])} characters"
            if len(child.get("placeholder") or "") > PLACEHOLDER:
                yield f"placeholder of {len(child['placeholder'])} characters"
            yield from _options(child.get("options") or [])


def _options(options: list[dict[str, Any]]) -> Iterator[str]:
    if len(options) > SELECT_OPTIONS:
        yield f"{len(options)} select options"
    for option in options:
        for key in ("label", "value", "description"):
            text = option.get(key) or ""
            if len(text) > OPTION_TEXT:
                yield f"select option {key} of {len(text)} characters"
        if not option.get("label") or not option.get("value"):
            yield "a select option without a label or value"


def _custom_id(custom_id: str | None) -> Iterator[str]:
    if custom_id is not None and not 1 <= len(custom_id) <= CUSTOM_ID:
        yield f"custom id of {len(custom_id)} characters"


def _choices(choices: list[dict[str, Any]]) -> Iterator[str]:
    if len(choices) > CHOICES:
        yield f"{len(choices)} autocomplete choices"
    for choice in choices:
        for key in ("name", "value"):
            text = str(choice.get(key) or "")
            if not 1 <= len(text) <= CHOICE_TEXT:
                yield f"autocomplete choice {key} of {len(text)} characters"
