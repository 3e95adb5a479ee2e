"""A game's texts for people, kept beside its code as package data.

A game package holds ``texts/<kind>.<lang>.md`` (its rules and quick start, in every language)
and may hold ``locales/<lang>.po``, the translations of the words its code declares (summary,
option hints, event sentences) when they are not in the shared catalog.
"""

from __future__ import annotations

import sys
from importlib import resources
from importlib.resources.abc import Traversable

from .game import Game

RULES = "rules"
QUICK_START = "quick"
TEXT_KINDS = (RULES, QUICK_START)


def game_package(game: Game) -> str:
    """The package a game's class is defined in: its texts and catalog sit there."""
    module = type(game).__module__
    return sys.modules[module].__package__ or module


def game_text(game: Game, kind: str, lang: str) -> str | None:
    """The text ``kind`` (:data:`RULES`, :data:`QUICK_START`) of ``game`` in ``lang``, or
    None where the game has none in that language."""
    path = resources.files(game_package(game)) / "texts" / f"{kind}.{lang}.md"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


def game_catalog(game: Game, lang: str) -> Traversable | None:
    """The game's own catalog file for ``lang`` (``locales/<lang>.po``), if it has one."""
    path = resources.files(game_package(game)) / "locales" / f"{lang}.po"
    return path if path.is_file() else None
