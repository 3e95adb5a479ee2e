"""Island Wars colours: the six land colours of the seed, neutral land and water.

Every colour also has a letter drawn on its land and in the score table, so that no one
needs to tell the colours apart by hue alone.
"""

from __future__ import annotations

from dataclasses import replace

from locales import N_, SOURCE, current, tr
from render.common import DEFAULT_THEME, RGB, Theme, rgb

# Colour name (as the view spells it) -> (fill, letter), in order of play.
COLOURS: dict[str, tuple[str, str]] = {
    N_("Tan"): ("#D4A574", "T"),
    N_("Dark Green"): ("#2E7041", "D"),
    N_("Pale Green"): ("#A9DD8C", "P"),
    N_("Orange"): ("#F0801E", "O"),
    N_("Yellow"): ("#F6DC3A", "Y"),
    N_("Pink"): ("#F28CC2", "K"),
}

WARS_THEME: Theme = replace(DEFAULT_THEME, players=tuple(rgb(fill) for fill, _ in COLOURS.values()))


# The map besides the players' land: land of no colour, the lagoon and the open sea.
NEUTRAL: RGB = rgb("#8F8B80")
LAGOON: RGB = rgb("#5FB3DC")
SEA: RGB = rgb("#2A6FA8")


def colour_name(name: str) -> str:
    """A colour's name (as the view spells it) in the current language."""
    return tr(name) if name in COLOURS else name


def letter(colours: tuple[str, ...], seat: int) -> str:
    """The letter of ``seat``'s colour: the seed's letter in English, elsewhere the initial of
    the colour's name in that language (in German the six initials differ); the initial for a
    colour the seed does not name."""
    name = colours[seat] if seat < len(colours) else ""
    known = COLOURS.get(name)
    if known is not None and current() == SOURCE:
        return known[1]
    return colour_name(name)[:1].upper() or str(seat + 1)
