"""Each of the three ways a game of secret picks can leak, planted in Pearl divers, fails a
generic suite; the game as it is passes them all.

1. a view that shows every diver's pick, in a game that declares nothing (the framework's
   default still keeps a choice made at once secret): the privacy suite's alike steps;
2. a public sentence that names the depth ("**alice** dives to depth 4"), even declared by the
   game itself: the privacy suite's words-against-views check;
3. a computer that reads the others' picks (``ai_knowledge`` returning the whole state): the
   computer-levels suite, from the same contract.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.replays import ReplayJob, replay_frames
from bot.web.moves import move_lines
from engine.core import Game, View, registry
from render import GamePictures, register_pictures
from tests.conformance.test_computer_levels import check_view_only
from tests.conformance.test_privacy import check_alike_steps, check_words_against_views

from . import GAME
from .game import DEPTHS, Dive, PearlGame, State
from .picture import render_board


class ViewLeak(PearlGame):
    """Every pick on the public view, and no declaration of what others see."""

    disclosure = Game.disclosure

    def view(self, state: State, seat: int | None) -> View:
        shown = super().view(state, seat)
        return View(shown.game, seat, {**shown.data, "picks": list(state.picks)})


class WordLeak(PearlGame):
    """The depth in the public sentence the game declares for a pick."""

    def disclosure(self, state: State, seat: int, action):
        return self.describe_action(action) if len(self.to_move(state)) > 1 else None


class KnowingComputer(PearlGame):
    """A computer that sees the others' picks and dives where nobody is."""

    def ai_knowledge(self, state: State, seat: int) -> State:
        return state

    def _normal_action(self, known: State, seat: int, rnd: random.Random):
        taken = {pick for pick in known.picks if pick is not None}
        return Dive(max(d for d in DEPTHS if d not in taken))


@pytest.fixture
def planted(monkeypatch):
    """Register a leaky variant under the game's own name, pictures and all, for the test."""

    def plant(kind: type[PearlGame]) -> PearlGame:
        game = kind()
        monkeypatch.setitem(registry._GAMES, GAME.info.name, game)
        register_pictures(GAME.info.name, GamePictures(render_board))
        return game

    return plant


def test_the_game_as_it_is_passes_every_check() -> None:
    assert check_alike_steps(GAME, "de") > 0
    assert check_words_against_views(GAME, "en") > 0
    assert check_view_only(GAME) > 0


def test_a_view_leak_fails_the_privacy_suite_though_the_game_declares_nothing(planted) -> None:
    game = planted(ViewLeak)
    assert type(game).disclosure is Game.disclosure  # nothing declared: the default holds
    with pytest.raises(AssertionError, match=r"view of .* tells"):
        check_alike_steps(game, "en")


def test_a_headline_naming_the_depth_fails_the_privacy_suite(planted) -> None:
    game = planted(WordLeak)
    state = game.new(3, None, 1)
    assert game.account(state, 0, Dive(4)).public == "dives to depth 4"
    with pytest.raises(AssertionError, match="the headline tells what no view shows"):
        check_words_against_views(game, "en")


def test_a_computer_reading_the_others_picks_fails_the_computer_suite(planted) -> None:
    game = planted(KnowingComputer)
    with pytest.raises(AssertionError, match=r"knows it \(ai_knowledge\)"):
        check_view_only(game)


def test_what_others_learn_of_a_pick_and_what_the_diver_is_told() -> None:
    state = GAME.new(3, None, 1)
    first = GAME.account(state, 0, Dive(4))
    assert (first.own, first.public, first.secret) == (
        "dives to depth 4",
        "has chosen a depth",
        True,
    )
    state, _ = GAME.apply(state, 0, Dive(4))
    state, _ = GAME.apply(state, 1, Dive(2))
    last = GAME.account(state, 2, Dive(2))  # the last pick reveals the round with it
    assert (last.public, last.secret) == ("dives to depth 2", False)
    after, events = GAME.apply(state, 2, Dive(2))
    assert after.pearls == (4, 0, 0) and after.round == 2
    assert "{p0} dived to depth 4: 4 pearls." in [e.text for e in events]
    known = GAME.ai_knowledge(replace(after, picks=(None, 3, 5)), 0)
    assert known.picks == (None, None, None)


class Drafting(PearlGame):
    """A pick as a step that shows nothing until the round is revealed."""

    def disclosure(self, state: State, seat: int, action):
        return "" if len(self.to_move(state)) > 1 else None


def test_a_step_that_shows_nothing_gives_no_line_on_the_page_and_no_replay_frame(planted) -> None:
    planted(Drafting)
    log = ((0, "DIVE 4"), (1, "DIVE 2"), (2, "DIVE 2"))
    job = ReplayJob("pearls", 3, {"rounds": 1}, 1, log, ("alice", "bob", "carol"))
    lines = move_lines(job)
    assert "alice has chosen a depth." not in lines and "bob has chosen a depth." not in lines
    assert "carol has chosen a depth." in lines and "alice dived to depth 4: 4 pearls." in lines
    assert len(replay_frames(job)) == 2  # the start and the end only
