"""Records: rating a 99-player Islant race as one match, and recording it with its final move
on SQLite, each beside the 2-player case measured in the same run (median and max ms)."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.ratings import Skill, rate, standings
from bot.store import FinishedGame, LoggedAction, PlayerRecord, SeatResult, Store

REPEAT = 50
STORE_REPEAT = 10
RACE = 99
RecordsRow = tuple[str, str, str, str, str]


def _match(players: int) -> tuple[list[Skill], list[int]]:
    scores = [(seat * 37) % 61 for seat in range(players)]
    top = max(scores)
    places = standings(scores, [s for s, score in enumerate(scores) if score == top])
    skills = [Skill(20 + seat % 10, 3 + seat % 5) for seat in range(players)]
    return skills, places


def _ms(runs: list[float]) -> tuple[str, str]:
    return f"{statistics.median(runs):.3f}", f"{max(runs):.3f}"


def _rating_ms(players: int) -> list[float]:
    skills, places = _match(players)
    out = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        rate(skills, places)
        out.append((time.perf_counter() - start) * 1000)
    return out


def _finished(players: int) -> FinishedGame:
    _, places = _match(players)
    seats = tuple(
        SeatResult(s, 10_000 + s, f"Player {s}", None, (s * 37) % 61, places[s], {"total": 1})
        for s in range(players)
    )
    return FinishedGame("islant", {}, "all_stopped", (0,), seats)


async def _recording_ms(store: Store, players: int, channel: int) -> list[float]:
    finished = _finished(players)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    seats = [PlayerRecord(s.seat, s.user_id, s.name, False) for s in finished.seats]
    out = []
    for number in range(STORE_REPEAT):
        record = await store.create_lobby(
            guild_id=1,
            channel_id=channel + number,
            game="islant",
            host=seats[0],
            options={},
            seed=1,
            now=now,
        )
        await store.set_seats(record.id, record.version, seats, now)
        start = time.perf_counter()
        await store.save_move(
            record.id,
            expected_version=record.version + 1,
            state={},
            actions=[LoggedAction(0, seats[0].user_id, "STOP")],
            now=now,
            status="finished",
            finished=finished,
        )
        out.append((time.perf_counter() - start) * 1000)
    return out


async def _recording_rows() -> list[RecordsRow]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "records.db")
        try:
            two = await _recording_ms(store, 2, 1_000)
            race = await _recording_ms(store, RACE, 2_000)
        finally:
            await store.close()
    return [
        (f"final move + history + ratings, {RACE} players", *_ms(race), "2 players", _ms(two)[0])
    ]


def bench_records() -> list[RecordsRow]:
    """The rating update and the recording of a 99-player race beside a 2-player game's."""
    two = _rating_ms(2)
    race = _rating_ms(RACE)
    rows: list[RecordsRow] = [
        (f"rating update, {RACE}-player race", *_ms(race), "2 players", _ms(two)[0])
    ]
    return rows + asyncio.run(_recording_rows())
