"""Benchmarks, run on demand: ``python -m tests.benchmarks.bench [section]`` prints tables.

For every registered game: a whole random game (computer players), the legal actions of a
mid-game position and what its menus cost, and the render time and PNG size of mid-game and
final boards. Then the game service: one move through load → apply → save on a real SQLite
file; and a 99-player Islant race (every action through the service, a round's submissions
all at once) with its sheet, board and standings pictures. Then the worst inputs: per game
the most hostile text to read and the slowest scoring sheet or legal-action position built,
each beside a baseline measured in the same run. Then hostile interactions through the real
bot in simcord, beside an answer that does no work. Last, every kind of picture beside
encoding a flat image of its size, and how late the event loop answers while pictures are
drawn in a thread or in worker processes. ``burst`` plays a 99-player Islant race through the
real bot three ways: everyone clicking at once, taps arriving one by one as people decide, and
the same on a busy machine (see :mod:`tests.benchmarks.burst`); ``loopback`` plays it as people
tap with the bot in a process of its own, through a fake Discord over loopback (see
:mod:`tests.benchmarks.loopback`); ``close`` times a round closing at 10, 33 and 99 players
(see :mod:`tests.benchmarks.round_close`). ``backends``
compares the store on SQLite and PostgreSQL (see :mod:`tests.benchmarks.backends`); ``records``
rates and records a 99-player race beside a 2-player game (see :mod:`tests.benchmarks.records`).
``worst`` (or ``games``, ``service``, ``race``, ``bot``, ``burst``, ``loopback``, ``close``,
``pictures``, ``backends``, ``records``, ``replays``, ``pages``, ``load``, ``typed``,
``footprint``, ``wave``) runs one section only.
``load`` plays 150 games at once on each store beside one game alone (see
:mod:`tests.benchmarks.many_games`); ``typed`` plays 20 games at once with typed moves
through the bot process beside the trivial bot (see :mod:`tests.loopback.typed_games`);
``footprint`` compares the bot's memory and start-up with 1,000 stored games to a bare
discord.py client's (see :mod:`tests.benchmarks.footprint`). ``wave`` plays the loopback
race with everyone at once five times, each run's figures and their median and range: one
run moves by about a tenth from the next on the same code.
``replays`` draws the animated GIF of the longest random game of each kind beside one final
board. ``pages`` times the web pages
(see :mod:`tests.benchmarks.pages`) and Discord answers while they are flooded (see
:mod:`tests.benchmarks.page_flood`).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import gc
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import engine
from engine.core import Game
from engine.core.menus import walk_all
from render import drawn_games, render_view
from tests.benchmarks.backends import bench_backends
from tests.benchmarks.burst import bench_burst
from tests.benchmarks.drawing_loop import bench_drawing_loop
from tests.benchmarks.footprint import HEADER as FOOTPRINT_HEADER
from tests.benchmarks.footprint import bench_footprint
from tests.benchmarks.hostile_bot import bench_hostile_bot
from tests.benchmarks.loopback import HEADER as LOOPBACK_HEADER
from tests.benchmarks.loopback import (
    TYPED_HEADER,
    WAVE_HEADER,
    bench_loopback,
    bench_typed,
    bench_wave,
)
from tests.benchmarks.many_games import HEADER as LOAD_HEADER
from tests.benchmarks.many_games import bench_many_games
from tests.benchmarks.page_flood import bench_page_flood
from tests.benchmarks.pages import bench_pages
from tests.benchmarks.pictures import SHEET_HEADER, bench_pictures, bench_sheet_stages
from tests.benchmarks.records import bench_records
from tests.benchmarks.replays import bench_replays
from tests.benchmarks.round_close import bench_round_close
from tests.benchmarks.stats import p

Row = tuple[str, str, str]


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Wall-clock milliseconds of ``repeat`` calls."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def random_game(
    game: Game, players: int, seed: int, options: dict[str, Any] | None = None
) -> list[Any]:
    """Every state of one random game, first to last."""
    rnd = random.Random(seed)
    state = game.new(players, options, seed)
    states = [state]
    while not game.is_over(state):
        seat = min(game.to_move(state))
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd))
        states.append(state)
    return states


BUSIEST_GAMES = (("islant", 4, {"level": "5"}), ("wars", 6, {}))
"""The games whose computers work the most: whole games timed beside the first seat's
decisions (normal computers)."""


def bench_whole_games(game: Game, players: int, options: dict[str, Any], games: int) -> list[Row]:
    """Whole games of normal computers: CPU per game, and per decision."""
    name = f"{game.info.name} ({players}p{''.join(f' {k}={v}' for k, v in options.items())})"
    per_game, decisions = [], []
    for seed in range(games):
        rnd = random.Random(seed)
        state = game.new(players, options, seed)
        start = time.process_time()
        while not game.is_over(state):
            seat = min(game.to_move(state))
            decided = time.process_time()
            action = game.choose_ai_action(state, seat, rnd)
            decisions.append((time.process_time() - decided) * 1000)
            state, _ = game.apply(state, seat, action)
        per_game.append((time.process_time() - start) * 1000)
    return [
        (
            name,
            "whole game, normal computers (CPU)",
            f"{statistics.median(per_game):.0f} ms median, {max(per_game):.0f} max ({games} games)",
        ),
        (
            name,
            "one computer decision (CPU)",
            f"{statistics.mean(decisions):.2f} ms mean, {p(decisions, 0.99):.1f} p99",
        ),
    ]


def bench_game(game: Game, players: int, games: int) -> list[Row]:
    name = f"{game.info.name} ({players}p)"
    rows: list[Row] = []
    whole = timed(lambda: random_game(game, players, random.randrange(10**6)), games)
    rows.append(
        (
            name,
            "whole random game",
            f"{statistics.median(whole):.1f} ms median, {statistics.mean(whole):.1f} mean,"
            f" {max(whole):.1f} max ({games} games)",
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
    rows += bench_menus(game, name, mid, seat)
    if game.info.name not in drawn_games():
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


def bench_menus(game: Game, name: str, state: Any, seat: int) -> list[Row]:
    """What a tap costs in the busiest mid-game: the first menu of a freshly loaded state (a
    new object, as the bot has at every tap), every menu walked, and every action's search
    words for autocomplete."""
    first = timed(lambda: game.menu(copy.copy(state), seat, ()), 20)
    walk = timed(lambda: sum(1 for _ in walk_all(lambda path: game.menu(state, seat, path))), 3)
    search = timed(lambda: search_all(game, copy.copy(state), seat), 5)
    return [
        (name, "first menu, fresh state", f"{statistics.median(first):.1f} ms median"),
        (name, "every menu walked", f"{statistics.median(walk):.0f} ms median"),
        (name, "search words, every action", f"{statistics.median(search):.1f} ms median"),
    ]


def search_all(game: Game, state: Any, seat: int) -> list[str]:
    """The search words of every legal action, as autocomplete asks for them."""
    return [game.search_text(action, state) for action in game.legal_actions(state, seat)]


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


# ----- worst inputs -----------------------------------------------------------------------
WORST_REPEAT = 30
HUGE_NUMBER = "9" * 4301
"""One digit more than Python turns into an int from text without complaint."""


def worst_ms(fn: Callable[[], Any], repeat: int = WORST_REPEAT) -> tuple[float, float]:
    """Median and max milliseconds of ``repeat`` calls, the first one included (cold caches),
    with the garbage collector paused as ``timeit`` does."""
    gc.collect()
    gc.disable()
    try:
        ms = timed(fn, repeat)
    finally:
        gc.enable()
    return statistics.median(ms), max(ms)


def refused(game: Game, text: str) -> Callable[[], None]:
    """Parse ``text`` with ``game``, expecting a refusal."""

    def parse() -> None:
        try:
            game.parse(text)
        except engine.core.IllegalAction:
            return
        raise AssertionError(f"{game.info.name} read {text[:40]!r}")

    return parse


def hostile_texts(name: str) -> list[tuple[str, str]]:
    """(label, text) of the longest and most hostile inputs for a game's notation reader."""
    blanks = " " * 100_000
    texts = {
        "islant": [
            ("DRAW rotation of 4,301 digits", "DRAW land C4 R" + "0" * 4301),
            ("WILD value of 4,301 digits", "WILD land=" + "4" * 4301),
            ("ASSIGN value of 4,301 digits", "ASSIGN red=" + HUGE_NUMBER + " blue=2"),
            ("NAME of 6,000 characters", "NAME C4 " + "Isle " * 1200),
        ],
        "tigerisland": [
            ("20,000 blanks in a PLACE", "PLACE" + " " * 20_000 + "JUNGLE + LAKE AT 0 0 0 1"),
            ("100,000 blanks before +", "PLACE JUNGLE" + blanks + "+LAKE AT 0 0 0 1"),
            ("coordinate of 4,301 digits", f"FOUND SETTLEMENT AT {HUGE_NUMBER} 0 0"),
        ],
        "wars": [
            ("MOVE of 6,000 characters", "MOVE " + "B 2 -3 TO 1 -2 AND " * 315),
            ("coordinate of 4,301 digits", f"PLACE BARRACKS {HUGE_NUMBER} -3"),
        ],
        "competition": [
            ("SPLIT of 6,000 characters", "SPLIT " + "usedom=down " * 500),
            ("STEAL seat of 4,301 digits", f"STEAL sylt FROM {HUGE_NUMBER} TO SEA"),
        ],
    }[name]
    return [
        *texts,
        ("100,000 characters", "x" * 100_000),
        ("100,000 blanks", blanks),
        ("3,000 emoji", "🌊" * 3_000),
    ]


def mid_game(game: Game, players: int) -> tuple[Any, int]:
    """The busiest position (most legal actions) of the middle third of a random game."""
    states = random_game(game, players, 1)
    middle = states[len(states) // 3 : 2 * len(states) // 3 + 1]
    state = max(middle, key=lambda s: len(game.legal_actions(s, min(game.to_move(s)))))
    return state, min(game.to_move(state))


Case = tuple[str, str, Callable[[], Any]]
"""(kind of work: parse, legal or score; label; the work)."""


def legal_case(game: Game, label: str, state: Any, seat: int) -> Case:
    count = len(game.legal_actions(state, seat))
    return "legal", f"{label} ({count:,} actions)", lambda: game.legal_actions(state, seat)


def worst_cases(game: Game) -> list[Case]:
    """The most hostile texts, and the slowest scoring and legal-action cases built."""
    name = game.info.name
    cases: list[Case] = [
        ("parse", f"parse: {label}", refused(game, text)) for label, text in hostile_texts(name)
    ]
    if name == "islant":
        return cases + islant_worst_cases(game)
    if name == "tigerisland":
        from tests.engine.tigerisland.test_worst_cases import sprawl

        return [*cases, legal_case(game, "legal builds, 20 settlements on 144 hexes", sprawl(), 0)]
    if name == "wars":
        from tests.engine.wars.test_wars_worst_cases import widest

        return [
            *cases,
            legal_case(game, "legal actions, one seat owns the six map", widest("six"), 0),
            legal_case(game, "legal actions, one seat owns the three map", widest("three"), 0),
        ]
    states = [s for seed in range(5) for s in random_game(game, game.info.max_players, seed)]
    state, seat = max(
        ((s, seat) for s in states for seat in game.to_move(s)),
        key=lambda pair: len(game.legal_actions(*pair)),
    )
    return [*cases, legal_case(game, "legal actions, busiest of 5 full-table games", state, seat)]


def islant_worst_cases(game: Game) -> list[Case]:
    from engine.islant import scoring
    from engine.islant.sheet import Cell
    from engine.islant.turn import can_draw_anything
    from tests.engine.islant.fixtures import staircase
    from tests.engine.islant.helpers import play, race
    from tests.engine.islant.test_worst_cases import every_cell

    tiny = every_cell(5, Cell(land=0b0101, red=0b0101))
    full = every_cell(5, Cell(land=0b1111, red=0b1111))
    drawn = play(
        race(5, (6, 6, 6, 6, 6), tiny),
        0,
        "ASSIGN column=6 red=6 blue=6 waves=6 ships=6",
        "WILD column=1",
        "WILD blue=5",
    )
    two, five = staircase(2), staircase(5)
    gaps = staircase(2, without=("E1", "E9"))
    return [
        ("score", "waves, Level 2 staircase in 4 corners", lambda: scoring.wave_score(two)),
        ("score", "waves, same without E1 and E9", lambda: scoring.wave_score(gaps)),
        ("score", "waves, Level 5 staircase in 4 corners", lambda: scoring.wave_score(five)),
        ("score", "whole score, 127 islands (Level 5)", fresh_score(tiny)),
        ("score", "whole score, Level 2 staircase", fresh_score(two)),
        (
            "legal",
            "can draw anything? full sheet, 1 2 3 4 5",
            lambda: can_draw_anything(full, (1, 2, 3, 4, 5)),
        ),
        (
            "legal",
            "can draw anything? bow ties, 2 3 4 2 3",
            lambda: can_draw_anything(tiny, (2, 3, 4, 2, 3)),
        ),
        legal_case(game, "legal actions, wild dice on 120 bow ties", drawn, 0),
        ("legal", "top menu (built cold), wild dice on 120 bow ties", cold_menu(game, drawn)),
        (
            "legal",
            "assignment menu (built cold), 1 2 3 4 5 on 120 bow ties",
            cold_menu(game, race(5, (1, 2, 3, 4, 5), tiny)),
        ),
    ]


def cold_menu(game: Game, state: Any) -> Callable[[], Any]:
    """Seat 0's top menu of a copy of ``state`` (menus remember the tree of a state object)."""
    from dataclasses import replace

    return lambda: game.menu(replace(state), 0)


def fresh_score(sheet: Any) -> Callable[[], Any]:
    """Score an Islant sheet with the score and island caches emptied first."""
    from engine.islant import scoring

    def run() -> Any:
        scoring.score.cache_clear()
        scoring.islands.cache_clear()
        return scoring.score(sheet)

    return run


def baselines(game: Game) -> dict[str, tuple[str, Callable[[], Any]]]:
    """Ordinary work of each kind for a game: a legal action's parse, the legal actions of
    the busiest mid-game position, and (Islant) the score of a sheet from a random race."""
    state, seat = mid_game(game, game.info.min_players)
    notation = game.format(game.legal_actions(state, seat)[0])
    _, label, work = legal_case(game, "legal actions, busiest mid-game", state, seat)
    out = {"parse": (f"parse `{notation}`", partial(game.parse, notation)), "legal": (label, work)}
    if game.info.name == "islant":
        sheet = random_game(game, 1, 3, {"level": 5})[-1].players[0].sheet
        out["score"] = ("whole score, last sheet of a random Level 5 race", fresh_score(sheet))
    return out


WorstRow = tuple[str, str, str, str, str, str]


def bench_worst() -> list[WorstRow]:
    """Per game: each worst case beside the ordinary work of its kind (median and max of the
    same number of runs, measured in this run)."""
    rows: list[WorstRow] = []
    for game in engine.all_games():
        measured = {
            kind: (label, worst_ms(work)) for kind, (label, work) in baselines(game).items()
        }
        for kind, label, work in worst_cases(game):
            base_label, base = measured[kind]
            rows.append((game.info.name, label, *fmt(worst_ms(work)), base_label, fmt(base)[0]))
    return rows


def fmt(times: tuple[float, float]) -> tuple[str, str]:
    return f"{times[0]:.3f}", f"{times[1]:.3f}"


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


SECTIONS = (
    "all",
    "games",
    "service",
    "race",
    "worst",
    "bot",
    "burst",
    "loopback",
    "close",
    "pictures",
    "backends",
    "records",
    "replays",
    "pages",
    "load",
    "typed",
    "footprint",
    "wave",
)


def print_burst(players: int, think: float) -> None:
    """The burst's latencies per arrival model beside the trivial handler's, then the
    publisher's work per round."""
    acks, rounds = bench_burst(players, think=(min(0.5, think), think))
    print()
    header = (
        f"{players} players, ms",
        "taps",
        "ack p50 / p99 / max",
        "ack p99 ÷ trivial p99",
        "answered p50 / p99 / max",
        "loop CPU ms per tap: all / the bot's",
        "waves' floor",
    )
    print_table(header, acks)
    print()
    header = ("round", "seconds", "waves", "board edits", "posts", "PATCH requests", "429s")
    print_table(header, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("section", nargs="?", choices=SECTIONS, default="all")
    parser.add_argument("--games", type=int, default=10, help="random games per game")
    parser.add_argument("--islant-players", type=int, default=99, help="players in the race")
    parser.add_argument("--islant-rounds", type=int, default=3, help="rounds of the race")
    parser.add_argument(
        "--think", type=float, default=8.0, help="a person's longest pause before a tap, s"
    )
    args = parser.parse_args()
    wanted = set(SECTIONS[1:]) if args.section == "all" else {args.section}
    rows: list[Row] = []
    if "games" in wanted:
        for game in engine.all_games():
            rows += bench_game(game, game.info.min_players, args.games)
        for name, players, options in BUSIEST_GAMES:
            rows += bench_whole_games(engine.find_game(name), players, options, args.games)
    if "service" in wanted:
        rows += asyncio.run(bench_service(60))
    if "race" in wanted:
        race_rows, race = asyncio.run(bench_islant_race(args.islant_players, args.islant_rounds))
        rows += race_rows + bench_islant_pictures(race)
    if rows:
        print_table(("what", "measure", "result"), rows)
    if "worst" in wanted:
        if rows:
            print()
        header = ("game", "worst input", "median ms", "max ms", "baseline", "median ms")
        print_table(header, bench_worst())
    if "bot" in wanted:
        print()
        header = ("", "hostile interaction", "median ms", "max ms", "baseline", "median ms")
        print_table(header, asyncio.run(bench_hostile_bot()))
    if "burst" in wanted:
        print_burst(args.islant_players, args.think)
    if "loopback" in wanted:
        print()
        think = (min(0.5, args.think), args.think)
        header = (f"{args.islant_players} players, {LOOPBACK_HEADER[0]}", *LOOPBACK_HEADER[1:])
        print_table(header, bench_loopback(args.islant_players, think))
    if "wave" in wanted:
        print()
        print_table(WAVE_HEADER, bench_wave(args.islant_players))
    if "footprint" in wanted:
        print()
        print_table(FOOTPRINT_HEADER, bench_footprint())
    if "typed" in wanted:
        print()
        print_table(TYPED_HEADER, bench_typed())
    if "load" in wanted:
        print()
        print_table(LOAD_HEADER, asyncio.run(bench_many_games()))
    if "close" in wanted:
        print()
        header = ("Islant round close", "wall ms", "event loop CPU ms", "1 ms timer late by, ms")
        print_table(header, bench_round_close())
    if "pictures" in wanted:
        print()
        header = (
            "picture",
            "size",
            "render+encode ms",
            "flat P 1-bit ms (ratio)",
            "flat P 8-bit ms (ratio)",
            "picture's encode alone ms (÷ 8-bit)",
            "ratio to flat RGB",
            "bytes",
        )
        print_table(header, bench_pictures())
        print()
        print_table(SHEET_HEADER, bench_sheet_stages())
        print()
        header = ("event loop, 1 ms timer", "late p50 ms", "late p99 ms", "all drawn in")
        print_table(header, asyncio.run(bench_drawing_loop()))
    if "backends" in wanted:
        print()
        header = ("store back-ends (p50 / p99)", "SQLite", "PostgreSQL")
        print_table(header, asyncio.run(bench_backends()))
    if "records" in wanted:
        print()
        header = ("records", "median ms", "max ms", "baseline", "median ms")
        print_table(header, bench_records())
    if "replays" in wanted:
        print()
        header = (
            "replay (longest of 5 games)",
            "moves",
            "frames",
            "GIF s",
            "bytes",
            "final board ms",
            "ratio",
            "ratio per frame",
        )
        print_table(header, bench_replays())
    if "pages" in wanted:
        loads, live = bench_pages()
        print()
        print_table(("page load (Chromium, nothing cached)", "load ms", "bytes", "ratio"), loads)
        print()
        print_table(("one race watched by 100 pages, ms", "p50", "p99"), live)
        print()
        header = ("race as people tap, ack ms", "taps", "p50 / p99 / max", "p99 ÷ baseline", "")
        print_table(header, bench_page_flood())


if __name__ == "__main__":
    main()
