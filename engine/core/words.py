"""Sentences with values that a reader may put in another language.

A :class:`Words` is the English sentence itself (a ``str``, so it reads as before anywhere),
and it also carries its template (the stable code, ``{name}`` placeholders) and the values:
the bot looks the template up in its catalog and fills the values in, translating any value
that is itself a :class:`Words`, writing a :class:`Number` and a :class:`Name` the reader's way.
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


class Name(str):
    """A proper name with its spelling in other languages (``forms``: language → name), such
    as an island's German name; a reader gets the form of their language, else this one."""

    forms: Mapping[str, str]

    def __new__(cls, name: str, forms: Mapping[str, str] | None = None) -> Name:
        made = super().__new__(cls, name)
        made.forms = dict(forms or {})
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, str]]:  # type: ignore[override]
        return str(self), dict(self.forms)


class Number(str):
    """A number as English writes it (``1,234.5``, maybe with a unit): a reader's language
    may write its separators otherwise (``1.234,5``)."""


def joined(parts: Sequence[str], separator: str) -> Words:
    """``parts`` joined by ``separator``, each part translated on its own (a list, lines)."""
    template = separator.join(f"{{part{i}}}" for i in range(len(parts)))
    return Words(template, {f"part{i}": part for i, part in enumerate(parts)})
