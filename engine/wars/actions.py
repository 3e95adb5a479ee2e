"""Island Wars actions and their text notation.

Coordinates are axial ``q r`` (see :mod:`engine.wars.board`). The notation::

    PASS
    PLACE BARRACKS 2 -3        PLACE TOWER 0 -2        PLACE PORT -1 -3
    MOVE BARRACKS 2 -3 TO 1 -2
    MOVE PORT -1 -3 TO 0 -4
    MOVE BARRACKS 2 -3 TO 1 -2 AND PORT -1 -3 TO 0 -4   (done in the order written)

Reading is forgiving: any case, extra spaces, commas and parentheses around coordinates
(``move b (2, -3) to (1,-2)``), the minus sign ``−``, and short piece names: ``B``, ``T``,
``DT``, ``DEFENSE TOWER``, ``P``. Formatting always gives the canonical form above. Reading
is linear in the text, which is capped at :data:`~engine.core.notation.MAX_NOTATION_LENGTH`
characters; coordinates have at most :data:`~engine.core.notation.MAX_DIGITS` digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core.errors import BAD_NOTATION, IllegalAction
from engine.core.hexgrid import Hex
from engine.core.notation import capped, shorten, whole_number
from engine.core.words import N_, Words

from .pieces import Kind


@dataclass(frozen=True, slots=True)
class Place:
    """Put a free piece on the board."""

    kind: Kind
    at: Hex


@dataclass(frozen=True, slots=True)
class Step:
    """One piece of a move: from ``src`` to ``dst``."""

    kind: Kind
    src: Hex
    dst: Hex


@dataclass(frozen=True, slots=True)
class Move:
    """Relocate pieces already on the board, one step after the other."""

    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn."""


Action = Place | Move | Pass

KIND_WORDS: dict[str, Kind] = {
    "BARRACKS": Kind.BARRACKS,
    "BARRACK": Kind.BARRACKS,
    "B": Kind.BARRACKS,
    "TOWER": Kind.TOWER,
    "DT": Kind.TOWER,
    "T": Kind.TOWER,
    "PORT": Kind.PORT,
    "P": Kind.PORT,
}
# What an action does, per kind of piece, as a phrase after the player's name.
PLACES: dict[Kind, str] = {
    Kind.BARRACKS: N_("places a barracks at {hex}"),
    Kind.TOWER: N_("places a defense tower at {hex}"),
    Kind.PORT: N_("places a port at {hex}"),
}
MOVED: dict[Kind, str] = {
    Kind.BARRACKS: N_("the barracks from {src} to {dst}"),
    Kind.TOWER: N_("the defense tower from {src} to {dst}"),
    Kind.PORT: N_("the port from {src} to {dst}"),
}
TOWER_PREFIXES = frozenset({"DEFENSE", "DEFENCE"})
EXAMPLES = "`PLACE BARRACKS 2 -3`, `MOVE PORT -1 -3 TO 0 -4` or `PASS`"
_SEPARATORS = re.compile(r"[(),;]")


def format_action(action: Action) -> str:
    """The canonical notation of an action."""
    if isinstance(action, Pass):
        return "PASS"
    if isinstance(action, Place):
        return f"PLACE {action.kind.name} {_hex_text(action.at)}"
    return "MOVE " + " AND ".join(
        f"{s.kind.name} {_hex_text(s.src)} TO {_hex_text(s.dst)}" for s in action.steps
    )


def describe_action(action: Action) -> Words:
    """What an action does, as a phrase after the player's name ("places a tower at 0 -2")."""
    if isinstance(action, Pass):
        return Words("passes")
    if isinstance(action, Place):
        return Words(PLACES[action.kind], {"hex": hex_words(action.at)})
    parts = [
        Words(MOVED[s.kind], {"src": hex_words(s.src), "dst": hex_words(s.dst)})
        for s in action.steps
    ]
    if len(parts) == 1:
        return Words("moves {piece}", {"piece": parts[0]})
    return Words("moves {first}, then {second}", {"first": parts[0], "second": parts[1]})


def parse_action(text: str) -> Action:
    """An action from its notation; IllegalAction(BAD_NOTATION) quoting the input."""
    tokens = _SEPARATORS.sub(" ", capped(text).replace("\u2212", "-")).upper().split()
    reader = _Reader(tokens, text)
    verb = reader.word("PASS, PLACE or MOVE")
    if verb == "PASS":
        action: Action = Pass()
    elif verb == "PLACE":
        action = Place(reader.kind(), reader.hex())
    elif verb == "MOVE":
        steps = [reader.step()]
        while reader.more():
            reader.expect("AND")
            steps.append(reader.step())
        action = Move(tuple(steps))
    else:
        raise reader.error(f"it starts with `{shorten(verb)}`, not PASS, PLACE or MOVE")
    if reader.more():
        raise reader.error("there is extra text at the end")
    return action


class _Reader:
    """Walks the tokens of one action, raising errors that quote the whole input."""

    def __init__(self, tokens: list[str], text: str) -> None:
        self.tokens = tokens
        self.pos = 0
        self.text = text

    def error(self, reason: str) -> IllegalAction:
        return IllegalAction(
            BAD_NOTATION,
            f"Could not read `{shorten(self.text.strip())}`: {reason}. Try {EXAMPLES}.",
        )

    def more(self) -> bool:
        return self.pos < len(self.tokens)

    def word(self, wanted: str) -> str:
        if not self.more():
            raise self.error(f"{wanted} is missing")
        self.pos += 1
        return self.tokens[self.pos - 1]

    def expect(self, word: str) -> None:
        got = self.word(f"`{word}`")
        if got != word:
            raise self.error(f"expected `{word}` but found `{shorten(got)}`")

    def kind(self) -> Kind:
        word = self.word("a piece (BARRACKS, TOWER or PORT)")
        if word in TOWER_PREFIXES and self.more() and self.tokens[self.pos] == "TOWER":
            self.pos += 1
            return Kind.TOWER
        if word not in KIND_WORDS:
            raise self.error(f"`{shorten(word)}` is not a piece (BARRACKS, TOWER or PORT)")
        return KIND_WORDS[word]

    def hex(self) -> Hex:
        q, r = self._int(), self._int()
        return Hex(q, r)

    def step(self) -> Step:
        kind, src = self.kind(), self.hex()
        self.expect("TO")
        return Step(kind, src, self.hex())

    def _int(self) -> int:
        word = self.word("a coordinate")
        value = whole_number(word, signed=True)
        if value is None:
            raise self.error(f"`{shorten(word)}` is not a coordinate (a whole number)")
        return value


def _hex_text(h: Hex) -> str:
    return f"{h.q} {h.r}"


def hex_words(h: Hex) -> str:
    """How a hex is written in sentences: ``(2, -3)``."""
    return f"({h.q}, {h.r})"
