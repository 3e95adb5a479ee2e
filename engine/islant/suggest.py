"""Suggested turns: the quick computer player's plan for a player's dice, offered as one tap.

A suggestion is the steps the quick player would take (the assignment, the values of any 6,
each tile drawn or crossed out), ending where only "Submit my turn" is left, so the player sees
the result on their sheet before submitting it (or undoes steps). Plans are deterministic: the
same turn always gets the same suggestions, so a menu path names the same choice each time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, Assign, Draw, Stop, Submit
from .ai import next_step, place_worth, plan_turn
from .geometry import parse_cell_name
from .scoring import score
from .turn import Draft, apply_step

PLAN_SEED = 0
PLANNED_ASSIGNMENTS = 6
"""How many assignments (the first of the menu's order) are planned to find the suggestions."""
SUGGESTIONS = 2


@dataclass(frozen=True, slots=True)
class Plan:
    """Steps that finish a turn, the draft they lead to, and the score it would have."""

    steps: tuple[Action, ...]
    draft: Draft
    total: int


def suggested_turns(
    draft: Draft, roll: tuple[int, ...], assigns: Sequence[Assign], count: int = SUGGESTIONS
) -> list[Plan]:
    """The best ``count`` whole turns (the highest score, then the planner's own liking) among
    the plans for the first :data:`PLANNED_ASSIGNMENTS` of ``assigns``; only plans that leave
    nothing open but submitting."""
    ranked = []
    for assign in assigns[:PLANNED_ASSIGNMENTS]:
        after, worth = plan_turn(draft, roll, assign, random.Random(PLAN_SEED), careful=False)
        if after.open_slots():
            continue
        total = score(after.sheet).total
        plan = Plan(after.steps[len(draft.steps) :], after, total)
        ranked.append((-total, -worth, len(ranked), plan))
    ranked.sort(key=lambda item: item[:3])
    return [item[3] for item in ranked[:count]]


def rest_of_turn(draft: Draft) -> Plan | None:
    """The quick player's steps for every tile still open, or None when they would not finish
    the turn."""
    rnd = random.Random(PLAN_SEED)
    steps: list[Action] = []
    while True:
        step, _ = next_step(draft, rnd, careful=False)
        if isinstance(step, Submit):
            return Plan(tuple(steps), draft, score(draft.sheet).total) if steps else None
        if isinstance(step, Stop):
            return None
        draft, _ = apply_step(draft, (), step)
        steps.append(step)


def ranked_draws(draft: Draft, draws: Sequence[Draw]) -> list[Draw]:
    """``draws`` (of one tile) best first by the quick player's liking; equal ones keep their
    order (so the first is the place the quick player takes)."""
    sheet = draft.sheet

    def worth(draw: Draw) -> float:
        value = draft.value(draw.slot)
        cell = parse_cell_name(draw.cell, sheet.size)
        assert value is not None and cell is not None
        return place_worth(sheet, draw.slot, value, cell, draw.rotation)

    return sorted(draws, key=lambda draw: -worth(draw))
