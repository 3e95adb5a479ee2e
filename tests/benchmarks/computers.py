"""Hard computers at the bot's budget: their strength, their time per move, and a person's
moves while they think.

``python -m tests.benchmarks.computers [--games N] [--game NAME ...] [--skip-arena]
[--skip-moves]``

1. Strength and time: for every registered game, seeded two-player games of hard against
   normal (seats in rotation, :func:`bot.arena.arena`) at the budget the bot gives a hard
   seat (:class:`bot.computers.Thinkers`): hard's wins with a 95 % interval, the mean CPU time
   of a decision and the longest decision on the clock on the wall.
2. A person's moves while computers think: Island competition, a person against two hard
   computers, through the game service with its worker process. Each of the person's moves
   is timed (save and the board's picture) while the computers' job runs, beside the same
   moves with no computer thinking (the baseline, same run).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from bot.arena import arena
from bot.computers import Thinkers
from bot.service import GameService
from bot.store import Store
from bot.timers import COMPUTERS
from engine import all_games, find_game
from engine.core import Level

CHANNEL, PERSON = 7, 1
ISLANT_OPTIONS = {"level": 2}


def strength_rows(games: int, names: list[str], seed: int = 1) -> Iterator[tuple[str, ...]]:
    """Hard against normal per game at the bot's budget, a row per game as it is done."""
    budget = Thinkers().budget
    for name in names:
        options = ISLANT_OPTIONS if name == "islant" else {}
        report = arena(
            name, (Level.HARD, Level.NORMAL), games=games, seed=seed, options=options, budget=budget
        )
        hard = report.levels["hard"].to_json()
        normal = report.levels["normal"].to_json()
        lo, hi = hard["win_interval"]
        yield (
            name,
            f"{hard['wins']}/{hard['games']}",
            f"{100 * hard['win_rate']:.0f} % ({100 * lo:.0f}–{100 * hi:.0f})",
            f"{hard['mean_score']:.1f} vs {normal['mean_score']:.1f}",
            f"{hard['mean_decision_ms']:.0f}",
            f"{hard['longest_decision_wall_ms']:.0f}",
        )


async def person_moves(thinking: bool, moves: int) -> list[float]:
    """Wall ms of each of the person's moves (saved, and the board drawn as the bot shows
    it) in a competition against two hard computers, while they think or not."""
    game = find_game("competition")
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "computers.db")
        service = GameService(store, seed_source=lambda: 5)
        try:
            await service.open_lobby(
                guild_id=1,
                channel_id=CHANNEL,
                game_name="competition",
                host_id=PERSON,
                host_name="Alice",
                options={},
            )
            for _ in range(2):
                await service.add_computer(CHANNEL, PERSON, "hard")
            result = await service.start(CHANNEL, PERSON)
            (job,) = [j for j in await store.pending_jobs(result.record.id) if j.kind == COMPUTERS]
            await service.render(result.record, result.state, None)  # the picture process is up
            task = None
            if thinking:
                version = result.record.version
                task = asyncio.create_task(
                    service.play_computers(CHANNEL, version=version, job_id=job.id)
                )
                await asyncio.sleep(0.5)  # the worker process is thinking
            times = []
            state = result.state
            seat = result.record.seat_of(PERSON)
            for _ in range(moves):
                actions = game.forward_actions(state, seat)
                if not actions or seat not in game.to_move(state):
                    break
                started = time.perf_counter()
                moved = await service.play(CHANNEL, PERSON, game.format(actions[0]))
                await service.render(moved.record, moved.state, None)
                times.append((time.perf_counter() - started) * 1000)
                state = moved.state
            if task is not None:
                await task
            return times
        finally:
            service.computers.close()
            service.pictures.close()
            await store.close()


def print_table(header: tuple[str, ...], rows: Iterable[tuple[str, ...]]) -> None:
    print("| " + " | ".join(header) + " |", flush=True)
    print("|" + "---|" * len(header), flush=True)
    for row in rows:
        print("| " + " | ".join(row) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--skip-arena", action="store_true")
    parser.add_argument("--skip-moves", action="store_true", help="only the arena")
    args = parser.parse_args()
    rows = []
    for thinking in (False, True) if not args.skip_moves else ():
        times = asyncio.run(person_moves(thinking, 6))
        label = "while 2 hard computers think" if thinking else "nobody thinking (baseline)"
        rows.append(
            (label, str(len(times)), f"{statistics.median(times):.0f}", f"{max(times):.0f}")
        )
    if rows:
        print("A person's moves in Island competition (save + board picture, wall ms)")
        print_table(("situation", "moves", "median ms", "longest ms"), rows)
    if not args.skip_arena:
        names = args.game or [g.info.name for g in all_games()]
        print(f"\nHard against normal, {args.games} two-player games each, the bot's budget")
        header = ("game", "hard wins", "win % (95 %)", "mean score", "CPU ms/decision")
        print_table((*header, "longest wall ms"), strength_rows(args.games, names, args.seed))


if __name__ == "__main__":
    main()
