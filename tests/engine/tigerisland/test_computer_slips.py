"""tiggar islanote's easy computer slips, but never into a loss at once (the levels every game
keeps to are checked in tests/conformance/test_computer_levels.py)."""

from __future__ import annotations

import random

from engine import find_game
from engine.tigerisland.ai import slip_action
from engine.tigerisland.placement import legal_placements
from engine.tigerisland.rules import legal_placement_leaves_build
from engine.tigerisland.state import Phase
from tests.conformance.test_computer_levels import positions


def test_tigerisland_easy_slips_never_lose_at_once() -> None:
    game = find_game("tigerisland")
    for state, seat in positions(game, every=3, count=12):
        known = game.ai_knowledge(state, seat)
        action = slip_action(known, random.Random(2))
        assert game.format(action) in {game.format(a) for a in game.legal_actions(state, seat)}
        if known.phase is Phase.PLACE and any(
            legal_placement_leaves_build(known, p) for p in legal_placements(known)
        ):
            assert legal_placement_leaves_build(known, action)
