"""Numbered SQL migrations per back-end: ``bot/migrations/NNNN_name.sql`` for SQLite and
``bot/migrations/postgresql/NNNN_name.sql`` for PostgreSQL, numbered alike."""

from __future__ import annotations

from functools import cache
from importlib import resources

FOLDERS = {"sqlite": (), "postgresql": ("postgresql",)}


@cache
def migrations(backend: str = "sqlite") -> tuple[tuple[int, str], ...]:
    """``(number, script)`` of every migration of a back-end, in order."""
    folder = resources.files("bot") / "migrations"
    for part in FOLDERS[backend]:
        folder = folder / part
    found = [
        (int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".sql")
    ]
    return tuple(sorted(found))
