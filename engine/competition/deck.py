"""The 128 island cards of Island competition, loaded from ``data/islands.csv``.

Each card names an island (or an archipelago), its sea and six values, one per category of the
paper strip: area, highest peak, mean annual temperature of the main town, annual precipitation,
inhabitants and population density. Some cards also carry national borders (0, 1 or 2), which
let the taker of a trick steal face-up cards. Alexander Island has no density: it may never be
placed in a density slot.

The data file is the single source of the figures; its ``notes`` column says where each card's
values come from, so a wrong figure is a one-line fix there.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

BLIND_CARDS = 20
"""Blind cards in the box (they fill free slots and carry no values)."""

DECK_SIZE = 128
"""Island cards in the box."""

_PACKAGE = __name__.rpartition(".")[0]


class Sea(StrEnum):
    """The nine seas, in scoring order; the value is the key used in the data file."""

    NORTH_BALTIC = "north-baltic"
    MEDITERRANEAN = "mediterranean"
    ATLANTIC = "atlantic"
    CARIBBEAN = "caribbean"
    INDIAN = "indian"
    SOUTHEAST_ASIAN = "southeast-asian"
    PACIFIC = "pacific"
    ARCTIC = "arctic"
    ANTARCTIC = "antarctic"

    @property
    def display_name(self) -> str:
        """The sea's name as shown to players, e.g. ``North & Baltic Sea``."""
        return _SEA_NAMES[self]


_SEA_NAMES: dict[Sea, str] = {
    Sea.NORTH_BALTIC: "North & Baltic Sea",
    Sea.MEDITERRANEAN: "Mediterranean Sea",
    Sea.ATLANTIC: "Atlantic Ocean",
    Sea.CARIBBEAN: "Caribbean Sea",
    Sea.INDIAN: "Indian Ocean",
    Sea.SOUTHEAST_ASIAN: "Southeast Asian Seas",
    Sea.PACIFIC: "Pacific Ocean",
    Sea.ARCTIC: "Arctic Ocean",
    Sea.ANTARCTIC: "Antarctic Ocean",
}

SEAS: tuple[Sea, ...] = tuple(Sea)
"""The seas in scoring order (North & Baltic first, Antarctic last)."""

SEA_COUNTS: dict[Sea, int] = {
    Sea.NORTH_BALTIC: 18,
    Sea.MEDITERRANEAN: 18,
    Sea.ATLANTIC: 18,
    Sea.CARIBBEAN: 16,
    Sea.INDIAN: 16,
    Sea.SOUTHEAST_ASIAN: 16,
    Sea.PACIFIC: 16,
    Sea.ARCTIC: 8,
    Sea.ANTARCTIC: 2,
}
"""Island cards per sea in the deck (128 in all)."""


@dataclass(frozen=True, slots=True)
class Category:
    """One column of the paper strip: its key, its name for players and its unit."""

    key: str
    name: str
    unit: str


AREA = Category("area", "Area", "km²")
PEAK = Category("peak", "Highest peak", "m")
TEMPERATURE = Category("temperature", "Temperature", "°C")
PRECIPITATION = Category("precipitation", "Precipitation", "mm")
INHABITANTS = Category("inhabitants", "Inhabitants", "")
DENSITY = Category("density", "Population density", "inhabitants/km²")

CATEGORIES: tuple[Category, ...] = (AREA, PEAK, TEMPERATURE, PRECIPITATION, INHABITANTS, DENSITY)
"""The categories in reveal order (left to right on the paper strip)."""

CATEGORY_BY_KEY: dict[str, Category] = {category.key: category for category in CATEGORIES}

HEADER: tuple[str, ...] = (
    "id",
    "sea",
    "name_en",
    "name_de",
    "main_town",
    "peak_name",
    "area_km2",
    "peak_m",
    "temp_c",
    "precip_mm",
    "inhabitants",
    "density",
    "borders",
    "notes",
)
"""The columns of ``data/islands.csv``, in order."""


@dataclass(frozen=True, slots=True)
class IslandCard:
    """One island card: names, sea, the six category values and its national borders."""

    id: str
    sea: Sea
    name_en: str
    name_de: str
    main_town: str
    peak_name: str
    area_km2: float
    peak_m: int
    temp_c: float
    precip_mm: int
    inhabitants: int
    density: float | None
    borders: int
    notes: str

    def value(self, category: Category | str) -> float | None:
        """The card's value in a category (a :class:`Category` or its key); None: no value."""
        key = category.key if isinstance(category, Category) else category
        if key == "area":
            return self.area_km2
        if key == "peak":
            return self.peak_m
        if key == "temperature":
            return self.temp_c
        if key == "precipitation":
            return self.precip_mm
        if key == "inhabitants":
            return self.inhabitants
        if key == "density":
            return self.density
        raise KeyError(f"unknown category {key!r}")

    def has_value(self, category: Category | str) -> bool:
        """Whether the card may be placed in this category (Alexander Island has no density)."""
        return self.value(category) is not None


def _number(text: str) -> float:
    """A decimal from the data file; whole numbers stay exact as floats."""
    return float(text)


def _card(row: dict[str, str]) -> IslandCard:
    """One card from one CSV row, with every value converted to its type."""
    density = row["density"].strip()
    return IslandCard(
        id=row["id"],
        sea=Sea(row["sea"]),
        name_en=row["name_en"],
        name_de=row["name_de"],
        main_town=row["main_town"],
        peak_name=row["peak_name"],
        area_km2=_number(row["area_km2"]),
        peak_m=int(row["peak_m"]),
        temp_c=_number(row["temp_c"]),
        precip_mm=int(row["precip_mm"]),
        inhabitants=int(row["inhabitants"]),
        density=_number(density) if density else None,
        borders=int(row["borders"]),
        notes=row["notes"],
    )


def parse_deck(text: str) -> tuple[IslandCard, ...]:
    """The cards in a CSV text with :data:`HEADER` as its first row, in file order."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != HEADER:
        raise ValueError(f"unexpected header {reader.fieldnames!r}, expected {HEADER!r}")
    return tuple(_card(row) for row in reader)


@cache
def load_deck() -> tuple[IslandCard, ...]:
    """All 128 island cards, in the order of the data file (grouped by sea, scoring order)."""
    text = resources.files(_PACKAGE).joinpath("data", "islands.csv").read_text("utf-8")
    return parse_deck(text)


@cache
def _cards_by_id() -> dict[str, IslandCard]:
    return {card.id: card for card in load_deck()}


def card_by_id(card_id: str) -> IslandCard:
    """The island card with this id; KeyError if there is none."""
    try:
        return _cards_by_id()[card_id]
    except KeyError:
        raise KeyError(f"no island card {card_id!r}") from None


def deck_ids() -> tuple[str, ...]:
    """The ids of all island cards, in file order."""
    return tuple(card.id for card in load_deck())
