"""The stand-in for Discord's validation refuses what Discord refuses."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import discord

from ..discord_limits import ATTACHMENT_BYTES, expired_tokens, oversized, violations


def _post(path: str, body: dict) -> SimpleNamespace:
    return SimpleNamespace(method="POST", path=path, json=body)


def assert_named(found: list[str], *fragments: str) -> None:
    """Each of ``fragments`` is part of a problem ``found``."""
    for fragment in fragments:
        assert any(fragment in problem for problem in found), (fragment, found)


def test_a_message_within_every_limit_passes() -> None:
    body = {
        "content": "x" * 2000,
        "embeds": [{"title": "t", "fields": [{"name": "n", "value": "v" * 1024}]}],
        "components": [
            {"type": 1, "components": [{"type": 2, "label": "b" * 80, "custom_id": "c" * 100}]}
        ],
    }
    assert violations([_post("/channels/1/messages", body)]) == []


def test_each_broken_limit_is_named() -> None:
    select = {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": str(i), "value": str(i)} for i in range(26)],
    }
    body = {
        "type": 4,
        "data": {
            "content": "x" * 2001,
            "embeds": [{"description": "d" * 4097, "fields": [{"name": "n", "value": "v" * 1025}]}],
            "components": [
                {"type": 1, "components": [select]},
                {"type": 1, "components": [{"type": 2, "label": "l", "custom_id": "s"}]},
            ],
        },
    }
    found = violations([_post("/interactions/1/token/callback", body)])
    assert_named(
        found,
        "content of 2001",
        "description of 4097",
        "field 0 value of 1025",
        "26 select options",
        "custom id 's' twice",
    )


def test_autocomplete_choices_are_checked() -> None:
    choices = [{"name": "n" * 101, "value": "v"}] * 26
    found = violations(
        [_post("/interactions/1/t/callback", {"type": 8, "data": {"choices": choices}})]
    )
    assert any("26 autocomplete choices" in p for p in found)
    assert any("choice name of 101" in p for p in found)


def _labelled(custom_id: str, control: dict, label: str = "l", description: str = "d") -> dict:
    return {
        "type": 18,
        "label": label,
        "description": description,
        "component": {**control, "custom_id": custom_id},
    }


def test_a_modal_within_every_limit_passes() -> None:
    radio = {
        "type": 21,
        "options": [{"label": f"{i}" * 100, "value": f"{i}" * 100} for i in range(10)],
    }
    data = {
        "title": "t" * 45,
        "custom_id": "m" * 100,
        "components": [
            _labelled("r", radio, "l" * 45, "d" * 100),
            _labelled("u", {"type": 5, "max_values": 25, "placeholder": "p" * 150}),
            {"type": 10, "content": "x" * 4000},
        ],
    }
    body = {"type": 9, "data": data}
    assert violations([_post("/interactions/1/t/callback", body)]) == []


def test_each_broken_modal_limit_is_named() -> None:
    radio = {"type": 21, "options": [{"label": "o", "value": "v"}]}
    select = {"type": 3, "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    data = {
        "title": "t" * 46,
        "custom_id": "m",
        "components": [
            _labelled("r", radio, "l" * 46, "d" * 101),
            _labelled("s", select),
            _labelled("s", {"type": 6, "max_values": 26, "placeholder": "p" * 151}),
            *[{"type": 10, "content": "x"}] * 3,
        ],
    }
    found = violations([_post("/interactions/1/t/callback", {"type": 9, "data": data})])
    assert_named(
        found,
        "modal title of 46",
        "6 top-level parts",
        "modal label of 46",
        "label description of 101",
        "1 options in a radio",
        "26 select options",
        "custom id 's' twice in one modal",
        "a select taking 26 values",
        "placeholder of 151",
    )


def test_a_token_used_after_fifteen_minutes_is_reported() -> None:
    made = discord.utils.utcnow()
    interaction = discord.utils.time_snowflake(made)
    entry = type("Entry", (), {"method": "PATCH"})()
    entry.path = f"/webhooks/1/simcord_interaction_{interaction}/messages/@original"
    assert expired_tokens([(entry, made + timedelta(minutes=14))]) == []
    assert len(expired_tokens([(entry, made + timedelta(minutes=16))])) == 1


def test_a_file_over_the_upload_limit_is_named() -> None:
    uploads = [("board.png", 300_000), ("replay.gif", ATTACHMENT_BYTES + 1)]
    assert oversized(uploads) == [
        f"attachment replay.gif of {ATTACHMENT_BYTES + 1} bytes (limit {ATTACHMENT_BYTES})"
    ]


def _card(*children: dict, **extra) -> dict:
    return {"flags": 1 << 15, "components": [{"type": 17, "components": list(children)}], **extra}


def test_a_card_within_the_v2_limits_passes() -> None:
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://b.png"}, "description": "a"}]}
    body = _card({"type": 10, "content": "x" * 4000}, gallery)
    assert violations([_post("/channels/1/messages", body)]) == []


def test_each_broken_v2_rule_is_named() -> None:
    rows = [
        {"type": 1, "components": [{"type": 2, "label": "b", "custom_id": f"r{r}"}]}
        for r in range(6)
    ]
    many = [{"type": 10, "content": "t"} for _ in range(40)]
    gallery = {"type": 12, "items": [{"media": {"url": "u"}, "description": "d" * 257}] * 11}
    body = _card({"type": 10, "content": "x" * 4001}, gallery, *rows, *many, content="hi")
    found = violations([_post("/channels/1/messages", body)])
    assert_named(
        found,
        "content, embeds or a poll on a V2 message",
        "components in a V2 message",
        "characters of text displays",
        "media gallery of 11 items",
        "alt text of 257",
        "6 action rows",
    )


def test_a_card_is_never_edited_back_to_a_classic_message() -> None:
    path = "/channels/1/messages/2"
    edit = SimpleNamespace(method="PATCH", path=path, json=_card({"type": 10, "content": "c"}))
    back = SimpleNamespace(method="PATCH", path=path, json={"content": "plain", "flags": 0})
    assert violations([edit]) == []
    assert any("edited back" in p for p in violations([edit, back]))
