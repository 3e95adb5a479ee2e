"""A choice that ends or gives up a player's game is marked by the engine, and no panel plays
it on one tap: its button asks first, and only "Yes" there plays it. Checked over every
registered game's menus along random games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import engine
from bot import panel as panel_module
from bot.panel import ASK, PanelPick, PanelTap, panel_view
from bot.service import PanelStep, Seated
from bot.service.navigator import PanelPlan, SavedState
from engine.core import Game, Level, Menu, Path, Picked
from engine.core.menus import every_path_element

GAMES = engine.all_games()
MENUS = 30  # menus walked per sampled state
OUT_STEPS = 150  # random steps after a choice, to see whether its seat ever acts again


def seated(game: Game, players: int) -> Seated:
    saved = SavedState(game.info.name, ("test", "game", 1), 1, "{}")
    return Seated(saved, tuple(f"player {s}" for s in range(players)))


def sampled(game: Game, seed: int) -> Iterator[tuple[object, int]]:
    """States of a random game and a seat to move in each."""
    rnd = random.Random(seed)
    players = min(3, game.info.max_players)
    state = game.new(max(players, game.info.min_players), None, seed)
    for step in range(300):
        if game.is_over(state):
            return
        seat = rnd.choice(sorted(game.to_move(state)))
        if step % 9 == 0:
            yield state, seat
        state, _ = game.apply(state, seat, game.choose_ai_action(state, seat, rnd, Level.NORMAL))


def menus(game: Game, state, seat: int) -> Iterator[tuple[Path, Menu]]:
    """The seat's menus, breadth first, at most :data:`MENUS` of them."""
    queue: list[Path] = [()]
    found = 0
    while queue and found < MENUS:
        path = queue.pop(0)
        answer = game.menu(state, seat, path)
        if isinstance(answer, Menu):
            found += 1
            yield path, answer
            queue += [(*path, e) for e in every_path_element(answer)][:6]


def acts_again(game: Game, state, seat: int, picked: Picked, rnd: random.Random) -> bool | None:
    """Whether ``seat`` acts again after the pick, as the game goes on randomly (None: the
    game ended first, which tells nothing)."""
    for action in picked.actions:
        state, _ = game.apply(state, seat, action)
    for _ in range(OUT_STEPS):
        if game.is_over(state):
            return None
        if seat in game.to_move(state):
            return True
        mover = rnd.choice(sorted(game.to_move(state)))
        state, _ = game.apply(state, mover, game.choose_ai_action(state, mover, rnd, Level.NORMAL))
    return False


def one_tap_paths(view) -> set[Path]:
    """Every path one tap on the panel's components plays or opens."""
    paths: set[Path] = set()
    for item in view.children:
        if isinstance(item, PanelTap):
            paths.add(item.path)
        elif isinstance(item, PanelPick):
            paths |= {(*item.path, o.value) for o in item.item.options}
    return paths


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
async def test_choices_that_end_a_game_are_marked_and_confirmed(game: Game) -> None:
    rnd = random.Random(5)
    for state, seat in sampled(game, 4):
        table = seated(game, game.num_players(state))
        version = game.seat_version(state, seat)
        for path, menu in menus(game, state, seat):
            step = PanelStep(table, PanelPlan(seat, version, path, menu))
            taps = one_tap_paths(panel_view(step))
            for index, choice in enumerate(menu.choices):
                answer = game.menu(state, seat, (*path, str(index)))
                if not isinstance(answer, Picked):
                    continue
                target = (*path, str(index))
                if choice.ends:
                    assert target not in taps, f"{choice.label} plays on one tap"
                    assert (*path, f"{index}{ASK}") in taps, f"{choice.label} is not offered"
                    sure = one_tap_paths(panel_view(step, asking=index))
                    assert target in sure, f"{choice.label} cannot be confirmed"
                    assert acts_again(game, state, seat, answer, rnd) is not True, choice.label
                else:
                    again = acts_again(game, state, seat, answer, rnd)
                    assert again is not False, f"{choice.label} ends seat {seat}'s game unmarked"


async def test_a_game_ending_choice_on_one_tap_is_found(monkeypatch) -> None:
    """A panel that forgets which choices end the game (Islant's "Stop: end my game now"
    then plays on one tap, as it once did) fails the check."""
    shown = panel_module.name_menu

    def careless(menu: Menu | None, names, lang: str) -> Menu | None:
        named = shown(menu, names, lang)
        if named is None:
            return None
        choices = tuple(replace(choice, ends=False) for choice in named.choices)
        return replace(named, choices=choices)

    monkeypatch.setattr(panel_module, "name_menu", careless)
    with pytest.raises(AssertionError, match="plays on one tap"):
        await test_choices_that_end_a_game_are_marked_and_confirmed(engine.find_game("islant"))
