"""A game's options for people: the lobby's line, typing help, and the example in a refusal.

Every game declares its options (``OptionSpec``): a title and words for values that read
better as words. The lobby shows "Who starts: drawn at random" rather than
``first_player=-1``; the suggestions offer every value of the option being typed, then the
options not given yet; a refusal's example is one of the game's own options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import find_game
from engine.core import IllegalAction, OptionSpec, OptionValue
from locales import _

MAX_SUGGESTIONS = 25
MAX_TEXT = 100


def _specs(game: str) -> dict[str, OptionSpec]:
    return {spec.name: spec for spec in find_game(game).info.options}


def _typed(value: OptionValue) -> str:
    """A value as a player types it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def value_words(spec: OptionSpec, value: OptionValue) -> str:
    """An option's value in the reader's words."""
    return _(spec.shown(value)) if value in dict(spec.words) else _typed(value)


def options_line(game: str, options: Mapping[str, Any]) -> str:
    """The options set for a game, for people: ``Who starts: drawn at random``."""
    specs, parts = _specs(game), []
    for key, raw in options.items():
        spec = specs.get(key)
        try:
            value = spec.coerce(raw) if spec is not None else None
        except IllegalAction:
            value = None
        if spec is None or value is None:
            parts.append(f"`{key}={raw}`")
        else:
            parts.append(
                f"{_(spec.title) if spec.title else spec.name}: {value_words(spec, value)}"
            )
    return " · ".join(parts)


def example(game: str) -> str:
    """One of the game's own option settings, as typed (its first option's default)."""
    specs = find_game(game).info.options
    return f"{specs[0].name}={_typed(specs[0].default)}" if specs else "name=value"


def suggestions(game: str, typed: str) -> list[tuple[str, str]]:
    """(label, value) pairs for the options being typed: every value of the option in the
    last word, else every value of each option not given yet whose name fits it."""
    head, _space, last = typed.rpartition(" ")
    given = {word.partition("=")[0].lower() for word in head.split()}
    prefix = " ".join(head.split()) + " " if head.strip() else ""
    key, sep, partial = last.lower().partition("=")
    found: list[tuple[str, str]] = []
    for spec in _specs(game).values():
        if spec.name in given or (sep and spec.name != key) or (not sep and key not in spec.name):
            continue
        for value in spec.values():
            if sep and not _typed(value).lower().startswith(partial):
                continue
            text = f"{prefix}{spec.name}={_typed(value)}"
            about = value_words(spec, value) if value in dict(spec.words) else _(spec.description)
            if len(text) <= MAX_TEXT:
                found.append((f"{text} ({about})"[:MAX_TEXT], text))
            if len(found) == MAX_SUGGESTIONS:
                return found
    return found
