"""One action of the turn: the tile (losing if no build is left), then the build."""

from __future__ import annotations

from engine.core import Event, Words

from .actions import Build, PlaceTile
from .board import Settlements
from .build import apply_build, build_event, has_any_build, plan_build
from .placement import apply_placement, check_placement
from .state import CANNOT_BUILD, TigerState, player
from .turn import end_turn, forfeit


def play_placement(state: TigerState, action: PlaceTile) -> tuple[TigerState, list[Event]]:
    """Place the tile in hand; if no build is then possible, the active player loses (ruling 8)."""
    check_placement(state, action)
    new, events = apply_placement(state, action)
    if not has_any_build(new):
        new, more = forfeit(
            new,
            new.active,
            Words(
                "{who} cannot build after placing the tile and loses.", {"who": player(new.active)}
            ),
            CANNOT_BUILD,
        )
        events += more
    return new, events


def play_build(state: TigerState, action: Build) -> tuple[TigerState, list[Event]]:
    """Complete the build, then end the turn (settlements that now touch merge)."""
    plan = plan_build(state, action, Settlements(state.board))
    new = apply_build(state, plan)
    new, events = end_turn(new)
    return new, [build_event(state, action, plan), *events]


def placement_leaves_build(state: TigerState, action: PlaceTile) -> bool:
    """Whether the legal placement ``action`` leaves the active player some build to do.

    Raises IllegalAction if the placement itself is refused.
    """
    check_placement(state, action)
    return legal_placement_leaves_build(state, action)


def legal_placement_leaves_build(state: TigerState, action: PlaceTile) -> bool:
    """:func:`placement_leaves_build` for a placement known to be legal."""
    return has_any_build(apply_placement(state, action)[0])


def build_points(state: TigerState, action: Build) -> int:
    """What a legal build would score (IllegalAction if it is refused)."""
    return plan_build(state, action, Settlements(state.board)).points
