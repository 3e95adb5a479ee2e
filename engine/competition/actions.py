"""Actions of Island competition and their text notation.

========================================  ==========================================
``PLACE usedom AREA HIGH``                put an island (from hand or another slot) in a slot
``PLACE BLIND DENSITY LOW``               put one of your blind cards in a slot
``UNPLACE AREA HIGH``                     take the card in a slot back to your hand
``FILL usedom - blind sylt …``            fill every empty slot at once: one word per slot in
                                          reveal order, ``-`` for a slot that keeps its card
``CONFIRM``                               lock your placement (all 12 slots filled)
``REVEAL``                                reveal the next slot and resolve its trick
``SPLIT usedom=down sylt=sea``            assign each card of your trick to a pile
``STEAL sylt FROM 2 TO SEA``              take a face-up card of seat 2 (``TO DOWN``: face down)
``STEAL DONE``                            stop stealing early
========================================  ==========================================

Keywords are case-insensitive and extra spaces are ignored. Card ids are the deck's slugs;
seats are the engine's seat numbers (0 is the first player). Slots may also be written as
``area-high``; ``ABOVE``/``BELOW`` are accepted for ``HIGH``/``LOW``, ``UP`` for ``SEA``.
Reading is linear in the text, which is capped at
:data:`~engine.core.notation.MAX_NOTATION_LENGTH` characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import IllegalAction
from engine.core.errors import BAD_NOTATION
from engine.core.notation import capped, shorten, whole_number

from .slots import SLOTS, Slot, parse_slot
from .state import BLIND

DOWN = "down"
SEA = "sea"
DESTINATION_ALIASES: dict[str, str] = {"down": DOWN, "sea": SEA, "up": SEA}
"""Words for the two kinds of pile: the face-down pile, or the card's own sea pile (face up)."""

KEEP = "-"
"""In a FILL, the word for a slot that keeps its card."""
CARD_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


@dataclass(frozen=True, slots=True)
class Place:
    """Put ``card`` (an island id, or ``BLIND``) into ``slot`` of your draft."""

    card: str
    slot: Slot

    def __str__(self) -> str:
        card = BLIND.upper() if self.card == BLIND else self.card
        return f"PLACE {card} {self.slot}"


@dataclass(frozen=True, slots=True)
class Unplace:
    """Take the card in ``slot`` back to your hand."""

    slot: Slot

    def __str__(self) -> str:
        return f"UNPLACE {self.slot}"


@dataclass(frozen=True, slots=True)
class Fill:
    """Fill every empty slot at once: ``entries`` holds, per slot in reveal order, the card
    (an island id or ``BLIND``) put there, or None for a slot that keeps what it holds."""

    entries: tuple[str | None, ...]

    def __str__(self) -> str:
        return "FILL " + " ".join(KEEP if entry is None else entry for entry in self.entries)

    def placed(self) -> list[tuple[str, Slot]]:
        """The (card, slot) pairs this fill places, in reveal order."""
        return [(e, s) for e, s in zip(self.entries, SLOTS, strict=True) if e is not None]


@dataclass(frozen=True, slots=True)
class Confirm:
    """Lock your placement; it cannot change afterwards."""

    def __str__(self) -> str:
        return "CONFIRM"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal the next slot of every player and resolve its trick."""

    def __str__(self) -> str:
        return "REVEAL"


@dataclass(frozen=True, slots=True)
class Split:
    """Assign each card of your trick to ``down`` (face-down pile) or ``sea`` (its sea pile)."""

    assignments: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return "SPLIT " + " ".join(f"{card}={dest}" for card, dest in self.assignments)


@dataclass(frozen=True, slots=True)
class Steal:
    """Take the face-up ``card`` of seat ``victim`` onto your own ``down`` or ``sea`` pile."""

    card: str
    victim: int
    to: str

    def __str__(self) -> str:
        return f"STEAL {self.card} FROM {self.victim} TO {self.to.upper()}"


@dataclass(frozen=True, slots=True)
class StealDone:
    """Stop stealing before all border marks are used."""

    def __str__(self) -> str:
        return "STEAL DONE"


Action = Place | Fill | Unplace | Confirm | Reveal | Split | Steal | StealDone


def format_action(action: Action) -> str:
    """The canonical notation of an action."""
    return str(action)


def parse_action(text: str) -> Action:
    """An action from its notation; IllegalAction(BAD_NOTATION) quoting ``text`` otherwise."""
    words = capped(text).split()
    head = words[0].upper() if words else ""
    rest = words[1:]
    parsers = {
        "PLACE": _parse_place,
        "UNPLACE": _parse_unplace,
        "FILL": _parse_fill,
        "SPLIT": _parse_split,
        "STEAL": _parse_steal,
    }
    if head in ("CONFIRM", "REVEAL") and not rest:
        return Confirm() if head == "CONFIRM" else Reveal()
    action = parsers[head](rest) if head in parsers else None
    if action is None:
        raise IllegalAction(
            BAD_NOTATION,
            f"Cannot read `{shorten(text)}`. Try `PLACE usedom AREA HIGH`, "
            "`PLACE BLIND DENSITY LOW`, `UNPLACE AREA HIGH`, "
            "`FILL usedom - blind …` (12 words), `CONFIRM`, `REVEAL`, "
            "`SPLIT usedom=down sylt=sea`, `STEAL sylt FROM 1 TO SEA` or `STEAL DONE`.",
        )
    return action


def _card(word: str) -> str | None:
    card = word.lower()
    return card if CARD_ID.fullmatch(card) else None


def _parse_place(words: list[str]) -> Place | None:
    if len(words) < 2:
        return None
    card, slot = _card(words[0]), parse_slot(words[1:])
    return Place(card, slot) if card is not None and slot is not None else None


def _parse_fill(words: list[str]) -> Fill | None:
    if len(words) != len(SLOTS):
        return None
    entries = [None if word == KEEP else _card(word) for word in words]
    if any(entry is None for word, entry in zip(words, entries, strict=True) if word != KEEP):
        return None
    return Fill(tuple(entries))


def _parse_unplace(words: list[str]) -> Unplace | None:
    slot = parse_slot(words)
    return Unplace(slot) if slot is not None else None


def _parse_split(words: list[str]) -> Split | None:
    pairs = []
    for word in words:
        card, _, dest = word.partition("=")
        card_id, where = _card(card), DESTINATION_ALIASES.get(dest.lower())
        if card_id is None or card_id == BLIND or where is None:
            return None
        pairs.append((card_id, where))
    return Split(tuple(pairs)) if pairs else None


def _parse_steal(words: list[str]) -> Steal | StealDone | None:
    if len(words) == 1 and words[0].upper() == "DONE":
        return StealDone()
    if len(words) != 5 or words[1].upper() != "FROM" or words[3].upper() != "TO":
        return None
    card, where = _card(words[0]), DESTINATION_ALIASES.get(words[4].lower())
    victim = whole_number(words[2])
    if card is None or card in (BLIND, "done") or where is None or victim is None:
        return None
    return Steal(card, victim, where)
