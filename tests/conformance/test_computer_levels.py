"""Computer levels of every registered game: legal, deterministic, from the seat's view
only, on budget.

What a seat cannot see is changed by :func:`scrambled`: a new random source for any state that
has one (dice, shuffles to come), and whatever ``scrambled(state, seat)`` of the game's test
package's ``hidden`` module (``tests/engine/<game>/hidden.py``) changes besides (a deck's
order, other hands)."""

from __future__ import annotations

import random
import time
from dataclasses import fields, is_dataclass, replace
from importlib import import_module

from engine.core import Budget, Game, Level, Rng

from .registry import each_game, usual_players

CHECKED_LEVELS = tuple(Level)
FIXED = Budget(think_ms=60_000, playouts=12)
TINY_MS = 30
SLACK_MS = 120


def positions(game: Game, seed: int = 3, every: int = 7, count: int = 4) -> list:
    """A few positions of a game played by normal computers (every ``every``-th action)."""
    state = game.new(usual_players(game), None, seed)
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


@each_game
def test_every_level_is_legal_and_deterministic(game: Game) -> None:
    for state, seat in positions(game):
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        for level in CHECKED_LEVELS:
            picks = {
                game.format(game.choose_ai_action(state, seat, random.Random(5), level, FIXED))
                for _ in range(2)
            }
            assert len(picks) == 1 and picks <= legal, (level, picks)


def scrambled(game: Game, state, seat: int):
    """The same state with what ``seat`` cannot see changed (see the module's note)."""
    if is_dataclass(state) and any(f.name == "rng" for f in fields(state)):
        state = replace(state, rng=Rng(99, 7))
    package = f"tests.engine.{game.info.name}"
    try:
        hidden = import_module(f"{package}.hidden")
    except ModuleNotFoundError as missing:
        if missing.name not in (package, f"{package}.hidden"):
            raise
        return state
    return hidden.scrambled(state, seat)


@each_game
def test_decisions_depend_on_the_seats_view_only(game: Game) -> None:
    for state, seat in positions(game):
        other = scrambled(game, state, seat)
        assert game.view(other, seat) == game.view(state, seat)
        assert game.ai_knowledge(other, seat) == game.ai_knowledge(state, seat)
        for level in CHECKED_LEVELS:
            first, second = (
                game.format(game.choose_ai_action(s, seat, random.Random(8), level, FIXED))
                for s in (state, other)
            )
            assert first == second, level


@each_game
def test_hard_keeps_to_its_budget(game: Game) -> None:
    for state, seat in positions(game, count=2):
        started = time.process_time()
        game.choose_ai_action(state, seat, random.Random(1), Level.HARD, Budget(TINY_MS))
        assert (time.process_time() - started) * 1000 < TINY_MS + SLACK_MS


@each_game
def test_an_easy_slip_never_gives_up_the_seats_game(game: Game, monkeypatch) -> None:
    """Easy players slipping at every decision finish the game as weak players: no slip
    ends a seat's game early (stopping, a losing move) or takes a step back."""
    monkeypatch.setattr(type(game), "easy_slip", 1.0)
    state = game.new(usual_players(game), None, 11)
    rnd = random.Random(11)
    for _action in range(400):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, rnd, Level.EASY)
        forward = {game.format(a) for a in game.forward_actions(state, seat)}
        assert game.format(action) in forward  # no Undo, no Stop
        if game.gives_up(state, seat, action):  # only when every forward action would
            assert all(game.gives_up(state, seat, a) for a in game.forward_actions(state, seat))
        state, _ = game.apply(state, seat, action)
