"""Walking a game's menus in tests: every action's path, every menu, a menu at a path."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Menu, Path, Picked
from engine.core.menus import walk_all


def walk(game: Game, state: Any, seat: int) -> tuple[dict[str, Path], list[Menu]]:
    """Every action's own path (by notation) and every menu, from the seat's first menu."""
    paths: dict[str, Path] = {}
    menus: list[Menu] = []
    for path, answer in walk_all(lambda p: game.menu(state, seat, p)):
        if isinstance(answer, Picked) and not answer.then:  # (not a choice of several)
            paths[game.format(answer.action)] = path
        else:
            menus.append(answer)
    return paths, menus


def menu_at(game: Game, state: Any, seat: int, *path: str) -> Menu:
    """The menu at ``path``, which must not complete an action."""
    menu = game.menu(state, seat, path)
    assert isinstance(menu, Menu)
    return menu


def labels(menu: Menu) -> list[str]:
    return [c.label for c in menu.choices]
