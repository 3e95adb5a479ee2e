"""Computer levels read from text (every game's levels are checked in
tests/conformance/test_computer_levels.py)."""

from __future__ import annotations

import pytest

from engine.core import Level, parse_levels


def test_levels_read_from_text() -> None:
    assert parse_levels("hard", 3) == (Level.HARD,) * 3
    assert parse_levels("easy, Random", 2) == (Level.EASY, Level.RANDOM)
    with pytest.raises(ValueError):
        parse_levels("hard,normal", 3)
    with pytest.raises(ValueError):
        parse_levels("genius", 1)
