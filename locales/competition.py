"""Island competition's words, for its pictures and the bot's texts alike: category, island,
slot and sea names and numbers as the current language writes them.

Every word is in the current language (:func:`locales.current`); in German the categories
carry the game's original terms and the islands their German names.
"""

from __future__ import annotations

from engine.competition import IslandCard, Sea, slot_parts

from . import N_, current, tr, written_number

CATEGORY_LABELS: dict[str, str] = {
    "area": N_("Area"),
    "peak": N_("Highest peak"),
    "temperature": N_("Temperature"),
    "precipitation": N_("Precipitation"),
    "inhabitants": N_("Inhabitants"),
    "density": N_("Density"),
}
"""Category names short enough for a column of the strip (look them up with :func:`category`)."""

SEA_LABELS: dict[Sea, str] = {
    Sea.NORTH_BALTIC: N_("N&B"),
    Sea.MEDITERRANEAN: N_("Med"),
    Sea.ATLANTIC: N_("Atl"),
    Sea.CARIBBEAN: N_("Car"),
    Sea.INDIAN: N_("Ind"),
    Sea.SOUTHEAST_ASIAN: N_("SEA"),
    Sea.PACIFIC: N_("Pac"),
    Sea.ARCTIC: N_("Arc"),
    Sea.ANTARCTIC: N_("Ant"),
}
"""Three-letter sea labels (above the pile chips, in the scoreboard); translate with ``tr``."""

HIGH_MARK = "▲"
LOW_MARK = "▼"


def category(key: str) -> str:
    """A category's name in the current language, e.g. ``Fläche``."""
    return tr(CATEGORY_LABELS[key])


def island_name(card: IslandCard) -> str:
    """A card's island name in the current language (the deck's German column in German)."""
    return card.name_de if current() == "de" else card.name_en


def side_label(high: bool) -> str:
    """``▲ highest`` above the strip, ``▼ lowest`` below it."""
    mark, word = (HIGH_MARK, tr("highest")) if high else (LOW_MARK, tr("lowest"))
    return f"{mark} {word}"


def slot_label(slot: str) -> str:
    """A slot key for people, e.g. ``Area ▲ highest``."""
    key, high = slot_parts(slot)
    return f"{category(key)} {side_label(high)}"


def local_number(text: str) -> str:
    """A number written by the engine (``1,234.5``) as the current language writes it."""
    return written_number(current(), text)
