"""The arena: seeded games between computer levels, and a table of how each level did.

Levels sit in rotation: in game ``i`` seat ``s`` plays ``levels[(i + s) % len(levels)]``, so
every level gets every seat equally often. A seat among the winners counts a win (a shared
win counts for each). Decision times are CPU time of the process that decided.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import find_game
from engine.core import Budget, Level

MAX_ACTIONS = 100_000
WILSON_Z = 1.96


@dataclass(frozen=True, slots=True)
class Seating:
    """One arena game: its number, the level of each seat, and what to play."""

    game: str
    index: int
    seed: int
    levels: tuple[Level, ...]
    options: Mapping[str, Any]
    budget: Budget


@dataclass(frozen=True, slots=True)
class Played:
    """What one arena game gave each seat: score, win, decisions, their CPU seconds and the
    longest one's wall-clock seconds."""

    levels: tuple[Level, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    longest: tuple[float, ...] = ()


@dataclass(slots=True)
class LevelResult:
    """A level's totals over the arena's games."""

    games: int = 0
    wins: int = 0
    score: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_interval": [lo, hi],
            "mean_score": self.score / self.games if self.games else 0.0,
            "mean_decision_ms": 1000 * self.seconds / self.decisions if self.decisions else 0.0,
            "longest_decision_wall_ms": 1000 * self.longest,
        }


@dataclass(slots=True)
class ArenaReport:
    """Every level's results over ``games`` games of ``game``."""

    game: str
    games: int
    levels: dict[str, LevelResult] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    think_ms: int = 0
    played: int = 0

    def add(self, played: Played) -> None:
        self.played += 1
        for seat, level in enumerate(played.levels):
            result = self.levels.setdefault(level.value, LevelResult())
            result.games += 1
            result.wins += seat in played.winners
            result.score += played.scores[seat]
            result.decisions += played.decisions[seat]
            result.seconds += played.seconds[seat]
            if played.longest:
                result.longest = max(result.longest, played.longest[seat])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "played": self.played,
            "levels": {name: result.to_json() for name, result in self.levels.items()},
        }

    def text(self) -> str:
        """The table: one row per level."""
        setting = ", ".join(f"{k}={v}" for k, v in self.options.items())
        done = "" if self.played == self.games else f" ({self.played} played)"
        title = f"{self.game}: {self.games} games{done}, hard thinks {self.think_ms} ms" + (
            f", {setting}" if setting else ""
        )
        header = f"{'level':<8} {'games':>6} {'wins':>6} {'win %':>7} {'95 % interval':>15}"
        header += f" {'mean score':>11} {'ms/decision':>12}"
        rows = [title, header]
        for name, result in self.levels.items():
            data = result.to_json()
            lo, hi = data["win_interval"]
            rows.append(
                f"{name:<8} {data['games']:>6} {data['wins']:>6} {100 * data['win_rate']:>6.1f}%"
                f" {f'{100 * lo:.1f}–{100 * hi:.1f} %':>15} {data['mean_score']:>11.1f}"
                f" {data['mean_decision_ms']:>12.2f}"
            )
        return "\n".join(rows)


def wilson(wins: int, games: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def seatings(
    game: str,
    levels: Sequence[Level],
    games: int,
    seed: int,
    options: Mapping[str, Any],
    budget: Budget,
    players: int | None = None,
) -> list[Seating]:
    """The arena's games: seeds drawn from ``seed``, levels in rotation over the seats."""
    seats = players or len(levels)
    return [
        Seating(
            game,
            index,
            random.Random(f"{seed}/{index}").randrange(2**31),
            tuple(levels[(index + s) % len(levels)] for s in range(seats)),
            dict(options),
            budget,
        )
        for index in range(games)
    ]


def play(seating: Seating) -> Played:
    """Play one arena game to its end."""
    game = find_game(seating.game)
    seats = len(seating.levels)
    state = game.new(seats, seating.options, seating.seed)
    rnd = random.Random(f"{seating.seed}/computers")
    decisions = [0] * seats
    seconds = [0.0] * seats
    longest = [0.0] * seats
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        started, wall = time.process_time(), time.perf_counter()
        action = game.choose_ai_action(state, seat, rnd, seating.levels[seat], seating.budget)
        seconds[seat] += time.process_time() - started
        longest[seat] = max(longest[seat], time.perf_counter() - wall)
        decisions[seat] += 1
        state, _ = game.apply(state, seat, action)
    outcome = game.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{seating.game} did not finish in {MAX_ACTIONS} actions")
    return Played(
        seating.levels,
        outcome.scores,
        outcome.winners,
        tuple(decisions),
        tuple(seconds),
        tuple(longest),
    )


def arena(
    game: str,
    levels: Sequence[Level],
    *,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: Budget | None = None,
    jobs: int = 1,
    players: int | None = None,
    on_game: Callable[[ArenaReport], None] | None = None,
) -> ArenaReport:
    """Play the arena's games (in ``jobs`` processes) and total them per level.

    ``on_game`` sees the report after every finished game, so a long run can show or save
    its results so far.
    """
    budget = budget or Budget()
    name = find_game(game).info.name
    report = ArenaReport(name, games, options=dict(options or {}), think_ms=budget.think_ms)
    for level in dict.fromkeys(levels):
        report.levels[level.value] = LevelResult()
    todo = seatings(name, levels, games, seed, options or {}, budget, players)
    if jobs <= 1:
        for seating in todo:
            report.add(play(seating))
            if on_game is not None:
                on_game(report)
        return report
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for played in pool.imap(play, todo):
            report.add(played)
            if on_game is not None:
                on_game(report)
    return report
