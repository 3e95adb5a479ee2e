"""SQL keeping the rows of games in the servers some shards serve (Discord's shard rule)."""

from __future__ import annotations

from ..shards import Shards


def served_games(shards: Shards | None, column: str = "game_id") -> tuple[str, tuple[int, ...]]:
    """`` AND <column> IN (games of those shards' servers)`` and its parameters (nothing for
    None: one process serves every server)."""
    if shards is None:
        return "", ()
    marks = ", ".join("?" for _ in shards.ids)
    return (
        f" AND {column} IN (SELECT id FROM games"
        f" WHERE ((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks}))",
        (shards.count, *shards.ids),
    )
