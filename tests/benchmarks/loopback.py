"""The 99-player race as people tap, with the bot in a process of its own (``bench loopback``).

The same players and decisions as the in-process burst (:mod:`tests.benchmarks.burst`), but
the bot runs alone in its process and meets a fake Discord over loopback
(:mod:`tests.loopback.race`): what the bot's event loop does is the bot's alone. Three
arrival models: as people tap (each tap after a person's pause), on a quiet machine and with
another process spinning on a core; and, on the busy machine, everyone starting a round at
once and each tapping as soon as the last answer is seen (no pause: the most the bot is
asked). Each beside a trivial bot fed the same arrivals through the same fake, in the same
run (with no pause, every player taps it at once and again as soon as answered), and the
bot's processor time per tap beside the trivial bot's.
"""

from __future__ import annotations

import asyncio
import statistics

from tests.benchmarks.burst import BUTTON, DONE, LEVEL, OPEN, ROUNDS, SELECT, TRIVIAL_KIND
from tests.benchmarks.stats import p
from tests.loopback.race import BotCpu, Race, time_race
from tests.loopback.typed_games import run_typed

MODELS = (
    ("as people tap", False, None),
    ("as people tap, busy machine", True, None),
    ("everyone at once, each tap after the last answer, busy machine", True, (0.0, 0.0)),
)
"""(title, another process spinning on a core, the pauses before taps: None for people's)."""
SLOW_MS, DEADLINE_MS = 1000.0, 3000.0
LoopbackRow = tuple[str, str, str, str, str, str, str, str, str, str]
HEADER = (
    "ms",
    "taps",
    "ack p50 / p99 / max",
    "ack p99 ÷ trivial p99",
    "answered p50 / p99 / max",
    "acks over 1 s / 3 s",
    "10062s",
    "bot CPU ms per tap: loop / with workers",
    "loop CPU ÷ trivial's",
    "loop sleeps per tap",
)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {p(values, 0.99):.1f} / {max(values):.1f}"


def race_rows(title: str, race: Race) -> list[LoopbackRow]:
    """One model's rows: the trivial bot, each kind of tap, and the whole race."""
    base = race.latencies.ack.pop(TRIVIAL_KIND)
    race.latencies.answered.pop(TRIVIAL_KIND)
    base_p99 = p(base, 0.99)
    trivial = race.trivial_cpu
    rows: list[LoopbackRow] = [
        (
            f"{title}: trivial bot (baseline)",
            str(len(base)),
            spread(base),
            "1×",
            "",
            over(base),
            "",
            per_tap(trivial.loop, trivial.total, race.trivial_taps),
            "1×",
            sleeps(trivial, race.trivial_taps),
        )
    ]
    for kind in (OPEN, SELECT, BUTTON, DONE):
        acks = race.latencies.ack.get(kind, [])
        if acks:
            answered = race.latencies.answered[kind]
            ratio = f"{p(acks, 0.99) / base_p99:.1f}×"
            rows.append(
                (
                    f"{title}: {kind}",
                    str(len(acks)),
                    spread(acks),
                    ratio,
                    spread(answered),
                    over(acks),
                    "",
                    "",
                    "",
                    "",
                )
            )
    every = [ms for acks in race.latencies.ack.values() for ms in acks]
    refused = [f"{code}s: {n}" for code, n in race.refusals.items() if code != "10062"]
    notes = [f"{race.seconds:.0f} s", *refused, f"lost {race.lost}"]
    notes.append(f"limits broken {len(race.violations)}")
    rows.append(
        (
            f"{title}: all taps ({'; '.join(notes)})",
            str(race.taps),
            spread(every),
            f"{p(every, 0.99) / base_p99:.1f}×",
            "",
            over(every),
            str(race.refusals.get("10062", 0)),
            per_tap(race.bot_cpu.loop, race.bot_cpu.total, race.taps),
            cpu_ratio(race),
            sleeps(race.bot_cpu, race.taps),
        )
    )
    return rows


def loop_seconds_per_tap(race: Race) -> tuple[float, float]:
    """The bot's event-loop CPU seconds per tap, and the trivial bot's (same fake, same run)."""
    bot = race.bot_cpu.loop / max(1, race.taps)
    return bot, race.trivial_cpu.loop / max(1, race.trivial_taps)


def cpu_ratio(race: Race) -> str:
    """The bot's event-loop CPU per tap ÷ the trivial bot's."""
    bot, trivial = loop_seconds_per_tap(race)
    return f"{bot / trivial:.1f}×" if trivial > 0 else "—"


def over(acks: list[float]) -> str:
    return f"{sum(ms > SLOW_MS for ms in acks)} / {sum(ms > DEADLINE_MS for ms in acks)}"


def per_tap(loop: float, total: float, taps: int) -> str:
    return f"{loop * 1000 / max(1, taps):.2f} / {total * 1000 / max(1, taps):.2f}"


def sleeps(cpu: BotCpu, taps: int) -> str:
    """How many times a tap put the bot's event loop to sleep, on average: each wake-up
    costs the loop more than the work it wakes for, its caches cold."""
    return f"{cpu.sleeps / max(1, taps):.1f}"


def bench_loopback(
    players: int, think: tuple[float, float], rounds: int = ROUNDS
) -> list[LoopbackRow]:
    """Rows for each model (see :data:`MODELS`)."""
    rows: list[LoopbackRow] = []
    for title, busy, pauses in MODELS:
        race = time_race(
            players=players, rounds=rounds, think=pauses or think, busy=busy, level=LEVEL
        )
        rows += race_rows(title, race)
    return rows


WAVE_RUNS = 5
WAVE_HEADER = (
    "everyone at once, busy machine",
    "loop CPU ms per tap",
    "÷ trivial's",
    "select answered p50 ms",
    "select answered p99 ms",
    "ack p99 ÷ trivial p99",
    "loop sleeps per tap",
)
WAVE_DIGITS = (2, 1, 0, 0, 1, 1)
WAVE_SUFFIXES = ("", "×", "", "", "×", "")


def bench_wave(players: int, runs: int = WAVE_RUNS) -> list[tuple[str, ...]]:
    """The race with everyone at once (the last of :data:`MODELS`), ``runs`` times: one row a
    run, then the median and range of each figure. One run of it moves by about a tenth from
    the next on the same code, so a step of a few percent shows only over several."""
    _, busy, pauses = MODELS[-1]
    figures: list[tuple[float, ...]] = []
    rows: list[tuple[str, ...]] = []
    for run in range(1, runs + 1):
        race = time_race(players=players, rounds=ROUNDS, think=pauses, busy=busy, level=LEVEL)
        trivial_acks = race.latencies.ack.pop(TRIVIAL_KIND)
        loop, trivial_loop = loop_seconds_per_tap(race)
        answered = race.latencies.answered.get(SELECT) or [0.0]
        acks = [ms for kind_acks in race.latencies.ack.values() for ms in kind_acks]
        figure = (
            loop * 1000,
            loop / trivial_loop if trivial_loop else 0.0,
            statistics.median(answered),
            p(answered, 0.99),
            p(acks, 0.99) / p(trivial_acks, 0.99),
            race.bot_cpu.sleeps / max(1, race.taps),
        )
        figures.append(figure)
        rows.append((f"run {run} ({race.taps} taps, lost {race.lost})", *wave_cells([figure])))
    rows.append((f"median of {runs} runs (lowest–highest)", *wave_cells(figures)))
    return rows


def wave_cells(figures: list[tuple[float, ...]]) -> tuple[str, ...]:
    """A wave row's cells: one run's figures, or the median and range of several."""
    cells = []
    for index, (digits, suffix) in enumerate(zip(WAVE_DIGITS, WAVE_SUFFIXES, strict=True)):
        values = [figure[index] for figure in figures]
        cell = f"{statistics.median(values):,.{digits}f}{suffix}"
        if len(values) > 1:
            cell += f" ({min(values):,.{digits}f}–{max(values):,.{digits}f})"
        cells.append(cell)
    return tuple(cells)


TYPED_GAMES, TYPED_MOVES = 20, 30
TYPED_HEADER = (
    "typed moves, ms",
    "moves",
    "moves/s",
    "ack p50 / p99 / max",
    "ack p99 ÷ trivial p99",
    "answered p50 / p99 / max",
    "refused",
    "bot CPU ms per move: loop / with workers",
    "loop CPU ÷ trivial's",
    "loop sleeps per move",
)


def bench_typed(games: int = TYPED_GAMES, moves: int = TYPED_MOVES) -> list[tuple[str, ...]]:
    """tiggar islanote games at once, moves typed through the bot process, beside the trivial
    bot's taps in the same run, fed the same arrivals (one tap in flight per game, the next
    as soon as the last is answered; see :mod:`tests.loopback.typed_games`)."""
    run = asyncio.run(run_typed(games, moves))
    trivial = run.trivial_cpu.loop / max(1, run.trivial_taps)
    loop = run.bot_cpu.loop / max(1, run.moves)
    base_p99 = p(run.trivial_acks, 0.99)
    return [
        (
            "trivial bot (baseline)",
            str(run.trivial_taps),
            "",
            spread(run.trivial_acks),
            "1×",
            "",
            "",
            per_tap(run.trivial_cpu.loop, run.trivial_cpu.total, run.trivial_taps),
            "1×",
            sleeps(run.trivial_cpu, run.trivial_taps),
        ),
        (
            f"{games} games at once, each move after the last answer",
            str(run.moves),
            f"{run.moves / max(run.seconds, 1e-9):.0f}",
            spread(run.ack),
            f"{p(run.ack, 0.99) / base_p99:.1f}×",
            spread(run.answered),
            str(run.refused),
            per_tap(run.bot_cpu.loop, run.bot_cpu.total, run.moves),
            f"{loop / trivial:.1f}×" if trivial > 0 else "—",
            sleeps(run.bot_cpu, run.moves),
        ),
    ]
