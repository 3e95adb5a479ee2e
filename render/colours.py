"""The players' colours, without Pillow: a seat has its colour in every picture, and the
messages about it take that colour as their accent."""

from __future__ import annotations

RGB = tuple[int, int, int]

PLAYER_COLOURS = ("#E69F00", "#0072B2", "#CC79A7", "#009E73", "#F0E442", "#D55E00", "#56B4E9")
"""Okabe–Ito colours, distinguishable with the common kinds of colour blindness; one per seat,
repeating beyond the seventh."""


def hex_rgb(spec: str) -> RGB:
    """The ``(r, g, b)`` triple of a ``#RRGGBB`` colour."""
    value = int(spec.removeprefix("#"), 16)
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)


def seat_colour(seat: int) -> RGB:
    """The colour ``seat`` has in every picture drawn with the default theme."""
    return hex_rgb(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])
