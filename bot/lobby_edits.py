"""A lobby's message after joins and leaves, shown in the order of the lobby's versions.

Many players join a lobby at once (a 99-player race). Their joins are saved one at a time,
but the answers to their taps reach Discord in any order, so a lobby answered with each tap's
own list of seats could end showing an older list than the last one saved (97 players of the
98 who joined, until the next change). A join or a leave is acknowledged at once (a deferred
update of the lobby's message); the message is then edited through a tap's own interaction
(or, for a change made by a command, a kick, the message itself), one edit at a time per
lobby, each with the latest seats saved, so the last edit shows the last change. An older
list arriving after a newer one was shown is not shown, nor one saved before the lobby's
message was answered otherwise (a computer seated, the game started, the lobby cancelled).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from .discord_requests import NOT_TAKEN
from .store import GameRecord

log = logging.getLogger(__name__)
LOBBIES_KEPT = 1024
"""Lobbies whose last shown version is remembered (the oldest forgotten first)."""
LobbyCard = Callable[[GameRecord], dict[str, Any]]
"""The keyword arguments of the lobby message's edit for a record (its card and buttons)."""
LobbyEdit = Callable[..., Awaitable[Any]]
"""Edits the lobby's message with a card's keyword arguments: through the interaction of a
tap on it (acknowledged as a deferred update), or the message itself."""


class LobbyEdits:
    """Per lobby, the latest seats waiting to be shown, and the version shown last."""

    def __init__(self) -> None:
        self._waiting: dict[int, tuple[GameRecord, LobbyEdit]] = {}
        self._shown: OrderedDict[int, int] = OrderedDict()
        self._editing: set[int] = set()

    async def show(self, record: GameRecord, edit: LobbyEdit, card: LobbyCard) -> None:
        """Have the lobby's message show ``record`` (``edit`` edits it for the change that
        saved it), unless a later version is shown or waits to be. The first change of a
        burst edits, with its own ``edit`` and then the waiting ones', until no later
        version waits; the others return at once. ``card`` gives each edit's card."""
        lobby = record.id
        waiting = self._waiting.get(lobby)
        if waiting is None or waiting[0].version < record.version:
            self._waiting[lobby] = (record, edit)
        if lobby in self._editing:
            return  # the tap editing the lobby shows it
        self._editing.add(lobby)
        try:
            while (latest := self._waiting.pop(lobby, None)) is not None:
                shown, by = latest
                if shown.version <= self._shown.get(lobby, -1):
                    continue
                try:
                    await by(**card(shown))
                except NOT_TAKEN as error:  # the next change shows the lobby again
                    log.warning("lobby %s: version %s not shown: %s", lobby, shown.version, error)
                    continue
                self._remember(lobby, shown.version)
        finally:
            self._editing.discard(lobby)

    def answered(self, record: GameRecord) -> None:
        """The lobby's message shows ``record`` through another answer (a computer seated,
        the game started, the lobby cancelled): no list of seats saved before it is shown
        after it."""
        self._waiting.pop(record.id, None)
        self._remember(record.id, record.version)

    def _remember(self, lobby: int, version: int) -> None:
        """Remember that the lobby's message shows ``version`` or a later one."""
        self._shown[lobby] = max(version, self._shown.get(lobby, -1))
        self._shown.move_to_end(lobby)
        if len(self._shown) > LOBBIES_KEPT:
            self._shown.popitem(last=False)
