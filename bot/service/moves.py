"""Moves written in a game's notation: a player's, or the system's (a host closing a round)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import UserError
from ..i18n import Phrase
from ..store import GameRecord
from .loading import Loading
from .transaction import MoveResult, Note, Transactions

Check = Callable[[GameRecord, Any], None]
"""A test run under the channel's lock on the loaded game; it refuses by raising."""


class Moves:
    """Typed and clicked moves, each one transaction on the channel's game."""

    def __init__(self, loading: Loading, transactions: Transactions) -> None:
        """What it uses: the store, locks and games of ``loading``; ``transactions`` saves."""
        self.store, self.lock = loading.store, loading.lock
        self.load, self.running_record = loading.load, loading.running_record
        self.running_seeing = loading.running_seeing
        self._apply = transactions.apply

    async def play(
        self,
        channel_id: int,
        user_id: int,
        text: str,
        *,
        interaction_id: int | None = None,
        expected_version: int | None = None,
        check: Check | None = None,
    ) -> MoveResult:
        """Apply one action written in the game's notation for a player.

        ``expected_version`` (from a button's custom id) refuses the action if the board has
        moved on. A repeated ``interaction_id`` is answered without applying anything twice.
        ``check`` runs under the lock on the loaded game and may refuse by raising (a
        finer staleness test than the version, e.g. one player's turn in a simultaneous game).
        """
        async with self.lock(channel_id):
            asked = () if interaction_id is None else (interaction_id,)
            running, seen = await self.running_seeing(channel_id, asked)
            loaded = self.load(running)
            record = loaded.record
            if seen:
                return MoveResult(record, loaded.state, duplicate=True, game=loaded.game)
            if expected_version is not None and expected_version != record.version:
                raise UserError("board_changed")
            if check is not None:
                check(record, loaded.state)
            seat = record.seat_of(user_id)
            if seat is None:
                raise UserError("not_playing")
            action = loaded.game.parse(text)
            return await self._apply(loaded, seat, user_id, [action], interaction_id)

    async def resign(self, channel_id: int, user_id: int, interaction_id: int | None) -> MoveResult:
        return await self.play(channel_id, user_id, "RESIGN", interaction_id=interaction_id)

    async def play_as_system(
        self,
        channel_id: int,
        text: str,
        *,
        by_user: int | None,
        is_moderator: bool = False,
        interaction_id: int | None = None,
        expected_version: int | None = None,
        check: Check | None = None,
        headline: Phrase | None = None,
    ) -> MoveResult:
        """Apply a system action (seat None), e.g. closing a round of a simultaneous game.

        ``by_user`` is the host or a moderator pressing a button, or None for a timer.
        ``expected_version`` refuses the action if the game has moved on (a paced reveal);
        ``check`` is a finer test under the lock, as in :meth:`play` (the round still open).
        ``headline`` is what the board says of it, kept until the board is shown.
        """
        async with self.lock(channel_id):
            loaded = self.load(await self.running_record(channel_id))
            record = loaded.record
            if by_user is not None and by_user != record.host_id and not is_moderator:
                raise UserError("not_host_or_mod")
            if expected_version is not None and expected_version != record.version:
                raise UserError("board_changed")
            if check is not None:
                check(record, loaded.state)
            action = loaded.game.parse(text)
            note = Note(headline)
            return await self._apply(loaded, None, by_user, [action], interaction_id, note)
