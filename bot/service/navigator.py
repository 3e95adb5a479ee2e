"""The panel navigator: where a path of taps leads on a seat's panel, as plain values.

Shared by channel games and the daily game. The engine work of a tap is done in the worker
pool rather than on the event loop.

A tap on a private panel needs the seat's version, the menu its path leads to (Islant's first
menu plans whole turns), the breadcrumb of the choices taken, the lines a game shows above its
menu, and the seat's view of the turn so far for the picture: work that grows with the game.
:func:`plan_panel` does it all in one walk from a :class:`SavedState` (the saved JSON, cheap to
ship) and returns a :class:`PanelPlan` of plain values. Each worker keeps the states it read by
game and version, so the taps of a race read its JSON once per change, not once per tap.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from engine import find_game
from engine.core import (
    PICK_SEPARATOR,
    BoundedMemo,
    Choice,
    Menu,
    Path,
    Picked,
    View,
    fill_names,
    lettered,
)
from locales import engine_words, speaking

from ..rendering import Drawer, Drawn, MarkedBoard, draw_unless_shown
from ..store import GameRecord

STATES_KEPT = 32
LinesOf = Callable[[Any, int], Sequence[str]]
"""A game's lines above its panel's menu, from the state and the seat (module-level: it pickles)."""
LinesFor = Callable[[str], LinesOf | None]
"""The lines function of a game, by the game's name (None: the game shows none)."""


@dataclass(frozen=True, slots=True)
class SavedState:
    """A saved state as the worker pool reads it: whose it is, its version and its stored
    text (a text crosses to a worker process as one copy; its decoded values would be
    pickled one by one at every hand-over, a 99-seat race's thousands of them)."""

    game: str
    key: tuple[str, str, int]
    """What the state belongs to: the store's reader (one per service), the kind of record
    (``"game"``, ``"daily"``) and its id; with ``version``, it names one saved state."""
    version: int
    text: str = field(compare=False, hash=False)


@dataclass(frozen=True, slots=True)
class PanelPlan:
    """What a seat's panel shows at a path, or the actions a completed path plays."""

    seat: int
    version: str
    """The seat's version now (see ``Game.seat_version``)."""
    path: Path = ()
    menu: Menu | None = None
    """The menu the path leads to; None when the seat has nothing to do or the path is done."""
    stale: bool = False
    """The tap came from a panel of another version: this is the seat's first menu."""
    before: tuple[Any, ...] = ()
    """Actions picked earlier in the turn, applied to the preview the menu is about."""
    labels: tuple[str, ...] = ()
    """The choices taken along the path (engine texts), for the breadcrumb."""
    play: tuple[Any, ...] = ()
    """A completed path: every action it plays, in order (``before`` first)."""
    lines: tuple[str, ...] = ()
    """The game's lines above the menu, in the reader's language."""
    waiting: int | None = None
    """With no menu: how many other players the game waits for before the seat's next turn
    (None: the seat has no turn to come)."""
    thinking: tuple[int, ...] = ()
    """The computer seats to move besides the seat (their moves are being worked out)."""
    to_move: tuple[int, ...] = ()
    """With no menu: the other seats to move now (whose turn it is)."""
    named: Menu | None = None
    """The menu as its panel shows it: in ``lang``, the seats' names filled in."""
    lang: str = ""
    """The language of ``named`` (and of ``lines``)."""


Laid = list[dict[str, Any]]
"""A message's components as Discord takes them (JSON)."""
Lay = Callable[["PanelStep", str], Laid | None]
"""A panel's components laid out from its step (its picture drawn) and the note the panel
opens with, where the step is planned; None when they cannot be (module-level: it pickles)."""
PictureFor = Callable[[str], "PictureOrder | None"]
"""The picture a game's panel shows, by the game's name (None: no picture with the menu)."""


def no_picture(game: str) -> None:
    """No picture is drawn with the menu (the default :data:`PictureFor`)."""
    return None


def no_lines(game: str) -> None:
    """No game shows lines above its menu (the default :data:`LinesFor`)."""
    return None


_states: BoundedMemo[tuple[str, str, int, int], Any] = BoundedMemo(STATES_KEPT)


def read_state(saved: SavedState) -> Any:
    """The engine state of ``saved``, read once per worker and version."""
    key = (*saved.key, saved.version)
    state = _states.get(key)
    if state is None:
        state = find_game(saved.game).deserialize(json.loads(saved.text))
        _states.put(key, state)
    return state


def plan_panel(
    saved: SavedState,
    seat: int,
    version: str | None,
    path: Path,
    lines_of: LinesOf | None = None,
    lang: str = "en",
    computers: frozenset[int] = frozenset(),
) -> PanelPlan:
    """Where ``path`` leads on ``seat``'s panel drawn for ``version`` (None: a new panel at its
    first menu): a menu, the first menu again (stale), or the actions that complete the turn.
    ``computers`` are the seats computers play."""
    game = find_game(saved.game)
    state = read_state(saved)
    current = game.seat_version(state, seat)
    with speaking(lang):
        lines = tuple(lines_of(state, seat)) if lines_of is not None else ()
    movers = frozenset() if game.is_over(state) else game.to_move(state) - {seat}
    thinking = tuple(sorted(computers & movers))
    if game.is_over(state) or not game.legal_actions(state, seat):
        stale = version not in (None, current)
        waiting = len(game.to_move(state) - {seat}) if game.still_playing(state, seat) else None
        return PanelPlan(
            seat,
            current,
            lines=lines,
            stale=stale,
            waiting=waiting,
            thinking=thinking,
            to_move=tuple(sorted(movers)),
        )
    if version != current:
        first = game.menu(state, seat, ())
        assert isinstance(first, Menu)
        stale = version is not None
        return PanelPlan(seat, current, (), first, stale=stale, lines=lines, thinking=thinking)
    turn = game.turn_menu(state, seat, path)
    if isinstance(turn.answer, Picked):
        return PanelPlan(seat, current, path, play=(*turn.before, *turn.answer.actions))
    labels = [game.describe(action) for action in turn.before]
    walked = path[turn.starts :]
    for depth, element in enumerate(walked):
        menu = game.menu(turn.state, seat, walked[:depth])
        assert isinstance(menu, Menu)
        labels.extend(menu.choices[int(i)].label for i in element.split(PICK_SEPARATOR))
    return PanelPlan(
        seat,
        current,
        path,
        turn.answer,
        before=turn.before,
        labels=tuple(labels),
        lines=lines,
        thinking=thinking,
    )


def preview_view(
    saved: SavedState, seat: int | None, before: Sequence[Any], own_part: bool = False
) -> View:
    """``seat``'s view of its turn so far: the saved state with ``before`` applied (with
    ``partial``, a view built where its picture is drawn); with ``own_part``, only the
    seat's own part of it (``Game.seat_view``)."""
    game = find_game(saved.game)
    state = read_state(saved)
    for action in before:
        state, _ = game.apply(state, seat, action)
    if own_part and seat is not None:
        return game.seat_view(state, seat)
    return game.view(state, seat)


@dataclass(frozen=True, slots=True)
class Seated:
    """What a panel is about: a saved state (a channel's game, a daily attempt), the names
    of its seats, whether it is over, and the seats computers play."""

    saved: SavedState
    names: tuple[str, ...]
    finished: bool = False
    computers: frozenset[int] = frozenset()

    @property
    def id(self) -> int:
        """The id of the game (or attempt) the panel's buttons name."""
        return self.saved.key[2]

    @property
    def game(self) -> str:
        return self.saved.game

    @property
    def version(self) -> int:
        return self.saved.version


def seated(record: GameRecord, reader: str) -> Seated:
    """A channel's game as its panels see it (``reader`` names the service's saved states)."""
    assert record.state_text is not None
    saved = SavedState(record.game, (reader, "game", record.id), record.version, record.state_text)
    return Seated(saved, tuple(record.names), record.status == "finished", record.computer_seats)


@dataclass(slots=True)
class PanelStep:
    """Where a tap on a seat's panel led: the next menu, or the move it made.

    ``plan`` holds what the worker pool worked out (the seat's version, the menu, the turn so
    far); ``seated`` is the saved state it is about, from which the panel's picture is drawn.
    """

    seated: Seated
    plan: PanelPlan
    move: Any = None
    """The change the tap made (a :class:`~bot.service.MoveResult`), if it made one."""
    said: str = ""
    """What the panel says the player did with :attr:`move` (the ``said`` the tap was
    followed with: see :meth:`~bot.service.panels.Panels.choose`)."""
    drawn: Drawn | None = None
    """The panel's picture, when it was asked for with the menu (see :class:`PictureOrder`)."""
    laid: Laid | None = None
    """The panel's components as Discord takes them, when they were laid out with the menu
    and the picture (see :class:`PictureOrder`)."""

    @property
    def seat(self) -> int:
        return self.plan.seat

    @property
    def version(self) -> str:
        """The seat's version the menu belongs to."""
        return self.plan.version

    @property
    def path(self) -> Path:
        return self.plan.path

    @property
    def menu(self) -> Menu | None:
        """The menu to show; None when the seat has nothing to do."""
        return self.plan.menu

    @property
    def stale(self) -> bool:
        """The tap came from a panel drawn for an earlier version: this is the first menu."""
        return self.plan.stale

    @property
    def before(self) -> tuple[Any, ...]:
        """Actions picked earlier in the turn (the picture shows them as a preview)."""
        return self.plan.before

    def preview(self, own_part: bool = False) -> Callable[[], View]:
        """How the worker pool builds the seat's view of the turn so far (``own_part``: of
        the seat's own part, see :func:`preview_view`)."""
        return partial(preview_view, self.seated.saved, self.seat, self.before, own_part)


def navigate(
    seated: Seated,
    seat: int,
    version: str | None,
    path: Path,
    lines_of: LinesOf | None,
    lang: str,
) -> PanelPlan:
    """:func:`plan_panel` for ``seated`` (run in the worker pool): a finished game or attempt
    offers no menu."""
    plan = plan_panel(seated.saved, seat, version, path, lines_of, lang, seated.computers)
    if seated.finished:
        return replace(plan, menu=None, play=())
    return replace(plan, named=name_menu(plan.menu, seated.names, lang), lang=lang)


def name_menu(menu: Menu | None, names: Sequence[str], lang: str) -> Menu | None:
    """``menu`` as a panel shows it: its words in ``lang``, seat placeholders replaced by
    players' names (worked out in the worker pool with the menu: a 25-cell menu is 50 texts
    to translate and fill in at every tap)."""
    if menu is None:
        return None

    def words(text: str) -> str:
        return fill_names(engine_words(lang, text), names)

    choices = tuple(
        Choice(words(c.label), capitalised(words(c.hint)), c.at, c.ends) for c in menu.choices
    )
    return Menu(words(menu.prompt), choices, menu.min_picks, menu.max_picks)


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-case (the rest as it was)."""
    return text[:1].upper() + text[1:]


def first_menu(
    seated: Seated, seat: int, lines_of: LinesOf | None, lang: str, stale: bool
) -> PanelPlan:
    """The seat's first menu (run in the worker pool); ``stale``: it answers a tap from a
    panel that is out of date."""
    return replace(navigate(seated, seat, None, (), lines_of, lang), stale=stale)


@dataclass(frozen=True, slots=True)
class PictureOrder:
    """The panel's picture, drawn in the same hand-over as its menu: by the game's panel
    drawer (None: the board), of the seat's own part (``Game.seat_view``) or its whole view;
    not drawn again when its fingerprint is ``shown`` (the picture the panel shows). With
    ``lay``, the panel's components are laid out there too, opening with ``note``."""

    drawer: Drawer | None = None
    own_part: bool = False
    shown: str = ""
    lay: Lay | None = None
    note: str = ""


def panel_picture(
    seated: Seated, plan: PanelPlan, order: PictureOrder | None, lang: str
) -> Drawn | None:
    """The picture of the panel ``plan`` shows (run in the worker pool): the seat's view of
    its turn so far, the menu's choices lettered on the board; None when no picture was
    asked for or the plan plays a move (the next menu's picture comes after it)."""
    if order is None or plan.play:
        return None
    marks = lettered(plan.menu)[1] if plan.menu is not None else ()
    drawer, own_part = order.drawer, order.own_part and order.drawer is not None
    if marks:
        drawer, own_part = MarkedBoard.of(marks), False
    view = preview_view(seated.saved, plan.seat, plan.before, own_part)
    return draw_unless_shown(drawer, view, seated.names, lang, order.shown)


def navigate_drawn(
    seated: Seated,
    seat: int,
    version: str | None,
    path: Path,
    lines_of: LinesOf | None,
    lang: str,
    order: PictureOrder | None,
) -> tuple[PanelPlan, Drawn | None, Laid | None]:
    """:func:`navigate`, and the panel's picture and components with it (one hand-over to
    the pool)."""
    plan = navigate(seated, seat, version, path, lines_of, lang)
    return drawn_and_laid(seated, plan, order, lang)


def first_menu_drawn(
    seated: Seated,
    seat: int,
    lines_of: LinesOf | None,
    lang: str,
    stale: bool,
    order: PictureOrder | None,
) -> tuple[PanelPlan, Drawn | None, Laid | None]:
    """:func:`first_menu`, and the panel's picture and components with it (one hand-over to
    the pool)."""
    plan = first_menu(seated, seat, lines_of, lang, stale)
    return drawn_and_laid(seated, plan, order, lang)


FirstMenuOrder = tuple[int, "LinesOf | None", str, bool, "PictureOrder | None"]
"""What :func:`first_menu_drawn` is asked after its saved state: the seat, the game's lines,
the language, whether the panel asking was out of date, and the picture."""


def first_menus_drawn(
    seated: Seated, orders: Sequence[FirstMenuOrder]
) -> list[tuple[PanelPlan, Drawn | None, Laid | None] | Exception]:
    """:func:`first_menu_drawn` for each of ``orders`` on one saved state, in one hand-over
    to the pool (the panels of the moves one save played); an order that failed gives its
    error, the others their panels."""
    panels: list[tuple[PanelPlan, Drawn | None, Laid | None] | Exception] = []
    for order in orders:
        try:
            panels.append(first_menu_drawn(seated, *order))
        except Exception as error:  # (that panel's tap answers with it)
            panels.append(error)
    return panels


def drawn_and_laid(
    seated: Seated, plan: PanelPlan, order: PictureOrder | None, lang: str
) -> tuple[PanelPlan, Drawn | None, Laid | None]:
    """``plan`` with the picture and the components ``order`` asks for."""
    drawn = panel_picture(seated, plan, order, lang)
    if order is None or order.lay is None or drawn is None:
        return plan, drawn, None
    with speaking(lang):
        return plan, drawn, order.lay(PanelStep(seated, plan, drawn=drawn), order.note)
