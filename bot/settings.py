"""Table and server settings: timers, player caps and what happens to absent players.

A game's *rules* options belong to its engine. These belong to the table: the host may set
them in ``/game new`` (``round_minutes=10 cap=20``), a server admin sets defaults with
``/settings``, and the defaults below apply when neither did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, OptionSpec, resolve_options

from .i18n import FOLLOW_DISCORD, LANGUAGE_CHOICES

TIMEOUT_ACTIONS = ("computer", "skip", "remove")

TABLE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "cap",
        "most players who may join (0: the game's maximum)",
        0,
        minimum=0,
        maximum=99,
        title=N_("Most players"),
        words=((0, N_("the game's maximum")),),
    ),
    OptionSpec(
        "round_minutes",
        "minutes before a round closes by itself (0: no timer)",
        0,
        minimum=0,
        maximum=7 * 24 * 60,
        title=N_("Round timer (minutes)"),
        words=((0, N_("no timer")),),
    ),
    OptionSpec(
        "reminder_hours",
        "hours without a move before a reminder (0: never)",
        12,
        minimum=0,
        maximum=14 * 24,
        title=N_("Reminder after (hours)"),
        words=((0, N_("never")),),
    ),
    OptionSpec(
        "timeout_hours",
        "hours without a move before the timeout action (0: never)",
        48,
        minimum=0,
        maximum=30 * 24,
        title=N_("Timeout after (hours)"),
        words=((0, N_("never")),),
    ),
    OptionSpec(
        "timeout_action",
        "what happens to a player who does not come back",
        "computer",
        choices=TIMEOUT_ACTIONS,
        title=N_("At the timeout"),
        words=(
            ("computer", N_("a computer plays for them")),
            ("skip", N_("they pass")),
            ("remove", N_("they leave the game")),
        ),
    ),
)
SERVER_ONLY: tuple[OptionSpec, ...] = (
    OptionSpec(
        "who_can_start",
        "who may open lobbies: everyone, or members with Manage Channels",
        "everyone",
        choices=("everyone", "managers"),
        title=N_("Who may open lobbies"),
        words=(("everyone", N_("everyone")), ("managers", N_("members who can manage channels"))),
    ),
    OptionSpec(
        "language",
        "the language of public posts: the server's Discord language, English or German",
        FOLLOW_DISCORD,
        choices=LANGUAGE_CHOICES,
        title=N_("Language of public posts"),
        words=(
            (FOLLOW_DISCORD, N_("the server's Discord language")),
            ("en", N_("English")),
            ("de", N_("German")),
        ),
    ),
    OptionSpec(
        "web_pages",
        "whether this server's games have web pages (off: every link of the server answers 404)",
        "on",
        choices=("on", "off"),
        title=N_("Web pages of games"),
        words=(("on", N_("on")), ("off", N_("off"))),
    ),
)
TABLE_NAMES = frozenset(spec.name for spec in TABLE_OPTIONS)


def split_options(given: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Separate the rules options from the table options; table ones are checked here."""
    table = {k: v for k, v in given.items() if k in TABLE_NAMES}
    rules = {k: v for k, v in given.items() if k not in TABLE_NAMES}
    specs = {s.name: s for s in TABLE_OPTIONS}
    return rules, {name: specs[name].coerce(value) for name, value in table.items()}


def effective(table: Mapping[str, Any], server: Mapping[str, Any], name: str) -> Any:
    """A setting for one game: the table's choice, else the server's, else the default."""
    if name in table:
        return table[name]
    defaults = resolve_options(TABLE_OPTIONS + SERVER_ONLY, {})
    return server.get(name, defaults[name])


def check_server_settings(changes: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``/settings`` changes (only the names given are returned)."""
    specs = {s.name: s for s in TABLE_OPTIONS + SERVER_ONLY}
    resolve_options(TABLE_OPTIONS + SERVER_ONLY, changes)  # refuses unknown names
    return {name: specs[name].coerce(value) for name, value in changes.items()}
