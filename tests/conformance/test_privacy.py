"""A turn in progress and a hidden hand stay their player's: for every registered game, every
seat and both languages, what anyone else can obtain (the public view and board, another
player's view and board, the final pictures: rankings and every sheet, and the game's web
page: its live part and the moves in words the step adds) is the same, byte for byte,
whichever undisclosed step that seat plays among those the engine says look alike
(:meth:`Game.disclosure`: others may see how many cards lie face down, never which, and
nothing of an unsubmitted Islant turn)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence

import pytest

from bot.web.fragments import live_fragment
from bot.web.game_page import Seen
from bot.web.moves import told
from engine.core import Event, Game, Level
from locales import LANGUAGES, speaking
from render import final_pictures, render_view

from .registry import GAMES, each_game, game_name

STATES = 6  # sampled states of a random game
STEPS = 2  # alike steps compared with a first one, per group
NAMES = ["alice", "bob", "carol"]


def obtainable(
    game: Game, state, seat: int, lang: str, events: Sequence[Event] = ()
) -> Iterator[tuple[str, bytes]]:
    """Everything someone other than ``seat`` can get about ``state`` (reached by
    ``events``), by who asks."""
    with speaking(lang):
        status = "finished" if game.is_over(state) else "active"
        names = NAMES[: game.num_players(state)]
        seen = Seen("token", game.info.name, "1", status, names, state)
        lines = told(game.info.name, events, lang, names)
        yield "page", live_fragment(seen, lines).encode()
        yield "page's moves", "\n".join(lines).encode()
    for viewer in [None, *(s for s in range(game.num_players(state)) if s != seat)]:
        view = game.view(state, viewer)
        yield f"view of {viewer}", json.dumps(dict(view.data), sort_keys=True).encode()
        yield f"board of {viewer}", render_view(view, NAMES, locale=lang)
        with speaking(lang):
            pictures = final_pictures(view, NAMES)
        for name, png in pictures.items():
            yield f"{name} of {viewer}", png


def sampled_states(game: Game, seed: int) -> Iterator:
    """States along a random game, the ones where some seat is in the middle of a turn too."""
    rnd = random.Random(seed)
    players = min(len(NAMES), game.info.max_players)
    state = game.new(max(players, game.info.min_players), None, seed)
    steps = 0
    while not game.is_over(state) and steps < 400:
        if steps % 7 == 0:
            yield state
        seat = rnd.choice(sorted(game.to_move(state)))
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd, Level.RANDOM))
        steps += 1


Step = tuple[object, object, list[Event]]
"""A step, the state after it and its events."""


def alike_steps(game: Game, state, seat: int) -> Iterator[list[Step]]:
    """The seat's undisclosed steps grouped by what others learn of them; the state before
    joins the steps that show nothing."""
    groups: dict[str, list[Step]] = {}
    for action in game.legal_actions(state, seat):
        disclosed = game.disclosure(state, seat, action)
        if disclosed is not None:
            groups.setdefault(disclosed, []).append((action, *game.apply(state, seat, action)))
    if "" in groups:
        groups[""].append(("nothing", state, []))
    yield from (group for group in groups.values() if len(group) > 1)


@pytest.mark.parametrize("lang", LANGUAGES)
@each_game
def test_undisclosed_steps_change_nothing_anyone_else_sees(game: Game, lang: str) -> None:
    rnd = random.Random(3)
    checked = 0
    for state in sampled_states(game, 11):
        for seat in sorted(game.to_move(state)):
            for group in alike_steps(game, state, seat):
                (first, one, told_one), *others = rnd.sample(group, min(STEPS + 1, len(group)))
                seen = dict(obtainable(game, one, seat, lang, told_one))
                for action, after, events in others:
                    for what, data in obtainable(game, after, seat, lang, events):
                        assert data == seen[what], f"{first} or {action} by {seat}: {what} tells"
                    checked += 1
        if checked >= STATES * STEPS:
            break
    if _hides_steps(game):
        assert checked, "no undisclosed step was tried"


def _starts(game: Game) -> list[tuple[object, int]]:
    state = game.new(max(2, game.info.min_players), None, 1)
    return [(state, seat) for seat in sorted(game.to_move(state))]


def _hides_steps(game: Game) -> bool:
    """Whether some seat of ``game`` has steps that look alike to others at the start."""
    return any(next(alike_steps(game, s, seat), None) for s, seat in _starts(game))


HIDING = [game for game in GAMES if _hides_steps(game)]


@pytest.mark.parametrize("game", HIDING, ids=game_name)
def test_a_leaking_view_is_found(monkeypatch, game: Game) -> None:
    """A view that shows everyone seat 0's own view (an unsubmitted Islant turn drawn on it,
    as /islant sheet once did) fails the check, for every game with steps to hide."""
    own_view = type(game).view
    monkeypatch.setattr(type(game), "view", lambda self, state, viewer: own_view(self, state, 0))
    with pytest.raises(AssertionError, match="tells"):
        test_undisclosed_steps_change_nothing_anyone_else_sees(game, "en")
