"""Secrets are one contract: what a seat plays reaches everybody else only as the game's
:meth:`~engine.core.Game.disclosure` declares it, and the suite checks it for every registered
game in both languages, whether the game declared anything or not (by default a choice made
while several seats act at once is secret until they all have acted).

Two checks, over sampled states of a random game and every seat to move:

- **Alike steps look alike.** Steps the contract says look the same to others (others may see
  how many cards lie face down, never which; nothing of an unsubmitted Islant turn; only that
  a diver has chosen) leave everything anyone else can obtain the same, byte for byte: every
  other seat's and the spectators' view and board, the final pictures, the public texts the
  bot derives from the move (the headline, the board card's words and alt text) and the
  game's web page (its live part and the moves in words).
- **Words tell no more than the board.** Two steps that leave every other seat's view the
  same get the same public texts: a headline that names a secret the views hide ("**alice**
  dives to depth 4") is found even when the game declared that sentence itself.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence

import pytest

from bot.i18n import in_words
from bot.presenter import alt_text, event_lines, headline_of, to_move_line
from bot.web.fragments import live_fragment
from bot.web.game_page import Seen
from bot.web.moves import told
from engine.core import Account, Event, Game, Level
from locales import LANGUAGES, speaking
from render import final_pictures, render_view

from .registry import GAMES, each_game, game_name

STATES = 6  # sampled states of a random game
STEPS = 2  # alike steps compared with a first one, per group
WORDED = 8  # steps per seat whose public words are compared with the views they leave
NAMES = ["alice", "bob", "carol"]
DECLARE = "what others see of a move is declared by Game.disclosure"


def public_texts(
    game: Game, state, seat: int, lang: str, events: Sequence[Event], accounts: Sequence[Account]
) -> Iterator[tuple[str, bytes]]:
    """The public texts the bot derives from ``seat``'s move that led to ``state``: its
    headline, the board card's words and the picture's alt text (``presenter``)."""
    names = NAMES[: game.num_players(state)]
    with speaking(lang):
        phrase = headline_of([a.public for a in accounts if a.public], names[seat])
        headline = in_words(phrase, lang) or ""
        card = [headline, *event_lines(events, names, {seat} if headline else set())]
        card.append(to_move_line(names, game.to_move(state)))
        yield "headline", headline.encode()
        yield "board card", "\n".join(card).encode()
        yield "alt text", alt_text(game.info.name, names, state, headline or None).encode()


def obtainable(
    game: Game,
    state,
    seat: int,
    lang: str,
    events: Sequence[Event] = (),
    accounts: Sequence[Account] = (),
) -> Iterator[tuple[str, bytes]]:
    """Everything someone other than ``seat`` can get about ``state`` (reached by a move of
    ``seat`` with ``events``, told as ``accounts``), by who asks."""
    yield from public_texts(game, state, seat, lang, events, accounts)
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


def others_views(game: Game, state, seat: int) -> str:
    """Every view but ``seat``'s of ``state`` (what the public texts may not go beyond)."""
    viewers = [None, *(s for s in range(game.num_players(state)) if s != seat)]
    return json.dumps([dict(game.view(state, v).data) for v in viewers], sort_keys=True)


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


Step = tuple[object, object, list[Event], list[Account]]
"""A step, the state after it, its events and what it tells whom."""


def step(game: Game, state, seat: int, action) -> Step:
    account = game.account(state, seat, action)
    return (action, *game.apply(state, seat, action), [account])


def alike_steps(game: Game, state, seat: int) -> Iterator[list[Step]]:
    """The seat's undisclosed steps grouped by what others learn of them; the state before
    joins the steps that show nothing."""
    groups: dict[str, list[Step]] = {}
    for action in game.legal_actions(state, seat):
        disclosed = game.disclosure(state, seat, action)
        if disclosed is not None:
            groups.setdefault(disclosed, []).append(step(game, state, seat, action))
    if "" in groups:
        groups[""].append(("nothing", state, [], []))
    yield from (group for group in groups.values() if len(group) > 1)


def check_alike_steps(game: Game, lang: str) -> int:
    """Compare everything others obtain after alike steps; returns how many were compared."""
    rnd = random.Random(3)
    checked = 0
    for state in sampled_states(game, 11):
        for seat in sorted(game.to_move(state)):
            for group in alike_steps(game, state, seat):
                (first, one, told_one, said_one), *others = rnd.sample(
                    group, min(STEPS + 1, len(group))
                )
                seen = dict(obtainable(game, one, seat, lang, told_one, said_one))
                for action, after, events, accounts in others:
                    for what, data in obtainable(game, after, seat, lang, events, accounts):
                        assert data == seen[what], (
                            f"{first} or {action} by {seat}: {what} tells ({DECLARE})"
                        )
                    checked += 1
        if checked >= STATES * STEPS:
            break
    return checked


def check_words_against_views(game: Game, lang: str) -> int:
    """Public texts of steps that leave every other view the same must be the same too."""
    rnd = random.Random(5)
    checked = 0
    for index, state in enumerate(sampled_states(game, 13)):
        if index >= STATES:
            break
        for seat in sorted(game.to_move(state)):
            actions = game.legal_actions(state, seat)
            by_views: dict[str, tuple[object, object, dict[str, bytes]]] = {}
            for action in rnd.sample(actions, min(WORDED, len(actions))):
                _, after, events, accounts = step(game, state, seat, action)
                key = others_views(game, after, seat)
                texts = dict(public_texts(game, after, seat, lang, events, accounts))
                if key not in by_views:
                    by_views[key] = (action, after, texts)
                    continue
                first, reached, seen = by_views[key]
                if game.serialize(reached) == game.serialize(after):
                    continue  # two ways to one position: nothing hidden tells them apart
                for what, data in texts.items():
                    assert data == seen[what], (
                        f"{first} or {action} by {seat}: the {what} tells what no view shows"
                    )
                checked += 1
    return checked


@pytest.mark.parametrize("lang", LANGUAGES)
@each_game
def test_undisclosed_steps_change_nothing_anyone_else_sees(game: Game, lang: str) -> None:
    checked = check_alike_steps(game, lang)
    if _hides_steps(game):
        assert checked, "no undisclosed step was tried"


@each_game
def test_public_words_tell_no_more_than_the_views(game: Game) -> None:
    check_words_against_views(game, "en")


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
        check_alike_steps(game, "en")


def part_of(part: object, whole: object) -> bool:
    """Whether ``part`` is ``whole`` with some of its pieces left out (None)."""
    if part is None or part == whole:
        return True
    if isinstance(part, dict) and isinstance(whole, dict):
        return part.keys() == whole.keys() and all(part_of(part[k], whole[k]) for k in part)
    if isinstance(part, list | tuple) and isinstance(whole, list | tuple):
        return len(part) == len(whole) and all(map(part_of, part, whole))
    return False


@each_game
def test_a_seats_own_view_shows_nothing_its_view_does_not(game: Game) -> None:
    """What a seat's own pictures are drawn from (``Game.seat_view``, the panel's picture
    where the game draws the seat's own part) is a part of that seat's view: never another
    seat's secret, for every game at every sampled state."""
    checked = 0
    for state in sampled_states(game, 3):
        for seat in range(game.num_players(state)):
            own, view = game.seat_view(state, seat), game.view(state, seat)
            assert (own.game, own.seat) == (view.game, view.seat)
            assert part_of(json.loads(json.dumps(own.data)), json.loads(json.dumps(view.data)))
            checked += 1
    assert checked


def test_a_view_with_another_seats_part_is_not_a_part_of_the_seats_view() -> None:
    """The check above finds a seat view that shows what the seat's view does not."""
    assert part_of({"players": [None, {"hand": [1]}]}, {"players": [{"hand": [2]}, {"hand": [1]}]})
    assert not part_of({"players": [{"hand": [2]}]}, {"players": [{"hand": [3]}]})
    assert not part_of({"players": [None], "deck": [4]}, {"players": [None]})
