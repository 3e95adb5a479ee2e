"""Sentences with values that a reader may put in another language.

A :class:`Words` is the English sentence itself (a ``str``, so it reads as before anywhere),
and it also carries its template (the stable code, ``{name}`` placeholders) and the values:
the bot looks the template up in its catalog and fills the values in, translating any value
that is itself a :class:`Words`.

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


def N_(template: str) -> str:
    """Mark ``template`` for the catalog where it is filled in later (a table of texts)."""
    return template


def counted(count: int, one: str, many: str, **params: Any) -> Words:
    """``one`` when ``count`` is 1, else ``many``; ``{count}`` and ``params`` filled in."""
    return Words(one if count == 1 else many, {"count": count, **params})


def joined(parts: Sequence[str], separator: str = " · ") -> str:
    """``parts`` with ``separator`` between them, each part still translatable on its own."""
    if not parts:
        return ""
    template = JOINS[separator]
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = Words(template, {"first": part, "rest": text})
    return text
