"""The game service: the one place where a move goes from a request to a saved state.

For every change: take the channel's lock, load the game once, let the engine apply the
action, then save the new state and its log lines in one transaction that checks the version.
If the engine refuses, nothing is written. A change after which computer seats are to move
saves a computers job with it: the player's move is shown at once, and the computers' replies
are played and saved as a change of their own (:meth:`SystemActions.play_computers`), also
after a restart. Cogs call this service and never touch the engine or the store directly.

:class:`GameService` is made of parts with one job each, composed in its ``__init__``, where
each part is handed the parts it uses and each public method is named with the part that
answers it:

- :class:`.loading.Loading`: the store, the clock, the channels' locks, the saved states;
- :class:`.transaction.Transactions`: one change worked out and saved, with its outbox entry
  and jobs;
- :class:`.lobby.Lobby`, :class:`.moves.Moves`, :class:`.panels.Panels` (private panels,
  worked out by :mod:`.navigator` in the worker pool) and :class:`.system.SystemActions`
  (what jobs do): the changes, each through ``Transactions``;
- :class:`.views.Views`: pictures of saved versions.

A tap on a panel, for instance: ``bot.panel`` → :meth:`Panels.choose` (the menu the path leads
to, from the worker pool) → a completed path queued and saved as one batch
(:meth:`Transactions.save`) → the handler shows it through the ``sink`` (the bot's publisher),
which draws the board with :meth:`Views.render`.

Every change is shown through the ``sink`` the service is built with: a job's by the service
itself, a handler's by the handler, which hands the sink its tap to answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from engine.core import Budget

from ..computers import Thinkers
from ..rendering import Pictures
from ..replays import Replays
from ..store import Store
from ..timers import Timekeeper
from .loading import Loaded, Loading, utcnow
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
    Transactions,
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


class GameService:
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
        self.store = store
        self.sink: ChangeSink = sink or Unshown()
        self.computers = Thinkers(budget)
        self.pictures = Pictures()
        self.replays = Replays(store, self.pictures)
        deal = seed_source or (lambda: random.SystemRandom().randrange(2**31))

        # the parts, each given what it uses
        self.loading = loading = Loading(store, now)
        self.timers = Timekeeper(store, loading.now)
        self.transactions = saving = Transactions(loading, self.timers, self.sink)
        self.lobby = lobby = Lobby(loading, saving, deal)
        self.moves = moves = Moves(loading, saving)
        self.panels = panels = Panels(loading, saving, self.pictures)
        self.system = system = SystemActions(loading, saving, self.computers)
        self.views = views = Views(loading, self.pictures)

        # the service's face: each method is its part's
        self.reader = loading.reader
        self.now = loading.now
        self.lock = loading.lock
        self.load = loading.load
        self.state_of = loading.state_of
        self.current = loading.current
        self.to_show = loading.to_show
        self.running = loading.running
        self.running_record = loading.running_record
        self.game_named_by = loading.game_named_by
        self.open_lobby = lobby.open_lobby
        self.join = lobby.join
        self.leave = lobby.leave
        self.may_join = lobby.may_join
        self.may_leave = lobby.may_leave
        self.add_computer = lobby.add_computer
        self.computer_level = lobby.computer_level
        self.computer_seat = lobby.computer_seat
        self.start = lobby.start
        self.cancel_lobby = lobby.cancel_lobby
        self.end = lobby.end
        self.kick = lobby.kick
        self.play = moves.play
        self.resign = moves.resign
        self.play_as_system = moves.play_as_system
        self.plan = panels.plan
        self.first = panels.first
        self.open_panel = panels.open_panel
        self.choose = panels.choose
        self.close_round = system.close_round
        self.play_paced = system.play_paced
        self.play_computers = system.play_computers
        self.act_for_absent = system.act_for_absent
        self.quiet_users = system.quiet_users
        self.render = views.render
        self.render_view = views.render_view
        self.saved_state = views.saved_state
