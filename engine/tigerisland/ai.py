"""The computer player: never loses needlessly, grows settlements towards totoros cheaply."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.core import Game
from engine.core.ai import Deadline, margin_reward, rollout_search

from .actions import Action, Build, Expand, PlaceTile
from .board import Settlements
from .build import BuildPlan, legal_builds, plan_build
from .geometry import footprint, neighbours
from .placement import legal_placements
from .rules import legal_placement_leaves_build
from .state import Phase, TigerState

# Settlements of this size may take a totoro; points only break ties between builds.
TOTORO_SIZE = 5
# Positions are judged by score plus, per settlement, its share of a totoro's points
# (by the square of its size up to TOTORO_SIZE); leads are squashed on VALUE_SCALE points.
TOTORO_POINTS = 150
# The hard player weighs this many candidate actions, each followed by this many actions.
HARD_CANDIDATES = 8
HARD_HORIZON = 3
VALUE_SCALE = 200.0
AI_POINTS_TIEBREAK = 0.001
# Table placements weigh (1 + hexes they touch) ** AI_COMPACTNESS, so islands stay compact;
# eruptions weigh AI_ERUPTION_WEIGHT.
AI_COMPACTNESS = 3.0
AI_ERUPTION_WEIGHT = 150.0
# Villagers kept back for founding while totoros are still to place.
AI_VILLAGER_RESERVE = 3
# The easy player slips this often, to a random action that does not lose at once.
EASY_SLIP = 0.6


def slip_action(state: TigerState, rnd: random.Random) -> Action:
    """An easy player's slip: a random build, or a random placement that leaves one."""
    if state.phase is not Phase.PLACE:
        return rnd.choice(legal_builds(state, Settlements(state.board)))
    placements = legal_placements(state)
    rnd.shuffle(placements)
    return next((p for p in placements if legal_placement_leaves_build(state, p)), placements[0])


def choose_action(state: TigerState, rnd: random.Random) -> Action:
    """A legal action for the active player of a running game."""
    return ranked_actions(state, rnd, 1)[0]


def choose_hard_action(
    game: Game[TigerState, Action], state: TigerState, rnd: random.Random, deadline: Deadline
) -> Action:
    """The searching player: the quick player's best few actions, each judged by short
    playouts of the quick player on deck orders sampled from the unseen tiles."""
    seat = state.active
    return rollout_search(
        game,
        state,
        seat,
        ranked_actions(state, rnd, HARD_CANDIDATES),
        rnd,
        deadline,
        policy=lambda s, _, r: choose_action(s, r),
        value=position_value,
        horizon=HARD_HORIZON,
        sample=lambda s, r: replace(s, deck=tuple(r.sample(s.deck, len(s.deck)))),
    )


def ranked_actions(state: TigerState, rnd: random.Random, count: int) -> list[Action]:
    """Up to ``count`` good actions for the active player, the quick player's choice first.

    Placements that leave a build come in the quick player's weighted order; builds are a
    totoro if there is one, else ranked by progress towards totoros per villager.
    """
    if state.phase is Phase.PLACE:
        placements = _weighted_order(state, legal_placements(state), rnd)
        safe = []
        for p in placements:
            if legal_placement_leaves_build(state, p):
                safe.append(p)
                if len(safe) == count:
                    break
        # The table is unbounded, so some placement always exists.
        return list(safe) or placements[:1]
    settlements = Settlements(state.board)
    plans = [(b, plan_build(state, b, settlements)) for b in legal_builds(state, settlements)]
    totoros = [b for b, plan in plans if plan.totoros]
    if totoros:
        rnd.shuffle(totoros)
        return totoros[:count]
    keep = [(b, plan) for b, plan in plans if not _strands_totoros(state, plan)] or plans
    keep.sort(key=lambda bp: (_worth(state, *bp, settlements), rnd.random()), reverse=True)
    return [b for b, _ in keep[:count]]


def position_value(state: TigerState, seat: int) -> float:
    """How good a position is for ``seat``, in [0, 1]: the result once over, else the score
    lead counting each settlement's progress towards a totoro."""
    if state.outcome is not None:
        return (
            1.0
            if state.outcome.winners == (seat,)
            else 0.5
            if seat in state.outcome.winners
            else 0.0
        )
    settlements = Settlements(state.board)
    estimate = [
        float(state.scores[s])
        + TOTORO_POINTS
        * sum(
            min(g.size, TOTORO_SIZE) ** 2 / TOTORO_SIZE**2
            for g in settlements.groups
            if g.seat == s and not g.has_totoro
        )
        * min(state.totoros_left[s], 1)
        for s in range(len(state.scores))
    ]
    return margin_reward(estimate, seat, VALUE_SCALE)


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
    """Whether the build leaves fewer than AI_VILLAGER_RESERVE villagers while totoros are
    still to place (with no villagers left and no totoro spot, a player cannot build)."""
    seat = state.active
    left = state.villagers_left[seat] - plan.villagers
    return state.totoros_left[seat] > 0 and left < AI_VILLAGER_RESERVE


def _worth(state: TigerState, build: Build, plan: BuildPlan, settlements: Settlements) -> float:
    """Progress towards totoros per villager spent, while totoros remain; else points.

    A settlement without a totoro is worth the square of its size up to TOTORO_SIZE (growing
    one settlement beats scattering); a build is worth how much it adds to that (merging
    what it touches), divided by the villagers it costs.
    """
    if not state.totoros_left[state.active]:
        return plan.points / max(plan.villagers, 1)
    placed = {hex for hex, _ in plan.pieces}
    touched = {
        settlements.by_hex[n]
        for h in placed
        for n in (h, *neighbours(h))
        if n in settlements.by_hex and settlements.by_hex[n].seat == state.active
    }
    if isinstance(build, Expand):
        touched.add(settlements.by_hex[build.hex])
    before = sum(min(s.size, TOTORO_SIZE) ** 2 for s in touched if not s.has_totoro)
    merged = len(placed) + sum(s.size for s in touched)
    after = 0 if any(s.has_totoro for s in touched) else min(merged, TOTORO_SIZE) ** 2
    return (after - before) / max(plan.villagers, 1) + AI_POINTS_TIEBREAK * plan.points
