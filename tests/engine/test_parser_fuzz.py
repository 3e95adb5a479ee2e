"""Every game's notation reader against hostile text: only IllegalAction may come out, quotes
stay short, and every valid action reads back as itself."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import engine
from engine.core import Game, IllegalAction
from engine.core.errors import BAD_NOTATION
from engine.core.notation import MAX_NOTATION_LENGTH, QUOTE_LENGTH
from engine.islant.actions import MAX_NAME_LENGTH, Name

GAMES = {game.info.name: game for game in engine.all_games()}
NAMES = sorted(GAMES)
FUZZ = settings(max_examples=200, deadline=None)
LONGEST_MESSAGE = 400
"""No refusal of notation is longer than this, whatever was typed."""

BLANKS = [" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\x0b", "\x0c"]
ODD_TEXT = [
    "−",
    "＋",
    "٣",
    "²",
    "𝟓",
    "ß",
    "ﬃ",
    "İ",
    "\u200b",
    "\u0301",
    "🌊",
    "`",
    "=",
    "+",
    "(",
    ",",
    "-",
]


LONG_NUMBERS = st.builds(
    lambda sign, digit, count: sign + digit * count,
    st.sampled_from(["", "-", "+"]),
    st.sampled_from("0123456789"),
    st.integers(1, 6_000),
)


@cache
def notations(name: str) -> tuple[str, ...]:
    """Legal actions seen along the start of a few random games, in notation."""
    game = GAMES[name]
    seen: set[str] = set()
    for seed in range(3):
        rnd = random.Random(seed)
        state = game.new(game.info.min_players, None, seed)
        for _ in range(40):
            if game.is_over(state):
                break
            seat = min(game.to_move(state))
            seen.update(game.format(a) for a in game.legal_actions(state, seat))
            state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd))
    return tuple(sorted(seen))


def read(game: Game, text: str) -> None:
    """Parse ``text``: a valid action reads back the same; a refusal is short and readable."""
    try:
        action = game.parse(text)
    except IllegalAction as err:
        assert err.code == BAD_NOTATION
        assert len(err.message) <= LONGEST_MESSAGE
        return
    assert game.parse(game.format(action)) == action


@st.composite
def mutated(draw: st.DrawFn, name: str) -> str:
    """A valid action with words dropped, doubled, swapped or replaced by something hostile."""
    words = draw(st.sampled_from(notations(name))).split()
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(words)))
        hostile = st.one_of(
            st.integers(-(10**8), 10**8).map(str),
            LONG_NUMBERS,
            st.sampled_from(ODD_TEXT),
            st.text(min_size=1, max_size=8),
            st.sampled_from(BLANKS).map(lambda b: b * 5000),
            st.sampled_from(words or ["x"]),
        )
        match draw(st.integers(0, 3)):
            case 0 if words:
                del words[min(at, len(words) - 1)]
            case 1:
                words.insert(at, draw(hostile))
            case 2 if words:
                words[min(at, len(words) - 1)] = draw(hostile)
            case _:
                words = words[::-1]
    glue = draw(st.sampled_from([" ", "  ", "\t", " \u00a0 ", "=", "+", ""]))
    return glue.join(words)


@pytest.mark.parametrize("name", NAMES)
@FUZZ
@given(text=st.text(max_size=120))
@example(text="²").via("digits Python's int() refuses though str.isdigit() accepts them")
@example(text="٣ ٣")
def test_any_text_is_read_or_refused(name: str, text: str) -> None:
    read(GAMES[name], text)


@pytest.mark.parametrize("name", NAMES)
@FUZZ
@given(data=st.data())
def test_mutated_notation_is_read_or_refused(name: str, data: st.DataObject) -> None:
    read(GAMES[name], data.draw(mutated(name)))


@pytest.mark.parametrize("name", NAMES)
@FUZZ
@given(data=st.data())
def test_valid_notation_round_trips(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    text = data.draw(st.sampled_from(notations(name)))
    action = game.parse(text)
    assert game.format(action) == text
    spaced = data.draw(st.sampled_from(BLANKS[:3])).join(["", *text.split(), ""])
    assert game.parse(spaced) == action


HUGE = "9" * 4301
HOSTILE = [
    "",
    " " * 100_000,
    "x" * 6_000,
    "x" * 100_000,
    HUGE,
    "-" + HUGE,
    " " * 20_000 + "+" + " " * 20_000,
    "\u00a0" * 20_000,
    "🌊" * 3_000,
    "٣" * 5_000,
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: f"{len(t)} chars")
def test_hostile_text_is_refused_with_a_short_quote(name: str, text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        GAMES[name].parse(text)
    assert err.value.code == BAD_NOTATION
    assert len(err.value.message) <= LONGEST_MESSAGE
    if len(text) > MAX_NOTATION_LENGTH:
        assert f"`{text[:QUOTE_LENGTH]}…`" in err.value.message


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("where", [0, 1, -1])
def test_huge_numbers_inside_valid_notation_are_refused(name: str, where: int) -> None:
    """The first, second and last number of any notation (one number counts as all three)."""
    for text in notations(name)[:40]:
        words = text.split()
        numbers = [i for i, w in enumerate(words) if w.lstrip("-").isdigit() or "=" in w]
        if not numbers:
            continue
        i = numbers[min(where, len(numbers) - 1)]
        head, sep, _ = words[i].rpartition("=")
        words[i] = f"{head}{sep}{HUGE}" if sep else HUGE
        with pytest.raises(IllegalAction) as err:
            GAMES[name].parse(" ".join(words))
        assert len(err.value.message) <= LONGEST_MESSAGE


def test_islant_rotation_wild_and_assign_refuse_long_numbers() -> None:
    game = GAMES["islant"]
    for text in (
        "DRAW land C4 R" + "0" * 4400,
        "WILD land=" + "4" * 4400,
        "ASSIGN land=" + "1" * 4400 + " waves=2",
        "DRAW land C" + "4" * 30,
        "DRAW land C4 R" + "0" * 7 + "1",
    ):
        with pytest.raises(IllegalAction) as err:
            game.parse(text)
        assert err.value.code == BAD_NOTATION
        assert len(err.value.message) <= LONGEST_MESSAGE


@FUZZ
@given(
    st.sampled_from("ABCDEFGHIJK"),
    st.integers(1, 11),
    st.sampled_from(["", "N", "E", "S", "W"]),
    st.lists(
        st.text(st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=8),
        min_size=1,
        max_size=4,
    ),
)
def test_islant_names_round_trip(col: str, row: int, quarter: str, words: list[str]) -> None:
    name = " ".join(words)
    text = f"NAME {col}{row}{quarter} {name}"
    game = GAMES["islant"]
    if len(name) > MAX_NAME_LENGTH:
        with pytest.raises(IllegalAction):
            game.parse(text)
        return
    action = game.parse(text)
    assert isinstance(action, Name)
    assert game.parse(game.format(action)) == action
