"""Custom ids declared once: template, writer and parser agree, and Discord's limit holds."""

from __future__ import annotations

import re

import pytest

from bot.custom_ids import MAX_CUSTOM_ID, NUMBER, IdFormat, one_of

FORMAT = IdFormat("x", (("game", NUMBER), ("action", one_of(["join", "leave"]))))


def test_an_id_written_is_matched_and_read_back_typed() -> None:
    custom_id = FORMAT.make(game=42, action="join")
    assert custom_id == "x:42:join"
    match = re.fullmatch(FORMAT.template, custom_id)
    assert match is not None and FORMAT.read(match) == {"game": 42, "action": "join"}


@pytest.mark.parametrize("text", ["x:42:jump", "x:4a:join", "y:42:join", "x:42:join:1", "x::join"])
def test_ids_of_another_shape_are_not_matched(text: str) -> None:
    assert re.fullmatch(FORMAT.template, text) is None


def test_an_id_discord_would_refuse_is_never_written() -> None:
    long = IdFormat("p", (("path", r"[0-9.]{0,200}"),))
    with pytest.raises(ValueError):
        long.make(path="1." * 60)
    assert len(long.make(path="1." * 40)) <= MAX_CUSTOM_ID
    with pytest.raises(ValueError):
        FORMAT.make(game=1, action="dance")
