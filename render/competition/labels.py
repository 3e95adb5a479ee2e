"""Words on the pictures: player names, category names and the sides of the strip."""

from __future__ import annotations

from collections.abc import Sequence

from .model import slot_parts

CATEGORY_LABELS: dict[str, str] = {
    "area": "Area",
    "peak": "Highest peak",
    "temperature": "Temperature",
    "precipitation": "Precipitation",
    "inhabitants": "Inhabitants",
    "density": "Density",
}
"""Category names short enough for a column of the strip."""

HIGH_MARK = "▲"
LOW_MARK = "▼"


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or "Player N" when none was given."""
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


def side_label(high: bool) -> str:
    """``▲ highest`` above the strip, ``▼ lowest`` below it."""
    return f"{HIGH_MARK} highest" if high else f"{LOW_MARK} lowest"


def slot_label(slot: str) -> str:
    """A slot key for people, e.g. ``Area ▲ highest``."""
    category, high = slot_parts(slot)
    return f"{CATEGORY_LABELS[category]} {side_label(high)}"


def join_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
