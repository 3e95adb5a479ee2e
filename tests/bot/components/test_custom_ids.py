"""Custom ids declared once: template, writer and parser agree, and Discord's limit holds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.custom_ids import MAX_CUSTOM_ID, NUMBER, IdFormat, number, one_of
from bot.store.records import MAX_ID

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


@given(limit=st.integers(0, 2**64), value=st.integers(0, 2**66))
def test_a_number_field_matches_exactly_the_numbers_up_to_its_limit(limit: int, value: int) -> None:
    pattern = re.compile(number(limit))
    for candidate in (value, limit, limit + 1, max(limit - 1, 0), value % (limit + 1)):
        assert bool(pattern.fullmatch(str(candidate))) == (candidate <= limit), candidate


def test_an_id_field_holds_what_the_database_holds() -> None:
    assert re.fullmatch(NUMBER, str(MAX_ID)) and re.fullmatch(NUMBER, "0" * 5 + "7")
    assert not re.fullmatch(NUMBER, str(MAX_ID + 1)) and not re.fullmatch(NUMBER, "9" * 20)
    with pytest.raises(ValueError):
        FORMAT.make(game=MAX_ID + 1, action="join")
