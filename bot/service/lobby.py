"""The lobby: open a table, join, leave, seat computers, start, cancel, end and kick."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from engine import find_game
from engine.core import Resign, resolve_options

from ..computers import COMPUTER_OPTION, take_computer_option
from ..errors import UserError, busy_here
from ..i18n import HOST_LANGUAGE, game_title
from ..settings import split_options
from ..store import GameRecord, PlayerRecord, StoreError, VersionConflict, computer_name
from .loading import Loading
from .transaction import MoveResult, Transactions, summed

AI_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


class Lobby:
    """Tables before they start, and the host's or a moderator's say over them after."""

    def __init__(
        self, loading: Loading, transactions: Transactions, seed_source: Callable[[], int]
    ) -> None:
        """What it uses: the store, clock, locks and games of ``loading``; ``transactions``
        saves the changes of a running game; ``seed_source`` deals each new game."""
        self.store, self._now, self.lock = loading.store, loading.now, loading.lock
        self.current, self.load = loading.current, loading.load
        self._apply, self._save = transactions.apply, transactions.save
        self._seed_source = seed_source

    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        language: str | None = None,
    ) -> GameRecord:
        """A new lobby in a channel with the host seated; options are checked now. A game
        without a server keeps ``language``, its host's, for its public posts."""
        game = find_game(game_name)
        options, computer = take_computer_option(options)
        rules_options, table_options = split_options(options)
        table_options |= computer
        if guild_id is None and language is not None:
            table_options[HOST_LANGUAGE] = language
        resolved = resolve_options(game.info.options, rules_options)
        async with self.lock(channel_id):
            existing = await self.store.open_game_in(channel_id)
            if existing is not None:
                raise busy_here(guild_id, game_title(existing.game))
            try:
                return await self.store.create_lobby(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game.info.name,
                    host=PlayerRecord(0, host_id, host_name, False),
                    options=resolved,
                    seed=self._seed_source(),
                    now=self._now(),
                    table_options=table_options,
                )
            except StoreError:
                raise busy_here(guild_id, game_title(game.info.name)) from None

    async def join(self, channel_id: int, user_id: int, name: str) -> GameRecord:
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            self.may_join(record, user_id)
            seat = PlayerRecord(len(record.players), user_id, name, False)
            return await self._reseat(record, [*record.players, seat])

    async def add_computer(
        self, channel_id: int, user_id: int, level: str | None = None
    ) -> GameRecord:
        """Seat a computer player (host only) at ``level``, by default the table's choice."""
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            name = self.computer_seat(record, user_id)
            chosen = COMPUTER_OPTION.coerce(level or self.computer_level(record))
            seat = PlayerRecord(len(record.players), None, name, True, str(chosen))
            return await self._reseat(record, [*record.players, seat])

    @staticmethod
    def computer_seat(record: GameRecord, user_id: int) -> str:
        """The name the next computer of the lobby gets, if ``user_id`` (the host) may add
        one now: else a UserError (not the host, the table is full, no name is left)."""
        _require_host(record, user_id)
        _check_room(record)
        used = {p.name for p in record.players}
        free = [label for n in AI_NAMES if (label := computer_name(n)) not in used]
        if not free:
            raise UserError("computers_full", most=len(AI_NAMES))
        return free[0]

    @staticmethod
    def may_join(record: GameRecord, user_id: int) -> None:
        """Refuse (UserError) ``user_id`` joining the lobby ``record``: seated already, or
        no seat left."""
        if record.seat_of(user_id) is not None:
            raise UserError("already_joined")
        _check_room(record)

    @staticmethod
    def may_leave(record: GameRecord, user_id: int) -> None:
        """Refuse (UserError) ``user_id`` leaving the lobby ``record``: not seated, or its
        host."""
        if record.seat_of(user_id) is None:
            raise UserError("not_joined")
        if user_id == record.host_id:
            raise UserError("host_cannot_leave")

    @staticmethod
    def computer_level(record: GameRecord) -> str:
        """The level a table offers first for computer seats (``computer=`` in /game new)."""
        return str(record.table_options.get(COMPUTER_OPTION.name, COMPUTER_OPTION.default))

    async def leave(self, channel_id: int, user_id: int) -> GameRecord:
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            self.may_leave(record, user_id)
            rest = [p for p in record.players if p.user_id != user_id]
            return await self._reseat(record, rest)

    async def start(self, channel_id: int, user_id: int) -> MoveResult:
        """Deal the game (host only); computers to move then play in a change of their own."""
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            _require_host(record, user_id)
            game = find_game(record.game)
            if len(record.players) < game.info.min_players:
                raise UserError(
                    "too_few_players",
                    game=game_title(game.info.name),
                    min=game.info.min_players,
                    count=len(record.players),
                )
            state = game.new(len(record.players), record.options, record.seed)
            await self.store.set_board_message(record.id, None)  # it was the lobby's message
            record = replace(record, board_message_id=None)
            change = await summed(game, state, [], [], [], frozenset())
            return await self._save(record, change)

    async def cancel_lobby(self, channel_id: int, user_id: int, is_moderator: bool) -> GameRecord:
        async with self.lock(channel_id):
            record = await self._lobby(channel_id)
            _require_host_or_moderator(record, user_id, is_moderator)
            await self.store.close_game(record.id, record.version, "cancelled", self._now())
            return record

    async def end(self, channel_id: int, user_id: int, is_moderator: bool) -> GameRecord:
        """Stop the channel's game or lobby early (host or moderator)."""
        async with self.lock(channel_id):
            record = await self.current(channel_id)
            _require_host_or_moderator(record, user_id, is_moderator)
            await self.store.close_game(record.id, record.version, "cancelled", self._now())
            await self.store.cancel_jobs(record.id)
            return record

    async def kick(
        self, channel_id: int, by_user: int, target: int, is_moderator: bool
    ) -> tuple[GameRecord, MoveResult | None]:
        """Remove a player (host or moderator): a lobby seat, or a resignation in a game."""
        async with self.lock(channel_id):
            record = await self.current(channel_id)
            _require_host_or_moderator(record, by_user, is_moderator)
            seat = record.seat_of(target)
            if seat is None:
                raise UserError("not_a_player_here")
            if record.status == "lobby":
                if target == record.host_id:
                    raise UserError("host_cannot_leave")
                rest = [p for p in record.players if p.user_id != target]
                return await self._reseat(record, rest), None
            result = await self._apply(self.load(record), seat, by_user, [Resign()], None)
            return result.record, result

    async def _lobby(self, channel_id: int) -> GameRecord:
        record = await self.store.open_game_in(channel_id)
        if record is None or record.status != "lobby":
            raise UserError("no_lobby")
        return record

    async def _reseat(self, record: GameRecord, players: Sequence[PlayerRecord]) -> GameRecord:
        seats = [
            PlayerRecord(i, p.user_id, p.name, p.is_ai, p.level) for i, p in enumerate(players)
        ]
        try:
            await self.store.set_seats(record.id, record.version, seats, self._now())
        except VersionConflict:
            raise UserError("board_changed") from None
        fresh = await self.store.get_game(record.id)
        assert fresh is not None
        return fresh


def _require_host(record: GameRecord, user_id: int) -> None:
    if user_id != record.host_id:
        raise UserError("not_host", host=f"<@{record.host_id}>")


def _require_host_or_moderator(record: GameRecord, user_id: int, is_moderator: bool) -> None:
    if user_id != record.host_id and not is_moderator:
        raise UserError("not_host_or_mod")


def _check_room(record: GameRecord) -> None:
    info = find_game(record.game).info
    cap = min(info.max_players, record.table_options.get("cap") or info.max_players)
    if len(record.players) >= cap:
        raise UserError("lobby_full", game=game_title(info.name), max=cap)
