"""Action notation: canonical text, tolerant parsing, and errors that quote the input."""

from __future__ import annotations

import pytest

from engine.competition.actions import (
    DOWN,
    SEA,
    Confirm,
    Place,
    Reveal,
    Split,
    Steal,
    StealDone,
    Unplace,
    format_action,
    parse_action,
)
from engine.competition.slots import SLOTS, Slot, parse_slot
from engine.competition.state import BLIND
from engine.core import IllegalAction

CANONICAL = [
    ("PLACE usedom AREA HIGH", Place("usedom", Slot("area", True))),
    ("PLACE BLIND DENSITY LOW", Place(BLIND, Slot("density", False))),
    ("UNPLACE PEAK LOW", Unplace(Slot("peak", False))),
    ("CONFIRM", Confirm()),
    ("REVEAL", Reveal()),
    ("SPLIT usedom=down sylt=sea", Split((("usedom", DOWN), ("sylt", SEA)))),
    ("STEAL great-britain FROM 2 TO SEA", Steal("great-britain", 2, SEA)),
    ("STEAL sylt FROM 0 TO DOWN", Steal("sylt", 0, DOWN)),
    ("STEAL DONE", StealDone()),
]


@pytest.mark.parametrize(("text", "action"), CANONICAL)
def test_canonical_text_round_trips(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("  place   Usedom  area   high ", Place("usedom", Slot("area", True))),
        ("place usedom area-high", Place("usedom", Slot("area", True))),
        ("Place blind Density_Below", Place(BLIND, Slot("density", False))),
        ("unplace temperature above", Unplace(Slot("temperature", True))),
        ("split USEDOM=Down sylt=UP", Split((("usedom", DOWN), ("sylt", SEA)))),
        ("steal  sylt from 1 to sea", Steal("sylt", 1, SEA)),
        ("confirm", Confirm()),
        ("steal done", StealDone()),
    ],
)
def test_parsing_ignores_case_spaces_and_accepts_aliases(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "PLACE",
        "PLACE usedom",
        "PLACE usedom AREA",
        "PLACE usedom SIZE HIGH",
        "PLACE usedom AREA MIDDLE",
        "UNPLACE AREA",
        "CONFIRM now",
        "SPLIT",
        "SPLIT usedom",
        "SPLIT usedom=left",
        "SPLIT blind=down",
        "STEAL sylt FROM x TO SEA",
        "STEAL sylt TO SEA",
        "STEAL sylt FROM 1 TO LEFT",
        "STEAL sylt FROM ² TO SEA",
        "JUMP",
    ],
)
def test_unreadable_text_is_refused_quoting_it(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        parse_action(text)
    assert err.value.code == "bad_notation"
    assert f"`{text}`" in err.value.message


def test_slots_are_in_reveal_order_and_parse_back() -> None:
    assert [slot.key for slot in SLOTS] == [
        f"{category}-{side}"
        for category in (
            "area",
            "peak",
            "temperature",
            "precipitation",
            "inhabitants",
            "density",
        )
        for side in ("high", "low")
    ]
    for slot in SLOTS:
        assert parse_slot(str(slot).split()) == slot
        assert parse_slot([slot.key]) == slot
