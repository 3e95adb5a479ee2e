"""The collector's settings after the bot's start-up (:mod:`bot.collector`)."""

from __future__ import annotations

import gc

from bot.collector import OLDER_EVERY, YOUNG_ALLOCATIONS, settle


def test_after_start_up_the_collector_runs_rarely_and_leaves_start_up_alone() -> None:
    settle()
    assert gc.get_threshold() == (YOUNG_ALLOCATIONS, OLDER_EVERY, OLDER_EVERY)
    assert gc.get_freeze_count() > 0  # what start-up loaded is out of the generations


def test_a_second_start_in_the_same_process_collects_nothing_again() -> None:
    settle()
    full: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    gc.callbacks.append(count)
    try:
        settle()
    finally:
        gc.callbacks.remove(count)
    assert not full
