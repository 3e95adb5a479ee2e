"""The burst benchmark's harness on a small race: every click answered, the round played out."""

from __future__ import annotations

from bot.rendering import WORKERS_VARIABLE
from tests.benchmarks.burst import DONE, OPEN, run_burst


async def test_three_players_clicking_at_once_are_each_acknowledged_and_finish_the_round(
    monkeypatch,
) -> None:
    monkeypatch.setenv(WORKERS_VARIABLE, "1")  # a real worker process, as in production
    latencies, (counted,), work = await run_burst(players=3, rounds=1)
    assert len(latencies.ack["trivial"]) == 6  # the baseline, before and after the race
    assert len(latencies.ack[OPEN]) == 3
    # "Submit my turn" is a click of its own only where the last tile's place did not submit
    assert len(latencies.ack[DONE]) <= 3
    assert all(len(latencies.answered[kind]) == len(acks) for kind, acks in latencies.ack.items())
    assert counted.posts == 1  # the next round's message: all three submitted
    assert counted.rate_limits == 0
    assert counted.edits <= counted.seconds / 3 + 1  # the publisher's bound
    assert work.floors and work.loop_ms_per_tap > 0
    assert 0 < work.bot_loop_ms_per_tap < work.loop_ms_per_tap  # the double's share is apart


async def test_three_players_tapping_one_by_one_are_each_acknowledged_once_and_finish_the_round(
    monkeypatch,
) -> None:
    monkeypatch.setenv(WORKERS_VARIABLE, "0")
    latencies, (counted,), _ = await run_burst(
        players=3, rounds=1, arrival="people", think=(0.0, 0.05)
    )
    assert len(latencies.ack["trivial"]) == 6
    assert len(latencies.ack[OPEN]) == 3
    assert all(len(latencies.answered[kind]) == len(acks) for kind, acks in latencies.ack.items())
    assert counted.posts == 1
