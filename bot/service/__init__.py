"""The game service: the one place where a move goes from a request to a saved state.

For every change: take the channel's lock, load the game once, let the engine apply the
action, then save the new state and its log lines in one transaction that checks the version.
If the engine refuses, nothing is written. A change after which computer seats are to move
saves a computers job with it: the player's move is shown at once, and the computers' replies
are played and saved as a change of their own (:meth:`GameService.play_computers`), also after
a restart. Cogs call this service and never touch the engine or the store directly.

Every change is shown through the ``sink`` the service is built with: a job's by the service
itself, a handler's by the handler, which hands the sink its tap to answer.
Its parts, one job each: :mod:`.loading` (a request's :class:`Loaded` game),
:mod:`.transaction` (one change saved), :mod:`.lobby`, :mod:`.moves`, :mod:`.system` (jobs'
actions), :mod:`.navigator` and :mod:`.panels` (private panels) and :mod:`.views` (pictures).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from engine.core import Budget

from ..computers import Thinkers
from ..move_batches import MoveQueues
from ..rendering import Pictures
from ..replays import Replays
from ..store import Store
from ..timers import Timekeeper
from .loading import Loaded, utcnow
from .lobby import AI_NAMES, Lobby
from .moves import Check, Moves
from .navigator import PanelStep, Seated
from .panels import Panels
from .system import SystemActions
from .transaction import (
    SHOW_GRACE,
    THINKING_GRACE,
    ChangeSink,
    MoveResult,
    SavedChange,
    Unshown,
    saved_change,
)
from .views import Views

__all__ = [
    "AI_NAMES",
    "SHOW_GRACE",
    "THINKING_GRACE",
    "ChangeSink",
    "Check",
    "GameService",
    "Loaded",
    "MoveResult",
    "PanelStep",
    "SavedChange",
    "Seated",
    "Unshown",
    "saved_change",
]


class GameService(Lobby, Moves, Panels, SystemActions, Views):
    """Lobbies, moves, panels, jobs' actions and pictures for every game, over a store."""

    def __init__(
        self,
        store: Store,
        *,
        now: Callable[[], datetime] = utcnow,
        seed_source: Callable[[], int] | None = None,
        budget: Budget | None = None,
        sink: ChangeSink | None = None,
    ) -> None:
        """``sink`` shows the changes the service saves (default: none, the outbox keeps
        them)."""
        super().__init__(store, now)
        self.sink: ChangeSink = sink or Unshown()
        self.computers = Thinkers(budget)
        self.pictures = Pictures()
        self.replays = Replays(store, self.pictures)
        self.timers = Timekeeper(store, self.now)
        self._seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**31))
        self._queues = MoveQueues()
