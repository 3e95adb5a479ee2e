"""Action notation: round trips, tolerance, and errors that quote the input."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.islant import GAME
from engine.islant.actions import Assign, Draw, Name, Wild


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("assign  waves=5 land = 3", Assign((("land", 3), ("waves", 5)))),
        ("WILD land=4", Wild("land", 4)),
        ("draw LAND c4 r1", Draw("land", "C4", 1)),
        ("DRAW land C4", Draw("land", "C4", 0)),
        ("DRAW waves b2", Draw("waves", "B2")),
        ("NAME c4s  Treasure   Isle", Name("C4", 2, "Treasure Isle")),
    ],
)
def test_parse_is_tolerant_and_round_trips(text: str, action) -> None:
    assert GAME.parse(text) == action
    assert GAME.parse(GAME.format(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "FLY",
        "DRAW column C4",
        "DRAW waves B2 R1",
        "WILD land=6",
        "ASSIGN land=3 land=4",
        "DRAW land C4 R5",
        "CROSS column",
        "SUBMIT now",
        "NAME C4",
    ],
)
def test_bad_notation_quotes_the_input(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.parse(text)
    assert err.value.code == "bad_notation"
    assert f"`{text}`" in err.value.message
