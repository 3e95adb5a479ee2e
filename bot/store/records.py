"""What the store hands out and the errors it raises, the same for every back-end."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from locales import N_, _

OPEN_STATUSES = ("lobby", "active")
DECODED_CHARACTERS = 1_000_000
"""How many characters of stored JSON are kept decoded (the oldest forgotten first)."""
MAX_ID = 2**63 - 1
"""The largest integer both back-ends store (SQLite's INTEGER, PostgreSQL's BIGINT): every id
(games, users, Discord's snowflakes) and every version fits; a larger number names nothing."""
COMPUTER_NAME = N_("{name} (computer)")
"""A computer seat's name: stored in English, shown in the reader's language."""
COMPUTER_SUFFIX = COMPUTER_NAME.removeprefix("{name}")
FORMER_PLAYER = N_("a former player")
"""A forgotten player's name (``/forget-me``): stored in English, shown in the reader's words."""


def computer_name(name: str) -> str:
    """The stored name of a computer seat called ``name`` (``Ada (computer)``)."""
    return COMPUTER_NAME.format(name=name)


def shown_player(name: str, computer: bool = False) -> str:
    """A stored player name as the reader sees it: a computer's "(computer)" and a forgotten
    player in their words."""
    if name == FORMER_PLAYER:
        return _(FORMER_PLAYER)
    if computer and name.endswith(COMPUTER_SUFFIX):
        return _(COMPUTER_NAME, name=name.removesuffix(COMPUTER_SUFFIX))
    return name


class StoreError(Exception):
    """A write the store refused; ``code`` says why (the bot maps it to wording)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class VersionConflict(StoreError):
    """The game changed since it was loaded; nothing was written."""

    def __init__(self) -> None:
        super().__init__("version_conflict", "The game changed while your move was made.")


class DuplicateInteraction(StoreError):
    """This interaction was already applied once; nothing was written again."""

    def __init__(self) -> None:
        super().__init__("duplicate_interaction", "That move was already made.")


class UniqueViolation(Exception):
    """A back-end's unique-constraint error, named the same way on every back-end."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class DecodedTexts:
    """The stored JSON texts read lately, each with its decoded value, so that a game read
    again unchanged (every tap of a race reads it) is not decoded again.

    Keyed by the text itself: the same text is the same value, whatever wrote it and
    whichever process did. The values are shared between reads, and nothing changes them
    (records are read-only; the engine reads a state into values of its own).
    """

    def __init__(self, budget: int = DECODED_CHARACTERS) -> None:
        self._budget = budget
        self._kept = 0
        self._values: dict[str, Any] = {}

    def read(self, text: str) -> Any:
        if text in self._values:
            return self._values[text]
        value = json.loads(text)
        while self._values and self._kept + len(text) > self._budget:
            self._kept -= len(self._values.pop(next(iter(self._values))))
        if len(text) <= self._budget:
            self._values[text] = value
            self._kept += len(text)
        return value


DECODED = DecodedTexts()
"""Stored JSON texts decoded in this process (one cache: the same text is the same value)."""


def encoded_state(state: dict[str, Any]) -> str:
    """A game state as it is stored (compact JSON)."""
    return json.dumps(state, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One seat of a game; a computer seat has the level it plays at."""

    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str | None = None

    @property
    def shown_name(self) -> str:
        """The name in the reader's words (see :func:`shown_player`)."""
        return shown_player(self.name, self.is_ai)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game row with its seats."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_id: int
    options: dict[str, Any]
    seed: int
    state_text: str | None
    """The state as stored (JSON); :attr:`state` decodes it when first asked."""
    version: int
    board_message_id: int | None
    result: dict[str, Any] | None
    players: tuple[PlayerRecord, ...] = field(default=())
    table_options: dict[str, Any] = field(default_factory=dict)

    @property
    def state(self) -> dict[str, Any] | None:
        """The stored state, decoded (once per text: see :class:`DecodedTexts`). A caller
        holding the engine state of this version never asks, so a tap that finds its game's
        state cached decodes nothing."""
        return None if self.state_text is None else DECODED.read(self.state_text)

    def seat_of(self, user_id: int) -> int | None:
        """The seat held by a Discord user, if any."""
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    @property
    def computer_seats(self) -> frozenset[int]:
        """The seats computers play."""
        return frozenset(p.seat for p in self.players if p.is_ai)

    @property
    def names(self) -> list[str]:
        """The seats' names as the reader sees them, in seat order."""
        return [p.shown_name for p in sorted(self.players, key=lambda p: p.seat)]


@dataclass(frozen=True, slots=True)
class Job:
    """A scheduled job: a reminder, a timeout, a round timer."""

    id: int
    game_id: int
    kind: str
    due_at: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Scheduled:
    """A job to schedule: its kind, when it is due, and what it carries."""

    kind: str
    due: datetime
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One line of a game's action log."""

    seat: int | None
    user_id: int | None
    notation: str
    interaction_id: int | None = None


def stamp_of(moment: datetime) -> str:
    """A UTC timestamp in one fixed format, so that text order is time order."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
