"""The store: games, seats, the action log, jobs and settings, on SQLite or PostgreSQL.

``Store.open(path)`` opens a SQLite file (the default); ``Store.open("postgresql://…")``
opens a PostgreSQL database shared by several bot processes. Both give the same guarantees.
"""

from .base import Store, Tx
from .daily import DailyAttempt
from .history import GLOBAL, FinishedGame, HistoryEntry, SeatResult, Standing
from .outbox import BOARD, REMIND, Notice, Outgoing
from .records import (
    FORMER_PLAYER,
    OPEN_STATUSES,
    DuplicateInteraction,
    GameRecord,
    Job,
    LoggedAction,
    PlayerRecord,
    Scheduled,
    StoreError,
    VersionConflict,
    computer_name,
    encoded_state,
    shown_player,
    stamp_of,
)
from .schema import migrations
from .sqlite import SQLiteStore
from .tournaments import TableRow, TournamentRecord, TournamentSave
from .urls import is_postgres_url, without_password
from .waits import StorageTimeout, answer_within

Store.backends[SQLiteStore.backend] = SQLiteStore  # PostgreSQL's joins when first opened


def __getattr__(name: str) -> object:
    """``PostgresStore``, imported on first use: asyncpg is loaded only by a bot that uses
    PostgreSQL (it is a few MB a SQLite bot does not need)."""
    if name == "PostgresStore":
        from .postgres import PostgresStore

        return PostgresStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BOARD",
    "FORMER_PLAYER",
    "GLOBAL",
    "OPEN_STATUSES",
    "REMIND",
    "DailyAttempt",
    "DuplicateInteraction",
    "FinishedGame",
    "GameRecord",
    "HistoryEntry",
    "Job",
    "LoggedAction",
    "Notice",
    "Outgoing",
    "PlayerRecord",
    "Scheduled",
    "SeatResult",
    "Standing",
    "StorageTimeout",
    "Store",
    "StoreError",
    "TableRow",
    "TournamentRecord",
    "TournamentSave",
    "Tx",
    "VersionConflict",
    "answer_within",
    "computer_name",
    "encoded_state",
    "is_postgres_url",
    "migrations",
    "shown_player",
    "stamp_of",
    "without_password",
]
