"""``islandbot migrate-db``: copy every table from one database to another, e.g. from the
SQLite file of a single process to the PostgreSQL database of several.

The copy is one transaction on the target. Before it commits, the row counts of every table
are compared with the source and every running game is replayed from its copied action log,
which must give the copied state; if anything differs, nothing is kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from engine import find_game

from .store import Store, StoreError, Tx


@dataclass(frozen=True, slots=True)
class MoveReport:
    """What was copied: rows per table, and how many running games replayed the same."""

    counts: dict[str, int]
    replayed: int

    def text(self) -> str:
        rows = ", ".join(f"{table} {count}" for table, count in self.counts.items())
        return f"Copied {rows}. {self.replayed} running games replay to their saved state."


async def move_database(source: str | Path, target: str | Path) -> MoveReport:
    """Copy every table of ``source`` into the empty database ``target``."""
    origin = await Store.open(source)
    try:
        destination = await Store.open(target)
        try:
            return await _copy(origin, destination)
        finally:
            await destination.close()
    finally:
        await origin.close()


async def _copy(origin: Store, destination: Store) -> MoveReport:
    tables = await origin.tables()
    missing = sorted(set(tables) - set(await destination.tables()))
    if missing:
        raise StoreError(
            "schema_mismatch", f"The target has no table {missing[0]}: is it an older version?"
        )
    held = {table: await destination.count_rows(table) for table in tables}
    if any(held.values()):
        rows = ", ".join(f"{table} {count}" for table, count in held.items() if count)
        raise StoreError(
            "target_not_empty",
            f"The target already holds rows ({rows}); migrate-db copies into an empty database.",
        )
    counts = {}
    async with destination.transaction() as tx:
        for table in tables:
            columns, rows = await origin.export_rows(table)
            if rows:
                await destination.import_rows(tx, table, columns, rows)
            copied = await tx.scalar(f"SELECT COUNT(*) FROM {table}")
            if copied != len(rows):
                raise StoreError(
                    "count_mismatch", f"{table}: {len(rows)} rows read but {copied} written."
                )
            counts[table] = len(rows)
        replayed = await _replay_running_games(tx)
    return MoveReport(counts, replayed)


async def _replay_running_games(tx: Tx) -> int:
    """Replay every running game from the copied log; raise if one differs from its state."""
    games = await tx.rows(
        "SELECT id, game, options, seed, state FROM games WHERE status = 'active' ORDER BY id"
    )
    for game_id, name, options, seed, state in games:
        seats = await tx.scalar("SELECT COUNT(*) FROM players WHERE game_id = ?", (game_id,))
        log = await tx.rows(
            "SELECT seat, notation FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        game = find_game(name)
        replayed = game.replay(seats, json.loads(options), seed, [(r[0], r[1]) for r in log])
        if json.loads(json.dumps(game.serialize(replayed))) != json.loads(state):
            raise StoreError(
                "replay_mismatch", f"Game {game_id} ({name}) does not replay to its saved state."
            )
    return len(games)
