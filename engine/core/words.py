"""Sentences with values that a reader may put in another language.

A :class:`Words` is the English sentence itself (a ``str``, so it reads as before anywhere),
and it also carries its template (the stable code, ``{name}`` placeholders) and the values:
the bot looks the template up in its catalog and fills the values in, translating any value
that is itself a :class:`Words`, writing a :class:`Number` and a :class:`Name` the reader's way.

:func:`counted` picks the singular or plural template by a count, :func:`joined` strings
parts together (each part translated on its own), and :func:`N_` marks a template kept in a
table so that the catalog extractor finds it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

JOINS = {
    " · ": "{first} · {rest}",
    ", ": "{first}, {rest}",
    "; ": "{first}; {rest}",
    " ": "{first} {rest}",
    " and ": "{first} and {rest}",
}
"""The separators :func:`joined` knows, each as the template that joins two parts."""


class Words(str):
    """``template`` with ``params`` filled in, remembering both."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> Words:
        values = dict(params or {})
        made = super().__new__(cls, template.format(**values) if values else template)
        made.template, made.params = template, values
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, Any]]:  # type: ignore[override]
        return self.template, dict(self.params)

    def to_json(self) -> dict[str, Any]:
        """The template and its values as JSON data (values that are Words nested)."""
        return {
            "template": self.template,
            "params": {
                k: v.to_json() if isinstance(v, Words) else v for k, v in self.params.items()
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Words:
        """Read back :meth:`to_json`."""
        params = {
            k: cls.from_json(v) if isinstance(v, Mapping) else v
            for k, v in data.get("params", {}).items()
        }
        return cls(str(data["template"]), params)


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


def N_(template: str) -> str:
    """Mark ``template`` for the catalog where it is filled in later (a table of texts)."""
    return template


def counted(count: int, one: str, many: str, **params: Any) -> Words:
    """``one`` when ``count`` is 1, else ``many``; ``{count}`` and ``params`` filled in."""
    return Words(one if count == 1 else many, {"count": count, **params})


def joined(parts: Sequence[str], separator: str = " · ") -> str:
    """``parts`` with ``separator`` between them, each part still translatable on its own
    (a separator :data:`JOINS` does not list reads the same in every language)."""
    if not parts:
        return ""
    template = JOINS.get(separator, "{first}" + separator + "{rest}")
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = Words(template, {"first": part, "rest": text})
    return text


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
