"""Game options: a declared spec per option, validated in one place.

Values typed by players are read only up to :data:`MAX_OPTION_LENGTH` characters, numbers
only up to a few digits, and refusals quote them shortened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BAD_OPTION, IllegalAction
from .notation import shorten, whole_number
from .words import Words, joined

OptionValue = int | bool | str
MAX_OPTION_LENGTH = 100


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts at creation, with its default and allowed values."""

    name: str
    description: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    title: str = ""
    """The option's name for people ("Who starts"; the lobby shows it), marked with ``N_``."""
    words: tuple[tuple[OptionValue, str], ...] = ()
    """Values that read better as words ("at random" for ``-1``), marked with ``N_``."""

    def values(self) -> tuple[OptionValue, ...]:
        """Every value the option takes, in order (a range of whole numbers from its ends)."""
        if self.choices:
            return self.choices
        if isinstance(self.default, bool):
            return (True, False)
        if self.minimum is not None and self.maximum is not None:
            return tuple(range(self.minimum, self.maximum + 1))
        return (self.default,)

    def shown(self, value: OptionValue) -> str:
        """``value`` for people: its words where it has some, else as typed."""
        return dict(self.words).get(value, str(value))

    def coerce(self, raw: Any) -> OptionValue:
        """The option's value from user input (text or typed), or an IllegalAction."""
        kind = type(self.default)
        if isinstance(raw, str) and len(raw) > MAX_OPTION_LENGTH:
            raise self._refusal(raw)
        try:
            if kind is bool:
                value: OptionValue = _to_bool(raw)
            elif kind is int:
                value = _to_int(raw)
            else:
                value = str(raw).strip().lower()
        except (TypeError, ValueError):
            raise self._refusal(raw) from None
        if self.choices and value not in self.choices:
            raise self._refusal(raw)
        if kind is int and (
            (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            raise self._refusal(raw)
        return value

    def _refusal(self, raw: Any) -> IllegalAction:
        return IllegalAction(
            BAD_OPTION,
            Words(
                "Option `{name}` must be {allowed}; got `{got}`.",
                {"name": self.name, "allowed": self._allowed(), "got": shorten(str(raw))},
            ),
        )

    def _allowed(self) -> Words:
        if self.choices:
            return Words("one of {choices}", {"choices": _listed(self.choices)})
        if isinstance(self.default, bool):
            return Words("true or false")
        if isinstance(self.default, int):
            return Words(
                "a whole number from {minimum} to {maximum}",
                {"minimum": self.minimum, "maximum": self.maximum},
            )
        return Words("text")


def _listed(values: Any) -> str:
    """Values as typed, each in backticks, comma-separated (the same in every language)."""
    return joined([f"`{value}`" for value in values], ", ")


def _to_int(raw: Any) -> int:
    """A whole number from typed input or from text of a few digits (ValueError otherwise)."""
    if not isinstance(raw, str):
        return int(raw)
    value = whole_number(raw.strip(), signed=True)
    if value is None:
        raise ValueError(raw)
    return value


def _to_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in {"1", "true", "yes", "on"}:
        return True
    if text in {"0", "false", "no", "off"}:
        return False
    raise ValueError(raw)


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """All options with defaults filled in; unknown names and bad values are refused."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise IllegalAction(
            BAD_OPTION,
            Words(
                "Unknown option `{name}`. Options: {options}.",
                {"name": shorten(unknown[0]), "options": _listed(known) or Words("none")},
            ),
        )
    return {
        name: spec.coerce(given[name]) if name in given else spec.default
        for name, spec in known.items()
    }
