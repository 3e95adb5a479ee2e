"""The twelve card slots around the paper strip, in reveal order.

Each of the six categories has a slot above the strip (the highest value takes the trick)
and one below it (the lowest value takes it). Slots are revealed category by category from
left to right, beginning with area, always first above, then below.
"""

from __future__ import annotations

from dataclasses import dataclass

from .deck import CATEGORIES

CATEGORY_ORDER: tuple[str, ...] = tuple(category.key for category in CATEGORIES)
"""The category keys of the paper strip, left to right (the reveal order)."""

CATEGORY_LABELS: dict[str, str] = {category.key: category.name.lower() for category in CATEGORIES}

SLOT_WORDS: dict[str, tuple[str, str, str]] = {
    "area": ("Area", "largest", "smallest"),
    "peak": ("Peak", "highest", "lowest"),
    "temperature": ("Temperature", "warmest", "coldest"),
    "precipitation": ("Precipitation", "wettest", "driest"),
    "inhabitants": ("Inhabitants", "most", "fewest"),
    "density": ("Density", "highest", "lowest"),
}
"""How players name the slots of each category: the category, then the winner above the strip
and below it ("Area: largest", "Area: smallest")."""

HIGH_WORD = "HIGH"
LOW_WORD = "LOW"
SIDE_ALIASES: dict[str, bool] = {"HIGH": True, "ABOVE": True, "LOW": False, "BELOW": False}
"""Words accepted for the two sides of the strip (True: above, the highest value wins)."""


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """One card place: a category and a side of the strip (``high``: above, highest wins)."""

    category: str
    high: bool

    @property
    def key(self) -> str:
        """The slot's key in views and saved states, e.g. ``area-high``."""
        return f"{self.category}-{'high' if self.high else 'low'}"

    @property
    def label(self) -> str:
        """Readable name, e.g. ``area above (highest)``."""
        side = "above (highest)" if self.high else "below (lowest)"
        return f"{CATEGORY_LABELS[self.category]} {side}"

    @property
    def name(self) -> str:
        """The slot in players' words, e.g. ``Area: largest`` or ``Temperature: coldest``."""
        category, highest, lowest = SLOT_WORDS[self.category]
        return f"{category}: {highest if self.high else lowest}"

    def __str__(self) -> str:
        return f"{self.category.upper()} {HIGH_WORD if self.high else LOW_WORD}"

    def __repr__(self) -> str:
        return f"Slot({self.category!r}, high={self.high})"


SLOTS: tuple[Slot, ...] = tuple(
    Slot(category, high) for category in CATEGORY_ORDER for high in (True, False)
)
"""All twelve slots in reveal order: area high, area low, peak high, ... density low."""

SLOT_INDEX: dict[Slot, int] = {slot: i for i, slot in enumerate(SLOTS)}


def parse_slot(words: list[str]) -> Slot | None:
    """A slot from ``["AREA", "HIGH"]`` or ``["area-high"]`` (any case); None if unknown."""
    if len(words) == 1:
        words = words[0].replace("_", "-").split("-")
    if len(words) != 2:
        return None
    category, side = words[0].lower(), words[1].upper()
    if category not in CATEGORY_LABELS or side not in SIDE_ALIASES:
        return None
    return Slot(category, SIDE_ALIASES[side])
