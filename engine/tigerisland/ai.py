"""The computer player: never loses needlessly, builds at random with a mild taste for points."""

from __future__ import annotations

import random

from .actions import Action, Build, Expand, PlaceTile
from .board import Settlements
from .build import BuildPlan, legal_builds, plan_build
from .geometry import footprint, neighbours
from .placement import legal_placements
from .rules import legal_placement_leaves_build
from .state import Phase, TigerState

# A build's weight grows from 1 to 1 + AI_SCORING_PREFERENCE as its points approach the cap.
AI_POINTS_CAP = 9
AI_SCORING_PREFERENCE = 1.0
# Table placements weigh (1 + hexes they touch) ** AI_COMPACTNESS, so islands stay compact;
# eruptions weigh AI_ERUPTION_WEIGHT.
AI_COMPACTNESS = 3.0
AI_ERUPTION_WEIGHT = 150.0
# Expanding a settlement that has no totoro yet (towards a sanctuary) weighs this many times more.
AI_GROWTH_PREFERENCE = 3.0


def choose_action(state: TigerState, rnd: random.Random) -> Action:
    """A legal action for the active player of a running game."""
    if state.phase is Phase.PLACE:
        placements = _weighted_order(state, legal_placements(state), rnd)
        # The table is unbounded, so some placement always exists.
        return next(
            (p for p in placements if legal_placement_leaves_build(state, p)), placements[0]
        )
    settlements = Settlements(state.board)
    plans = [(b, plan_build(state, b, settlements)) for b in legal_builds(state, settlements)]
    totoros = [b for b, plan in plans if plan.totoros]
    if totoros:
        return rnd.choice(totoros)
    keep = [(b, plan) for b, plan in plans if not _strands_totoros(state, plan)] or plans
    weights = [_weight(b, plan, settlements) for b, plan in keep]
    return rnd.choices([b for b, _ in keep], weights)[0]


def _weighted_order(
    state: TigerState, placements: list[PlaceTile], rnd: random.Random
) -> list[PlaceTile]:
    """Placements in a random order that favours compact islands and eruptions.

    Weighted sampling without replacement: each gets the key ``u ** (1 / weight)``.
    """

    def weight(p: PlaceTile) -> float:
        if p.volcano in state.board:
            return AI_ERUPTION_WEIGHT
        hexes = footprint(p.volcano, p.orientation)
        contacts = sum(
            1 for h in hexes for n in neighbours(h) if n in state.board and n not in hexes
        )
        return (1 + contacts) ** AI_COMPACTNESS

    return sorted(placements, key=lambda p: rnd.random() ** (1 / weight(p)), reverse=True)


def _strands_totoros(state: TigerState, plan: BuildPlan) -> bool:
    """Whether the build spends the last villagers while totoros are still to place."""
    seat = state.active
    return state.villagers_left[seat] == plan.villagers and state.totoros_left[seat] > 0


def _weight(build: Build, plan: BuildPlan, settlements: Settlements) -> float:
    weight = 1 + AI_SCORING_PREFERENCE * min(plan.points, AI_POINTS_CAP) / AI_POINTS_CAP
    if isinstance(build, Expand) and not settlements.by_hex[build.hex].has_totoro:
        weight *= AI_GROWTH_PREFERENCE
    return weight
