"""The engine contract, for every registered game: random playouts, parsing, resigning, the
declared end codes and player counts."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.core import EndReason, Game, IllegalAction, Level, Outcome, Resign
from engine.core.errors import GAME_OVER, NOT_YOUR_TURN

from .registry import GAMES, each_game, player_counts

MAX_STEPS = 3000
END_SEEDS = (1, 2)
"""Random games played to the end per typical player count, for their end codes."""


def _dump(game: Game, state) -> str:
    return json.dumps(game.serialize(state), sort_keys=True)


def _check_views(game: Game, state) -> None:
    n = game.num_players(state)
    spectator = json.dumps(dict(game.view(state, None).data), sort_keys=True)
    for seat in range(n):
        mine = json.dumps(dict(game.view(state, seat).data), sort_keys=True)
        for other in range(n):
            if other == seat:
                continue
            for token in game.secrets(state, other):
                assert token not in mine, f"seat {seat} sees seat {other}'s secret {token!r}"
        for token in game.secrets(state, seat):
            assert token not in spectator, f"spectators see seat {seat}'s secret {token!r}"


def _check_descriptions(game: Game, state, seat: int, rnd: random.Random) -> None:
    """Every kind of action, the framework's included, reads as a sentence."""
    legal = game.legal_actions(state, seat)
    for action in [Resign(), *rnd.sample(legal, min(len(legal), 8))]:
        for text in (game.describe(action, state), game.describe(game.parse(game.format(action)))):
            assert isinstance(text, str) and text.strip()


def playout(game: Game, num_players: int, seed: int, check_every: int = 1):
    """Play a random game, checking the contract along the way; returns (state, log)."""
    rnd = random.Random(seed)
    state = game.new(num_players, None, seed)
    log: list[tuple[int | None, str]] = []
    for step in range(MAX_STEPS):
        assert game.audit(state) == []
        if game.is_over(state):
            break
        movers = sorted(game.to_move(state))
        assert movers, "a running game must have someone to move"
        seat = rnd.choice(movers)
        action = game.choose_ai_action(state, seat, rnd)
        text = game.format(action)
        assert game.format(game.parse(text)) == text
        assert game.parse(text) == action
        if step % check_every == 0:
            before = _dump(game, state)
            idle = [s for s in range(num_players) if s not in game.to_move(state)]
            if idle:
                with pytest.raises(IllegalAction) as err:
                    game.apply(state, idle[0], action)
                assert err.value.code == NOT_YOUR_TURN
            assert _dump(game, state) == before
            restored = game.deserialize(json.loads(before))
            assert restored == state
            assert _dump(game, restored) == before
            _check_views(game, state)
            _check_descriptions(game, state, seat, rnd)
            for anyone in range(num_players):  # the quick answer is the listing's
                assert game.can_act(state, anyone) == bool(game.legal_actions(state, anyone))
        state, events = game.apply(state, seat, action)
        assert all(json.dumps(e.to_json()) for e in events)
        log.append((seat, text))
    else:
        pytest.fail(f"{game.info.name} did not finish in {MAX_STEPS} actions")
    return state, log


@each_game
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_playout_keeps_the_contract(game: Game, seed: int, data) -> None:
    info = game.info
    num_players = data.draw(st.integers(info.min_players, min(info.max_players, 6)))
    state, log = playout(game, num_players, seed, check_every=7)
    outcome = game.outcome(state)
    assert outcome is not None
    assert len(outcome.scores) == num_players
    assert set(outcome.winners) <= set(range(num_players))
    assert isinstance(outcome.code, EndReason)
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    sheet = game.score_sheet(state)  # what records keep: parts per seat, or None
    assert len(sheet) == num_players
    assert all(parts is None or all(type(v) is int for v in parts.values()) for parts in sheet)
    assert game.replay(num_players, None, seed, log) == state
    _check_views(game, state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, 0, Resign())
    assert err.value.code == GAME_OVER


@each_game
@given(text=st.text(max_size=40))
def test_parser_only_raises_the_engine_error(game: Game, text: str) -> None:
    try:
        action = game.parse(text)
    except IllegalAction:
        return
    assert game.parse(game.format(action)) == action


@each_game
def test_resigning_is_logged_and_replayable(game: Game) -> None:
    n = game.info.min_players
    state = game.new(n, None, 7)
    state, _ = game.apply(state, 0, Resign())
    assert game.replay(n, None, 7, [(0, "RESIGN")]) == state
    assert game.describe(game.parse("RESIGN")) == "resigns"
    if n == 2:
        assert game.outcome(state) is not None
        assert game.outcome(state).winners == (1,)
        assert game.outcome(state).code == EndReason.RESIGNED


@each_game
def test_a_seat_that_resigned_is_no_longer_playing_and_the_others_are(game: Game) -> None:
    players = max(3, game.info.min_players) if game.info.max_players >= 3 else 2
    state = game.new(players, None, 7)
    assert all(game.still_playing(state, seat) for seat in range(players))
    state, _ = game.apply(state, 0, Resign())
    assert not game.still_playing(state, 0)
    over = game.is_over(state)
    assert all(game.still_playing(state, seat) != over for seat in range(1, players))


@each_game
def test_the_game_is_registered_under_its_name_and_aliases(game: Game) -> None:
    for alias in (game.info.name, *game.info.aliases):
        assert engine.find_game(alias.upper()) is game


def test_games_are_registered() -> None:
    assert GAMES, "no game is registered"
    assert len({g.info.name for g in GAMES}) == len(GAMES)


@each_game
def test_typical_player_counts_are_playable(game: Game) -> None:
    info = game.info
    assert info.typical_players, f"{info.name}: GameInfo.typical_players is empty"
    assert len(set(info.typical_players)) == len(info.typical_players), info.typical_players
    for count in info.typical_players:
        assert info.min_players <= count <= info.max_players, (count, info.typical_players)


@each_game
def test_every_end_code_is_declared(game: Game) -> None:
    """Random games played to the end with each typical player count end with a code of
    :attr:`GameInfo.all_end_reasons`; so does a resignation."""
    declared = game.info.all_end_reasons
    assert all(isinstance(code, EndReason) for code in declared)
    for players in player_counts(game):
        for seed in END_SEEDS:
            rnd = random.Random(seed)
            state = game.new(players, None, seed)
            for _ in range(MAX_STEPS):
                if game.is_over(state):
                    break
                seat = rnd.choice(sorted(game.to_move(state)))
                action = game.choose_ai_action(state, seat, rnd, Level.RANDOM)
                state, _ = game.apply(state, seat, action)
            else:
                pytest.fail(f"{game.info.name} with {players} did not end in {MAX_STEPS} actions")
            code = game.outcome(state).code
            assert code in declared, f"{players} players, seed {seed}: undeclared end {code!r}"
    for players in player_counts(game):
        state = game.new(players, None, 1)
        for seat in range(players):
            if game.is_over(state):
                break
            state, _ = game.apply(state, seat, Resign())
        assert game.outcome(state).code in declared
