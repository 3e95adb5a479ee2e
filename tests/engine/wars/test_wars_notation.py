"""Action notation: canonical text, forgiving reading, errors that quote the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import IllegalAction, Resign
from engine.core.errors import BAD_NOTATION
from engine.wars import GAME, preview_barracks
from engine.wars.actions import Move, Pass, Place, Step

from .wars_helpers import B, H, P, T


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PASS", Pass()),
        ("PLACE BARRACKS 2 -3", Place(B, H(2, -3))),
        ("PLACE TOWER 0 -2", Place(T, H(0, -2))),
        ("PLACE PORT -1 -3", Place(P, H(-1, -3))),
        ("MOVE BARRACKS 2 -3 TO 1 -2", Move((Step(B, H(2, -3), H(1, -2)),))),
        ("MOVE PORT -1 -3 TO 0 -4", Move((Step(P, H(-1, -3), H(0, -4)),))),
        (
            "MOVE BARRACKS 2 -3 TO 1 -2 AND PORT -1 -3 TO 0 -4",
            Move((Step(B, H(2, -3), H(1, -2)), Step(P, H(-1, -3), H(0, -4)))),
        ),
        (
            "MOVE PORT -1 -3 TO 0 -4 AND BARRACKS 2 -3 TO 1 -2",
            Move((Step(P, H(-1, -3), H(0, -4)), Step(B, H(2, -3), H(1, -2)))),
        ),
    ],
)
def test_canonical_notation_round_trips(text: str, action) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.format_action(action) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  pass ", "PASS"),
        ("place barracks (2, -3)", "PLACE BARRACKS 2 -3"),
        ("Place b 2,-3", "PLACE BARRACKS 2 -3"),
        ("PLACE  defense   tower (0,-2)", "PLACE TOWER 0 -2"),
        ("place DT 0 \u22122", "PLACE TOWER 0 -2"),
        ("place p (+1, -3)", "PLACE PORT 1 -3"),
        (
            "move b (2,-3) to (1,-2) and p (-1,-3) to (0,-4)",
            "MOVE BARRACKS 2 -3 TO 1 -2 AND PORT -1 -3 TO 0 -4",
        ),
        ("MOVE TOWER 0 -2 TO 1 -2", "MOVE TOWER 0 -2 TO 1 -2"),
    ],
)
def test_reading_is_forgiving(text: str, canonical: str) -> None:
    assert GAME.format_action(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump 1 2",
        "place",
        "place castle 1 2",
        "place barracks 1",
        "place barracks one two",
        "place barracks 1 2 3",
        "move barracks 1 2 3 4",
        "move barracks 1 2 to 3 4 or port 1 1 to 2 2",
        "pass now",
    ],
)
def test_bad_notation_quotes_the_input(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(text)
    assert err.value.code == BAD_NOTATION
    assert f"`{text.strip()}`" in err.value.message
    assert "PASS" in err.value.message


def test_resign_is_read_by_the_framework() -> None:
    assert GAME.parse(" resign ") == Resign()


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (Pass(), "passes"),
        (Place(B, H(2, -3)), "places a barracks at (2, -3)"),
        (Place(T, H(0, -2)), "places a defense tower at (0, -2)"),
        (
            Move((Step(B, H(2, -3), H(1, -2)), Step(P, H(-1, -3), H(0, -4)))),
            "moves the barracks from (2, -3) to (1, -2), then the port from (-1, -3) to (0, -4)",
        ),
    ],
)
def test_describe_action(action, sentence: str) -> None:
    assert GAME.describe_action(action) == sentence


coords = st.builds(H, st.integers(-99, 99), st.integers(-99, 99))
kinds = st.sampled_from([B, T, P])
steps = st.builds(Step, kinds, coords, coords)
actions = st.one_of(
    st.just(Pass()),
    st.builds(Place, kinds, coords),
    st.builds(Move, st.lists(steps, min_size=1, max_size=3).map(tuple)),
)


@given(action=actions)
def test_every_action_round_trips(action) -> None:
    text = GAME.format_action(action)
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(f"  {text.lower()}  ") == action


def test_a_described_barracks_says_how_much_it_would_convert() -> None:
    state = GAME.new(3, None, 0)
    barracks = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Place) and a.kind is B]
    for action in barracks:
        flips = len(preview_barracks(state, 0, action.at))
        text = GAME.describe_action(action, state)
        assert text.endswith(f"(converts {flips} hex{'' if flips == 1 else 'es'})")
    assert GAME.describe_action(Pass(), state) == "passes"
