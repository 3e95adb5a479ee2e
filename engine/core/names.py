"""Seats in text: engines write a seat as a token; the bot and renderers fill in names.

Engines know only seat numbers, but players want to read "Alice wins", not "seat 0 wins".
Event texts, outcome reasons and error messages name a seat with :func:`seat_ref`, and
whoever shows the text calls :func:`fill_names` with the display names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_TOKEN = re.compile(r"\{p(\d{1,2})\}")


def seat_ref(seat: int) -> str:
    """The placeholder for a seat's name inside a text."""
    return f"{{p{seat}}}"


def fill_names(text: str, names: Sequence[str] = ()) -> str:
    """Replace seat placeholders with names (``Player N`` where no name is known)."""

    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    return _TOKEN.sub(name, text)
