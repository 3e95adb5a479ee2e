"""Words for Islant dice, slots and tiles, as the panel and the round message show them."""

from __future__ import annotations

from engine.islant.geometry import (
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
from engine.islant.state import IslantState

SLOT_TITLES = {
    COLUMN: "Grid column",
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
ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def shape_name(slot: str, value: int) -> str:
    """What a land tile of ``value`` looks like before it is turned (``half cell``)."""
    tile = tile_for(slot, value)
    quarters = bin(tile.mask).count("1")
    if tile.lake:
        return "full square with a lake"
    if quarters == 2:
        return "bow tie" if tile.mask in BOW_TIES else "half cell"
    return {1: "one quarter", 3: "three quarters"}.get(quarters, "full square")


def placed_shape(slot: str, value: int, rotation: int) -> str:
    """The quarters a land tile covers once turned (``top-right half``)."""
    tile = tile_for(slot, value)
    mask = rotate(tile.mask, rotation)
    quarters = [q for q in range(4) if mask >> q & 1]
    if tile.lake:
        return "full square with a lake"
    if len(quarters) == 1:
        return f"{SIDES[quarters[0]]} quarter"
    if len(quarters) == 3:
        missing = next(q for q in range(4) if not mask >> q & 1)
        return f"all but the {SIDES[missing]} quarter"
    return HALVES.get(mask) or BOW_TIES[mask]


def value_text(slot: str, value: int) -> str:
    """A slot's die value in words: ``3 (three quarters)``, ``wave 4``, ``column 2``."""
    if slot in LAND_SLOTS:
        return f"{value} ({shape_name(slot, value)})"
    if slot == WAVES:
        return f"wave {value}"
    if slot == SHIPS:
        return f"ship {value}"
    return f"column {value}"


def die_text(slot: str, die: int, wild: int | None) -> str:
    """A slot and its die, with the value a 6 stands for: ``Red 6→3``."""
    title = SLOT_TITLES[slot]
    if die != WILD_FACE:
        return f"{title} {die}"
    return f"{title} 6→{wild}" if wild is not None else f"{title} 6 (wild)"


def ordinal(rank: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``."""
    suffix = "th" if 10 <= rank % 100 <= 20 else ORDINAL_SUFFIXES.get(rank % 10, "th")
    return f"{rank}{suffix}"


def race_title(state: IslantState) -> str:
    """``Islant · Level 5 · Round 3 of 10``."""
    limit = f" of {state.max_rounds}" if state.max_rounds else ""
    return f"Islant · Level {state.level} · Round {state.round}{limit}"


def roll_line(state: IslantState) -> str:
    """The round's dice, and any doubles rerolled before them."""
    rerolled = "".join(f" (doubles rerolled: {' '.join(map(str, r))})" for r in state.rerolled)
    return f"🎲 Roll **{' '.join(map(str, state.roll))}**{rerolled}"
