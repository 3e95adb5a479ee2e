"""Islant in players' words: slots and tiles as the rules name them, shapes, rotations, and a
sentence for every action.

A land tile's rotation reads by what it covers once turned ("all but the bottom quarter"),
which depends on the die value: sentences that need it take the player's turn in progress.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Assign, Close, Cross, Draw, End, Name, Stop, Submit, Undo, Wild
from .geometry import (
    COLUMN,
    LAND_SLOTS,
    SHIPS,
    WAVES,
    WILD_FACE,
    E,
    N,
    S,
    W,
    rotate,
    tile_for,
)
from .turn import Draft

SLOT_TITLES = {
    COLUMN: "Grid Column",
    "land": "Land",
    "red": "Red Land",
    "blue": "Blue Land",
    WAVES: "Waves",
    SHIPS: "Ships",
}
SHORT_TITLES = {
    COLUMN: "Column",
    "land": "Land",
    "red": "Red",
    "blue": "Blue",
    WAVES: "Waves",
    SHIPS: "Ships",
}
SIDES = {N: "top", E: "right", S: "bottom", W: "left"}
HALVES = {
    1 << N | 1 << E: "top-right half",
    1 << E | 1 << S: "bottom-right half",
    1 << S | 1 << W: "bottom-left half",
    1 << W | 1 << N: "top-left half",
}
BOW_TIES = {1 << N | 1 << S: "bow tie, top and bottom", 1 << E | 1 << W: "bow tie, left and right"}
LAKE_SQUARE = "full square with a lake"
# Small pictures of a turned tile: a quarter points at the cell's centre; a half is the
# triangle on its side of the diagonal; three quarters are the two halves that make them; a
# bow tie is its two quarters (an hourglass when they are the top and bottom ones).
GLYPHS = {
    1 << N: "▼",
    1 << E: "◀",
    1 << S: "▲",
    1 << W: "▶",
    1 << N | 1 << E: "◥",
    1 << E | 1 << S: "◢",
    1 << S | 1 << W: "◣",
    1 << W | 1 << N: "◤",
    1 << W | 1 << N | 1 << E: "◤◥",
    1 << N | 1 << E | 1 << S: "◥◢",
    1 << E | 1 << S | 1 << W: "◣◢",
    1 << S | 1 << W | 1 << N: "◤◣",
    1 << N | 1 << S: "⧗",
    1 << E | 1 << W: "▶◀",
}
LAKE_GLYPH = "◙"
CROSSED_GLYPH = "✗"
TURNS = {
    0: "as printed",
    1: "turned a quarter clockwise",
    2: "upside down",
    3: "turned a quarter anticlockwise",
}
SENTENCES: dict[Action, str] = {
    Undo(): "takes back the last step",
    Submit(): "submits the turn",
    Stop(): "stops",
    Close(): "closes the round",
    End(): "ends the race",
}


def slot_noun(slot: str) -> str:
    """``the red land``, ``the waves``, ``the grid column`` (for sentences)."""
    return f"the {SLOT_TITLES[slot].lower()}"


def tile_noun(slot: str) -> str:
    """``the red land tile``, ``the ships tile``."""
    return f"{slot_noun(slot)} tile"


def shape_name(slot: str, value: int) -> str:
    """What a land tile of ``value`` looks like before it is turned (``half cell``)."""
    tile = tile_for(slot, value)
    if tile.lake:
        return LAKE_SQUARE
    quarters = bin(tile.mask).count("1")
    if quarters == 2:
        return "bow tie" if tile.mask in BOW_TIES else "half cell"
    return {1: "one quarter", 3: "three quarters"}.get(quarters, "full square")


def placed_shape(slot: str, value: int, rotation: int) -> str:
    """The part of its cell a land tile covers once turned (``all but the bottom quarter``)."""
    tile = tile_for(slot, value)
    if tile.lake:
        return LAKE_SQUARE
    mask = rotate(tile.mask, rotation)
    quarters = [q for q in range(4) if mask >> q & 1]
    if len(quarters) == 1:
        return f"{SIDES[quarters[0]]} quarter"
    if len(quarters) == 3:
        missing = next(q for q in range(4) if not mask >> q & 1)
        return f"all but the {SIDES[missing]} quarter"
    return HALVES.get(mask) or BOW_TIES[mask]


def shape_glyph(slot: str, value: int, rotation: int) -> str:
    """A character or two drawing the turned tile (a full square with a lake: ``◙``)."""
    tile = tile_for(slot, value)
    return LAKE_GLYPH if tile.lake else GLYPHS.get(rotate(tile.mask, rotation), "")


def placed_label(slot: str, value: int, rotation: int) -> str:
    """``Top-right half ◥``: the turned tile's words (capitalised) and its glyph if any."""
    words = placed_shape(slot, value, rotation)
    glyph = shape_glyph(slot, value, rotation)
    return words[0].upper() + words[1:] + (f" {glyph}" if glyph else "")


def value_text(slot: str, value: int) -> str:
    """A slot's value in words: ``3 (three quarters)``, ``wave 4``, ``ship 2``, ``column 2``."""
    if slot in LAND_SLOTS:
        return f"{value} ({shape_name(slot, value)})"
    if slot == WAVES:
        return f"wave {value}"
    if slot == SHIPS:
        return f"ship {value}"
    return f"column {value}"


def die_text(slot: str, die: int, wild: int | None = None) -> str:
    """A slot and its die, with the value a 6 stands for: ``Red Land 6→3``."""
    title = SLOT_TITLES[slot]
    if die != WILD_FACE:
        return f"{title} {die}"
    return f"{title} 6→{wild}" if wild is not None else f"{title} 6 (wild)"


def assignment_label(action: Assign) -> str:
    """``Grid Column 3 · Red Land 6 (wild) · Blue Land 1 · Waves 2 · Ships 4``."""
    return " · ".join(die_text(slot, die) for slot, die in action.dice)


def listing(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_step(action: Action, draft: Draft | None = None) -> str:
    """A sentence for an action (``draws the land tile at C4, turned so that it covers the
    top-right half``). With the player's turn in progress, a land tile's rotation is told by
    what the tile covers; without it, by how far it is turned."""
    match action:
        case Assign(dice):
            return "assigns " + listing([f"{die} to {slot_noun(slot)}" for slot, die in dice])
        case Wild(slot, value):
            return f"lets the 6 of {slot_noun(slot)} stand for {value_text(slot, value)}"
        case Draw(slot, cell, rotation):
            return _describe_draw(slot, cell, rotation, draft)
        case Cross(slot):
            return f"crosses out {tile_noun(slot)}"
        case Name(cell, quarter, name):
            where = cell if quarter is None else f"{cell} ({SIDES[quarter]} quarter)"
            return f"names the island at {where} “{name}”"
    return SENTENCES[action]


def tile_words(slot: str, value: int, *, shape: bool = True) -> str:
    """A tile with its value: ``Red Land 3 (three quarters)``, ``wave 4``, ``ship 2``; without
    its ``shape``: ``Red Land 3``, ``Wave 4``, ``Ship 2`` (as a label starts)."""
    if slot in LAND_SLOTS:
        if not shape:
            return f"{SLOT_TITLES[slot]} {value}"
        return f"{SLOT_TITLES[slot]} {value_text(slot, value)}"
    if not shape:
        return f"Wave {value}" if slot == WAVES else f"Ship {value}"
    return value_text(slot, value)


def plan_text(steps: Sequence[Action], draft: Draft) -> str:
    """The steps of a turn in a few characters each, as planned from ``draft`` (which knows
    the dice): ``Grid Column 5 · Red 3 C4 ◥ · Blue 6→1 D5 ▼ · Waves 4 B2 · Ships ✗``."""
    wild = dict(draft.wild)
    parts = []
    for step in steps:
        if isinstance(step, Assign) and COLUMN in draft.sheet.spec.slots:
            parts.append(die_text(COLUMN, draft.die(COLUMN), wild.get(COLUMN)))
        elif isinstance(step, Draw):
            value = draft.value(step.slot)
            assert value is not None
            die = short_die(step.slot, draft.die(step.slot), wild.get(step.slot))
            glyph = (
                shape_glyph(step.slot, value, step.rotation) if step.rotation is not None else ""
            )
            parts.append(f"{die} {step.cell}" + (f" {glyph}" if glyph else ""))
        elif isinstance(step, Cross):
            parts.append(f"{SHORT_TITLES[step.slot]} {CROSSED_GLYPH}")
    return " · ".join(parts)


def short_die(slot: str, die: int, wild: int | None = None) -> str:
    """``Red 3``, ``Blue 6→1``: a tile slot's short name and its die."""
    face = f"{die}→{wild}" if die == WILD_FACE and wild is not None else str(die)
    return f"{SHORT_TITLES[slot]} {face}"


def _describe_draw(slot: str, cell: str, rotation: int | None, draft: Draft | None) -> str:
    value = None if draft is None or slot not in dict(draft.dice) else draft.value(slot)
    if value is None:
        what = tile_noun(slot)
    elif slot in LAND_SLOTS:
        what = f"{tile_noun(slot)} {value_text(slot, value)}"
    else:
        what = f"a {value_text(slot, value)}"
    text = f"draws {what} at {cell}"
    if rotation is None:
        return text
    if value is None:
        return f"{text}, {TURNS[rotation]}"
    if tile_for(slot, value).lake:
        return text
    return f"{text}, turned so that it covers {_covers(slot, value, rotation)}"


def _covers(slot: str, value: int, rotation: int) -> str:
    """``the top-right half``, ``all but the bottom quarter``, ``the top and bottom quarters``."""
    shape = placed_shape(slot, value, rotation)
    if shape.startswith("bow tie, "):
        return f"the {shape.removeprefix('bow tie, ')} quarters"
    return shape if shape.startswith("all") else f"the {shape}"
