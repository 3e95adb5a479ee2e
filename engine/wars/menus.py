"""Menus for Island Wars: which piece, then where, then maybe a second piece to move.

The first menu lists the free pieces to place ("Place a barracks (2 left)"), the pieces on
the board that may move ("Move your port at (-1, -3)") and "Pass this turn" last. Then the
hex, best first by what the action does to the mover's score (then hexes converted), each
labelled with whose land it is. A move that another piece may follow asks "Move only this
barracks" or "Also move your port at …", then where that one goes. Long levels show the best
24 and "More places…".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.hexgrid import Hex
from engine.core.menus import MenuTree, Step
from engine.core.ranked import Plan, StateMemo, page_steps
from engine.core.words import N_, Words, counted, joined

from .actions import Action, Move, Pass, Place, format_action
from .actions import Step as MoveStep
from .moves import legal_actions
from .pieces import COLOUR_NAMES, KINDS, Kind, count_of
from .rules import Owners, Pieces, hex_name
from .scoring import seat_breakdown, territory_bonus
from .state import WarsState
from .turns import move, place

FIRST_PROMPT = Words("What do you do this turn?")
MORE = Step("more", Words("More places…"), hint=Words("the next ones, ranked lower"))
PASS = Step("pass", Words("Pass this turn"), FIRST_PROMPT, Words("place and move nothing"))
ANYTHING_ELSE = Words("Anything else?")
# The menus' words per kind of piece ({count} pieces left, {hex} where a piece stands).
PLACE_LABELS: dict[Kind, str] = {
    Kind.BARRACKS: N_("Place a barracks ({count} left)"),
    Kind.TOWER: N_("Place a defense tower ({count} left)"),
    Kind.PORT: N_("Place a port ({count} left)"),
}
MOVE_LABELS: dict[Kind, str] = {
    Kind.BARRACKS: N_("Move your barracks at {hex}"),
    Kind.TOWER: N_("Move your defense tower at {hex}"),
    Kind.PORT: N_("Move your port at {hex}"),
}
ALSO_LABELS: dict[Kind, str] = {
    Kind.BARRACKS: N_("Also move your barracks at {hex}"),
    Kind.TOWER: N_("Also move your defense tower at {hex}"),
    Kind.PORT: N_("Also move your port at {hex}"),
}
ONLY_LABELS: dict[Kind, str] = {
    Kind.BARRACKS: N_("Move only this barracks"),
    Kind.TOWER: N_("Move only this defense tower"),
    Kind.PORT: N_("Move only this port"),
}
QUESTIONS: dict[Kind, str] = {
    Kind.BARRACKS: N_("Where does your barracks go?"),
    Kind.TOWER: N_("Where does your defense tower go?"),
    Kind.PORT: N_("Where does your port go?"),
}


@dataclass(frozen=True, slots=True)
class _Effect:
    """What a legal action does for the player making it."""

    action: Place | Move
    gain: int  # change of the mover's score, were the game to end now
    converted: int
    secured: int  # water hexes the mover's ports secure afterwards, minus before
    guarded: int  # hexes of the mover's colour beside a tower placed now

    @property
    def rank(self) -> tuple[int, int]:
        return self.gain, self.converted

    @property
    def hint(self) -> str:
        parts: list[str] = []
        if self.converted:
            parts.append(counted(self.converted, "converts {count} hex", "converts {count} hexes"))
        if self.secured > 0:
            parts.append(
                counted(
                    self.secured, "secures {count} more water hex", "secures {count} more water"
                )
            )
        elif self.secured < 0:
            parts.append(
                counted(-self.secured, "gives up {count} water hex", "gives up {count} water")
            )
        if self.guarded:
            parts.append(counted(self.guarded, "guards {count} hex", "guards {count} hexes"))
        if self.gain:
            parts.append(Words("score {gain}", {"gain": f"{self.gain:+d}"}))
        else:
            parts.append(Words("score ±0"))
        return joined(parts)


def _effect(
    state: WarsState, action: Place | Move, parts: Breakdown, before: dict[str, int]
) -> _Effect:
    seat = state.active
    board = state.board
    if isinstance(action, Place):
        owners, pieces, flipped = place(state, seat, action)
    else:
        owners, pieces, flipped = move(state, seat, action.steps)
    guarded = 0
    if isinstance(action, Place) and action.kind is Kind.TOWER:
        at = board.index[action.at]
        guarded = sum(1 for n in board.adjacent[at] if owners[n] == seat)
    after = parts(owners, pieces)
    gain = after["total"] - before["total"]
    return _Effect(action, gain, len(flipped), after["water"] - before["water"], guarded)


Breakdown = Callable[[Owners, Pieces], dict[str, int]]


def _breakdown(state: WarsState) -> Breakdown:
    """The active seat's score by part in a position; the territory bonus is worked out once
    per colouring (most actions convert nothing, and many moves share one conversion)."""
    seat, board = state.active, state.board
    bonuses: dict[Owners, int] = {}

    def parts(owners: Owners, pieces: Pieces) -> dict[str, int]:
        if owners not in bonuses:
            bonuses[owners] = territory_bonus(board, owners, seat)
        return seat_breakdown(board, owners, pieces, seat, bonuses[owners])

    return parts


def _plan(state: WarsState) -> Plan[Action]:
    parts = _breakdown(state)
    before = parts(state.owners, state.pieces)
    effects = [
        _effect(state, a, parts, before)
        for a in legal_actions(state, state.active)
        if not isinstance(a, Pass)
    ]
    entries: list[tuple[tuple[Step, ...], Action]] = []
    for first, group in _first_steps(state, effects):
        entries += [((first, *steps), action) for steps, action in _where(state, group)]
    entries.append(((PASS,), Pass()))
    hints: dict[Action, str] = {e.action: e.hint for e in effects}
    hints[Pass()] = PASS.hint
    words = {
        action: joined(
            [format_action(action), *(s.label for s in steps if s is not MORE), hints[action]],
            " ",
        )
        for steps, action in entries
    }
    return Plan(MenuTree(entries), hints, words)


menu_plan: Callable[[WarsState], Plan[Action]] = StateMemo(_plan)


def _first_steps(state: WarsState, effects: list[_Effect]) -> list[tuple[Step, list[_Effect]]]:
    """The first menu: free pieces to place, then pieces to move, each with its actions."""
    seat = state.active
    groups: dict[tuple[Kind, Hex | None], list[_Effect]] = {}
    for e in effects:
        if isinstance(e.action, Place):
            groups.setdefault((e.action.kind, None), []).append(e)
        else:
            lead = e.action.steps[0]
            groups.setdefault((lead.kind, lead.src), []).append(e)
    out = []
    for (kind, src), group in sorted(groups.items(), key=lambda item: _group_order(*item[0])):
        best = max(group, key=lambda e: e.rank)
        if src is None:
            key = f"place {kind}"
            label = Words(PLACE_LABELS[kind], {"count": count_of(state.reserve[seat], kind)})
        else:
            key = f"move {kind} {src.q} {src.r}"
            label = Words(MOVE_LABELS[kind], {"hex": hex_name(src)})
        hint = joined(
            [
                Words("best: {hint}", {"hint": best.hint}),
                counted(len(group), "{count} choice", "{count} choices"),
            ]
        )
        at = () if src is None else (src,)
        out.append((Step(key, label, FIRST_PROMPT, hint, at), group))
    return out


def _group_order(kind: Kind, src: Hex | None) -> tuple[bool, int, int, int]:
    """Placements before moves, barracks before towers before ports, then by hex."""
    where = (0, 0) if src is None else (src.q, src.r)
    return (src is not None, KINDS.index(kind), *where)


def _where(state: WarsState, group: list[_Effect]) -> list[tuple[tuple[Step, ...], Action]]:
    """The rest of each path: the hex, and for a move maybe a second piece and its hex."""
    singles = [e for e in group if len(_steps(e.action)) < 2]
    singles.sort(key=lambda e: e.rank, reverse=True)
    pairs: dict[Hex, list[_Effect]] = {}
    for e in group:
        if len(_steps(e.action)) == 2:
            pairs.setdefault(_steps(e.action)[0].dst, []).append(e)
    out: list[tuple[tuple[Step, ...], Action]] = []
    for rank, single in enumerate(singles):
        action = single.action
        at = action.at if isinstance(action, Place) else action.steps[0].dst
        kind = action.kind if isinstance(action, Place) else action.steps[0].kind
        question = Words(QUESTIONS[kind])
        step = Step(f"{at.q} {at.r}", _hex_label(state, at), question, single.hint, (at,))
        lead = (*page_steps(rank, len(singles), MORE), step)
        follow = pairs.get(at, [])
        if not follow:
            out.append((lead, action))
            continue
        only = Step("only", Words(ONLY_LABELS[kind]), ANYTHING_ELSE)
        out.append(((*lead, only), action))
        out += [((*lead, *steps), action) for steps, action in _second(state, follow)]
    return out


def _second(state: WarsState, pairs: list[_Effect]) -> list[tuple[tuple[Step, ...], Action]]:
    """The paths after "Also move your …": that piece, then its hex, best first."""
    by_piece: dict[tuple[Kind, Hex], list[_Effect]] = {}
    for e in pairs:
        second = _steps(e.action)[1]
        by_piece.setdefault((second.kind, second.src), []).append(e)
    out: list[tuple[tuple[Step, ...], Action]] = []
    for (kind, src), group in sorted(
        by_piece.items(), key=lambda item: (item[0][1].q, item[0][1].r)
    ):
        group.sort(key=lambda e: e.rank, reverse=True)
        also = Step(
            f"also {src.q} {src.r}",
            Words(ALSO_LABELS[kind], {"hex": hex_name(src)}),
            ANYTHING_ELSE,
            Words("best: {hint}", {"hint": group[0].hint}),
            (src,),
        )
        question = Words(QUESTIONS[kind])
        for rank, e in enumerate(group):
            at = _steps(e.action)[1].dst
            where = Step(f"{at.q} {at.r}", _hex_label(state, at), question, at=(at,))
            out.append(((also, *page_steps(rank, len(group), MORE), where), e.action))
    return out


def _steps(action: Place | Move) -> tuple[MoveStep, ...]:
    """The pieces a move relocates (none for a placement)."""
    return action.steps if isinstance(action, Move) else ()


def _hex_label(state: WarsState, h: Hex) -> Words:
    owner = state.owners[state.board.index[h]]
    where = {"hex": hex_name(h)}
    if owner == state.active:
        return Words("{hex}, your land", where)
    if owner is None:
        return Words("{hex}, neutral land", where)
    return Words("{hex}, {colour} land", {**where, "colour": COLOUR_NAMES[owner]})
