"""A seeded random source whose whole state is two integers.

Every draw derives a fresh generator from ``(seed, draws)``, so the source serializes as
plain JSON and a replay from the same seed and action log makes the same draws. Outcomes of
draws are stored in game states (the shuffled deck, the rolled dice) and reported as events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable random source: each method returns its result and the advanced source."""

    seed: int
    draws: int = 0

    def _generator(self) -> random.Random:
        return random.Random(f"{self.seed}/{self.draws}")

    def _next(self) -> Rng:
        return Rng(self.seed, self.draws + 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a random order."""
        out = list(items)
        self._generator().shuffle(out)
        return tuple(out), self._next()

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """``count`` dice of ``sides`` faces (1..sides)."""
        gen = self._generator()
        return tuple(gen.randint(1, sides) for _ in range(count)), self._next()

    def randrange(self, stop: int) -> tuple[int, Rng]:
        """A number in ``range(stop)``."""
        return self._generator().randrange(stop), self._next()

    def to_json(self) -> list[int]:
        return [self.seed, self.draws]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))
