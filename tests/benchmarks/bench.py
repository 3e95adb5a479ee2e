"""Benchmarks, run on demand: ``python -m tests.benchmarks.bench`` prints a table.

For every registered game: a whole random game (computer players), the legal actions of a
mid-game position, and the render time and PNG size of mid-game and final boards. Then the
game service: one move through load → apply → save on a real SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from engine.core import Game
from render import RENDERERS, render_view

Row = tuple[str, str, str]


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Wall-clock milliseconds of ``repeat`` calls."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def random_game(game: Game, players: int, seed: int) -> list[Any]:
    """Every state of one random game, first to last."""
    rnd = random.Random(seed)
    state = game.new(players, None, seed)
    states = [state]
    while not game.is_over(state):
        seat = min(game.to_move(state))
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd))
        states.append(state)
    return states


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_game(game: Game, players: int, games: int) -> list[Row]:
    name = f"{game.info.name} ({players}p)"
    rows: list[Row] = []
    whole = timed(lambda: random_game(game, players, random.randrange(10**6)), games)
    rows.append(
        (
            name,
            "whole random game",
            f"{statistics.mean(whole):.1f} ms mean, {max(whole):.1f} max ({games} games)",
        )
    )
    states = random_game(game, players, 1)
    middle = states[len(states) // 3 : 2 * len(states) // 3 + 1]
    mid = max(middle, key=lambda s: len(game.legal_actions(s, min(game.to_move(s)))))
    seat = min(game.to_move(mid))
    count = len(game.legal_actions(mid, seat))
    legal = timed(lambda: game.legal_actions(mid, seat), 50)
    rows.append(
        (
            name,
            "legal actions, busiest mid-game",
            f"{statistics.median(legal):.2f} ms median, {p(legal, 0.99):.2f} p99 ({count} actions)",
        )
    )
    if game.info.name not in RENDERERS:
        return rows
    names = [f"Player {i + 1}" for i in range(players)]
    for label, state in (("mid-game", mid), ("final", states[-1])):
        view = game.view(state, None)
        png = render_view(view, names)
        ms = timed(lambda v=view: render_view(v, names), 10)
        rows.append(
            (
                name,
                f"render {label}",
                f"{statistics.median(ms):.1f} ms median, {len(png) / 1024:.0f} KB",
            )
        )
    return rows


async def bench_service(moves: int) -> list[Row]:
    """One TigerIsland move through the service (lock, load, apply, save) on SQLite."""
    from bot.service import GameService
    from bot.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        service = GameService(store, seed_source=lambda: 7)
        await service.open_lobby(
            guild_id=1, channel_id=1, game_name="tigerisland", host_id=1, host_name="A", options={}
        )
        await service.join(1, 2, "B")
        await service.start(1, 1)
        rnd = random.Random(3)
        times = []
        for _ in range(moves):
            record, state = await service.running(1)
            game = engine.find_game(record.game)
            seat = min(game.to_move(state))
            user = record.players[seat].user_id
            text = game.format(game.choose_ai_action(state, seat, rnd))
            start = time.perf_counter()
            result = await service.play(1, user, text)
            times.append((time.perf_counter() - start) * 1000)
            if result.finished:
                break
        await store.close()
    return [
        (
            "service",
            "one move: load, apply, save",
            f"{statistics.median(times):.2f} ms p50, {p(times, 0.99):.2f} p99 ({len(times)} moves)",
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="random games per game")
    args = parser.parse_args()
    rows: list[Row] = []
    for game in engine.all_games():
        rows += bench_game(game, game.info.min_players, args.games)
    rows += asyncio.run(bench_service(60))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in [("what", "measure", "result"), *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
