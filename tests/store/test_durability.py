"""SQLite's durability: every commit on the disk unless the operator chooses otherwise."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.store.sqlite import SYNCHRONOUS_VARIABLE, synchronous

FULL, NORMAL = 2, 1  # PRAGMA synchronous's numbers


async def opened_with(tmp_path, monkeypatch, value: str | None) -> int:
    if value is None:
        monkeypatch.delenv(SYNCHRONOUS_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(SYNCHRONOUS_VARIABLE, value)
    store = await Store.open(tmp_path / "bot.db")
    try:
        return int((await store._rows("PRAGMA synchronous"))[0][0])
    finally:
        await store.close()


async def test_commits_reach_the_disk_by_default(tmp_path, monkeypatch) -> None:
    assert await opened_with(tmp_path, monkeypatch, None) == FULL


async def test_the_operator_may_choose_normal(tmp_path, monkeypatch) -> None:
    assert await opened_with(tmp_path, monkeypatch, "normal") == NORMAL


def test_another_value_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="FULL or NORMAL"):
        synchronous({SYNCHRONOUS_VARIABLE: "OFF"})
