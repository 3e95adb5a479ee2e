"""Tools for menus that rank their choices: pages of the best first, and a per-state memo.

A level ranked best first is not split into ranges (a range of ranked choices names nothing a
player can read); it shows the best ``MAX_CHOICES - 1`` choices and a "more" choice leading
to the next page. Working out ranks and hints costs a scan of every legal action, so a game
computes them once per state object with :class:`StateMemo`: walking a menu asks for the same
state again at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .menus import MAX_CHOICES, MenuTree, Step

A = TypeVar("A")
S = TypeVar("S")
T = TypeVar("T")

PAGE_SIZE = MAX_CHOICES - 1  # the last place of a full page goes to "more"


def page_steps(rank: int, total: int, more: Step) -> tuple[Step, ...]:
    """The "more" steps in front of the choice ranked ``rank`` (from 0) among ``total``.

    Pages hold :data:`PAGE_SIZE` choices and a "more" choice, except the last, which holds up
    to :data:`MAX_CHOICES`; so a level of 25 choices or fewer gets no pages at all.
    """
    start = depth = 0
    while total - start > MAX_CHOICES and rank >= start + PAGE_SIZE:
        start += PAGE_SIZE
        depth += 1
    return (more,) * depth


class StateMemo(Generic[S, T]):
    """``compute(state)`` remembered for the few state objects used last (by identity: states
    are immutable values, and a caller walking the menus passes the same object again)."""

    def __init__(self, compute: Callable[[S], T], size: int = 4) -> None:
        self._compute = compute
        self._size = size
        self._items: list[tuple[S, T]] = []

    def __call__(self, state: S) -> T:
        items = self._items
        found = next((item for item in items if item[0] is state), None)
        if found is None:
            found = (state, self._compute(state))
        self._items = [found, *(item for item in items if item is not found)][: self._size]
        return found[1]


@dataclass(frozen=True, slots=True)
class Plan(Generic[A]):
    """The menu tree of a state's legal actions, with each action's hint and searchable words."""

    tree: MenuTree[A]
    hints: dict[A, str]
    words: dict[A, str]
