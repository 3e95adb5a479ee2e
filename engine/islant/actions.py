"""Islant actions and their text notation.

Players build their turn step by step, then submit it::

    ASSIGN column=2 land=5      which die goes to which slot (by die value)
    WILD land=4                 the value chosen for a 6 (grid column: for the whole turn)
    DRAW land C4 R1             draw a slot's tile at a cell, turned R0–R3 (land, red, blue)
    DRAW waves B2               waves and ships take no rotation
    CROSS ships                 cross out a tile that has no legal place now
    UNDO                        take back the last step of this turn
    SUBMIT                      the turn is final (every tile drawn or crossed)
    STOP                        end my game now
    NAME C4 Treasure Isle       name the island holding a cell (``C4S``: its S quarter)

The host (seat None) may ``CLOSE`` the round (whoever has not submitted draws nothing) or
``END`` the race. Keywords, slots and cells are case-insensitive; extra spaces are ignored.
Slots are ``column land red blue waves ships``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import BAD_NOTATION, IllegalAction
from engine.core.notation import capped, shorten, whole_number

from .geometry import (
    DIE_FACES,
    LAND_SLOTS,
    QUARTER_NAMES,
    ROTATIONS,
    SLOT_ORDER,
    TILE_SLOTS,
    WILD_VALUES,
)

MAX_NAME_LENGTH = 40
MAX_ROW_DIGITS = 2
SLOT_ALIASES = {"col": "column", "wave": "waves", "ship": "ships"}


@dataclass(frozen=True, slots=True)
class Assign:
    """Die values per slot, in :data:`SLOT_ORDER`."""

    dice: tuple[tuple[str, int], ...]

    def as_dict(self) -> dict[str, int]:
        return dict(self.dice)


@dataclass(frozen=True, slots=True)
class Wild:
    slot: str
    value: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a slot's tile; ``rotation`` is set for land slots only."""

    slot: str
    cell: str
    rotation: int | None = None


@dataclass(frozen=True, slots=True)
class Cross:
    slot: str


@dataclass(frozen=True, slots=True)
class Undo:
    pass


@dataclass(frozen=True, slots=True)
class Submit:
    pass


@dataclass(frozen=True, slots=True)
class Stop:
    pass


@dataclass(frozen=True, slots=True)
class Close:
    """The host closes the round."""


@dataclass(frozen=True, slots=True)
class End:
    """The host ends the race."""


@dataclass(frozen=True, slots=True)
class Name:
    """Name the island holding ``cell`` (its first land quarter, or ``quarter``)."""

    cell: str
    quarter: int | None
    name: str


Action = Assign | Wild | Draw | Cross | Undo | Submit | Stop | Close | End | Name
DRAFT_STEPS = (Assign, Wild, Draw, Cross)
_SIMPLE = {"UNDO": Undo(), "SUBMIT": Submit(), "STOP": Stop(), "CLOSE": Close(), "END": End()}


def format_action(action: Action) -> str:
    """The notation of an action (read back exactly by :func:`parse_action`)."""
    match action:
        case Assign(dice):
            return "ASSIGN " + " ".join(f"{slot}={value}" for slot, value in dice)
        case Wild(slot, value):
            return f"WILD {slot}={value}"
        case Draw(slot, cell, rotation):
            return f"DRAW {slot} {cell}" + ("" if rotation is None else f" R{rotation}")
        case Cross(slot):
            return f"CROSS {slot}"
        case Name(cell, quarter, name):
            where = cell + ("" if quarter is None else QUARTER_NAMES[quarter])
            return f"NAME {where} {name}"
    for word, simple in _SIMPLE.items():
        if simple == action:
            return word
    raise TypeError(f"not an Islant action: {action!r}")


def parse_action(text: str) -> Action:
    """An action from its notation; IllegalAction(BAD_NOTATION) quoting the input (shortened).

    Linear in the input, which is capped at :data:`~engine.core.notation.MAX_NOTATION_LENGTH`
    characters; numbers longer than a few digits are refused before being converted.
    """
    words = capped(text).split()
    if not words:
        raise _bad(text, "it is empty")
    keyword, rest = words[0].upper(), words[1:]
    if keyword in _SIMPLE:
        if rest:
            raise _bad(text, f"{keyword} takes nothing after it")
        return _SIMPLE[keyword]
    if keyword == "ASSIGN":
        pairs = _pairs(text, rest, range(1, DIE_FACES + 1))
        order = sorted(pairs, key=lambda p: SLOT_ORDER.index(p[0]))
        return Assign(tuple(order))
    if keyword == "WILD":
        pairs = _pairs(text, rest, WILD_VALUES)
        if len(pairs) != 1:
            raise _bad(text, "write one slot and its value, like `WILD land=4`")
        return Wild(*pairs[0])
    if keyword == "DRAW":
        return _parse_draw(text, rest)
    if keyword == "CROSS":
        if len(rest) != 1:
            raise _bad(text, "write the slot to cross out, like `CROSS ships`")
        return Cross(_tile_slot(text, rest[0]))
    if keyword == "NAME":
        return _parse_name(text, rest)
    raise _bad(text, "start with ASSIGN, WILD, DRAW, CROSS, UNDO, SUBMIT, STOP, NAME, CLOSE or END")


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction(BAD_NOTATION, f"Cannot read `{shorten(text)}`: {why}.")


def _slot(text: str, word: str) -> str:
    slot = SLOT_ALIASES.get(word.lower(), word.lower())
    if slot not in SLOT_ORDER:
        raise _bad(text, f"`{shorten(word)}` is not a slot (slots: {', '.join(SLOT_ORDER)})")
    return slot


def _tile_slot(text: str, word: str) -> str:
    slot = _slot(text, word)
    if slot not in TILE_SLOTS:
        raise _bad(text, "the grid column holds no tile; only its die value is used")
    return slot


def _pairs(text: str, rest: list[str], values: range | tuple[int, ...]) -> list[tuple[str, int]]:
    joined = " ".join(rest).replace(" =", "=").replace("= ", "=")
    pairs: list[tuple[str, int]] = []
    for item in joined.split():
        slot, sep, digits = item.partition("=")
        value = whole_number(digits)
        if not sep or value is None or value not in values:
            raise _bad(
                text,
                f"`{shorten(item)}` should be slot=value with a value from {values[0]} "
                f"to {values[-1]}",
            )
        name = _slot(text, slot)
        if any(name == p[0] for p in pairs):
            raise _bad(text, f"`{name}` is given twice")
        pairs.append((name, value))
    if not pairs:
        raise _bad(text, "give at least one slot=value")
    return pairs


def _cell(text: str, word: str) -> str:
    cell = word.upper()
    row = whole_number(cell[1:], max_digits=MAX_ROW_DIGITS)
    if not "A" <= cell[:1] <= "Z" or row is None or row < 1:
        raise _bad(
            text, f"`{shorten(word)}` is not a cell (a column letter and a row number, like C4)"
        )
    return cell[0] + str(row)


def _parse_draw(text: str, rest: list[str]) -> Draw:
    if len(rest) not in (2, 3):
        raise _bad(
            text, "write the slot, the cell and (for land) a rotation, like `DRAW land C4 R1`"
        )
    slot, cell = _tile_slot(text, rest[0]), _cell(text, rest[1])
    if slot not in LAND_SLOTS:
        if len(rest) == 3:
            raise _bad(text, f"{slot} take no rotation")
        return Draw(slot, cell)
    rotation = rest[2].upper() if len(rest) == 3 else "R0"
    turns = whole_number(rotation[1:])
    if rotation[:1] != "R" or turns is None or turns not in ROTATIONS:
        raise _bad(text, f"`{shorten(rest[2])}` is not a rotation (R0, R1, R2 or R3)")
    return Draw(slot, cell, turns)


def _parse_name(text: str, rest: list[str]) -> Name:
    if len(rest) < 2:
        raise _bad(text, "write a cell and a name, like `NAME C4 Treasure Isle`")
    where, name = rest[0].upper(), " ".join(rest[1:])
    quarter = None
    if where[-1:] in QUARTER_NAMES:
        quarter = QUARTER_NAMES.index(where[-1])
        where = where[:-1]
    if len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise _bad(text, f"a name is up to {MAX_NAME_LENGTH} printable characters")
    return Name(_cell(text, where), quarter, name)
