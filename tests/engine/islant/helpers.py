"""Building race states for scenario tests."""

from __future__ import annotations

from dataclasses import replace

from engine.islant import GAME
from engine.islant.sheet import Sheet
from engine.islant.state import IslantState, Player


def race(level: int, roll: tuple[int, ...], *sheets: Sheet, players: int = 1) -> IslantState:
    """A race on ``level`` whose current roll is ``roll``, with the given sheets (if any)."""
    state = GAME.new(max(players, len(sheets)), {"level": level}, 0)
    if sheets:
        state = replace(state, players=tuple(Player(s) for s in sheets))
    return replace(state, roll=roll, rerolled=())


def play(state: IslantState, seat: int | None, *texts: str) -> IslantState:
    """Apply several notation lines for one seat."""
    for text in texts:
        state, _ = GAME.apply_text(state, seat, text)
    return state
