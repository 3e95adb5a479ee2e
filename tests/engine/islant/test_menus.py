"""Islant by taps: the menus offer exactly the legal actions, read well, and a turn is short."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from engine.core import IllegalAction
from engine.core.menus import MAX_CHOICES, MAX_LABEL, Menu, Picked, walk_all
from engine.islant import (
    GAME,
    Action,
    Assign,
    Draw,
    IslantState,
    Name,
    Stop,
    Submit,
    Undo,
    sheet_view,
)
from engine.islant.ai import choose_action
from engine.islant.suggest import ranked_draws

from .helpers import play, race

LEVELS = (1, 2, 3, 4, 5)
# Words a label must not show: the notation's keywords and rotations, doubled nouns.
DEVELOPER_WORDS = re.compile(r"\b(DRAW|ASSIGN|WILD|CROSS|R[0-3])\b|=|(?i:waves wave|ships ship)")


def state_after(level: int, seed: int, steps: int) -> IslantState:
    """The state after ``steps`` actions of a solo race played by the quick computer player."""
    rnd = random.Random(seed)
    state = GAME.new(1, {"level": level}, seed)
    for _ in range(steps):
        state, _ = GAME.apply(state, 0, choose_action(state, 0, rnd))
    return state


def playout_states(level: int, seed: int, count: int = 6) -> list[IslantState]:
    """States along a solo race played by the quick computer player."""
    rnd = random.Random(seed)
    state = GAME.new(1, {"level": level}, seed)
    states = [state]
    for step in range(1, 200):
        if GAME.is_over(state) or len(states) >= count:
            break
        state, _ = GAME.apply(state, 0, choose_action(state, 0, rnd))
        if step % 9 == 0:
            states.append(state)
    return states


def walk(state: IslantState, seat: int = 0) -> tuple[list[Action], list[Menu]]:
    """Every action the menus of ``seat`` lead to on its own, and every menu shown on the way;
    a choice that plays several actions must play legal ones, each after the one before."""
    picked: list[Action] = []
    menus: list[Menu] = []
    for _path, answer in walk_all(lambda path: GAME.menu(state, seat, path)):
        if isinstance(answer, Picked) and answer.then:
            played_in_a_row(state, seat, answer.actions)
        elif isinstance(answer, Picked):
            picked.append(answer.action)
        else:
            menus.append(answer)
    return picked, menus


def played_in_a_row(state: IslantState, seat: int, actions: tuple[Action, ...]) -> None:
    for action in actions:
        assert action in GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, action)


@pytest.mark.parametrize("level", LEVELS)
def test_walking_every_menu_yields_exactly_the_legal_actions_but_name(level: int) -> None:
    """Every legal action is reached by exactly one path, and NAME by none.

    NAME (naming an island) takes free text, which no menu can offer: it stays a typed
    command, is not listed by ``legal_actions``, and ``menu_excluded`` says so; the check
    leaves it out explicitly rather than by accident.
    """
    for state in playout_states(level, seed=level):
        if not GAME.to_move(state):
            continue
        picked, menus = walk(state)
        legal = GAME.legal_actions(state, 0)
        assert sorted(map(GAME.format, picked)) == sorted(map(GAME.format, legal))
        assert not any(GAME.menu_excluded(action) for action in picked)
        for menu in menus:
            assert 0 < len(menu.choices) <= MAX_CHOICES
            assert menu.prompt.endswith("?")
            for choice in menu.choices:
                assert choice.label.strip() and len(choice.label) <= MAX_LABEL
                assert not DEVELOPER_WORDS.search(choice.label), choice.label


def test_name_is_typed_not_offered() -> None:
    state = race(1, (1, 4))
    state = play(state, 0, "ASSIGN column=1 land=4", "DRAW land C4")
    assert GAME.menu_excluded(Name("C4", None, "Treasure Isle"))
    assert not GAME.menu_excluded(Submit())
    named = play(state, 0, "NAME C4 Treasure Isle")
    assert "Treasure Isle" in [island["name"] for island in sheet_view(named, 0)["islands"]]
    picked, _ = walk(state)
    assert not any(isinstance(action, Name) for action in picked)


def test_a_seat_with_nothing_to_do_is_told_so() -> None:
    state = race(1, (1, 4), players=2)
    state = play(state, 0, "ASSIGN column=1 land=4", "DRAW land C4", "SUBMIT")
    with pytest.raises(IllegalAction, match="nothing for you to do"):
        GAME.menu(state, 0)


# ----- taps -----------------------------------------------------------------------------------
def cheapest_paths(state: IslantState, seat: int, own: bool) -> dict[tuple[Action, ...], int]:
    """The fewest taps after which the menus play each action (or run of actions) from
    ``state``; ``own``: leaving out suggested turns (runs that are more than a tile and
    Submit)."""
    taps: dict[tuple[Action, ...], int] = {}
    for path, answer in walk_all(lambda p: GAME.menu(state, seat, p)):
        if isinstance(answer, Picked) and not (own and answer.then not in ((), (Submit(),))):
            key = answer.actions
            taps[key] = min(taps.get(key, len(path)), len(path))
    return taps


class NoTieNoise(random.Random):
    """The quick player's dice without its tie noise: among equal places it takes the first."""

    def random(self) -> float:
        return 0.0

    def getrandbits(self, k: int) -> int:  # (so that sample and choice stay random)
        return super().getrandbits(k)


def computer_turn(state: IslantState, seat: int, seed: int) -> list[Action]:
    """The steps of the quick computer player's turn, up to and with its SUBMIT."""
    rnd, steps = NoTieNoise(seed), []
    while True:
        action = choose_action(state, seat, rnd)
        steps.append(action)
        if not isinstance(action, Submit):
            state, _ = GAME.apply(state, seat, action)
        if isinstance(action, Submit | Stop):
            return steps


def taps_for(state: IslantState, steps: list[Action], own: bool = True) -> int:
    """The fewest taps that play ``steps`` through the menus (after opening the panel)."""
    best: dict[int, int] = {0: 0}  # steps played → taps
    for done in range(len(steps)):
        if done not in best:
            continue
        for run, count in cheapest_paths(state_after_steps(state, steps[:done]), 0, own).items():
            if tuple(steps[done : done + len(run)]) == run:
                end = done + len(run)
                best[end] = min(best.get(end, best[done] + count), best[done] + count)
    return best[len(steps)]


def state_after_steps(state: IslantState, steps: list[Action]) -> IslantState:
    for step in steps:
        state, _ = GAME.apply(state, 0, step)
    return state


def roll_allows(state: IslantState, steps: list[Action]) -> bool:
    """A level-5 turn "the roll allows" in five taps: no 6 in the roll (a 6 asks for its value),
    its whole assignments fit the first menu (no die-by-die question first), and the turn's
    last step draws a tile (a crossed-out tile cannot carry the Submit)."""
    first = GAME.menu(state, 0)
    assert isinstance(first, Menu)
    whole = any(
        len(c.label.split(" · ")) == 5 and "Suggested" not in c.label for c in first.choices
    )
    return 6 not in state.roll and whole and isinstance(steps[-2], Draw)


LEVEL_5_TURNS = [(seed, turn, triple) for seed in range(5) for turn in (0, 3) for triple in (0, 1)]


def level_5_turn(seed: int, turn: int, triple: bool) -> tuple[IslantState, list[Action]]:
    """A solo level-5 race after ``turn`` turns of the quick player, and its next turn; with a
    ``triple``, the roll is replaced by one with three equal dice and no 6 (20 assignments or
    fewer, which fit the first menu)."""
    state = GAME.new(1, {"level": 5}, seed)
    for number in range(turn):
        for step in computer_turn(state, 0, seed * 100 + number):
            state, _ = GAME.apply(state, 0, step)
    if triple:
        rnd = random.Random(seed)
        same, *others = (rnd.randint(1, 5) for _ in range(3))
        state = replace(state, roll=(same, others[0], same, others[1], same), rerolled=())
    return state, computer_turn(state, 0, seed * 100 + turn)


@pytest.mark.parametrize(("seed", "turn", "triple"), LEVEL_5_TURNS)
def test_a_level_5_turn_takes_at_most_five_taps_when_the_roll_allows(
    seed: int, turn: int, triple: bool
) -> None:
    """The quick player's own turn, played through the menus without suggestions: the
    assignment one tap, each tile one tap, the last tile with the Submit. Any turn: one tap
    more per die-by-die question and per 6. A suggested turn is two taps: it, and Submit."""
    state, steps = level_5_turn(seed, turn, triple)
    assert isinstance(steps[-1], Submit)
    taps = taps_for(state, steps)
    sixes = sum(1 for d in state.roll if d == 6)
    assert taps <= 5 + 1 + sixes  # at most one die-by-die question (the grid column's die)
    if roll_allows(state, steps):
        assert taps <= 5
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu) and menu.choices[0].label.startswith("Suggested: ")
    suggestion = GAME.menu(state, 0, ("0",))
    assert isinstance(suggestion, Picked) and isinstance(suggestion.action, Assign)
    after = state_after_steps(state, list(suggestion.actions))
    assert GAME.menu(after, 0, ("0",)) == Picked(Submit())


def test_the_rolls_measured_include_some_that_allow_five_taps() -> None:
    allowed = [roll_allows(*level_5_turn(*turn)) for turn in LEVEL_5_TURNS]
    assert sum(allowed) >= len(LEVEL_5_TURNS) // 4


def test_each_tile_of_a_level_5_turn_is_one_tap_and_the_last_carries_the_submit() -> None:
    state = race(5, (2, 2, 2, 4, 5))
    steps = [
        Assign((("column", 2), ("red", 2), ("blue", 2), ("waves", 4), ("ships", 5))),
        Draw("red", "F5", 1),
        Draw("blue", "F7", 3),
        Draw("waves", "B1"),
        Draw("ships", "G6"),
        Submit(),
    ]
    assert taps_for(state, steps) == 5
    # the last tile without the Submit is a tap more, and Undo is still offered after it
    assert taps_for(state, [*steps[:-1], Undo()]) == 7


def test_a_level_1_turn_takes_two_taps_and_one_per_6() -> None:
    """The assignment, then the tile with the Submit."""
    for number, state in enumerate(playout_states(1, seed=5, count=4)):
        if GAME.to_move(state) and not state.players[0].working.assigned:
            steps = computer_turn(state, 0, number)
            assert taps_for(state, steps) <= 2 + sum(1 for d in state.roll if d == 6)


def test_a_long_list_of_places_shows_the_best_first_and_narrows_the_others() -> None:
    state = state_after(level=3, seed=0, steps=18)  # each land tile has too many places
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    labels = [c.label for c in menu.choices]
    more = labels.index("Other places for your Blue Land 4 (three quarters)")
    best = [label for label in labels if label.startswith("Blue Land 4 at ")]
    assert len(best) >= 5
    draft = state.players[0].working
    draws = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Draw) and a.slot == "blue"]
    first = ranked_draws(draft, draws)[0]
    assert best[0].startswith(f"Blue Land 4 at {first.cell} · ")  # the quick player's place
    inside = GAME.menu(state, 0, (str(more),))
    assert isinstance(inside, Menu)
    assert inside.prompt == "Where does your Blue Land 4 (three quarters) go?"
    cells = [c.label.split(" ")[0] for c in inside.choices]
    assert cells == sorted(cells, key=lambda cell: (cell[0], int(cell[1:])))
    ways = next(i for i, c in enumerate(inside.choices) if "ways round" in c.label)
    turns = GAME.menu(state, 0, (str(more), str(ways)))
    assert isinstance(turns, Menu) and turns.prompt.startswith("Which way round at ")


# ----- labels ---------------------------------------------------------------------------------
SUGGESTION_HINT = r"Draws them there: score -?\d+ → -?\d+; you submit after a look"


def test_the_assignment_menu_offers_suggested_turns_then_whole_assignments_best_first() -> None:
    menu = GAME.menu(race(4, (1, 2, 4)), 0)
    assert isinstance(menu, Menu)
    assert menu.prompt == "Which dice go where?"
    labels = [c.label for c in menu.choices]
    assert re.fullmatch(
        r"Suggested: Land \d [A-K]\d+ \S+ · Waves \d [A-K]\d+ · Ships \d [A-K]\d+", labels[0]
    )
    assert labels[1].startswith("Suggested: ") and labels[1] != labels[0]
    assert re.fullmatch(SUGGESTION_HINT, menu.choices[0].hint)
    assert labels[2] == "Land 1 · Waves 2 · Ships 4"
    assert labels[-1] == "Stop: end my game now"
    assert len(labels) == 9  # two suggestions, six assignments and STOP
    assert menu.choices[2].hint == "Every tile has a place"


def test_a_suggested_turn_plays_the_assignment_and_every_tile_and_leaves_submit() -> None:
    state = race(4, (1, 2, 4))
    picked = GAME.menu(state, 0, ("0",))
    assert isinstance(picked, Picked) and isinstance(picked.action, Assign)
    assert [type(a) for a in picked.then] == [Draw, Draw, Draw]
    turn = GAME.turn_menu(state, 0, ("0",))  # how the panel plays it: all but the last first
    assert turn.before == picked.actions[:-1] and turn.answer == Picked(picked.actions[-1])
    after = state_after_steps(state, list(picked.actions))
    menu = GAME.menu(after, 0)
    assert isinstance(menu, Menu) and [c.label for c in menu.choices][:2] == [
        "Submit my turn",
        "Undo the last step",
    ]


def test_assignments_that_leave_a_tile_without_a_place_come_last() -> None:
    state = state_after(level=2, seed=0, steps=110)
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    own = [(c.label, c.hint) for c in menu.choices if not c.label.startswith("Suggested: ")]
    assert own[:2] == [
        ("Land 4 · Waves 1", "Every tile has a place"),
        ("Land 1 · Waves 4", "No place for Waves now"),
    ]


def test_the_turn_menu_offers_the_best_places_of_every_tile() -> None:
    state = play(race(4, (1, 2, 4)), 0, "ASSIGN land=1 waves=2 ships=4")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu) and len(menu.choices) == 25
    assert menu.prompt == "What next?"
    labels = [c.label for c in menu.choices]
    assert labels[0] == "Land 1 at F5 · Bottom quarter ▲"  # where the quick player would go
    assert "Ship 4 at F5" in labels and "Wave 2 at J11" in labels
    assert labels[-3].startswith("Rest as suggested: Land 1 ")
    assert labels[-2:] == ["Undo the last step", "Stop: end my game now"]
    assert "Takes back: assigns 1 to the land" in menu.choices[-2].hint
    more = labels.index("Other places for your Land 1 (one quarter)")
    others = GAME.menu(state, 0, (str(more),))
    assert isinstance(others, Menu) and others.prompt == "Where does your Land 1 (one quarter) go?"
    shown = {label.split(" at ")[1] for label in labels if label.startswith("Land 1 at ")}
    assert not shown & {c.label for c in others.choices}  # each place has one path


def test_the_last_tile_carries_the_submit_and_rotations_read_as_what_it_covers() -> None:
    state = play(race(1, (2, 3)), 0, "ASSIGN column=3 land=2")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert (
        menu.prompt == "Last tile: where does your Land 2 (half cell) go (this submits your turn)?"
    )
    picked = GAME.menu(state, 0, ("0",))
    assert isinstance(picked, Picked) and picked.then == (Submit(),)
    assert re.fullmatch(r"Then your turn is submitted: score -?\d+ → -?\d+", menu.choices[0].hint)
    labels = [c.label for c in menu.choices]
    more = str(labels.index("Other places"))
    others = GAME.menu(state, 0, (more,))
    assert isinstance(others, Menu)
    cell = next(i for i, c in enumerate(others.choices) if c.label.endswith("(4 ways round)"))
    turns = GAME.menu(state, 0, (more, str(cell)))
    assert isinstance(turns, Menu) and turns.prompt.startswith("Which way round at ")
    assert [c.label for c in turns.choices] == [
        "Top-right half ◥",
        "Bottom-right half ◢",
        "Bottom-left half ◣",
        "Top-left half ◤",
    ]
    keep = str(labels.index("Place it without submitting yet"))
    plain = GAME.menu(state, 0, (keep,))
    assert isinstance(plain, Menu) and plain.prompt == "Where does your Land 2 (half cell) go?"
    single = GAME.menu(state, 0, (keep, "0", "0"))  # the cell, then which way round
    assert isinstance(single, Picked) and not single.then


def test_submit_comes_first_once_every_tile_is_done() -> None:
    state = play(race(1, (2, 3)), 0, "ASSIGN column=3 land=2", "DRAW land F1 R0")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert [c.label for c in menu.choices] == [
        "Submit my turn",
        "Undo the last step",
        "Stop: end my game now",
    ]
    assert menu.prompt == "Every tile is done: submit your turn?"
    assert re.fullmatch(r"Your score goes from -?\d+ to -?\d+", menu.choices[0].hint)
    assert GAME.menu(state, 0, ("0",)) == Picked(Submit())
    assert GAME.menu(state, 0, ("1",)) == Picked(Undo())
    assert GAME.menu(state, 0, ("2",)) == Picked(Stop())


def test_a_wild_value_is_offered_with_its_shape() -> None:
    state = play(race(1, (2, 6)), 0, "ASSIGN column=2 land=6")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    assert menu.prompt == "What does your Land 6 stand for?"
    labels = [c.label for c in menu.choices]
    assert labels[:5] == [
        "Land 6 as 1 (one quarter)",
        "Land 6 as 2 (half cell)",
        "Land 6 as 3 (three quarters)",
        "Land 6 as 4 (full square with a lake)",
        "Land 6 as 5 (bow tie)",
    ]
    assert re.fullmatch(r"Fits in \d+ cells? now", menu.choices[0].hint)


def test_a_grid_column_6_tells_the_columns_it_opens() -> None:
    state = play(race(5, (6, 1, 2, 3, 4)), 0, "ASSIGN column=6 red=1 blue=2 waves=3 ships=4")
    menu = GAME.menu(state, 0)
    assert isinstance(menu, Menu)
    hints = {c.label: c.hint for c in menu.choices}
    assert hints["Grid Column 6 as 3"] == "Land goes in column C, F (ANY) or I"
