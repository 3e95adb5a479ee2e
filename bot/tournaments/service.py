"""Running tournaments over the game service: registration, the start, results recorded
from finished table games, the next round paired, deadlines deciding unfinished games.

No Discord here: the cog opens threads and posts, this module changes the store. Every change
is a checked save of the tournament row (:meth:`bot.store.Store.save_tournament`), made under
a per-tournament lock; a result is recorded in the transaction that marks its table
recorded, so it counts once whatever restarts or second processes happen.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from engine import find_game
from engine.core import IllegalAction, Words
from locales import N_
from tournament import (
    Result,
    Settings,
    Tournament,
    TournamentError,
    advance,
    drop,
    finished,
    join,
    leave,
    new,
    record,
    start,
)

from ..i18n import Phrase, as_written, say
from ..service import GameService, MoveResult
from ..settings import effective
from ..shards import Shards
from ..store import (
    GameRecord,
    StoreError,
    TableRow,
    TournamentRecord,
    TournamentSave,
    VersionConflict,
)

ROUND_HOURS = (1, 6, 12, 24, 48, 72, 168)
DEFAULT_ROUND_HOURS = 48
LEASE = timedelta(minutes=2)
RETRY = timedelta(minutes=10)
"""A deadline whose games could not all be decided is tried again after this."""
DEADLINE_TAG = 1 << 60
"""Actions a deadline takes are logged with ids below ``-DEADLINE_TAG`` (one per game and
version), apart from jobs' and interactions' ids, so a deadline run twice acts once."""
DROP_TAG = 1 << 61
"""The same for the resignation a drop makes in the player's running game."""
log = logging.getLogger(__name__)

REFUSALS: dict[str, str] = {
    "already_in": N_("You are already in this tournament."),
    "dropped": N_("You dropped out of this tournament and cannot come back."),
    "full": N_("The tournament is full."),
    "closed": N_("Registration is closed."),
    "not_entered": N_("You are not in this tournament."),
    "started": N_("The tournament has started: use `/tournament drop` to stop playing."),
    "too_few": N_("A tournament needs more players to start: {need} at least."),
    "table_size": N_("{game} seats {min} to {max} players: tables of {size} do not fit."),
    "table_size_format": N_("Round robin is for two-player tables."),
    "no_tournament": N_(
        "There is no tournament in this channel. Start one with `/tournament new`."
    ),
    "tournament_busy": N_(
        "This channel already has a tournament. Finish it first, or hold the new one in another"
        " channel."
    ),
    "not_organiser": N_("Only the organiser ({host}) can do that."),
    "not_open": N_("The tournament has already started."),
    "text_channel_only": N_(
        "A tournament is held in a text channel, where each table gets a thread of its own: "
        "run `/tournament new` there."
    ),
    "organiser_stays": N_(
        "The organiser cannot leave the tournament; `/tournament cancel` ends it for everyone."
    ),
    "over": N_("The tournament is over."),
    "needs_threads": N_(
        "A channel holds one game at a time, so each table of a tournament plays in a thread "
        "of its own, and I may not create threads here. A server admin can allow me *Create "
        "Public Threads* and *Send Messages in Threads* in this channel; or hold the "
        "tournament in a channel where I have them."
    ),
}


def refusal(code: str, **params: Any) -> IllegalAction:
    """A refusal in the reader's language (the message is a catalog text with its values)."""
    return IllegalAction(code, Words(REFUSALS[code], params))


def tournament_of(record: TournamentRecord) -> Tournament:
    return Tournament.from_json(record.state)


def round_hours(record: TournamentRecord) -> int:
    return int(record.options.get("round_hours", DEFAULT_ROUND_HOURS))


class TournamentService:
    """Tournaments' changes, over a game service (whose store and clock it shares)."""

    def __init__(self, games: GameService, shards: Shards | None = None) -> None:
        self.games = games
        self.store = games.store
        self.shards = shards
        self._locks: dict[int, asyncio.Lock] = {}

    def now(self) -> datetime:
        return self.games.now()

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ----- registration ----------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        settings: Settings,
        hours: int,
    ) -> TournamentRecord:
        """A tournament open for registration, its organiser entered."""
        check_fits(game, settings)
        existing = await self.store.open_tournament_in(channel_id)
        if existing is not None:
            raise refusal("tournament_busy")
        tournament = join(new(settings), host_id, await self._rating(guild_id, game, host_id))
        try:
            return await self.store.create_tournament(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                game=game,
                options={"round_hours": hours},
                state=tournament.to_json(),
                names={host_id: host_name},
                now=self.now(),
            )
        except StoreError:
            raise refusal("tournament_busy") from None

    async def here(self, channel_id: int) -> TournamentRecord:
        found = await self.store.open_tournament_in(channel_id)
        if found is None:
            raise refusal("no_tournament")
        return found

    async def join(self, channel_id: int, user_id: int, name: str) -> TournamentRecord:
        """Enter the channel's tournament (a late join in a Swiss before round 2)."""
        found = await self.here(channel_id)
        rating = await self._rating(found.guild_id, found.game, user_id)
        return await self._change(
            found.id,
            lambda t: join(t, user_id, rating),
            names={user_id: name},
            new_tables=False,
        )

    async def leave(self, channel_id: int, user_id: int) -> TournamentRecord:
        found = await self.here(channel_id)
        if user_id == found.host_id and found.status == "open":
            raise refusal("organiser_stays")
        return await self._change(found.id, lambda t: leave(t, user_id))

    async def start(self, channel_id: int, user_id: int) -> TournamentRecord:
        """Close registration and pair round 1 (organiser only)."""
        found = await self.here(channel_id)
        if user_id != found.host_id:
            raise refusal("not_organiser", host=f"<@{found.host_id}>")
        if found.status != "open":
            raise refusal("not_open")
        return await self._change(found.id, start, status="running", new_tables=True)

    async def cancel(self, channel_id: int, user_id: int, is_moderator: bool) -> TournamentRecord:
        """End the tournament (organiser or moderator); its games go on as ordinary games."""
        found = await self.here(channel_id)
        if user_id != found.host_id and not is_moderator:
            raise refusal("not_organiser", host=f"<@{found.host_id}>")
        return await self._change(found.id, lambda tournament: tournament, status="cancelled")

    async def drop(
        self, channel_id: int, user_id: int
    ) -> tuple[TournamentRecord, MoveResult | None]:
        """Stop playing: not paired again; a table game still being played is resigned (a
        loss), the games played stay counted."""
        found = await self.here(channel_id)
        dropped = await self._change(found.id, lambda t: drop(t, user_id))
        resigned = None
        for table in await self.store.tournament_tables(
            found.id, len(tournament_of(dropped).rounds)
        ):
            if table.recorded or table.game_id is None or table.channel_id is None:
                continue
            game = await self.store.get_game(table.game_id)
            if game is not None and game.status == "active" and game.seat_of(user_id) is not None:
                tag = -action_tag(DROP_TAG, table.game_id, game.version)
                resigned = await self.games.resign(table.channel_id, user_id, tag)
        return dropped, resigned

    async def _rating(self, guild_id: int, game: str, user_id: int) -> float:
        skills = await self.store.ratings_of(guild_id, str(user_id))
        skill = skills.get(game)
        return float(skill.shown) if skill is not None else 0.0

    async def _change(
        self,
        tournament_id: int,
        step: Callable[[Tournament], Tournament],
        *,
        names: dict[int, str] | None = None,
        status: str | None = None,
        new_tables: bool = False,
    ) -> TournamentRecord:
        """Apply ``step`` to the tournament and save it (its refusals in the reader's words)."""
        async with self.lock(tournament_id):
            found = await self.store.get_tournament(tournament_id)
            if found is None or found.status not in ("open", "running"):
                raise refusal("over")
            before = tournament_of(found)
            try:  # pairing a big field is work: in a thread, as the engine's steps are
                after = await asyncio.to_thread(step, before)
            except TournamentError as err:
                raise _worded(err, found) from None
            save = TournamentSave(status=status)
            if new_tables or len(after.rounds) > len(before.rounds):
                save = self._pairing_save(found, before, after, save)
            try:
                return await self.store.save_tournament(
                    found, after.to_json(), {**found.names, **(names or {})}, self.now(), save
                )
            except VersionConflict:
                raise refusal("over") from None

    def _pairing_save(
        self, found: TournamentRecord, before: Tournament, after: Tournament, save: TournamentSave
    ) -> TournamentSave:
        """The new round's table rows and deadline."""
        rows = tuple(
            (rnd.number, index)
            for rnd in after.rounds[len(before.rounds) :]
            for index in range(len(rnd.tables))
        )
        deadline = self.now() + timedelta(hours=round_hours(found))
        return replace(save, new_tables=rows, deadline=deadline)

    # ----- results ---------------------------------------------------------------------------
    async def record_finished(self, tournament_id: int) -> TournamentRecord | None:
        """Record every finished table game of the running round; pair the next round when
        the last is in, or end the tournament. The tournament as saved then."""
        async with self.lock(tournament_id):
            found = await self.store.get_tournament(tournament_id)
            if found is None or found.status != "running":
                return found
            for table in await self.store.tournament_tables(tournament_id):
                if table.recorded or table.game_id is None:
                    continue
                game = await self.store.get_game(table.game_id)
                if game is None or game.status not in ("finished", "cancelled"):
                    continue
                found = await self._record_one(found, table, game)
            return found

    async def _record_one(
        self, found: TournamentRecord, table: TableRow, game: GameRecord
    ) -> TournamentRecord:
        """Record one table's result (and pair or end) in one checked save; if another
        process recorded it first, what it saved."""
        before = tournament_of(found)
        seats = before.rounds[table.round - 1].tables[table.index].seats
        result = result_of(game, seats)
        after = await asyncio.to_thread(recorded_and_paired, before, table, result)
        save = TournamentSave(recorded=(table.round, table.index))
        if len(after.rounds) > len(before.rounds):
            save = self._pairing_save(found, before, after, save)
        if finished(after):
            save = replace(save, status="finished", clear_deadline=True)
        try:
            return await self.store.save_tournament(
                found, after.to_json(), found.names, self.now(), save
            )
        except VersionConflict:
            fresh = await self.store.get_tournament(found.id)
            assert fresh is not None
            return fresh

    # ----- deadlines -------------------------------------------------------------------------
    async def due_deadlines(self) -> list[int]:
        now = self.now()
        return await self.store.claim_due_deadlines(now, now - LEASE, self.shards)

    async def decide_unfinished(self, tournament_id: int) -> list[MoveResult]:
        """The round's deadline passed: every table game still running is decided by the
        table's timeout rules (shown as it is saved). A game that could not be decided
        leaves the deadline to be tried again later."""
        found = await self.store.get_tournament(tournament_id)
        if found is None or found.status != "running":
            return []
        number = len(tournament_of(found).rounds)
        shown: list[MoveResult] = []
        undecided = False
        for table in await self.store.tournament_tables(tournament_id, number):
            if table.recorded or table.game_id is None or table.channel_id is None:
                undecided |= table.game_id is None
                continue
            try:
                shown += await self._decide(table)
            except Exception:  # one table's trouble must not stop the others
                log.exception("deciding table %s of tournament %s failed", table, tournament_id)
                undecided = True
        if undecided:
            await self.store.release_deadline(tournament_id, self.now() + RETRY)
        return shown

    async def _decide(self, table: TableRow) -> list[MoveResult]:
        """Play a table's game to its end by the table's timeout rule, in one change."""
        assert table.channel_id is not None and table.game_id is not None
        game = await self.store.get_game(table.game_id)
        if game is None or game.status != "active":
            return []
        server = await self.store.guild_settings(game.guild_id or 0)
        policy = effective(game.table_options, server, "timeout_action")
        tag = action_tag(DEADLINE_TAG, table.game_id, game.version)
        result = await self.games.act_for_absent(
            table.channel_id,
            policy,
            tag,
            partial(_deadline_text, policy=policy),
            to_the_end=True,
        )
        return [] if result is None else [result]

    # ----- tables ----------------------------------------------------------------------------
    async def tables_to_open(self, tournament_id: int) -> list[tuple[TableRow, tuple[int, ...]]]:
        """The running round's tables without a game yet, with their players in seat order."""
        found = await self.store.get_tournament(tournament_id)
        if found is None or found.status != "running":
            return []
        current = tournament_of(found).current
        assert current is not None
        return [
            (row, current.tables[row.index].seats)
            for row in await self.store.tournament_tables(tournament_id, current.number)
            if row.game_id is None
        ]

    async def open_game(
        self, found: TournamentRecord, table: TableRow, seats: tuple[int, ...], thread_id: int
    ) -> MoveResult | None:
        """Open and start the table's game in ``thread_id`` with its players seated in order
        (picking up a game a stopped process had begun there). None if the thread already
        holds a game that is not this table's."""
        if table.channel_id != thread_id:
            await self.store.set_table_place(table, channel_id=thread_id)
        game = await self.store.open_game_in(thread_id)
        if game is None:
            game = await self.games.open_lobby(
                guild_id=found.guild_id,
                channel_id=thread_id,
                game_name=found.game,
                host_id=seats[0],
                host_name=found.names.get(seats[0], str(seats[0])),
                options={},  # the game's own defaults at every table
            )
        for player in seats:
            if game.status == "lobby" and game.seat_of(player) is None:
                game = await self.games.join(
                    thread_id, player, found.names.get(player, str(player))
                )
        result = None
        if game.status == "lobby":
            result = await self.games.start(thread_id, seats[0])
            game = result.record
        await self.store.set_table_place(table, game_id=game.id)
        return result


def action_tag(base: int, game_id: int, version: int) -> int:
    """The id an action the tournament takes in a game is logged with: one per game and
    version, far from interactions' and jobs' (games and versions below 2**40 and 2**20)."""
    return base + (game_id << 20) + version


def recorded_and_paired(before: Tournament, table: TableRow, result: Result) -> Tournament:
    """The tournament with a table's result, and the next round paired if that was the last."""
    return advance(record(before, table.round, table.index, result))


def result_of(game: GameRecord, seats: tuple[int, ...]) -> Result:
    """A finished game's result by player (a game ended early: a draw at zero)."""
    outcome = game.result or {}
    if game.status != "finished" or not outcome:
        return Result(tuple(0.0 for _ in seats), ())
    seat_of = {p.user_id: p.seat for p in game.players}
    scores = outcome.get("scores", [])
    winners = [int(w) for w in outcome.get("winners", [])]
    by_seat = {p.seat: p.user_id for p in game.players}
    return Result(
        tuple(float(scores[seat_of[p]]) if seat_of.get(p) is not None else 0.0 for p in seats),
        tuple(by_seat[w] for w in winners if by_seat.get(w) in seats),
    )


def check_fits(game: str, settings: Settings) -> None:
    """Refuse a table size the game cannot seat."""
    info = find_game(game).info
    if not (info.min_players <= 2 and settings.table_size <= info.max_players):
        raise refusal(
            "table_size",
            game=info.title,
            min=max(2, info.min_players),
            max=info.max_players,
            size=settings.table_size,
        )


def _worded(err: TournamentError, found: TournamentRecord) -> IllegalAction:
    if err.code == "too_few":
        size = Tournament.from_json(found.state).settings.table_size
        return refusal("too_few", need=2 if size == 2 else size)
    if err.code in REFUSALS:
        return refusal(err.code)
    return IllegalAction(err.code, err.message)


def _deadline_text(names: list[str], *, policy: str) -> Phrase:
    who = ", ".join(f"**{as_written(n)}**" for n in names)
    if policy == "remove":
        return say("⏰ The round's deadline has passed: {who} forfeited.", who=who)
    return say("⏰ The round's deadline has passed: the computer played for {who}.", who=who)


__all__ = [
    "DEFAULT_ROUND_HOURS",
    "ROUND_HOURS",
    "TournamentService",
    "refusal",
    "tournament_of",
]
