"""Island competition views from real engine playouts, stopped at chosen moments."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.competition import GAME
from engine.competition.state import CompetitionState
from engine.core import View


def play_until(
    players: int,
    seed: int,
    stop: Callable[[CompetitionState], bool],
    *,
    options: dict[str, str] | None = None,
) -> CompetitionState:
    """A game of computer players from ``seed``, played until ``stop`` holds (or it is over)."""
    state = GAME.new(players, options, seed)
    rnd = random.Random(seed)
    while not stop(state) and not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.choose_ai_action(state, seat, rnd))
    return state


def placing(players: int = 3, seed: int = 7, placed: int = 5) -> CompetitionState:
    """The first round, once seat 0 has placed ``placed`` cards."""
    return play_until(players, seed, lambda s: s.seats[0].placed_count() >= placed)


def mid_reveal(
    players: int = 3, seed: int = 7, round_: int = 2, shown: int = 7
) -> CompetitionState:
    """Round ``round_`` with ``shown`` slots revealed and any split or steal done."""
    return play_until(
        players,
        seed,
        lambda s: s.round == round_ and len(s.revealed) >= shown and s.phase == "reveal",
    )


def pending(players: int = 3, seed: int = 7, kind: str = "split") -> CompetitionState:
    """The first moment a split (or steal) is waiting."""
    return play_until(players, seed, lambda s: s.phase == kind)


def finished(players: int = 3, seed: int = 7, variant: str = "standard") -> CompetitionState:
    """A whole game played out."""
    return play_until(players, seed, lambda s: False, options={"variant": variant})


def view(state: CompetitionState, seat: int | None = None) -> View:
    """The view of ``seat`` (None: a spectator)."""
    return GAME.view(state, seat)
