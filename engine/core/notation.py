"""Reading players' text safely: a length cap, short whole numbers, and short quotes.

Every action parser reads at most :data:`MAX_NOTATION_LENGTH` characters, never turns more
than a few digits into a number, and quotes what it could not read shortened to
:data:`QUOTE_LENGTH` characters, so no input makes it work hard or answer at length.
"""

from __future__ import annotations

from .errors import BAD_NOTATION, IllegalAction
from .words import Words

MAX_NOTATION_LENGTH = 400
"""The longest action text any game reads (the longest real action is far shorter)."""

QUOTE_LENGTH = 60
"""How much of the player's text an error message quotes."""

MAX_DIGITS = 6
"""The most digits a number in an action may have."""


def shorten(text: str, limit: int = QUOTE_LENGTH) -> str:
    """``text`` as it is when it has at most ``limit`` characters, else its start and "…"."""
    return text if len(text) <= limit else text[:limit] + "…"


def capped(text: str) -> str:
    """``text`` when it is short enough to read; IllegalAction(BAD_NOTATION) otherwise."""
    if len(text) > MAX_NOTATION_LENGTH:
        raise IllegalAction(
            BAD_NOTATION,
            Words(
                "Cannot read `{text}`: an action is at most {limit} characters, "
                "and this is {length}.",
                {"text": shorten(text), "limit": MAX_NOTATION_LENGTH, "length": len(text)},
            ),
        )
    return text


def whole_number(word: str, signed: bool = False, max_digits: int = MAX_DIGITS) -> int | None:
    """The value of ``word`` written in ASCII digits (at most ``max_digits``, after a ``+`` or
    ``-`` when ``signed``), or None; longer numbers are refused before being converted."""
    digits = word[1:] if signed and word[:1] in ("+", "-") else word
    if not (0 < len(digits) <= max_digits and digits.isascii() and digits.isdigit()):
        return None
    return -int(digits) if word[:1] == "-" and signed else int(digits)
