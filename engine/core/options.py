"""Game options: a declared spec per option, validated in one place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BAD_OPTION, IllegalAction

OptionValue = int | bool | str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts at creation, with its default and allowed values."""

    name: str
    description: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, raw: Any) -> OptionValue:
        """The option's value from user input (text or typed), or an IllegalAction."""
        kind = type(self.default)
        try:
            if kind is bool:
                value: OptionValue = _to_bool(raw)
            elif kind is int:
                value = int(raw)
            else:
                value = str(raw).strip().lower()
        except (TypeError, ValueError):
            raise IllegalAction(
                BAD_OPTION, f"Option `{self.name}` must be {self._allowed()}; got `{raw}`."
            ) from None
        if self.choices and value not in self.choices:
            raise IllegalAction(
                BAD_OPTION, f"Option `{self.name}` must be {self._allowed()}; got `{raw}`."
            )
        if kind is int and (
            (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            raise IllegalAction(
                BAD_OPTION, f"Option `{self.name}` must be {self._allowed()}; got `{raw}`."
            )
        return value

    def _allowed(self) -> str:
        if self.choices:
            return "one of " + ", ".join(f"`{c}`" for c in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "text"


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
        allowed = ", ".join(f"`{name}`" for name in known) or "none"
        raise IllegalAction(BAD_OPTION, f"Unknown option `{unknown[0]}`. Options: {allowed}.")
    return {
        name: spec.coerce(given[name]) if name in given else spec.default
        for name, spec in known.items()
    }
