"""Sentences with values that a reader may put in another language.

A :class:`Words` is the English sentence itself (a ``str``, so it reads as before anywhere),
and it also carries its template (the stable code, ``{name}`` placeholders) and the values:
the bot looks the template up in its catalog and fills the values in, translating any value
that is itself a :class:`Words`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Words(str):
    """``template`` with ``params`` filled in, remembering both."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> Words:
        values = dict(params or {})
        made = super().__new__(cls, template.format(**values))
        made.template, made.params = template, values
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, Any]]:  # type: ignore[override]
        return self.template, dict(self.params)


def joined(parts: Sequence[str], separator: str = " · ") -> str:
    """``parts`` one after the other: a :class:`Words` keeping each part (so each is put in
    the reader's language), or the one part itself."""
    if len(parts) == 1:
        return parts[0]
    template = separator.join(f"{{p{i}}}" for i in range(len(parts)))
    return Words(template, {f"p{i}": part for i, part in enumerate(parts)})


def listing(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``, each part kept for translation."""
    if len(parts) == 1:
        return parts[0]
    return Words("{items} and {last}", {"items": joined(parts[:-1], ", "), "last": parts[-1]})


def either(parts: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``, each part kept for translation."""
    if len(parts) == 1:
        return parts[0]
    return Words("{items} or {last}", {"items": joined(parts[:-1], ", "), "last": parts[-1]})
