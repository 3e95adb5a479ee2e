"""Category values as people read them: thousands separators, a real minus, sensible decimals.

The game's own words for its numbers, used by its menus, the bot's texts and the pictures.
"""

from __future__ import annotations

import math

MINUS = "\N{MINUS SIGN}"
NO_VALUE = "\N{EN DASH}"

UNITS: dict[str, str] = {
    "area": "km²",
    "peak": "m",
    "temperature": "°C",
    "precipitation": "mm",
    "inhabitants": "",
    "density": "/km²",
}
"""The unit printed after each category's value (inhabitants need none)."""


def _decimals(value: float, category: str) -> int:
    """How many decimals a value of ``category`` is printed with."""
    size = abs(value)
    if category == "temperature":
        return 1
    if category not in ("area", "density") or size >= 100 or size == 0:
        return 0
    if size >= 1:
        return 1 if category == "density" else 2
    # Very small densities (and areas): two significant digits, e.g. 0.00073.
    return 1 - math.floor(math.log10(size))


def format_value(category: str, value: float | None) -> str:
    """``value`` of ``category`` without its unit, e.g. ``587,295``, ``−16.9``, ``0.00073``."""
    if value is None:
        return NO_VALUE
    text = f"{value:,.{_decimals(value, category)}f}"
    if "." in text and category != "temperature":
        text = text.rstrip("0").rstrip(".")
    return text.replace("-", MINUS)


def format_with_unit(category: str, value: float | None) -> str:
    """``value`` of ``category`` with its unit, e.g. ``3,604 km²`` or ``9.7 °C``."""
    text = format_value(category, value)
    unit = UNITS[category]
    if value is None or not unit:
        return text
    return f"{text}{unit}" if unit.startswith("/") else f"{text} {unit}"
