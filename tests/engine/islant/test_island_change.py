"""Islant's quick count of the islands a land tile changes agrees with counting them (the
levels every game keeps to are checked in tests/conformance/test_computer_levels.py)."""

from __future__ import annotations

import random

import pytest

from engine import find_game
from engine.islant.geometry import LAND_SLOTS, rotate, tile_for
from engine.islant.island_change import island_change
from engine.islant.scoring import islands
from engine.islant.sheet import draw_land
from engine.islant.turn import placements


@pytest.mark.parametrize("level", [1, 3, 4])
def test_islant_island_change_matches_the_islands_counted(level: int) -> None:
    game = find_game("islant")
    state = game.new(1, {"level": level}, 4)
    rnd = random.Random(4)
    checked = 0
    for _ in range(60):
        if game.is_over(state):
            break
        sheet = state.players[0].sheet
        for slot in sorted(LAND_SLOTS & set(sheet.spec.slots)):
            colour = slot if sheet.spec.coloured else None
            for value in (1, 5):
                tile = tile_for(slot, value)
                for cell, rotation in list(placements(sheet, slot, value))[:15]:
                    mask = rotate(tile.mask, rotation or 0)
                    after = draw_land(sheet, cell, colour, mask, tile.lake)
                    change = len(islands(after)) - len(islands(sheet))
                    assert island_change(sheet, cell, mask) == change
                    checked += 1
        state, _ = game.apply(state, 0, game.choose_ai_action(state, 0, rnd))
    assert checked > 100
