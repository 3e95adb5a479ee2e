"""Sentences with values that a reader may put in another language.

A :class:`Words` is the English sentence itself (a ``str``, so it reads as before anywhere),
and it also carries its template (the stable code, ``{name}`` placeholders) and the values:
the bot looks the template up in its catalog and fills the values in, translating any value
that is itself a :class:`Words`.
"""

from __future__ import annotations

from collections.abc import Mapping
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
