"""Computer levels of every registered game: legal, deterministic, from the seat's view
only, on budget.

What a seat cannot see comes from the game's own declarations, never from a test file of its
own (:func:`unseen_changes`): a new random source for any state that has one (dice, shuffles
to come), the game's :meth:`~engine.core.Game.redeal` (a deck's order, other hands), and
another seat's secret steps that the game's :meth:`~engine.core.Game.disclosure` says look
alike (a diver's depth, an unsubmitted turn, a card laid face down)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import fields, is_dataclass, replace

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


def unseen_changes(game: Game, state, seat: int) -> Iterator[tuple[str, object, object]]:
    """Pairs of states that ``seat`` may not tell apart, each with what differs in them."""
    if is_dataclass(state) and any(f.name == "rng" for f in fields(state)):
        yield "the random source", state, replace(state, rng=Rng(99, 7))
    yield "a new deal", state, game.redeal(state, seat, random.Random(99))
    for other in sorted(game.to_move(state) - {seat}):
        groups: dict[str, list[object]] = {}
        for action in game.legal_actions(state, other):
            disclosed = game.disclosure(state, other, action)
            if disclosed is not None:
                after, _ = game.apply(state, other, action)
                if seat in game.to_move(after):
                    groups.setdefault(disclosed, []).append((action, after))
        for group in groups.values():
            (first, one), *rest = group
            for action, after in rest[:2]:
                yield f"{first} or {action} by seat {other}", one, after


def check_view_only(game: Game) -> int:
    """Every level decides alike on states the seat cannot tell apart; returns the number
    of pairs compared."""
    compared = 0
    for state, seat in positions(game):
        for what, one, other in unseen_changes(game, state, seat):
            assert game.view(other, seat) == game.view(one, seat), f"{what}: the view differs"
            assert game.ai_knowledge(other, seat) == game.ai_knowledge(one, seat), (
                f"{what}: the computer of seat {seat} knows it (ai_knowledge)"
            )
            for level in CHECKED_LEVELS:
                first, second = (
                    game.format(game.choose_ai_action(s, seat, random.Random(8), level, FIXED))
                    for s in (one, other)
                )
                assert first == second, (what, level)
            compared += 1
    return compared


@each_game
def test_decisions_depend_on_the_seats_view_only(game: Game) -> None:
    assert check_view_only(game)


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
