"""discord.py reads every gateway event and writes every payload with orjson: a pinned
dependency, so a fresh install parses as fast as the benches measured."""

from __future__ import annotations

import tomllib
from pathlib import Path

import discord.utils

PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"


def test_discord_py_reads_and_writes_json_with_orjson() -> None:
    assert discord.utils.HAS_ORJSON
    event = '{"t": "INTERACTION_CREATE", "d": {"id": "1", "data": {"values": ["é", "🏝️"]}}}'
    parsed = discord.utils._from_json(event)
    assert parsed["d"]["data"]["values"] == ["é", "🏝️"]
    assert discord.utils._from_json(discord.utils._to_json(parsed)) == parsed


def test_orjson_is_a_pinned_dependency() -> None:
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    pinned = [d for d in dependencies if d.startswith("orjson")]
    assert len(pinned) == 1 and "==" in pinned[0]
