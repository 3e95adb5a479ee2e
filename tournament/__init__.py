"""Tournaments over any game: Swiss (duels or tables of 3–6), round robin and knockout.

Pure: no Discord, no database, no clock, no randomness. A :class:`Tournament` is a value;
the functions of :mod:`tournament.flow` return the next one, :func:`standings` ranks it.
"""

from .flow import (
    MAX_PLAYERS,
    advance,
    champion,
    drop,
    finished,
    join,
    leave,
    new,
    pending,
    planned_rounds,
    record,
    start,
)
from .model import (
    Entrant,
    Format,
    LateJoin,
    Result,
    Round,
    Settings,
    Table,
    Tournament,
    TournamentError,
    placings,
)
from .scoring import Standing, Tiebreak, advancer, standings, tiebreaks_of

__all__ = [
    "MAX_PLAYERS",
    "Entrant",
    "Format",
    "LateJoin",
    "Result",
    "Round",
    "Settings",
    "Standing",
    "Table",
    "Tiebreak",
    "Tournament",
    "TournamentError",
    "advance",
    "advancer",
    "champion",
    "drop",
    "finished",
    "join",
    "leave",
    "new",
    "pending",
    "placings",
    "planned_rounds",
    "record",
    "standings",
    "start",
    "tiebreaks_of",
]
