"""The Compose file runs what the tests run: PostgreSQL with a health check and a volume, and
bot processes whose shard ranges cover every shard once, one of them serving shard 0."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.cli import build_parser, shards_of

COMPOSE = Path(__file__).resolve().parents[2] / "docker-compose.yml"


def _services() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]


def test_the_database_is_postgresql_with_a_volume_and_a_health_check() -> None:
    db = _services()["db"]
    assert db["image"].startswith("postgres:") and db["volumes"] and db["healthcheck"]["test"]


def test_bot_processes_share_the_database_and_split_the_shards() -> None:
    bots = [s for s in _services().values() if s.get("command", [])[:2] == ["islandbot", "run"]]
    assert len(bots) >= 2
    served: list[int] = []
    counts = set()
    for bot in bots:
        url = bot["environment"]["ISLANDBOT_DATABASE"]
        assert url.startswith("postgresql://") and "@db:" in url
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["restart"] == "unless-stopped"
        shards = shards_of(build_parser().parse_args(bot["command"][1:]), url)
        assert shards is not None
        served += shards.ids
        counts.add(shards.count)
    (count,) = counts  # every process agrees on the shard count
    assert sorted(served) == list(range(count))  # each shard served by exactly one process
