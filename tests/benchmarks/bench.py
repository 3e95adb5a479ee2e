"""Benchmarks, run on demand: ``python -m tests.benchmarks.bench`` prints a table.

For every registered game: a whole random game (computer players), the legal actions of a
mid-game position, and the render time and PNG size of mid-game and final boards. Then the
game service: one move through load → apply → save on a real SQLite file; and a 99-player
Islant race (every action through the service, a round's submissions all at once) with its
sheet, board and standings pictures.
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


async def bench_islant_race(players: int, rounds: int) -> tuple[list[Row], Any]:
    """A Level 5 Islant race of ``players`` through the service on SQLite.

    Every player builds each turn with the computer player's choices, one service call per
    step (load, apply, save, all timed). The submissions of the first rounds come one by one
    (the last of each round closes it and rolls for everyone); those of the last round are
    sent all at once. Returns the rows and the final state (for the render rows).
    """
    from bot.service import GameService
    from bot.store import Store

    game = engine.find_game("islant")
    steps: list[float] = []
    submits: list[float] = []
    closing: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "race.db")
        service = GameService(store, seed_source=lambda: 5)
        await service.open_lobby(
            guild_id=1,
            channel_id=1,
            game_name="islant",
            host_id=1,
            host_name="P1",
            options={"level": "5", "cap": str(players)},
        )
        for user in range(2, players + 1):
            await service.join(1, user, f"P{user}")
        await service.start(1, 1)
        rnd = random.Random(8)
        for number in range(1, rounds + 1):
            _, state = await service.running(1)
            for seat in range(players):
                while seat in game.to_move(state):
                    text = game.format(game.choose_ai_action(state, seat, rnd))
                    if text == "SUBMIT":
                        break
                    start = time.perf_counter()
                    state = (await service.play(1, seat + 1, text)).state
                    steps.append((time.perf_counter() - start) * 1000)
            if number < rounds:
                for seat in game.to_move(state):
                    start = time.perf_counter()
                    result = await service.play(1, seat + 1, "SUBMIT")
                    took = (time.perf_counter() - start) * 1000
                    new_round = any(e.kind == "roll" for e in result.events)
                    (closing if new_round else submits).append(took)
                continue
            burst, waited = await submit_at_once(service, sorted(game.to_move(state)))
        _, state = await service.running(1)
        await store.close()
    name = f"islant race ({players}p, level 5)"
    every = steps + submits + closing
    return [
        (
            name,
            "one action: load, apply, save",
            f"{statistics.median(every):.2f} ms p50, {p(every, 0.99):.2f} p99 "
            f"({len(every)} steps and submissions)",
        ),
        (
            name,
            "one submission (not closing the round)",
            f"{statistics.median(submits):.2f} ms p50, {p(submits, 0.99):.2f} p99 "
            f"({len(submits)} submissions)",
        ),
        (
            name,
            "the submission closing a round (rolls for all)",
            f"{statistics.mean(closing):.1f} ms mean, {max(closing):.1f} max "
            f"({len(closing)} rounds)",
        ),
        (
            name,
            f"{len(waited)} submissions at once",
            f"whole round {burst:.0f} ms; first done {min(waited):.1f} ms, "
            f"median {statistics.median(waited):.0f} ms, last {max(waited):.0f} ms",
        ),
    ], state


async def submit_at_once(service: Any, seats: list[int]) -> tuple[float, list[float]]:
    """Every seat's SUBMIT sent together: the whole time, and when each one was done (ms)."""
    start = time.perf_counter()

    async def submit(seat: int) -> float:
        await service.play(1, seat + 1, "SUBMIT", interaction_id=seat + 1)
        return (time.perf_counter() - start) * 1000

    waited = await asyncio.gather(*(submit(s) for s in seats))
    return (time.perf_counter() - start) * 1000, list(waited)


def bench_islant_pictures(state: Any) -> list[Row]:
    """The sheet (with a roll), the race board and the standings of a finished race state."""
    from engine.islant import sheet_view
    from render.islant import render_board, render_sheet, render_standings

    game = engine.find_game("islant")
    players = len(state.players)
    names = [f"Player {i + 1}" for i in range(players)]
    view = game.view(state, None)
    sheet = sheet_view(state, 0)
    name = f"islant ({players}p, level {state.level})"
    rows = []
    for label, draw in (
        ("render sheet", lambda: render_sheet(sheet, names[0], roll=state.roll)),
        ("render race board", lambda: render_board(view, names)),
        (f"render standings (all {players})", lambda: render_standings(view, names)),
        (
            "render standings (top 10 + you)",
            lambda: render_standings(view, names, highlight=50, top=10),
        ),
    ):
        png = draw()
        ms = timed(draw, 10)
        rows.append(
            (name, label, f"{statistics.median(ms):.1f} ms median, {len(png) / 1024:.0f} KB")
        )
    start = time.perf_counter()
    game.view(state, None)
    rows.append(
        (
            name,
            "public view (sheets scored, cached)",
            f"{(time.perf_counter() - start) * 1000:.1f} ms",
        )
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="random games per game")
    parser.add_argument("--islant-players", type=int, default=99, help="players in the race")
    parser.add_argument("--islant-rounds", type=int, default=3, help="rounds of the race")
    args = parser.parse_args()
    rows: list[Row] = []
    for game in engine.all_games():
        rows += bench_game(game, game.info.min_players, args.games)
    rows += asyncio.run(bench_service(60))
    race_rows, race = asyncio.run(bench_islant_race(args.islant_players, args.islant_rounds))
    rows += race_rows + bench_islant_pictures(race)
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in [("what", "measure", "result"), *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
