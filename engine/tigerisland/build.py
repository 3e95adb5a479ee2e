"""Build actions: found a settlement, expand one, or build a totoro sanctuary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.core import Event, IllegalAction, Words, told
from engine.core.hexgrid import Hex

from .actions import Build, Expand, Found, Totoro, describe
from .board import Board, Cell, Piece, PieceKind, Settlement, Settlements
from .geometry import HABITABLE, Terrain, cube_text, hex_key, neighbours
from .state import LastTurn, TigerState, player, with_seat

# Ruling 4: a settlement is founded on a hex of this level only.
FOUND_LEVEL = 1
# Ruling 6: the settlement next to a sanctuary needs at least this many hexes.
TOTORO_MIN_SETTLEMENT = 5
# A totoro scores this much when placed, whatever the level.
TOTORO_POINTS = 200

NO_VILLAGERS_LEFT = "no_villagers_left"
NO_TOTOROS_LEFT = "no_totoros_left"
NO_SUCH_HEX = "no_such_hex"
OCCUPIED = "occupied"
VOLCANO_HEX = "volcano_hex"
NOT_LEVEL_ONE = "not_level_one"
NOT_YOUR_SETTLEMENT = "not_your_settlement"
NOTHING_TO_EXPAND = "nothing_to_expand"
NOT_ENOUGH_VILLAGERS = "not_enough_villagers"
NO_SANCTUARY_SETTLEMENT = "no_sanctuary_settlement"


@dataclass(frozen=True, slots=True)
class BuildPlan:
    """What a legal build puts where, and what it scores and costs."""

    pieces: tuple[tuple[Hex, Piece], ...]
    points: int
    villagers: int
    totoros: int


def plan_build(state: TigerState, action: Build, settlements: Settlements) -> BuildPlan:
    """The effect of a build by the active player, or IllegalAction saying why it is refused."""
    if isinstance(action, Found):
        return _plan_found(state, action.hex)
    if isinstance(action, Expand):
        return _plan_expand(state, action, settlements)
    if isinstance(action, Totoro):
        return _plan_totoro(state, action.hex, settlements)
    raise TypeError(f"not a build action: {action!r}")


def _empty_habitable_cell(state: TigerState, where: Hex) -> Cell:
    cell = state.board.get(where)
    at = {"hex": cube_text(where)}
    if cell is None:
        raise IllegalAction(NO_SUCH_HEX, Words("There is no island hex at {hex}.", at))
    if cell.piece is not None:
        raise IllegalAction(OCCUPIED, Words("The hex at {hex} is already occupied.", at))
    if cell.terrain is Terrain.VOLCANO:
        raise IllegalAction(VOLCANO_HEX, Words("Nothing can be built on the volcano at {hex}.", at))
    return cell


def _plan_found(state: TigerState, where: Hex) -> BuildPlan:
    if state.villagers_left[state.active] < 1:
        raise IllegalAction(NO_VILLAGERS_LEFT, "You have no villagers left to found a settlement.")
    cell = _empty_habitable_cell(state, where)
    if cell.level != FOUND_LEVEL:
        raise IllegalAction(
            NOT_LEVEL_ONE,
            Words(
                "A settlement is founded on a level-{found} hex; {hex} is at level {level}.",
                {"found": FOUND_LEVEL, "hex": cube_text(where), "level": cell.level},
            ),
        )
    return _villager_plan(state, [where])


def _villager_plan(state: TigerState, hexes: list[Hex]) -> BuildPlan:
    seat = state.active
    pieces = []
    points = villagers = 0
    for h in hexes:
        level = state.board[h].level
        pieces.append((h, Piece(seat, PieceKind.VILLAGER, level)))
        villagers += level
        points += level * level
    return BuildPlan(tuple(pieces), points, villagers, 0)


def expansion_region(
    board: Board,
    settlement: Settlement,
    terrain: Terrain,
    groups: Mapping[Hex, frozenset[Hex]] | None = None,
) -> list[Hex]:
    """The empty ``terrain`` hexes reached by flooding out of ``settlement`` (sorted): every
    :func:`empty_groups` group beside it (pass ``groups`` to reuse them across settlements)."""
    if groups is None:
        groups = empty_groups(board)
    region: set[Hex] = set()
    for h in settlement.hexes:
        for n in neighbours(h):
            cell = board.get(n)
            if cell is not None and cell.terrain is terrain and n in groups:
                region |= groups[n]
    return sorted(region)


def empty_groups(board: Board) -> dict[Hex, frozenset[Hex]]:
    """For every empty habitable hex, the connected group of empty hexes of its terrain.

    One pass over the board, so listing every expansion costs the board plus the
    settlements' borders, not a flood per settlement and terrain.
    """
    out: dict[Hex, frozenset[Hex]] = {}
    for start, cell in board.items():
        if start in out or cell.piece is not None or cell.terrain not in HABITABLE:
            continue
        group, stack = {start}, [start]
        while stack:
            for n in neighbours(stack.pop()):
                near = board.get(n)
                if near is None or near.piece is not None or n in group:
                    continue
                if near.terrain is cell.terrain:
                    group.add(n)
                    stack.append(n)
        frozen = frozenset(group)
        out.update(dict.fromkeys(group, frozen))
    return out


def _plan_expand(state: TigerState, action: Expand, settlements: Settlements) -> BuildPlan:
    settlement = settlements.by_hex.get(action.hex)
    if settlement is None or settlement.seat != state.active:
        raise IllegalAction(
            NOT_YOUR_SETTLEMENT,
            Words("You have no settlement at {hex} to expand.", {"hex": cube_text(action.hex)}),
        )
    region = expansion_region(state.board, settlement, action.terrain)
    if not region:
        raise IllegalAction(
            NOTHING_TO_EXPAND,
            Words(
                "There is no empty {terrain} hex next to the settlement at {hex}.",
                {"terrain": action.terrain.value, "hex": cube_text(action.hex)},
            ),
        )
    plan = _villager_plan(state, region)
    left = state.villagers_left[state.active]
    if plan.villagers > left:
        raise IllegalAction(
            NOT_ENOUGH_VILLAGERS,
            Words(
                "That expansion needs {needed} villagers and you have {left}; "
                "partial expansions are not allowed.",
                {"needed": plan.villagers, "left": left},
            ),
        )
    return plan


def _sanctuary_sites(state: TigerState, settlements: Settlements) -> set[Hex]:
    """Empty non-volcano hexes next to a settlement of the active player that may get one."""
    board = state.board
    sites = set()
    for s in settlements.of_seat(state.active):
        if s.has_totoro or s.size < TOTORO_MIN_SETTLEMENT:
            continue
        for h in s.hexes:
            for n in neighbours(h):
                cell = board.get(n)
                if cell is not None and cell.piece is None and cell.terrain is not Terrain.VOLCANO:
                    sites.add(n)
    return sites


def _plan_totoro(state: TigerState, where: Hex, settlements: Settlements) -> BuildPlan:
    if state.totoros_left[state.active] < 1:
        raise IllegalAction(NO_TOTOROS_LEFT, "You have no totoros left.")
    _empty_habitable_cell(state, where)
    if where not in _sanctuary_sites(state, settlements):
        raise IllegalAction(
            NO_SANCTUARY_SETTLEMENT,
            Words(
                "A totoro sanctuary must touch one of your settlements of at least {size} hexes "
                "that has no totoro yet; {hex} does not.",
                {"size": TOTORO_MIN_SETTLEMENT, "hex": cube_text(where)},
            ),
        )
    piece = Piece(state.active, PieceKind.TOTORO, 1)
    return BuildPlan(((where, piece),), TOTORO_POINTS, 0, 1)


def legal_builds(state: TigerState, settlements: Settlements) -> list[Build]:
    """Every legal build of the active player: foundings, expansions, then sanctuaries.

    Cost: linear in the board (one pass finds every empty group) plus the settlements'
    borders times the four terrains.
    """
    seat = state.active
    board = state.board
    out: list[Build] = []
    villagers = state.villagers_left[seat]
    if villagers >= 1:
        out.extend(
            Found(h)
            for h in sorted(board, key=hex_key)
            if (c := board[h]).piece is None
            and c.level == FOUND_LEVEL
            and c.terrain is not Terrain.VOLCANO
        )
        groups = empty_groups(board)
        for s in settlements.of_seat(seat):
            anchor = min(s.hexes, key=hex_key)
            for terrain in HABITABLE:
                region = expansion_region(board, s, terrain, groups)
                if region and sum(board[h].level for h in region) <= villagers:
                    out.append(Expand(anchor, terrain))
    if state.totoros_left[seat] >= 1:
        out.extend(Totoro(h) for h in sorted(_sanctuary_sites(state, settlements), key=hex_key))
    return out


def apply_build(state: TigerState, plan: BuildPlan) -> TigerState:
    """The state after a checked build (the turn is not finished here)."""
    seat = state.active
    changes = {h: replace(state.board[h], piece=piece) for h, piece in plan.pieces}
    turn = state.last_turn or LastTurn(seat, ())
    return replace(
        state,
        board=state.board.updated(changes),
        scores=with_seat(state.scores, seat, state.scores[seat] + plan.points),
        villagers_left=with_seat(
            state.villagers_left, seat, state.villagers_left[seat] - plan.villagers
        ),
        totoros_left=with_seat(state.totoros_left, seat, state.totoros_left[seat] - plan.totoros),
        last_turn=replace(turn, built=tuple(h for h, _ in plan.pieces)),
    )


def has_any_build(state: TigerState) -> bool:
    """Whether the active player can complete at least one build now."""
    seat = state.active
    if state.villagers_left[seat] >= 1 and any(
        c.piece is None and c.level == FOUND_LEVEL and c.terrain is not Terrain.VOLCANO
        for c in state.board.values()
    ):
        return True
    return bool(legal_builds(state, Settlements(state.board)))


def build_event(state: TigerState, action: Build, plan: BuildPlan) -> Event:
    """The event reporting a build."""
    built = Words(
        "{who} {move}.", {"who": player(state.active), "move": describe(action, plan.points)}
    )
    data = {
        "seat": state.active,
        "points": plan.points,
        "hexes": [cube_text(h) for h, _ in plan.pieces],
    }
    return told("build", built, data, retells=True)
