"""Words on the pictures: player names, island and category names and the sides of the strip.

Every word is in the current language (:func:`locales.current`); in German the categories
carry the game's original terms and the islands their German names.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.competition import IslandCard, slot_parts
from locales import N_, current, tr

CATEGORY_LABELS: dict[str, str] = {
    "area": N_("Area"),
    "peak": N_("Highest peak"),
    "temperature": N_("Temperature"),
    "precipitation": N_("Precipitation"),
    "inhabitants": N_("Inhabitants"),
    "density": N_("Density"),
}
"""Category names short enough for a column of the strip (look them up with :func:`category`)."""

HIGH_MARK = "▲"
LOW_MARK = "▼"


def category(key: str) -> str:
    """A category's name in the current language, e.g. ``Fläche``."""
    return tr(CATEGORY_LABELS[key])


def island_name(card: IslandCard) -> str:
    """A card's island name in the current language (the deck's German column in German)."""
    return card.name_de if current() == "de" else card.name_en


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or "Player N" when none was given."""
    if seat < len(names) and names[seat]:
        return names[seat]
    return tr("Player {number}", number=seat + 1)


def side_label(high: bool) -> str:
    """``▲ highest`` above the strip, ``▼ lowest`` below it."""
    mark, word = (HIGH_MARK, tr("highest")) if high else (LOW_MARK, tr("lowest"))
    return f"{mark} {word}"


def slot_label(slot: str) -> str:
    """A slot key for people, e.g. ``Area ▲ highest``."""
    key, high = slot_parts(slot)
    return f"{category(key)} {side_label(high)}"


def join_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return tr("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
