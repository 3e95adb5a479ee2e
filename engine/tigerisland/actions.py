"""Actions and their text notation (the 2017 tournament protocol).

::

    PLACE JUNGLE+LAKE AT 0 0 0 1        tile kind, volcano x y z, orientation 1..6
    FOUND SETTLEMENT AT 1 -1 0
    EXPAND SETTLEMENT AT 1 -1 0 GRASS
    BUILD TOTORO SANCTUARY AT 2 -2 0

Case-insensitive; any run of spaces counts as one, and ``JUNGLE + LAKE`` reads as
``JUNGLE+LAKE``. Reading is linear in the text, which is capped at
:data:`~engine.core.notation.MAX_NOTATION_LENGTH` characters; numbers have at most
:data:`~engine.core.notation.MAX_DIGITS` digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import IllegalAction
from engine.core.errors import BAD_NOTATION
from engine.core.hexgrid import Hex
from engine.core.notation import MAX_DIGITS, capped, shorten
from engine.core.words import Words

from .geometry import (
    HABITABLE,
    ORIENTATION_DIRECTIONS,
    ORIENTATIONS,
    Terrain,
    TileKind,
    cube_text,
    from_cube,
)
from .words import COMPASS, TERRAINS


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Put the tile in hand on the island, its volcano at ``volcano``."""

    kind: TileKind
    volcano: Hex
    orientation: int


@dataclass(frozen=True, slots=True)
class Found:
    """Found a settlement: one villager on an empty level-1 hex."""

    hex: Hex


@dataclass(frozen=True, slots=True)
class Expand:
    """Expand the settlement standing on ``hex`` into every reachable empty ``terrain`` hex."""

    hex: Hex
    terrain: Terrain


@dataclass(frozen=True, slots=True)
class Totoro:
    """Build a totoro sanctuary on ``hex``."""

    hex: Hex


Build = Found | Expand | Totoro
Action = PlaceTile | Found | Expand | Totoro

_INT = rf"(-?[0-9]{{1,{MAX_DIGITS}}})"
_XYZ = rf"{_INT} {_INT} {_INT}"
_WORD = r"([A-Z]+)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("place", re.compile(rf"PLACE {_WORD}\+{_WORD} AT {_XYZ} {_INT}")),
    ("found", re.compile(rf"FOUND SETTLEMENT AT {_XYZ}")),
    ("expand", re.compile(rf"EXPAND SETTLEMENT AT {_XYZ} {_WORD}")),
    ("totoro", re.compile(rf"BUILD TOTORO SANCTUARY AT {_XYZ}")),
)
_FORMS = (
    "`PLACE JUNGLE+LAKE AT x y z orientation`, `FOUND SETTLEMENT AT x y z`, "
    "`EXPAND SETTLEMENT AT x y z TERRAIN` or `BUILD TOTORO SANCTUARY AT x y z`"
)
_TERRAIN_WORDS = ", ".join(t.value for t in HABITABLE)


def format_action(action: Action) -> str:
    """The notation of an action."""
    if isinstance(action, PlaceTile):
        return f"PLACE {action.kind} AT {cube_text(action.volcano)} {action.orientation}"
    if isinstance(action, Found):
        return f"FOUND SETTLEMENT AT {cube_text(action.hex)}"
    if isinstance(action, Expand):
        return f"EXPAND SETTLEMENT AT {cube_text(action.hex)} {action.terrain.value}"
    if isinstance(action, Totoro):
        return f"BUILD TOTORO SANCTUARY AT {cube_text(action.hex)}"
    raise TypeError(f"not a tiggar islanote action: {action!r}")


def describe(action: Action, points: int | None = None) -> Words:
    """A short sentence: "expands the settlement at 1 -1 0 into GRASS (+4)"."""
    if isinstance(action, PlaceTile):
        a, b = (ORIENTATION_DIRECTIONS[(action.orientation - 1 + i) % 6] for i in (0, 1))
        text = Words(
            "places the volcano at {hex}, {a} to the {towards_a}, {b} to the {towards_b}",
            {
                "hex": cube_text(action.volcano),
                "a": TERRAINS[action.kind.a],
                "towards_a": COMPASS[a],
                "b": TERRAINS[action.kind.b],
                "towards_b": COMPASS[b],
            },
        )
    elif isinstance(action, Found):
        text = Words("founds a settlement at {hex}", {"hex": cube_text(action.hex)})
    elif isinstance(action, Expand):
        text = Words(
            "expands the settlement at {hex} into {terrain}",
            {"hex": cube_text(action.hex), "terrain": TERRAINS[action.terrain]},
        )
    else:
        text = Words("builds a totoro sanctuary at {hex}", {"hex": cube_text(action.hex)})
    return text if points is None else Words("{move} (+{points})", {"move": text, "points": points})


def parse_action(text: str) -> Action:
    """An action from notation; IllegalAction(bad_notation) quoting ``text`` otherwise.

    Blanks are collapsed by splitting before a ``+`` is joined to its neighbours, so nothing
    scans a run of blanks twice.
    """
    line = " ".join(capped(text).upper().split()).replace(" +", "+").replace("+ ", "+")
    for form, pattern in _PATTERNS:
        match = pattern.fullmatch(line)
        if match:
            return _build(form, match.groups(), text)
    raise IllegalAction(BAD_NOTATION, f"Cannot read `{shorten(text)}`. Write {_FORMS}.")


def _build(form: str, groups: tuple[str, ...], text: str) -> Action:
    if form == "place":
        kind = _tile_kind(groups[0], groups[1], text)
        orientation = int(groups[5])
        if orientation not in ORIENTATIONS:
            raise IllegalAction(
                BAD_NOTATION,
                f"In `{shorten(text)}` the orientation must be 1 to 6, not {orientation}.",
            )
        return PlaceTile(kind, _hex(groups[2:5], text), orientation)
    where = _hex(groups[0:3], text)
    if form == "found":
        return Found(where)
    if form == "expand":
        return Expand(where, _terrain(groups[3], text))
    return Totoro(where)


def _hex(coords: tuple[str, ...], text: str) -> Hex:
    x, y, z = (int(c) for c in coords)
    try:
        return from_cube(x, y, z)
    except ValueError:
        raise IllegalAction(
            BAD_NOTATION, f"In `{shorten(text)}` the coordinates {x} {y} {z} must add up to 0."
        ) from None


def _terrain(word: str, text: str) -> Terrain:
    terrain = next((t for t in HABITABLE if t.value == word), None)
    if terrain is None:
        raise IllegalAction(
            BAD_NOTATION,
            f"In `{shorten(text)}` `{shorten(word)}` is not a terrain; use one of "
            f"{_TERRAIN_WORDS}.",
        )
    return terrain


def _tile_kind(a: str, b: str, text: str) -> TileKind:
    return TileKind(_terrain(a, text), _terrain(b, text))
