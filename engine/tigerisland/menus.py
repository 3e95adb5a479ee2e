"""Menus for tiggar islanote: the kind of move, then the place, then which way the tile points.

A placement is chosen as "Eruption" or "New tile", then the volcano's hex, then the tile's
orientation; a build as "Found a settlement", "Expand a settlement" or "Build a totoro
sanctuary", then where (an expansion names its settlement and terrain in one choice). Within a
kind, choices come best first by what the engine says they do: a placement that leaves no build
last, then villagers buried (theirs before yours), then a tile beside your settlements, then
height and compactness; a build by its points and how far it grows your settlement. Long levels
show the best 24 and "More places…". Every action also gets searchable words.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.core.hexgrid import Hex
from engine.core.menus import MenuTree, Step
from engine.core.ranked import Plan, StateMemo, page_steps
from engine.core.words import N_, Words, counted, joined

from .actions import Action, Expand, Found, PlaceTile, Totoro, format_action
from .board import Board, Settlement, Settlements
from .build import TOTORO_MIN_SETTLEMENT, TOTORO_POINTS, legal_builds, plan_build
from .geometry import ORIENTATION_DIRECTIONS, cube_text, footprint, hex_key, neighbours
from .placement import legal_placements
from .rules import legal_placement_leaves_build
from .state import Phase, TigerState
from .words import COMPASS, TERRAINS

NO_BUILD = Words("⚠ leaves you no build: you would lose")
MIDDLE = N_("middle")
# Compass points by angle, counter-clockwise from east in steps of 45 degrees (y grows down).
_POINTS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")
MORE = Step("more", Words("More places…"), hint=Words("the next ones, ranked lower"))
# Words a player may type for a kind of move that its labels do not say.
SEARCH_WORDS = {"eruption": Words("on top"), "new": Words("on the table")}


@dataclass(frozen=True, slots=True)
class _Option:
    action: Action
    label: str
    hint: str
    rank: tuple[int, ...]  # larger is better
    points: int = 0
    at: tuple[Hex, ...] = ()


def _plan(state: TigerState) -> Plan[Action]:
    if state.phase is Phase.PLACE:
        groups = _placement_groups(state)
    elif state.phase is Phase.BUILD:
        groups = _build_groups(state)
    else:
        groups = []
    entries: list[tuple[tuple[Step, ...], Action]] = []
    hints: dict[Action, str] = {}
    words: dict[Action, str] = {}
    for kind, levels in groups:
        for steps, option in levels:
            path = (kind, *steps)
            entries.append((path, option.action))
            hints[option.action] = option.hint
            labels = [s.label for s in path if s is not MORE]
            extra = SEARCH_WORDS.get(kind.key, "")
            words[option.action] = joined(
                [format_action(option.action), *labels, option.hint, extra], " "
            )
    return Plan(MenuTree(entries), hints, words)


menu_plan: Callable[[TigerState], Plan[Action]] = StateMemo(_plan)

_Levels = list[tuple[tuple[Step, ...], _Option]]


# ----- placements ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Placement:
    """What a legal placement does, as the engine sees it."""

    action: PlaceTile
    level: int
    buried_yours: int
    buried_theirs: int
    beside_yours: bool
    contacts: int
    leaves_build: bool
    settled: bool
    """Whether the player has settlements at all (else none can be near or far)."""

    @property
    def rank(self) -> tuple[int, ...]:
        return (
            self.leaves_build,
            self.buried_theirs - self.buried_yours,
            self.beside_yours,
            self.level,
            self.contacts,
        )

    @property
    def hint(self) -> str:
        parts: list[str] = [] if self.leaves_build else [NO_BUILD]
        if self.level > 1:
            parts.append(Words("level {level}", {"level": self.level}))
        if self.buried_theirs:
            parts.append(
                counted(
                    self.buried_theirs,
                    "buries {count} villager of theirs",
                    "buries {count} villagers of theirs",
                )
            )
        if self.buried_yours:
            parts.append(
                counted(
                    self.buried_yours,
                    "buries {count} villager of yours",
                    "buries {count} villagers of yours",
                )
            )
        if self.beside_yours:
            parts.append(Words("next to your settlement"))
        if parts:
            return joined(parts)
        return Words("away from your settlements") if self.settled else ""


def _villagers(count: int) -> Words:
    return counted(count, "{count} villager", "{count} villagers")


def _read_placement(state: TigerState, action: PlaceTile, yours: set[Hex]) -> _Placement:
    board = state.board
    hexes = footprint(action.volcano, action.orientation)
    below = [board[h] for h in hexes if h in board]
    buried: defaultdict[bool, int] = defaultdict(int)
    for cell in below:
        if cell.piece is not None:
            buried[cell.piece.seat == state.active] += cell.piece.count
    covered = set(hexes)
    terrains = {n for h in hexes[1:] for n in neighbours(h)} - covered
    return _Placement(
        action=action,
        level=1 + (below[0].level if below else 0),
        buried_yours=buried[True],
        buried_theirs=buried[False],
        beside_yours=not terrains.isdisjoint(yours),
        contacts=sum(n in board for n in {n for h in hexes for n in neighbours(h)} - covered),
        leaves_build=legal_placement_leaves_build(state, action),
        settled=bool(yours),
    )


def _placement_groups(state: TigerState) -> list[tuple[Step, _Levels]]:
    board = state.board
    yours = {h for h, c in board.items() if c.piece is not None and c.piece.seat == state.active}
    spots: dict[Hex, list[_Placement]] = defaultdict(list)
    for action in legal_placements(state):
        spots[action.volcano].append(_read_placement(state, action, yours))
    centre = _centre(board)
    hand = state.hand
    assert hand is not None
    tile = Words("{a} + {b}", {"a": TERRAINS[hand.a], "b": TERRAINS[hand.b]})
    prompt = Words("Your tile: {tile}. Where does it go?", {"tile": tile})
    kinds = []
    for eruption in (True, False):
        chosen = {v: ps for v, ps in spots.items() if (v in board) is eruption}
        if not chosen:
            continue
        count = sum(len(ps) for ps in chosen.values())
        ways = {"ways": _ways(count)}
        if eruption:
            hint = Words("on top of a volcano: {ways}", ways)
            kind = Step("eruption", Words("Eruption"), prompt, hint)
        else:
            hint = Words("beside the island: {ways}", ways)
            kind = Step("new", Words("New tile"), prompt, hint)
        question = Words("Which volcano?") if eruption else Words("Where does its volcano go?")
        kinds.append((kind, _spot_levels(chosen, centre, question)))
    return kinds


def _ways(count: int) -> Words:
    return counted(count, "{count} way", "{count} ways")


def _spot_levels(
    spots: dict[Hex, list[_Placement]], centre: tuple[float, float], question: str
) -> _Levels:
    ranked = sorted(
        spots.items(), key=lambda item: (_best(item[1]).rank, -hex_key(item[0])), reverse=True
    )
    levels: _Levels = []
    for rank, (volcano, placements) in enumerate(ranked):
        best = _best(placements)
        where = {"hex": cube_text(volcano), "side": _side(volcano, centre), "level": best.level}
        if best.level > 1:
            label = Words("Volcano at {hex} ({side}), to level {level}", where)
        else:
            label = Words("Volcano at {hex} ({side})", where)
        hint = joined([best.hint, _ways(len(placements))])
        spot = Step(cube_text(volcano), label, question, hint, (volcano,))
        pages = page_steps(rank, len(ranked), MORE)
        turns = sorted(placements, key=lambda p: (p.rank, -p.action.orientation), reverse=True)
        for p in turns:
            way = Step(
                str(p.action.orientation),
                _orientation_label(p.action),
                Words("Which way?"),
                at=footprint(volcano, p.action.orientation),  # the chosen volcano first
                ends=not p.leaves_build,  # (it loses: the panel asks first)
            )
            levels.append(((*pages, spot, way), _Option(p.action, way.label, p.hint, p.rank)))
    return levels


def _best(placements: Sequence[_Placement]) -> _Placement:
    return max(placements, key=lambda p: p.rank)


def _orientation_label(action: PlaceTile) -> Words:
    a, b = (ORIENTATION_DIRECTIONS[(action.orientation - 1 + i) % 6] for i in (0, 1))
    return Words(
        "{a} to the {towards_a}, {b} to the {towards_b}",
        {
            "a": TERRAINS[action.kind.a],
            "towards_a": COMPASS[a],
            "b": TERRAINS[action.kind.b],
            "towards_b": COMPASS[b],
        },
    )


def _pixel(h: Hex) -> tuple[float, float]:
    """Where a hex's centre is drawn, in hex radii (pointy-top, y growing downwards)."""
    return math.sqrt(3) * (h.q + h.r / 2), 1.5 * h.r


def _centre(board: Board) -> tuple[float, float]:
    points = [_pixel(h) for h in board] or [(0.0, 0.0)]
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _side(h: Hex, centre: tuple[float, float]) -> str:
    """The compass side of the island ``h`` lies on, seen from the island's middle."""
    x, y = _pixel(h)
    dx, dy = x - centre[0], centre[1] - y
    if math.hypot(dx, dy) < 1:
        return MIDDLE
    return COMPASS[_POINTS[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]]


# ----- builds ----------------------------------------------------------------------------------
def _build_groups(state: TigerState) -> list[tuple[Step, _Levels]]:
    settlements = Settlements(state.board)
    builds = legal_builds(state, settlements)
    prompt = Words("Which build?")
    options = {
        "found": [_found(state, b, settlements) for b in builds if isinstance(b, Found)],
        "expand": [_expand(state, b, settlements) for b in builds if isinstance(b, Expand)],
        "totoro": [_totoro(state, b, settlements) for b in builds if isinstance(b, Totoro)],
    }
    kinds: dict[str, tuple[Words, Words, str | None]] = {
        "found": (
            Words("Found a settlement"),
            Words("Where do you found it?"),
            Words("+1: a villager on a level-1 hex"),
        ),
        "expand": (Words("Expand a settlement"), Words("Which expansion?"), None),
        "totoro": (
            Words("Build a totoro sanctuary"),
            Words("Where does the totoro go?"),
            f"+{TOTORO_POINTS}",
        ),
    }
    groups = []
    for key, (label, question, lead) in kinds.items():
        ranked = sorted(options[key], key=lambda o: o.rank, reverse=True)
        if not ranked:
            continue
        best = Words("best: +{points}", {"points": ranked[0].points})
        summary = best if lead is None else lead
        kind = Step(key, label, prompt, joined([summary, _places(len(ranked))]))
        groups.append((kind, list(_ranked_levels(ranked, question))))
    return groups


def _places(count: int) -> Words:
    return counted(count, "{count} choice", "{count} choices")


def _ranked_levels(
    ranked: Sequence[_Option], question: str
) -> Iterable[tuple[tuple[Step, ...], _Option]]:
    for rank, option in enumerate(ranked):
        step = Step(format_action(option.action), option.label, question, at=option.at)
        yield (*page_steps(rank, len(ranked), MORE), step), option


def _hex_label(board: Board, h: Hex) -> Words:
    return Words("{terrain} at {hex}", {"terrain": TERRAINS[board[h].terrain], "hex": cube_text(h)})


def _beside_yours(
    state: TigerState, settlements: Settlements, hexes: Iterable[Hex]
) -> set[Settlement]:
    """The active player's settlements touching ``hexes``."""
    return {
        s
        for h in hexes
        for n in neighbours(h)
        if (s := settlements.by_hex.get(n)) is not None and s.seat == state.active
    }


def _growth(state: TigerState, touched: set[Settlement], new: int) -> tuple[int, Words]:
    """The size of the settlement ``new`` villager hexes make with ``touched``, and a note."""
    size = new + sum(s.size for s in touched)
    if not touched:
        return size, Words("starts a settlement")
    if (
        size >= TOTORO_MIN_SETTLEMENT
        and state.totoros_left[state.active]
        and not any(s.has_totoro for s in touched)
    ):
        return size, Words(
            "grows your settlement to {size} hexes: room for a totoro", {"size": size}
        )
    return size, Words("grows your settlement to {size} hexes", {"size": size})


def _found(state: TigerState, action: Found, settlements: Settlements) -> _Option:
    points = plan_build(state, action, settlements).points
    size, note = _growth(state, _beside_yours(state, settlements, [action.hex]), 1)
    rank = (points, size, -hex_key(action.hex))
    label = _hex_label(state.board, action.hex)
    return _Option(action, label, joined([f"+{points}", note]), rank, at=(action.hex,))


def _expand(state: TigerState, action: Expand, settlements: Settlements) -> _Option:
    plan = plan_build(state, action, settlements)
    region = [h for h, _ in plan.pieces]
    touched = {settlements.by_hex[action.hex], *_beside_yours(state, settlements, region)}
    size, note = _growth(state, touched, len(region))
    label = Words(
        "Settlement at {hex} into {terrain}",
        {"hex": cube_text(action.hex), "terrain": TERRAINS[action.terrain]},
    )
    hint = joined([f"+{plan.points}", joined([_villagers(plan.villagers), note], ", ")])
    rank = (plan.points, size, -hex_key(action.hex))
    return _Option(action, label, hint, rank, plan.points, (min(region, key=hex_key),))


def _totoro(state: TigerState, action: Totoro, settlements: Settlements) -> _Option:
    touched = _beside_yours(state, settlements, [action.hex])
    beside = min((min(s.hexes, key=hex_key) for s in touched), key=hex_key)
    hint = joined(
        [f"+{TOTORO_POINTS}", Words("beside your settlement at {hex}", {"hex": cube_text(beside)})]
    )
    label = _hex_label(state.board, action.hex)
    return _Option(action, label, hint, (-hex_key(action.hex),), at=(action.hex,))
