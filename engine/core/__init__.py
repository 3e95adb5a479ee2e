"""The shared core of every game engine: the contract, errors, options, randomness, hexes."""

from .ai import DEFAULT_THINK_MS, OFFERED_LEVELS, Budget, Level, parse_levels, read_levels
from .errors import BAD_NOTATION, IllegalAction
from .game import (
    COMMON_END_REASONS,
    EndReason,
    Event,
    Game,
    GameInfo,
    Outcome,
    Resign,
    Seat,
    TurnMenu,
    View,
    said,
    seats_with_best,
    told,
)
from .memo import BoundedMemo
from .menus import (
    MAX_CHOICES,
    PICK_SEPARATOR,
    Choice,
    Marks,
    Menu,
    Path,
    Picked,
    Step,
    lettered,
)
from .names import fill_names, seat_ref
from .options import OptionSpec, OptionValue, resolve_options
from .registry import all_games, find_game, register
from .rng import Rng
from .texts import QUICK_START, RULES, TEXT_KINDS, game_catalog, game_package, game_text
from .words import N_, Name, Number, Words, counted, either, joined, listing

__all__ = [
    "BAD_NOTATION",
    "COMMON_END_REASONS",
    "DEFAULT_THINK_MS",
    "MAX_CHOICES",
    "N_",
    "OFFERED_LEVELS",
    "PICK_SEPARATOR",
    "QUICK_START",
    "RULES",
    "TEXT_KINDS",
    "BoundedMemo",
    "Budget",
    "Choice",
    "EndReason",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Level",
    "Marks",
    "Menu",
    "Name",
    "Number",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "Path",
    "Picked",
    "Resign",
    "Rng",
    "Seat",
    "Step",
    "TurnMenu",
    "View",
    "Words",
    "all_games",
    "counted",
    "either",
    "fill_names",
    "find_game",
    "game_catalog",
    "game_package",
    "game_text",
    "joined",
    "lettered",
    "listing",
    "parse_levels",
    "read_levels",
    "register",
    "resolve_options",
    "said",
    "seat_ref",
    "seats_with_best",
    "told",
]
