"""Menus of every registered game: walking them yields exactly its legal actions, 25 choices
at most, and a seat's version follows what the seat may do. (The menu tree itself is tested
in tests/engine/test_menus.py.)"""

from __future__ import annotations

import random

from engine.core import Game
from engine.core.menus import MAX_CHOICES, Picked, walk_all

from .registry import each_game, usual_players

SAMPLED_STATES = 3


def sampled_states(game: Game, seed: int) -> list:
    """A few states from a random playout: the start, and two later points."""
    rnd = random.Random(seed)
    state = game.new(usual_players(game), None, seed)
    states = [state]
    for step in range(1, 120):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        state, _ = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        if step % 37 == 0 and len(states) < SAMPLED_STATES:
            states.append(state)
    return states


@each_game
def test_walking_every_menu_yields_exactly_the_legal_actions(game: Game) -> None:
    """Every legal action has one path of its own; a choice that plays several actions in a
    row (``Picked.then``) plays only legal ones, each after the one before."""
    for state in sampled_states(game, seed=11):
        for seat in sorted(game.to_move(state)):
            picked: list[str] = []
            for _path, answer in walk_all(lambda path: game.menu(state, seat, path)):  # noqa: B023
                if isinstance(answer, Picked) and answer.then:
                    played_in_a_row(game, state, seat, answer.actions)
                elif isinstance(answer, Picked):
                    picked.append(game.format(answer.action))
                else:
                    assert len(answer.choices) <= MAX_CHOICES
                    assert all(choice.label.strip() for choice in answer.choices)
            legal = sorted(
                game.format(action)
                for action in game.legal_actions(state, seat)
                if not game.menu_excluded(action)  # typed only, e.g. a free-text name
            )
            assert sorted(picked) == legal


def played_in_a_row(game: Game, state: object, seat: int, actions: tuple[object, ...]) -> None:
    """Each of ``actions`` is legal once the ones before it are played."""
    for action in actions:
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        assert game.format(action) in legal
        state, _ = game.apply(state, seat, action)


@each_game
def test_seat_version_moves_with_what_the_seat_may_do(game: Game) -> None:
    state = game.new(usual_players(game), None, 3)
    seat = min(game.to_move(state))
    before = game.seat_version(state, seat)
    assert before == game.seat_version(state, seat)
    action = game.legal_actions(state, seat)[0]
    after, _ = game.apply(state, seat, action)
    assert game.seat_version(after, seat) != before or game.legal_actions(
        after, seat
    ) == game.legal_actions(state, seat)
