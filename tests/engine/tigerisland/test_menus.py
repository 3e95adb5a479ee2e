"""tiggar islanote menus: kind, place, orientation; best first; words players use."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.core import IllegalAction
from engine.core.menus import MAX_CHOICES, THAT_IS_ALL, Menu, Path, Picked
from engine.tigerisland import GAME, Expand, Phase, PlaceTile, TigerState, Totoro
from engine.tigerisland.actions import Action
from engine.tigerisland.geometry import CENTRE
from engine.tigerisland.menus import MORE, NO_BUILD
from engine.tigerisland.position import position_from_data, position_to_data

from ..menu_helpers import labels, walk
from ..menu_helpers import menu_at as menu_in

TAPS_TO_PLACE = 3  # kind, volcano, orientation
TAPS_TO_BUILD = 2  # kind, place
# Walking every menu of these states of STATES covers the first tile, eruptions, totoros.
WALKED = (0, 1, 14, 15, 30, 33)
TURNS = 24  # the actions of the computer players tapped through the menus


def ai_game(seed: int, actions: int) -> list[tuple[TigerState, Action]]:
    """A game between two computer players: each state with the action taken there."""
    rnd = random.Random(seed)
    state = GAME.new(2, {"first_player": 0}, seed)
    played = []
    for _ in range(actions):
        action = GAME.choose_ai_action(state, state.active, rnd)
        played.append((state, action))
        state, _ = GAME.apply(state, state.active, action)
    return played


PLAYED = ai_game(2, 40)
STATES = [state for state, _ in PLAYED]


@cache
def walk_at(index: int) -> tuple[dict[str, Path], list[Menu]]:
    """The walk of ``STATES[index]``, once."""
    return walk(GAME, STATES[index], STATES[index].active)


def menu_at(state: TigerState, *path: str) -> Menu:
    return menu_in(GAME, state, state.active, *path)


@pytest.mark.parametrize("index", WALKED)
def test_walking_every_menu_yields_exactly_the_legal_actions(index: int) -> None:
    state = STATES[index]
    paths, menus = walk_at(index)
    assert sorted(paths) == sorted(GAME.format(a) for a in GAME.legal_actions(state, state.active))
    for menu in menus:
        assert 0 < len(menu.choices) <= MAX_CHOICES
        assert menu.prompt.endswith("?")
        for choice in menu.choices:
            assert choice.label.strip() and choice.label != THAT_IS_ALL
            assert not any(word in choice.label for word in ("PLACE", "SETTLEMENT", "+", "_"))


@pytest.mark.parametrize("index", WALKED)
def test_a_warned_choice_never_comes_before_a_safe_one(index: int) -> None:
    for menu in walk_at(index)[1]:
        warned = [NO_BUILD in c.hint for c in menu.choices]
        assert warned == sorted(warned)


def test_the_other_seat_and_a_finished_game_get_no_menu() -> None:
    state = STATES[10]
    with pytest.raises(IllegalAction):
        GAME.menu(state, 1 - state.active, ())
    over = position_to_data(state)
    over["phase"] = Phase.OVER.value
    with pytest.raises(IllegalAction):
        GAME.menu(position_from_data(over), state.active, ())


def test_a_placement_is_kind_then_volcano_then_orientation() -> None:
    state = STATES[14]
    eruptions = [a for a in GAME.legal_actions(state, state.active) if a.volcano in state.board]
    menu = menu_at(state)
    assert (
        menu.prompt
        == f"Your tile: {str(state.hand).replace('+', ' + ').title()}. Where does it go?"
    )
    assert labels(menu) == ["Eruption", "New tile"]
    assert menu.choices[0].hint == f"on top of a volcano: {len(eruptions)} ways"
    volcanoes = menu_at(state, "0")
    assert volcanoes.prompt == "Which volcano?"
    assert all(label.startswith("Volcano at ") for label in labels(volcanoes))
    assert all(", to level 2" in label for label in labels(volcanoes))
    spots = menu_at(state, "1")
    assert spots.prompt == "Where does its volcano go?"
    assert len(spots.choices) == MAX_CHOICES and spots.choices[-1].label == MORE.label
    ways = menu_at(state, "1", "0")
    assert ways.prompt == "Which way?"
    assert all(" to the " in label for label in labels(ways))


def test_the_first_tile_asks_only_its_orientation_by_compass_and_terrain() -> None:
    state = STATES[0]
    kind = state.hand
    assert kind is not None
    a, b = kind.a.value.title(), kind.b.value.title()
    menu = menu_at(state)
    assert menu.choices[0].label == f"{a} to the north-west, {b} to the north-east"
    assert menu.choices[5].label == f"{a} to the west, {b} to the north-west"
    assert GAME.menu(state, 0, ("2",)) == Picked(PlaceTile(kind, CENTRE, 3))


def test_a_placement_that_loses_is_warned_about() -> None:
    broke = position_to_data(STATES[4])  # seat 0 to place, with nothing left to build
    broke["villagers_left"], broke["totoros_left"] = [0, 20], [0, 3]
    state = position_from_data(broke)
    spots = menu_at(state)  # new tiles only: the kind was the only one
    assert spots.choices[0].hint.startswith(NO_BUILD)
    ways = menu_at(state, "0").choices
    assert all(c.hint.startswith(NO_BUILD) for c in ways)
    assert all(c.ends for c in ways)  # the panel asks "Are you sure?" before it loses
    safe = menu_at(STATES[4], "0").choices
    assert not any(c.ends for c in safe)


def test_builds_come_by_kind_with_points_best_first() -> None:
    state = STATES[15]
    menu = menu_at(state)
    assert menu.prompt == "Which build?"
    assert labels(menu) == ["Found a settlement", "Expand a settlement", "Build a totoro sanctuary"]
    assert menu.choices[2].hint.startswith("+200 · ")
    expansions = menu_at(state, "1")
    points = [int(c.hint.split(" ")[0]) for c in expansions.choices]
    assert points == sorted(points, reverse=True)
    expand = GAME.menu(state, state.active, ("1", "0"))
    assert isinstance(expand, Picked) and isinstance(expand.action, Expand)
    terrain = expand.action.terrain.value.title()
    assert expansions.choices[0].label.endswith(f" into {terrain}")
    totoro = GAME.menu(state, state.active, ("2", "0"))
    assert isinstance(totoro, Picked) and isinstance(totoro.action, Totoro)
    assert "beside your settlement at " in menu_at(state, "2").choices[0].hint


def test_founding_next_to_your_settlement_comes_first() -> None:
    state = STATES[1]
    assert menu_at(state).choices[0].hint == "+1 · starts a settlement"
    later = menu_at(STATES[5], "0")  # seat 0 again, beside its first settlement
    assert later.choices[0].hint.startswith("+1 · grows your settlement to ")


def test_a_typical_turn_takes_five_taps() -> None:
    """The computer players' own moves, tapped through the menus: the tile and the build of
    a turn take five taps on average, and the best-ranked ones three and two."""
    taps = [walk_at(i)[0][GAME.format(action)] for i, (_, action) in enumerate(PLAYED[:TURNS])]
    turns = TURNS / 2
    assert sum(len(path) for path in taps) / turns <= TAPS_TO_PLACE + TAPS_TO_BUILD
    for state in STATES:
        taps_to_best = TAPS_TO_PLACE if state.phase is Phase.PLACE else TAPS_TO_BUILD
        path: Path = ("0",)
        while isinstance(GAME.menu(state, state.active, path), Menu):
            path += ("0",)
        assert len(path) <= taps_to_best


@pytest.mark.parametrize("index", [14, 15])
def test_search_text_has_the_words_players_type(index: int) -> None:
    state = STATES[index]
    for action in GAME.legal_actions(state, state.active):
        text = GAME.search_text(action, state).lower().split()
        assert GAME.format(action).lower().split() == text[: len(GAME.format(action).split())]
        if isinstance(action, PlaceTile):
            kind = ["eruption", "on", "top"] if action.volcano in state.board else ["new", "tile"]
            assert all(word in text for word in kind)
        if isinstance(action, Expand):
            assert {"expand", action.terrain.value.lower()} <= set(text)
        if isinstance(action, Totoro):
            assert "totoro" in text
