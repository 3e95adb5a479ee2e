"""Computer levels of every game: legal, deterministic, from the seat's view only, on budget."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from engine import find_game
from engine.core import Budget, Level, Rng, parse_levels
from engine.islant.geometry import LAND_SLOTS, rotate, tile_for
from engine.islant.island_change import island_change
from engine.islant.scoring import islands
from engine.islant.sheet import draw_land
from engine.islant.turn import placements
from engine.tigerisland.ai import slip_action
from engine.tigerisland.placement import legal_placements
from engine.tigerisland.rules import legal_placement_leaves_build
from engine.tigerisland.state import Phase

PLAYERS = {"tigerisland": 2, "wars": 2, "competition": 3, "islant": 1}
CHECKED_LEVELS = tuple(Level)
FIXED = Budget(think_ms=60_000, playouts=12)
TINY_MS = 30
SLACK_MS = 120


def positions(name: str, seed: int = 3, every: int = 7, count: int = 4) -> list:
    """A few positions of a game played by normal computers (every ``every``-th action)."""
    game = find_game(name)
    state = game.new(PLAYERS[name], None, seed)
    rnd = random.Random(seed)
    found = []
    step = 0
    while not game.is_over(state) and len(found) < count:
        seat = min(game.to_move(state))
        if step % every == 0:
            found.append((state, seat))
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd))
        step += 1
    return found


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_level_is_legal_and_deterministic(name: str) -> None:
    game = find_game(name)
    for state, seat in positions(name):
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        for level in CHECKED_LEVELS:
            picks = {
                game.format(game.choose_ai_action(state, seat, random.Random(5), level, FIXED))
                for _ in range(2)
            }
            assert len(picks) == 1 and picks <= legal, (level, picks)


def _scrambled(name: str, state, seat: int):
    """The same state with what ``seat`` cannot see changed (deck order, dice, other hands)."""
    if name == "tigerisland":
        return replace(state, deck=tuple(reversed(state.deck)), rng=Rng(99, 7))
    if name == "islant":
        return replace(state, rng=Rng(99, 7))
    if name == "competition":
        other = next(i for i in range(state.num_players) if i != seat and state.seats[i].hand)
        mine = state.seats[other]
        hand = (state.draw_pile[0], *mine.hand[1:])
        pile = (*reversed(state.draw_pile[1:]), mine.hand[0])
        return replace(
            state, seats=state.with_seat(other, replace(mine, hand=hand)).seats, draw_pile=pile
        )
    return state


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_decisions_depend_on_the_seats_view_only(name: str) -> None:
    game = find_game(name)
    for state, seat in positions(name):
        other = _scrambled(name, state, seat)
        assert game.view(other, seat) == game.view(state, seat)
        assert game.ai_knowledge(other, seat) == game.ai_knowledge(state, seat)
        for level in CHECKED_LEVELS:
            first, second = (
                game.format(game.choose_ai_action(s, seat, random.Random(8), level, FIXED))
                for s in (state, other)
            )
            assert first == second, level


def test_competition_knowledge_hides_other_hands() -> None:
    game = find_game("competition")
    state, seat = positions("competition", count=1)[0]
    known = game.ai_knowledge(state, seat)
    assert known.seats[seat] == state.seats[seat]
    assert known.seats[1].hand != state.seats[1].hand or known.seats[2].hand != state.seats[2].hand


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_hard_keeps_to_its_budget(name: str) -> None:
    game = find_game(name)
    for state, seat in positions(name, count=2):
        started = time.process_time()
        game.choose_ai_action(state, seat, random.Random(1), Level.HARD, Budget(TINY_MS))
        assert (time.process_time() - started) * 1000 < TINY_MS + SLACK_MS


def test_levels_read_from_text() -> None:
    assert parse_levels("hard", 3) == (Level.HARD,) * 3
    assert parse_levels("easy, Random", 2) == (Level.EASY, Level.RANDOM)
    with pytest.raises(ValueError):
        parse_levels("hard,normal", 3)
    with pytest.raises(ValueError):
        parse_levels("genius", 1)


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


def test_tigerisland_easy_slips_never_lose_at_once() -> None:
    game = find_game("tigerisland")
    for state, seat in positions("tigerisland", every=3, count=12):
        known = game.ai_knowledge(state, seat)
        action = slip_action(known, random.Random(2))
        assert game.format(action) in {game.format(a) for a in game.legal_actions(state, seat)}
        if known.phase is Phase.PLACE and any(
            legal_placement_leaves_build(known, p) for p in legal_placements(known)
        ):
            assert legal_placement_leaves_build(known, action)
