"""Replay benchmark: the longest of a few random games of each kind, drawn as an animated GIF,
beside drawing that game's final board once (the same run's baseline)."""

from __future__ import annotations

import time

from bot.replays import draw_replay, replay_frames
from engine import find_game
from render import render_view
from tests.render.replay_games import random_job

PLAYERS = {"tigerisland": 2, "wars": 4, "competition": 5, "islant": 6}
SEEDS = range(1, 6)


def bench_replays() -> list[tuple[str, ...]]:
    """Per game: moves, frames, GIF seconds and bytes, one final board's ms, and the ratio."""
    rows = []
    for name, players in PLAYERS.items():
        job = max((random_job(name, players, seed) for seed in SEEDS), key=lambda j: len(j.log))
        frames = replay_frames(job)
        start = time.perf_counter()
        gif = draw_replay(job)
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        render_view(frames[-1].view, job.names)
        board_ms = (time.perf_counter() - start) * 1000
        title = find_game(name).info.title
        rows.append(
            (
                f"{title}, {players} players",
                str(len(job.log)),
                str(len(frames)),
                f"{seconds:.1f}",
                f"{len(gif):,}",
                f"{board_ms:.0f}",
                f"{seconds * 1000 / board_ms:.0f}×",
                f"{seconds * 1000 / board_ms / len(frames):.2f}×",
            )
        )
    return rows
