"""The contract every game implements, and the checks the framework does for all of them.

A game is a stateless object; states are immutable values. The framework's ``apply`` does the
checks common to every game in a fixed order (game over, then a seat that exists, then whose
turn it is) and hands the normal case to the game's ``_apply``, which raises
:class:`IllegalAction` for anything the rules refuse. Nothing is ever mutated, so a refused
action leaves the caller's state exactly as it was.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .ai import EASY_SLIP, Budget, Deadline, Level
from .errors import (
    BAD_PLAYER_COUNT,
    GAME_OVER,
    NOT_A_PLAYER,
    NOT_YOUR_TURN,
    RULES_VERSION,
    IllegalAction,
)
from .menus import (
    Menu,
    Path,
    Picked,
    Step,
    bad_path,
    notation_steps,
    seat_version,
    tree_menu,
)
from .options import OptionSpec, OptionValue, resolve_options
from .rng import Rng
from .words import Words, joined

S = TypeVar("S")
A = TypeVar("A")
Seat = int
JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the bot needs to know about a game without special cases."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    rules_version: int
    aliases: tuple[str, ...] = ()
    simultaneous: bool = False
    uses_dice: bool = False
    hidden_information: bool = False
    options: tuple[OptionSpec, ...] = ()
    end_reasons: tuple[EndReason, ...] = ()
    """The game's own end codes, beyond :data:`COMMON_END_REASONS`."""
    typical_players: tuple[int, ...] = ()
    """The player counts the generic test suites play the game with (the most usual first)."""

    @property
    def all_end_reasons(self) -> frozenset[EndReason]:
        """Every code an outcome of this game may carry."""
        return frozenset(COMMON_END_REASONS + self.end_reasons)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened while applying an action (a roll, a capture, a score)."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    template: str = ""
    """The English sentence with ``{name}`` placeholders (a stable code readers translate by);
    empty when :attr:`text` has no values in it."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The values of :attr:`template`'s placeholders."""
    retells: bool = False
    """Whether the event only tells the action itself (a reader just told the action, as the
    headline of a player's own move does, may leave it out)."""

    def to_json(self) -> JSON:
        """The event as JSON, its template and values kept (values that are words as their
        own template and values), so that a reader can still translate it."""
        data: JSON = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        if self.template:
            data["template"] = self.template
            data["params"] = {
                k: {"words": v.to_json()} if isinstance(v, Words) else v
                for k, v in self.params.items()
            }
        if self.retells:
            data["retells"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """Read back :meth:`to_json`."""
        params = {
            k: Words.from_json(v["words"]) if isinstance(v, Mapping) and "words" in v else v
            for k, v in data.get("params", {}).items()
        }
        return cls(
            data["kind"],
            data["text"],
            dict(data.get("data", {})),
            data.get("template", ""),
            params,
            bool(data.get("retells", False)),
        )


def said(kind: str, template: str, data: Mapping[str, Any] | None = None, **params: Any) -> Event:
    """An event whose sentence is ``template`` with ``params`` filled in; the template and its
    values travel with it, so that a reader can put it in another language."""
    return Event(kind, template.format(**params), data or {}, template, params)


def told(
    kind: str, words: Words, data: Mapping[str, Any] | None = None, *, retells: bool = False
) -> Event:
    """An event whose sentence is ``words`` (template and values kept for translation)."""
    return Event(kind, words, data or {}, words.template, dict(words.params), retells)


class EndReason(str):
    """Why a game ended, as a stable code that records and statistics can store.

    The sentence beside it (:attr:`Outcome.reason`) is for people; this is for programs. The
    set is open: the codes every game may use are below, and a game declares its own in
    :attr:`GameInfo.end_reasons`.
    """

    __slots__ = ()

    ROUNDS_OVER: ClassVar[EndReason]
    """The game's last round or trick was played."""
    RESIGNED: ClassVar[EndReason]
    """Resignations left too few players in the game."""
    HOST_ENDED: ClassVar[EndReason]
    """The host ended the game early."""

    @property
    def value(self) -> str:
        """The code as plain text, as stored."""
        return str(self)


EndReason.ROUNDS_OVER = EndReason("rounds_over")
EndReason.RESIGNED = EndReason("resigned")
EndReason.HOST_ENDED = EndReason("host_ended")
COMMON_END_REASONS = (EndReason.ROUNDS_OVER, EndReason.RESIGNED, EndReason.HOST_ENDED)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: final scores per seat, the winning seats, and why."""

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    reason: str
    code: EndReason

    def to_json(self) -> JSON:
        data = {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": str(self.reason),
            "code": self.code.value,
        }
        if isinstance(self.reason, Words) and self.reason.params:  # for a reader to translate
            data["reason_words"] = self.reason.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], default_code: EndReason | None = None) -> Outcome:
        """Read back :meth:`to_json`; ``default_code`` stands in for data saved without a code."""
        code = data.get("code")
        if code is None and default_code is None:
            raise KeyError("code")
        return cls(
            tuple(int(s) for s in data["scores"]),
            tuple(int(s) for s in data["winners"]),
            _reason(data),
            EndReason(code) if code is not None else default_code,  # type: ignore[arg-type]
        )


def _reason(data: Mapping[str, Any]) -> str:
    """An outcome's sentence as saved: its :class:`Words` where they were kept."""
    words = data.get("reason_words")
    return Words.from_json(words) if isinstance(words, Mapping) else str(data["reason"])


@dataclass(frozen=True, slots=True)
class View:
    """What one seat (or, with ``seat=None``, a spectator) may see of a state.

    Renderers and the bot only ever receive views. ``data`` is JSON-compatible.
    """

    game: str
    seat: Seat | None
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Resign:
    """A player leaves the game. Every game accepts it at any time, on any turn."""

    def __str__(self) -> str:
        return "RESIGN"


RESIGN_WORD = "RESIGN"
RESIGN_DESCRIPTION = Words("resigns")


CHOSEN = Words("has made a choice")
"""What others are told of a secret choice by default (see :meth:`Game.disclosure`)."""
ROUND_TIMED_OUT = Words("Time is up: the round is closed.")
"""The round timer's headline of a game that words none of its own."""


@dataclass(frozen=True, slots=True)
class Account:
    """What one move tells whom (:meth:`Game.account`)."""

    own: str
    """The move as its player is told it ("dives to depth 4")."""
    public: str | None
    """What everybody else is told (None: nothing is said of it)."""
    secret: bool
    """Whether others may not see the move as it is (until the game reveals it)."""


@dataclass(frozen=True, slots=True)
class TurnMenu(Generic[S, A]):
    """Where a path leads within a turn: the actions picked before (already applied to
    ``state``, a preview), where the current action's part of the path ``starts``, and that
    part's menu or picked action."""

    before: tuple[A, ...]
    state: S
    starts: int
    answer: Menu | Picked[A]


class Game(ABC, Generic[S, A]):
    """Base class of every game. Subclasses set ``info`` and implement the abstract methods."""

    info: ClassVar[GameInfo]
    easy_slip: ClassVar[float] = EASY_SLIP
    """How often this game's easy player slips (see :meth:`_slip_action`)."""
    composes_turns: ClassVar[bool] = False
    """Whether a turn of several actions by one seat is chosen whole before any is played
    (see :meth:`turn_menu`)."""

    # ----- what each game implements -------------------------------------------------------
    @abstractmethod
    def _new_state(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> S:
        """A fresh state; options are already validated."""

    @abstractmethod
    def to_move(self, state: S) -> frozenset[Seat]:
        """Seats that may act now (several in a simultaneous phase; none when over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        """Every action ``seat`` may take now (empty when it is not their turn)."""

    def can_act(self, state: S, seat: Seat) -> bool:
        """Whether ``seat`` has any legal action now; a game that knows it without listing
        them all (the list can be long) says so more cheaply."""
        return bool(self.legal_actions(state, seat))

    @abstractmethod
    def _apply(self, state: S, seat: Seat | None, action: A) -> tuple[S, list[Event]]:
        """Apply an action the framework has checked for turn order; raise if illegal.

        ``seat`` is None for system actions (a timer closing a round), which only
        simultaneous games accept.
        """

    @abstractmethod
    def _resign(self, state: S, seat: Seat) -> tuple[S, list[Event]]:
        """Remove ``seat`` from play; end the game if too few players remain."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """An action from its text notation; IllegalAction(BAD_NOTATION) quoting the input."""

    @abstractmethod
    def format_action(self, action: A) -> str:
        """The text notation of an action; ``parse_action`` reads it back exactly."""

    @abstractmethod
    def state_to_json(self, state: S) -> JSON:
        """The whole state as JSON-compatible data (secrets included)."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """The inverse of ``state_to_json``."""

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> View:
        """What ``seat`` (None: a spectator) may see; never another seat's secrets."""

    def seat_view(self, state: S, seat: Seat) -> View:
        """The part of ``seat``'s :meth:`view` that pictures of the seat's own things (its
        sheet, its hand) are drawn from: the same data, where parts that concern other
        seats only may be left out (None), so that a big game's panel picture does not build
        every seat's part. By default the whole view."""
        return self.view(state, seat)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def num_players(self, state: S) -> int:
        """How many seats the game was created with."""

    def score_sheet(self, state: S) -> tuple[Mapping[str, int] | None, ...]:
        """Each seat's score by part (``{"land": 9, ..., "total": 9}``), as records keep a
        finished game; None for a seat whose score has no parts (by default every seat)."""
        return (None,) * self.num_players(state)

    def secrets(self, state: S, seat: Seat) -> frozenset[str]:
        """Distinctive text tokens that only ``seat`` may see now (cards in hand, say).

        The conformance tests check that no other seat's view, and no spectator view,
        contains any of them. Games without hidden information keep the default.
        """
        return frozenset()

    def disclosure(self, state: S, seat: Seat, action: A) -> str | None:
        """What anyone but ``seat`` learns when it plays ``action`` now: the one declaration
        of what each seat may see of another's move, which the bot consults for every public
        text it derives from a move (headline, alt text, the public answer, replays).

        - None: everybody sees the action, as :meth:`describe` words it;
        - ``""``: nothing shows, as if no step had been played (a step of a turn in progress);
        - a :class:`Words`: the sentence everybody else is told instead ("has chosen"),
          after the player's name;
        - any other text: others learn only that much (a key such as "3 placed"), and no
          sentence is said of it.

        Steps with the same answer must look the same to everybody else (the privacy suite
        compares everything they can obtain). By default a choice made while several seats
        act at once is secret until they all have acted: :data:`CHOSEN` once the seat is
        done, ``""`` while it still has steps to take; every other action is seen.
        """
        movers = self.to_move(state)
        if len(movers) < 2 or seat not in movers or isinstance(action, Resign):
            return None
        after, _ = self.apply(state, seat, action)
        waiting = self.to_move(after)
        if self.is_over(after) or not (movers - {seat}) & waiting:
            return None  # the last choice of the round: everything is revealed with it
        return "" if seat in waiting else CHOSEN

    def redeal(self, state: S, seat: Seat, rnd: random.Random) -> S:
        """A state ``seat`` cannot tell from ``state``: what nobody showed it (other hands,
        the deck's order) dealt anew from ``rnd``. The conformance suite checks that the
        seat's view, its computer's knowledge (:meth:`ai_knowledge`) and its decisions are the
        same on it. By default the state itself (nothing hidden beyond other seats' secret
        steps, which :meth:`disclosure` declares, and the random source)."""
        return state

    def round_timer_words(self, state: S) -> Words:
        """What the board says when the round timer closes the current round (a game played
        in rounds words what becomes of whoever had not acted)."""
        return ROUND_TIMED_OUT

    def declared_words(self) -> Iterator[str]:
        """Texts the game declares as data rather than in sentences of its code (its summary,
        option hints, names of things): what a catalog must translate. A game adds its own."""
        yield self.info.summary
        yield from (spec.description for spec in self.info.options)

    def audit(self, state: S) -> list[str]:
        """Problems with a state's internal consistency (pieces or cards not conserved, say).

        Empty for a sound state. Property tests call it after every action.
        """
        return []

    def still_playing(self, state: S, seat: Seat) -> bool:
        """Whether ``seat`` may still have turns in this game (False once it resigned or
        stopped, or the game is over)."""
        return not self.is_over(state)

    def pass_action(self, state: S, seat: Seat) -> A | None:
        """The action that does nothing for ``seat`` now, if the game has one (for timeouts)."""
        return None

    def round_number(self, state: S) -> int | None:
        """The current round of a game played in rounds (None for other games)."""
        return None

    def close_round_action(self, state: S) -> A | None:
        """The system action that ends the current round early, if the game has rounds."""
        return None

    def paced_action(self, state: S) -> A | None:
        """The system action the table takes by itself after a short pause, if it waits for
        one now (Island competition: turning over the next slot when nobody does)."""
        return None

    def choose_ai_action(
        self,
        state: S,
        seat: Seat,
        rnd: random.Random,
        level: Level | str = Level.NORMAL,
        budget: Budget | None = None,
    ) -> A:
        """A computer's choice for ``seat`` at ``level``, made from what the seat may know.

        Only :meth:`ai_knowledge` reaches the game's player, so the decision depends on the
        seat's view and ``rnd`` alone (and, for ``hard``, on how much of ``budget`` it used).
        """
        deadline = (budget or Budget()).start()  # everything below counts against it
        known = self.ai_knowledge(state, seat)
        if not self.can_act(known, seat):
            raise IllegalAction(NOT_YOUR_TURN, "There is nothing to do now.")
        level = Level(level)
        if level is Level.RANDOM:
            return rnd.choice(self.forward_actions(known, seat))
        return self._ai_action(known, seat, rnd, level, deadline)

    def forward_actions(self, state: S, seat: Seat) -> list[A]:
        """The legal actions that move the game on (no taking back): what the random player
        picks among, so that it always finishes. By default every legal action."""
        return self.legal_actions(state, seat)

    def ai_knowledge(self, state: S, seat: Seat) -> S:
        """The state as ``seat`` may know it: whatever its view hides (other hands, the deck
        order, future dice) put in a fixed order that depends on the view only.

        Games without hidden information or future draws keep the default, the state itself.
        """
        return state

    def _ai_action(
        self, known: S, seat: Seat, rnd: random.Random, level: Level, deadline: Deadline
    ) -> A:
        """The computer player at ``level`` on :meth:`ai_knowledge`.

        ``easy`` plays like ``normal`` but slips to a random legal action now and then.
        """
        if level is Level.HARD:
            return self._hard_action(known, seat, rnd, deadline)
        if level is Level.EASY and rnd.random() < self.easy_slip:
            return self._slip_action(known, seat, rnd)
        return self._normal_action(known, seat, rnd)

    def _slip_action(self, known: S, seat: Seat, rnd: random.Random) -> A:
        """An easy player's slip: a random forward action that does not end the seat's game
        (a weak player, not a quitter); its usual choice when every one would."""
        actions = self.forward_actions(known, seat)
        first = rnd.choice(actions)
        if not self.gives_up(known, seat, first):
            return first
        safe = [a for a in actions if a is not first and not self.gives_up(known, seat, a)]
        return rnd.choice(safe) if safe else self._normal_action(known, seat, rnd)

    def gives_up(self, state: S, seat: Seat, action: A) -> bool:
        """Whether ``action`` ends ``seat``'s game without winning it (stopping, a losing
        move): after it the seat has no turns to come and is not among the winners."""
        try:
            after, _ = self.apply(state, seat, action)
        except IllegalAction:
            return True
        if self.still_playing(after, seat):
            return False
        outcome = self.outcome(after)
        return outcome is None or seat not in outcome.winners

    def _normal_action(self, known: S, seat: Seat, rnd: random.Random) -> A:
        """The quick computer player; by default uniform among the legal actions."""
        return rnd.choice(self.legal_actions(known, seat))

    def _hard_action(self, known: S, seat: Seat, rnd: random.Random, deadline: Deadline) -> A:
        """The searching computer player; by default the quick one."""
        return self._normal_action(known, seat, rnd)

    def describe_action(self, action: A, state: S | None = None) -> str:
        """A short human sentence for an action (defaults to its notation).

        Given the state the action would be applied to, a game may add its consequences
        (points scored, a warning); the bot uses that to label suggested moves.
        """
        return self.format_action(action)

    def search_text(self, action: A, state: S) -> str:
        """The words a player might type to find ``action`` (autocomplete matches whole words).

        By default its notation and :meth:`describe_action`; a game adds the words of its menus.
        """
        return joined([self.format_action(action), self.describe_action(action, state)], " ")

    def menu_steps(self, action: A, state: S) -> Sequence[Step]:
        """How ``action`` is reached through the menus, one :class:`Step` per level.

        By default the words of its notation; a game regroups, orders and labels its moves by
        overriding this (every legal action must get a path of its own).
        """
        return notation_steps(self.format_action(action))

    def menu(self, state: S, seat: Seat, path: Path = ()) -> Menu | Picked[A]:
        """The menu ``seat`` sees after the choices in ``path``, or the action they name.

        The default walks the tree of :meth:`menu_steps` over :meth:`legal_actions`; the
        hint of a choice that completes an action is :meth:`describe_action` when it says more
        than the label. Raises IllegalAction for a path that names nothing.
        """
        actions = self.legal_actions(state, seat)
        entries = [(self.menu_steps(action, state), action) for action in actions]

        def hint(action: A) -> str:
            text = self.describe_action(action, state)
            return "" if text == self.format_action(action) else text

        return tree_menu(entries, path, hint)

    def turn_menu(self, state: S, seat: Seat, path: Path = ()) -> TurnMenu[S, A]:
        """Like :meth:`menu`, across a whole turn when the game :attr:`composes_turns`: a
        picked action after which ``seat`` still has to act is applied to a preview, and the
        path goes on with the menus of that preview. A pick that plays several actions
        (:attr:`Picked.then`) applies all but the last to the preview and answers the last.
        Raises IllegalAction for a path that names nothing."""
        done: list[A] = []
        start = end = 0
        while True:
            answer = self.menu(state, seat, path[start:end])
            if isinstance(answer, Menu):
                if end == len(path):
                    return TurnMenu(tuple(done), state, start, answer)
                end += 1
                continue
            for action in answer.actions[:-1]:
                state, _ = self.apply(state, seat, action)
                done.append(action)
            answer = Picked(answer.actions[-1])
            if self.composes_turns:
                after, _ = self.apply(state, seat, answer.action)
                if not self.is_over(after) and seat in self.to_move(after):
                    done.append(answer.action)
                    state, start = after, end
                    continue
            if end != len(path):
                raise bad_path()
            return TurnMenu(tuple(done), state, start, answer)

    def menu_excluded(self, action: A) -> bool:
        """Whether ``action`` is typed only, never offered by :meth:`menu` (free text, say).

        Such actions are left out of :meth:`legal_actions` too; conformance checks skip them.
        """
        return False

    def seat_version(self, state: S, seat: Seat) -> str:
        """A fingerprint of what ``seat`` may do now: a menu drawn for one version stays valid
        while the version is unchanged, whatever other seats do meanwhile."""
        return seat_version(self.format_action(a) for a in self.legal_actions(state, seat))

    # ----- the framework ------------------------------------------------------------------
    def describe(self, action: A | Resign, state: S | None = None) -> str:
        """A short sentence for any action, including the framework's ``RESIGN``.

        Callers that show a logged action (the bot, replays) use this rather than
        ``describe_action``, which each game writes for its own actions only.
        """
        if isinstance(action, Resign):
            return RESIGN_DESCRIPTION
        return self.describe_action(action, state)

    def account(self, state: S, seat: Seat | None, action: A | Resign) -> Account:
        """What playing ``action`` for ``seat`` on ``state`` tells whom: the acting seat its
        own move in full, everybody else what :meth:`disclosure` lets them learn. Every
        public text the bot derives from a move comes from here."""
        own = self.describe(action)
        if seat is None or isinstance(action, Resign):
            return Account(own, own, secret=False)
        shown = self.disclosure(state, seat, action)
        if shown is None:
            return Account(own, own, secret=False)
        return Account(own, shown if isinstance(shown, Words) and shown else None, secret=True)

    def new(self, num_players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> S:
        """A new game for ``num_players`` seats; options are validated against ``info``."""
        info = self.info
        if not info.min_players <= num_players <= info.max_players:
            raise IllegalAction(
                BAD_PLAYER_COUNT,
                Words(
                    "{game} is for {min} to {max} players, not {count}.",
                    {
                        "game": info.title,
                        "min": info.min_players,
                        "max": info.max_players,
                        "count": num_players,
                    },
                ),
            )
        resolved = resolve_options(info.options, options)
        return self._new_state(num_players, resolved, Rng(seed))

    def apply(self, state: S, seat: Seat | None, action: A | Resign) -> tuple[S, list[Event]]:
        """Check, then apply. Raises IllegalAction and leaves ``state`` untouched if refused."""
        if self.outcome(state) is not None:
            raise IllegalAction(GAME_OVER, "This game is over.")
        if seat is not None and not 0 <= seat < self.num_players(state):
            raise IllegalAction(NOT_A_PLAYER, "You are not playing in this game.")
        if isinstance(action, Resign):
            if seat is None:
                raise IllegalAction(NOT_A_PLAYER, "Only a player can resign.")
            return self._resign(state, seat)
        if seat is not None and seat not in self.to_move(state):
            raise IllegalAction(NOT_YOUR_TURN, "It is not your turn.")
        if seat is None and not self.info.simultaneous:
            raise IllegalAction(NOT_A_PLAYER, "Only players can move in this game.")
        return self._apply(state, seat, action)

    def parse(self, text: str) -> A | Resign:
        """Parse any action text, including the framework's ``RESIGN``."""
        if text.strip().upper() == RESIGN_WORD:
            return Resign()
        return self.parse_action(text)

    def format(self, action: A | Resign) -> str:
        """Notation of any action, including the framework's ``RESIGN``."""
        return RESIGN_WORD if isinstance(action, Resign) else self.format_action(action)

    def apply_text(self, state: S, seat: Seat | None, text: str) -> tuple[S, list[Event]]:
        """Parse and apply one line of notation."""
        return self.apply(state, seat, self.parse(text))

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def serialize(self, state: S) -> JSON:
        """The state with the game name and rules version, ready for ``json.dumps``."""
        return {
            "game": self.info.name,
            "rules_version": self.info.rules_version,
            "state": self.state_to_json(state),
        }

    def deserialize(self, data: Mapping[str, Any]) -> S:
        """Read back ``serialize``; refuses data from another game or rules version."""
        if data.get("game") != self.info.name:
            raise IllegalAction(RULES_VERSION, f"Saved data is for {data.get('game')!r}.")
        if data.get("rules_version") != self.info.rules_version:
            raise IllegalAction(
                RULES_VERSION,
                f"Saved with rules version {data.get('rules_version')}, "
                f"this is version {self.info.rules_version}.",
            )
        return self.state_from_json(data["state"])

    def replay(
        self,
        num_players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        log: Iterable[tuple[Seat | None, str]],
    ) -> S:
        """The state reached by applying a logged sequence of ``(seat, notation)`` lines."""
        state = self.new(num_players, options, seed)
        for seat, text in log:
            state, _ = self.apply_text(state, seat, text)
        return state


def seats_with_best(scores: Sequence[int], among: Iterable[Seat] | None = None) -> tuple[Seat, ...]:
    """The seats holding the highest score (all of them on a tie)."""
    candidates = list(range(len(scores))) if among is None else list(among)
    if not candidates:
        return ()
    best = max(scores[s] for s in candidates)
    return tuple(s for s in candidates if scores[s] == best)
