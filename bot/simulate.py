"""Offline games between computer players, with a PNG of every step (no Discord needed)."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import find_game
from engine.core import Budget, Game, Level, Outcome, fill_names
from locales import SOURCE, speaking, tr
from render import final_pictures, render_view

MAX_ACTIONS = 100_000


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a simulated game produced."""

    game: str
    names: tuple[str, ...]
    actions: int
    frames: int
    out: Path
    outcome: Outcome
    seconds: float

    def text(self) -> str:
        """A small table of the final scores."""
        order = sorted(range(len(self.names)), key=lambda s: -self.outcome.scores[s])
        width = max(len(n) for n in self.names)
        rows = [
            f"  {'*' if s in self.outcome.winners else ' '} {self.names[s]:<{width}}  "
            f"{self.outcome.scores[s]:>5}"
            for s in order
        ]
        return "\n".join(
            [
                f"{self.game}: {self.actions} actions, {self.frames} frames in {self.out} "
                f"({self.seconds:.1f} s)",
                f"  {fill_names(self.outcome.reason, self.names)}",
                *rows,
            ]
        )


def simulate(
    game_name: str,
    *,
    players: int,
    seed: int,
    out: Path,
    options: Mapping[str, Any] | None = None,
    levels: tuple[Level, ...] | None = None,
    budget: Budget | None = None,
    locale: str = SOURCE,
) -> SimulationSummary:
    """Play a whole game with computer players, writing frames to ``out``.

    Public frames are ``NNNN.png``; in games with hidden information each player's own view
    is written beside it as ``NNNN-pK.png``. A simultaneous game gets one frame per round.
    Games with final pictures (Islant's ranking and sheets) get those files at the end.
    ``levels`` gives each seat's computer level (default: normal for all); ``locale`` is the
    language of the pictures' words.
    """
    with speaking(locale):
        return _play(game_name, players, seed, out, options, levels, budget)


def _play(
    game_name: str,
    players: int,
    seed: int,
    out: Path,
    options: Mapping[str, Any] | None,
    levels: tuple[Level, ...] | None,
    budget: Budget | None,
) -> SimulationSummary:
    started = time.perf_counter()
    game = find_game(game_name)
    state = game.new(players, options, seed)
    levels = levels or (Level.NORMAL,) * players
    names = seat_names(levels)
    rnd = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    frames = _write_frames(game, state, names, out, 0)
    actions = 0
    while not game.is_over(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game_name} did not finish in {MAX_ACTIONS} actions")
        before = game.to_move(state)
        seat = min(before)
        action = game.choose_ai_action(state, seat, rnd, levels[seat], budget)
        state, _ = game.apply(state, seat, action)
        actions += 1
        after = game.to_move(state)
        if not game.info.simultaneous or (after - before) or game.is_over(state):
            frames += _write_frames(game, state, names, out, actions)
    for filename, png in final_pictures(game.view(state, None), names).items():
        (out / filename).write_bytes(png)
        frames += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return SimulationSummary(
        game.info.name, names, actions, frames, out, outcome, time.perf_counter() - started
    )


def seat_names(levels: tuple[Level, ...]) -> tuple[str, ...]:
    """The computer players' names: ``Player 1 (normal)``, …"""
    return tuple(
        f"{tr('Player {number}', number=i + 1)} ({level})" for i, level in enumerate(levels)
    )


def _write_frames(game: Game, state: Any, names: tuple[str, ...], out: Path, step: int) -> int:
    (out / f"{step:04d}.png").write_bytes(render_view(game.view(state, None), names))
    if not game.info.hidden_information:
        return 1
    for seat in range(len(names)):
        (out / f"{step:04d}-p{seat}.png").write_bytes(render_view(game.view(state, seat), names))
    return 1 + len(names)
