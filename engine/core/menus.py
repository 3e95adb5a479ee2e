"""Menus: every game's moves offered by taps, one short list of choices at a time.

A game answers, for a seat and the choices made so far (a *path*), either the next
:class:`Menu` or the complete action the path names (:class:`Picked`). The default menu walks a
tree built from the legal actions: each action is a sequence of :class:`Step` s (by default the
words of its notation), levels with a single choice are skipped once something was picked, and
a level with more than :data:`MAX_CHOICES` choices is split into ranges first. A game shapes its
tree by overriding ``menu_steps`` (grouping, order, labels) or replaces ``menu`` for a step it
wants to offer differently (several picks at once, say). A pick may play several actions in
a row (:attr:`Picked.then`): one tap for steps of a turn whose answers go together.

A path element is the index of the choice taken in the menu shown at that point; for a menu
that takes several picks it is the picked indices joined by :data:`PICK_SEPARATOR`. Indices are
only meaningful for the state the menu was drawn from: callers check the seat's
``seat_version`` before walking a stored path.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Generic, TypeVar

from .errors import BAD_NOTATION, IllegalAction
from .hexgrid import Hex
from .words import Words

A = TypeVar("A")
Path = tuple[str, ...]

MAX_CHOICES = 25  # Discord's limit for one select menu
MAX_LABEL = 80  # Discord's limit for a button label (a select option allows 100)
MAX_HINT = 100
MAX_PATH = 12  # no game's tree is deeper; longer paths are refused unread
PICK_SEPARATOR = "+"
RANGE_DASH = " – "
RANGE = "{first}" + RANGE_DASH + "{last}"
THAT_IS_ALL = Words("That is all")
CHOOSE = Words("Choose your move")


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class Step:
    """How an action is chosen at one level of the tree: its key there, label and question,
    optionally the hint of its choice (else the action's hint, where it completes one), the
    hexes the choice is about (a picture may mark them), and whether it ends the seat's game
    (see :attr:`Choice.ends`)."""

    key: str
    label: str
    prompt: str = CHOOSE
    hint: str = ""
    at: tuple[Hex, ...] = ()
    ends: bool = False


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a menu: a label (≤ 80 characters), a hint (≤ 100), the hexes it is
    about, if any, and whether it ends or gives up the seat's game for good (a panel asks
    for a confirmation before playing such a choice)."""

    label: str
    hint: str = ""
    at: tuple[Hex, ...] = ()
    ends: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", clip(self.label, MAX_LABEL))
        object.__setattr__(self, "hint", clip(self.hint, MAX_HINT))


@dataclass(frozen=True, slots=True)
class Menu:
    """The next question for a seat: at most :data:`MAX_CHOICES` choices, and how many to pick."""

    prompt: str
    choices: tuple[Choice, ...]
    min_picks: int = 1
    max_picks: int = 1

    def __post_init__(self) -> None:
        if not 0 < len(self.choices) <= MAX_CHOICES:
            raise ValueError(f"a menu needs 1 to {MAX_CHOICES} choices, not {len(self.choices)}")
        if not 0 <= self.min_picks <= self.max_picks <= len(self.choices):
            raise ValueError("a menu's pick bounds must fit its choices")


@dataclass(frozen=True, slots=True)
class Picked(Generic[A]):
    """A path that names one complete action, and maybe the actions ``then`` played right
    after it by the same tap (a choice that completes several steps of a turn at once; each
    must be legal once the ones before it are played)."""

    action: A
    then: tuple[A, ...] = ()

    @property
    def actions(self) -> tuple[A, ...]:
        """Every action the pick plays, in order."""
        return (self.action, *self.then)


def seat_version(notations: Iterable[str]) -> str:
    """A short fingerprint of what a seat may do now: menus drawn for one stay valid."""
    return f"{zlib.crc32(chr(10).join(notations).encode()):08x}"


def bad_path() -> IllegalAction:
    """The error for a path that names nothing in the current menus."""
    return IllegalAction(BAD_NOTATION, "That choice is no longer on offer.")


def read_picks(element: str, menu: Menu) -> tuple[int, ...]:
    """The choice indices of one path element, checked against ``menu``'s choices and bounds."""
    parts = element.split(PICK_SEPARATOR) if element else []
    if not all(part.isdigit() and len(part) <= 2 for part in parts):
        raise bad_path()
    picks = tuple(int(part) for part in parts)
    if len(set(picks)) != len(picks) or any(p >= len(menu.choices) for p in picks):
        raise bad_path()
    if not menu.min_picks <= len(picks) <= menu.max_picks:
        raise bad_path()
    return picks


# ----- the tree over legal actions ------------------------------------------------------------
@dataclass(slots=True)
class _Node(Generic[A]):
    label: str = ""
    prompt: str = CHOOSE
    hint: str = ""
    at: tuple[Hex, ...] = ()
    ends: bool = False
    action: A | None = None
    complete: bool = False
    children: dict[str, _Node[A]] = field(default_factory=dict)


def _build(entries: Iterable[tuple[Sequence[Step], A]]) -> _Node[A]:
    root: _Node[A] = _Node()
    for steps, action in entries:
        node = root
        for step in steps:
            child = node.children.get(step.key)
            if child is None:
                child = node.children[step.key] = _Node(
                    step.label, hint=step.hint, at=step.at, ends=step.ends
                )
            node.prompt = node.prompt if len(node.children) > 1 else step.prompt
            node = child
        if node.complete:
            raise ValueError(f"two actions share the menu path of {steps!r}")
        node.action, node.complete = action, True
    for node in list(_nodes(root)):
        if node.complete and node.children:  # an action that another one continues
            done = _Node(THAT_IS_ALL, action=node.action, complete=True)
            node.children = {"": done, **node.children}
            node.action, node.complete = None, False
    return root


def _nodes(node: _Node[A]) -> Iterator[_Node[A]]:
    yield node
    for child in node.children.values():
        yield from _nodes(child)


def _skip_single(node: _Node[A]) -> _Node[A]:
    """Go down through levels that offer one choice only."""
    while not node.complete and len(node.children) == 1:
        node = next(iter(node.children.values()))
    return node


@dataclass(frozen=True, slots=True)
class _Level(Generic[A]):
    """The nodes a menu chooses among (maybe only a range of a long level)."""

    prompt: str
    members: tuple[_Node[A], ...]

    def groups(self) -> list[tuple[_Node[A], ...]]:
        """The members split into at most :data:`MAX_CHOICES` consecutive ranges."""
        size = math.ceil(len(self.members) / MAX_CHOICES)
        return [self.members[i : i + size] for i in range(0, len(self.members), size)]


class MenuTree(Generic[A]):
    """The tree of some entries, built once: a game that keeps it for a state walks it again
    for every path instead of rebuilding it (see :func:`tree_menu`)."""

    __slots__ = ("root",)

    def __init__(self, entries: Iterable[tuple[Sequence[Step], A]]) -> None:
        self.root = _build(entries)


def tree_menu(
    entries: Iterable[tuple[Sequence[Step], A]] | MenuTree[A],
    path: Path,
    hint: Callable[[A], str] = lambda action: "",
) -> Menu | Picked[A]:
    """Walk ``path`` down the tree of ``entries``: the menu there, or the action it names."""
    root = entries.root if isinstance(entries, MenuTree) else _build(entries)
    if not root.children:
        raise IllegalAction(BAD_NOTATION, "There is nothing for you to do right now.")
    if len(path) > MAX_PATH:
        raise bad_path()
    top = root
    while len(top.children) == 1 and not _skip_single(top).complete:
        top = next(iter(top.children.values()))
    level = _Level(top.prompt, tuple(top.children.values()))
    for depth, element in enumerate(path):
        menu = _level_menu(level, hint)
        (index,) = read_picks(element, menu)
        group = level.groups()[index]
        if len(group) > 1:
            level = _Level(level.prompt, group)
            continue
        node = _skip_single(group[0])
        if node.complete:
            if depth != len(path) - 1:
                raise bad_path()
            return Picked(node.action)  # type: ignore[arg-type]
        level = _Level(node.prompt, tuple(node.children.values()))
    return _level_menu(level, hint)


def _level_menu(level: _Level[A], hint: Callable[[A], str]) -> Menu:
    choices = []
    for group in level.groups():
        if len(group) == 1:
            node = _skip_single(group[0])
            own = hint(node.action) if node.complete else ""  # type: ignore[arg-type]
            # a choice that completes an action through skipped levels says what it does
            text = (own or group[0].hint) if node is not group[0] else (group[0].hint or own)
            choices.append(Choice(group[0].label, text, group[0].at, group[0].ends or node.ends))
        else:
            span = {"first": group[0].label, "last": group[-1].label}
            choices.append(Choice(Words(RANGE, span)))
    return Menu(level.prompt, tuple(choices))


def notation_steps(notation: str) -> tuple[Step, ...]:
    """The default steps of an action: the words of its notation."""
    return tuple(Step(word, word) for word in notation.split())


# ----- walking every menu (conformance tests, replays of taps) --------------------------------
def every_path_element(menu: Menu) -> Iterator[str]:
    """Every path element ``menu`` accepts: each index, or each allowed set of indices."""
    indices = range(len(menu.choices))
    if menu.max_picks == 1 and menu.min_picks == 1:
        yield from (str(i) for i in indices)
        return
    for count in range(menu.min_picks, menu.max_picks + 1):
        for picks in combinations(indices, count):
            yield PICK_SEPARATOR.join(str(p) for p in picks)


def walk_all(
    menu_at: Callable[[Path], Menu | Picked[Any]], path: Path = ()
) -> Iterator[tuple[Path, Menu | Picked[Any]]]:
    """Every menu and every picked action reachable from ``path``, depth first."""
    answer = menu_at(path)
    yield path, answer
    if isinstance(answer, Menu):
        for element in every_path_element(answer):
            yield from walk_all(menu_at, (*path, element))


# ----- letters for a picture ------------------------------------------------------------------
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Marks = tuple[tuple[str, tuple[Hex, ...]], ...]


def lettered(menu: Menu) -> tuple[Menu, Marks]:
    """The menu with a letter in front of each choice that names hexes, and those letters with
    their hexes (for a picture that marks them); a menu naming no hexes comes back as it was."""
    if not any(c.at for c in menu.choices):
        return menu, ()
    letters = iter(LETTERS)
    choices = []
    marks = []
    for choice in menu.choices:
        if choice.at:
            letter = next(letters)
            marks.append((letter, choice.at))
            choice = replace(choice, label=f"{letter} · {choice.label}")
        choices.append(choice)
    return Menu(menu.prompt, tuple(choices), menu.min_picks, menu.max_picks), tuple(marks)
