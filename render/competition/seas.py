"""The nine seas' colours (one distinct hue each, in scoring order)."""

from __future__ import annotations

from engine.competition.deck import Sea
from render.common import RGB, rgb

SEA_COLOURS: dict[Sea, RGB] = {
    Sea.NORTH_BALTIC: rgb("#5E7389"),
    Sea.MEDITERRANEAN: rgb("#12A7A0"),
    Sea.ATLANTIC: rgb("#2457B3"),
    Sea.CARIBBEAN: rgb("#E5507E"),
    Sea.INDIAN: rgb("#EE9A1C"),
    Sea.SOUTHEAST_ASIAN: rgb("#3C9A3C"),
    Sea.PACIFIC: rgb("#8757C8"),
    Sea.ARCTIC: rgb("#9BD7F0"),
    Sea.ANTARCTIC: rgb("#EDF1F4"),
}
"""The header band and pile chip colour of each sea."""
