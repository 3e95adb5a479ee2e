"""Computer players shared by every game: levels, thinking budgets and a Monte Carlo search.

A computer decides from what its seat may know (:meth:`Game.ai_knowledge`), never from the
whole state. ``random``, ``easy`` and ``normal`` answer at once and are deterministic given
the caller's random source; ``hard`` searches until its :class:`Budget` is spent.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A")


class Playable(Protocol[S, A]):
    """What a search needs of a game (every :class:`~engine.core.game.Game` has it); named
    here so that the search does not import the contract that imports it."""

    def apply(self, state: S, seat: int | None, action: A) -> tuple[S, list[Any]]: ...

    def is_over(self, state: S) -> bool: ...

    def to_move(self, state: S) -> frozenset[int]: ...


DEFAULT_THINK_MS = 1000
"""The hard players' default budget: CPU milliseconds per decision."""
EASY_SLIP = 0.35
"""How often an easy player picks a random legal action instead of its usual choice."""


class Level(StrEnum):
    """How well a computer plays. ``random`` picks uniformly among the legal actions."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


OFFERED_LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)
"""The levels a host may give a computer seat."""


def read_levels(text: str) -> tuple[Level, ...]:
    """Levels written ``"hard,normal,..."`` (ValueError for an unknown one)."""
    return tuple(Level(part.strip().lower()) for part in text.split(","))


def parse_levels(text: str, seats: int) -> tuple[Level, ...]:
    """``"hard"`` for every seat, or ``"hard,normal,..."`` one per seat (ValueError else)."""
    levels = read_levels(text)
    if len(levels) == 1:
        return levels * seats
    if len(levels) != seats:
        raise ValueError(f"{len(levels)} levels for {seats} seats")
    return levels


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a hard player may think: CPU milliseconds, and optionally at most
    ``playouts`` simulations (which makes the decision independent of the machine's speed)
    and at most ``wall_ms`` milliseconds of the clock on the wall (a busy machine shares its
    cores: the player still answers in time)."""

    think_ms: int = DEFAULT_THINK_MS
    playouts: int | None = None
    wall_ms: int | None = None

    def start(self) -> Deadline:
        return Deadline(self)


class Deadline:
    """A running budget: CPU time of this process and simulations counted. A simulation is
    only started when one more of average length still fits, so the budget is kept."""

    def __init__(self, budget: Budget) -> None:
        self._start = time.process_time()
        self._end = self._start + budget.think_ms / 1000
        self._left = budget.playouts
        self._wall_start = time.perf_counter()
        self._wall_end = (
            None if budget.wall_ms is None else self._wall_start + budget.wall_ms / 1000
        )
        self.used = 0

    def spend(self) -> bool:
        """Count one simulation if the budget allows it; False once it is spent."""
        if self._left is not None and self.used >= self._left:
            return False
        now = time.process_time()
        average = (now - self._start) / self.used if self.used else 0.0
        if now + average >= self._end:
            return False
        if self._wall_end is not None:
            wall = time.perf_counter()
            average = (wall - self._wall_start) / self.used if self.used else 0.0
            if wall + average >= self._wall_end:
                return False
        self.used += 1
        return True


def best_by_playouts(
    candidates: Sequence[T],
    playout: Callable[[T, random.Random], float],
    deadline: Deadline,
    rnd: random.Random,
) -> T:
    """The candidate with the best mean playout reward, by passes over the candidates.

    Every candidate of a pass gets the same random seed (common random numbers: the same
    sampled deal or dice for each), so their differences show after few playouts; after each
    pass from the second on, the worst candidate drops out while more than two remain.
    Candidates come best-first by the caller's prior, which also breaks ties.
    """
    if len(candidates) == 1:
        return candidates[0]
    live = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    passes = 0
    while True:
        seed = rnd.random()
        for i in live:
            if not deadline.spend():
                return _best(candidates, live, totals, counts)
            totals[i] += playout(candidates[i], random.Random(seed))
            counts[i] += 1
        passes += 1
        if passes >= 2 and len(live) > 2:
            live.remove(min(live, key=lambda i: (totals[i] / counts[i], -i)))


def _best(candidates: Sequence[T], live: list[int], totals: list[float], counts: list[int]) -> T:
    """The live candidate with the best mean (the prior's order among equals and untried)."""
    tried = [i for i in live if counts[i]]
    if not tried:
        return candidates[live[0]]
    return candidates[max(tried, key=lambda i: (totals[i] / counts[i], -i))]


def margin_reward(scores: Sequence[float], seat: int, scale: float) -> float:
    """A reward in [0, 1] for ``seat``: a win is worth more than any loss, and within either
    a larger lead (or smaller gap) to the best other seat is better."""
    others = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
    lead = scores[seat] - others
    squash = 0.5 * math.tanh(lead / scale) if scale > 0 else 0.0
    return 0.5 + squash * 0.5 + (0.25 if lead > 0 else -0.25 if lead < 0 else 0.0)


def rollout_search(
    game: Playable[S, A],
    known: S,
    seat: int,
    candidates: Sequence[A],
    rnd: random.Random,
    deadline: Deadline,
    *,
    policy: Callable[[S, int, random.Random], A],
    value: Callable[[S, int], float],
    horizon: int,
    sample: Callable[[S, random.Random], S] | None = None,
) -> A:
    """Flat Monte Carlo search: each candidate is judged by playouts that ``sample`` what the
    seat cannot know (a deck order, say), apply the candidate, let every seat follow
    ``policy`` for up to ``horizon`` actions, and score the end with ``value`` (in [0, 1])."""

    def playout(action: A, r: random.Random) -> float:
        state = known if sample is None else sample(known, r)
        state, _ = game.apply(state, seat, action)
        for _ in range(horizon):
            if game.is_over(state):
                break
            mover = min(game.to_move(state))
            state, _ = game.apply(state, mover, policy(state, mover, r))
        return value(state, seat)

    return best_by_playouts(candidates, playout, deadline, rnd)
