"""The computer player: never loses needlessly, builds at random with a mild taste for points."""

from __future__ import annotations

import random

from .actions import Action, Build, Expand
from .board import Settlements
from .build import BuildPlan, legal_builds, plan_build
from .placement import legal_placements
from .rules import legal_placement_leaves_build
from .state import Phase, TigerState

# A build's weight grows from 1 to 1 + AI_SCORING_PREFERENCE as its points approach the cap.
AI_POINTS_CAP = 9
AI_SCORING_PREFERENCE = 1.0
# Expanding a settlement that has no totoro yet (towards a sanctuary) weighs this many times more.
AI_GROWTH_PREFERENCE = 3.0


def choose_action(state: TigerState, rnd: random.Random) -> Action:
    """A legal action for the active player of a running game."""
    if state.phase is Phase.PLACE:
        placements = legal_placements(state)
        rnd.shuffle(placements)
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


def _strands_totoros(state: TigerState, plan: BuildPlan) -> bool:
    """Whether the build spends the last villagers while totoros are still to place."""
    seat = state.active
    return state.villagers_left[seat] == plan.villagers and state.totoros_left[seat] > 0


def _weight(build: Build, plan: BuildPlan, settlements: Settlements) -> float:
    weight = 1 + AI_SCORING_PREFERENCE * min(plan.points, AI_POINTS_CAP) / AI_POINTS_CAP
    if isinstance(build, Expand) and not settlements.by_hex[build.hex].has_totoro:
        weight *= AI_GROWTH_PREFERENCE
    return weight
