"""What can happen to a tournament, each step making the next value (nothing is changed in
place, so a refused step leaves the tournament as it was).

Registration is open until :func:`start`; a Swiss also takes late joins until round 2 is
paired. :func:`record` stores a table's result; once every table of the round is done,
:func:`advance` pairs the next round, or the tournament is over (:func:`finished`).
"""

from __future__ import annotations

import math
from dataclasses import replace

from .model import Entrant, Format, Result, Round, Settings, Table, Tournament, TournamentError
from .pairing import (
    active,
    knockout,
    knockout_rounds,
    round_robin,
    round_robin_rounds,
    swiss_duels,
    swiss_tables,
)

MAX_PLAYERS = 256
DEFAULT_TABLE_ROUNDS = 3


def new(settings: Settings) -> Tournament:
    """An empty tournament, open for registration."""
    return Tournament(settings)


def join(tournament: Tournament, player: int, rating: float = 0.0) -> Tournament:
    """Register ``player``: before the start, or in a Swiss until round 2 is paired (the
    rounds missed count as the settings say)."""
    if tournament.has(player):
        entrant = tournament.entrant(player)
        if entrant.dropped is None:
            raise TournamentError("already_in", "You are already in this tournament.")
        raise TournamentError("dropped", "You dropped out of this tournament.")
    if len(tournament.entrants) >= MAX_PLAYERS:
        raise TournamentError("full", f"The tournament is full ({MAX_PLAYERS} players).")
    if tournament.started:
        if tournament.settings.format is not Format.SWISS:
            raise TournamentError(
                "closed", "Registration is closed: this format cannot take late players."
            )
        if len(tournament.rounds) > 1 or finished(tournament):
            raise TournamentError("closed", "Registration closed when round 2 was paired.")
    joined = len(tournament.rounds) + 1
    return tournament.with_entrant(Entrant(player, rating, joined))


def leave(tournament: Tournament, player: int) -> Tournament:
    """Withdraw before the start (afterwards a player drops, see :func:`drop`)."""
    if not tournament.has(player):
        raise TournamentError("not_entered", "You are not in this tournament.")
    if tournament.started:
        raise TournamentError("started", "The tournament has started: drop out instead.")
    return replace(tournament, entrants=tuple(e for e in tournament.entrants if e.id != player))


def drop(tournament: Tournament, player: int) -> Tournament:
    """Stop pairing ``player`` from the next round on; their games played stay counted (a
    table still being played is ended by whoever runs it, as a loss)."""
    entrant = tournament.entrant(player)
    if entrant.dropped is not None:
        raise TournamentError("dropped", "You have already dropped out.")
    if not tournament.started:
        return leave(tournament, player)
    return tournament.with_entrant(replace(entrant, dropped=len(tournament.rounds) + 1))


def planned_rounds(settings: Settings, players: int) -> int:
    """How many rounds the format plays for ``players`` (the organiser's number for a Swiss)."""
    if settings.format is Format.ROUND_ROBIN:
        return round_robin_rounds(players)
    if settings.format is Format.KNOCKOUT:
        return knockout_rounds(players, settings.table_size)
    if settings.rounds is not None:
        return settings.rounds
    if settings.duel:
        return max(1, math.ceil(math.log2(max(players, 2))))
    return DEFAULT_TABLE_ROUNDS


def start(tournament: Tournament) -> Tournament:
    """Close registration and pair round 1."""
    if tournament.started:
        raise TournamentError("started", "The tournament has already started.")
    size = tournament.settings.table_size
    if len(tournament.entrants) < 2:
        raise TournamentError("too_few", "A tournament needs at least 2 players.")
    tables = tournament.settings.format is Format.SWISS and not tournament.settings.duel
    if tables and len(tournament.entrants) < size:
        raise TournamentError("too_few", f"Tables of {size} need at least {size} players.")
    planned = planned_rounds(tournament.settings, len(tournament.entrants))
    return pair(replace(tournament, planned=planned))


def pair(tournament: Tournament) -> Tournament:
    """Add the next round's pairings."""
    number = len(tournament.rounds) + 1
    settings = tournament.settings
    if settings.format is Format.ROUND_ROBIN:
        rnd = round_robin(tournament, number)
    elif settings.format is Format.KNOCKOUT:
        rnd = knockout(tournament, number)
    elif settings.duel:
        rnd = swiss_duels(tournament, number)
    else:
        rnd = swiss_tables(tournament, number)
    return replace(tournament, rounds=(*tournament.rounds, rnd))


def record(tournament: Tournament, number: int, table: int, result: Result) -> Tournament:
    """Store table ``table`` of round ``number``'s result (once: a second result is refused)."""
    if not 1 <= number <= len(tournament.rounds):
        raise TournamentError("no_round", f"There is no round {number}.")
    rnd = tournament.rounds[number - 1]
    if not 0 <= table < len(rnd.tables):
        raise TournamentError("no_table", f"Round {number} has no table {table + 1}.")
    seated = rnd.tables[table]
    if seated.result is not None:
        raise TournamentError("recorded", "That table's result is already recorded.")
    if len(result.scores) != len(seated.seats) or not set(result.winners) <= set(seated.seats):
        raise TournamentError("bad_result", "The result does not fit the table's players.")
    tables = tuple(Table(t.seats, result) if i == table else t for i, t in enumerate(rnd.tables))
    rounds = tuple(Round(number, tables, rnd.byes) if r is rnd else r for r in tournament.rounds)
    return replace(tournament, rounds=rounds)


def finished(tournament: Tournament) -> bool:
    """True once the last round is done (or too few players are left to pair)."""
    current = tournament.current
    if current is None or not current.done:
        return False
    number = len(tournament.rounds) + 1
    if tournament.settings.format is Format.KNOCKOUT:
        return len(still_in_knockout(tournament)) < 2
    if len(active(tournament, number)) < 2:
        return True
    return len(tournament.rounds) >= (tournament.planned or 0)


def still_in_knockout(tournament: Tournament) -> list[int]:
    """Players still in a knockout after its last paired (and finished) round."""
    following = knockout(tournament, len(tournament.rounds) + 1)
    return [*following.byes, *(p for table in following.tables for p in table.seats)]


def advance(tournament: Tournament) -> Tournament:
    """Pair the next round once the current one is done; unchanged if it is not done or the
    tournament is over."""
    current = tournament.current
    if current is None or not current.done or finished(tournament):
        return tournament
    return pair(tournament)


def pending(tournament: Tournament) -> list[tuple[int, Table]]:
    """The current round's tables still being played, with their indices."""
    current = tournament.current
    if current is None:
        return []
    return [(i, t) for i, t in enumerate(current.tables) if t.result is None]


def champion(tournament: Tournament) -> int | None:
    """A finished knockout's winner."""
    if tournament.settings.format is not Format.KNOCKOUT or not finished(tournament):
        return None
    left = still_in_knockout(tournament)
    return left[0] if left else None
