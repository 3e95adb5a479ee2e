"""Custom ids declared once: the template a dynamic item matches, the id it writes, the parse.

Every component that must keep working after a restart carries its context in its custom id.
An :class:`IdFormat` names the id's prefix and fields (each with the pattern its values match);
from that one declaration come the regular expression discord.py routes clicks with, the
function that writes an id, and the one that reads a match back into typed fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .store.records import MAX_ID

MAX_CUSTOM_ID = 100  # Discord's limit
_NUMBERS: set[str] = set()
"""The patterns made by :func:`number`: their fields are read back as ints."""


def number(limit: int) -> str:
    """The pattern of a field holding a number from 0 to ``limit``, written in at most as
    many digits as ``limit``."""
    digits = str(limit)
    size = len(digits)
    shorter = [f"[0-9]{{1,{size - 1}}}"] if size > 1 else []
    below = [  # the same length: equal up to one digit, which is smaller, then anything
        digits[:k] + f"[0-{int(digit) - 1}]" + (f"[0-9]{{{size - k - 1}}}" if k < size - 1 else "")
        for k, digit in enumerate(digits)
        if digit != "0"
    ]
    pattern = "(?:" + "|".join([*shorter, *below, digits]) + ")"
    _NUMBERS.add(pattern)
    return pattern


NUMBER = number(MAX_ID)
"""An id or a version: any number the database holds."""
WORD = r"[a-z][a-z0-9-]{0,31}"


GAME_NAME = r"[a-z][a-z0-9_]{0,31}"
"""The pattern of a field that names a game: any game, registered before or after the id's
format was made (whoever reads the id refuses a name no game has)."""


def one_of(words: Iterable[object]) -> str:
    """The pattern of a field that takes one of ``words`` (escaped)."""
    return "|".join(re.escape(str(word)) for word in words)


@dataclass(frozen=True, slots=True)
class IdFormat:
    """``prefix:field:field…``, each field matching its pattern; numbers come back as ints."""

    prefix: str
    fields: tuple[tuple[str, str], ...]

    @property
    def template(self) -> str:
        """The regular expression of the whole id, one named group per field."""
        parts = [
            re.escape(self.prefix),
            *(f"(?P<{name}>{pattern})" for name, pattern in self.fields),
        ]
        return ":".join(parts)

    def make(self, **values: Any) -> str:
        """The custom id for ``values`` (one per field); refuses one Discord would not take."""
        text = ":".join([self.prefix, *(str(values[name]) for name, _ in self.fields)])
        if len(text) > MAX_CUSTOM_ID or not re.fullmatch(self.template, text):
            raise ValueError(f"not a valid {self.prefix!r} custom id: {text[:120]!r}")
        return text

    def read(self, match: re.Match[str] | Mapping[str, str]) -> dict[str, Any]:
        """The fields of a matched id; number fields (:func:`number`) become ints."""
        found = match.groupdict() if isinstance(match, re.Match) else dict(match)
        return {
            name: int(found[name]) if pattern in _NUMBERS else found[name]
            for name, pattern in self.fields
        }
