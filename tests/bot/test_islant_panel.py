"""The private Islant panel as a pure function of the state: it never offers more than Discord
allows, every option it offers is legal, and a turn can always be finished through it."""

from __future__ import annotations

import random

import discord
import pytest

from bot.islant.items import live_view
from bot.islant.panel import (
    PanelLayout,
    PanelState,
    button_effect,
    panel_layout,
    select_effect,
    turn_token,
)
from engine.islant import GAME, sheet_view
from engine.islant.state import IslantState

from ..engine.islant.fixtures import blank, sheet
from ..engine.islant.helpers import play, race

MAX_CUSTOM_ID = 100
MAX_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_BUTTON_LABEL = 80
MAX_DESCRIPTION = 4096
MAX_PANEL_STEPS = 60
ROUNDS = 5


def check_discord_limits(layout: PanelLayout) -> None:
    live_view(layout.items)  # discord.py refuses more than 5 rows or a full row
    assert len("\n".join(layout.lines)) <= MAX_DESCRIPTION
    for item in layout.items:
        assert len(item.custom_id) <= MAX_CUSTOM_ID, item.custom_id
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= MAX_OPTIONS
            assert len({o.value for o in item.options}) == len(item.options)
            for option in item.options:
                assert len(option.label) <= MAX_OPTION_TEXT
                assert len(option.description or "") <= MAX_OPTION_TEXT
        else:
            assert item.label and len(item.label) <= MAX_BUTTON_LABEL


def click(layout: PanelLayout, rnd: random.Random) -> tuple[discord.ui.Item, str | None]:
    """What a player might press: mostly the choices that move the turn on."""
    enabled = [i for i in layout.items if not getattr(i, "disabled", False)]
    by_op = {i.custom_id.rsplit(":", 1)[1]: i for i in enabled if isinstance(i, discord.ui.Button)}
    if "submit" in by_op:
        return by_op["submit"], None
    if "undo" in by_op and rnd.random() < 0.05:
        return by_op["undo"], None
    if "askstop" in by_op and rnd.random() > 0.01:
        del by_op["askstop"]  # a player stops now and then, not every few clicks
    selects = [i for i in enabled if isinstance(i, discord.ui.Select)]
    moving = selects + [b for op, b in by_op.items() if op == "cross"]
    others = [*selects, *by_op.values()]
    item = rnd.choice(moving) if moving and rnd.random() < 0.9 else rnd.choice(others)
    if isinstance(item, discord.ui.Select):
        return item, rnd.choice(item.options).value
    return item, None


def play_turn_through_panel(state, seat: int, rnd: random.Random):
    """Press panel components until the turn is submitted or the game stopped."""
    ui = PanelState()
    for _ in range(MAX_PANEL_STEPS):
        layout = panel_layout(1, state, seat, sheet_view(state, seat), ui)
        check_discord_limits(layout)
        if not layout.items:
            return state
        item, value = click(layout, rnd)
        parts = item.custom_id.split(":")
        assert parts[3] == turn_token(state, seat)
        shown = PanelState.parse(parts[4])
        if value is None:
            effect = button_effect(shown, parts[5])
        else:
            effect = select_effect(state, seat, shown, parts[5], value)
        if isinstance(effect, PanelState):
            ui = effect
            continue
        state, _ = GAME.apply_text(state, seat, effect)  # IllegalAction fails the test
        ui = PanelState(focus=shown.focus)
    raise AssertionError(f"no end to the turn: {layout.lines}")


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_panel_fits_discord_and_every_turn_can_be_finished(level: int) -> None:
    rnd = random.Random(level)
    state = GAME.new(3, {"level": level, "max_rounds": ROUNDS}, seed=level * 7)
    while not GAME.is_over(state):
        for seat in sorted(GAME.to_move(state)):
            if state.round <= ROUNDS and seat in GAME.to_move(state):
                state = play_turn_through_panel(state, seat, rnd)
    assert GAME.audit(state) == []
    assert state.end_reason == f"the last round ({ROUNDS}) is over"
    assert state.end_code == "rounds_over"


def test_a_long_assignment_is_picked_die_by_die() -> None:
    fresh = (GAME.new(1, {"level": 5}, seed=k) for k in range(100))
    state = next(s for s in fresh if len(set(s.roll)) == 5)  # 120 ways: too many for a select
    ui = PanelState()
    for picks in range(1, 5):
        layout = panel_layout(1, state, 0, sheet_view(state, 0), ui)
        (menu,) = [i for i in layout.items if isinstance(i, discord.ui.Select)]
        assert menu.custom_id.endswith(":die") and len(menu.options) == 6 - picks
        effect = select_effect(state, 0, ui, "die", menu.options[0].value)
        if picks < 4:
            assert isinstance(effect, PanelState) and len(effect.dice) == picks
            ui = effect
    assert isinstance(effect, str) and effect.startswith("ASSIGN column=")
    GAME.apply_text(state, 0, effect)


def cross_of_land() -> IslantState:
    """Level 4, land along row 6 and column F: more than 25 cells where a tile may go."""
    rows = [line.split() for line in blank(4).splitlines()]
    for k in range(11):
        for col, row in ((k, 5), (5, k)):
            if rows[row][col] == ".":
                rows[row][col] = "LNESW"
    state = race(4, (2, 3, 4), sheet(4, "\n".join(" ".join(r) for r in rows)))
    return play(state, 0, "ASSIGN land=2 waves=3 ships=4")


def selects(layout: PanelLayout) -> dict[str, discord.ui.Select]:
    found = [i for i in layout.items if isinstance(i, discord.ui.Select)]
    return {s.custom_id.rsplit(":", 1)[1]: s for s in found}


def test_many_cells_are_offered_by_column_then_cell_then_rotation() -> None:
    state = cross_of_land()
    ui = PanelState(focus="ships")
    menus = selects(panel_layout(1, state, 0, sheet_view(state, 0), ui))
    assert list(menus) == ["col"]
    assert [o.label for o in menus["col"].options][:3] == ["Column A", "Column B", "Column C"]
    ui = select_effect(state, 0, ui, "col", "E")
    menus = selects(panel_layout(1, state, 0, sheet_view(state, 0), ui))
    assert list(menus) == ["col", "cell"]
    assert [o.value for o in menus["cell"].options] == [f"E{r}" for r in range(1, 12) if r != 6]
    assert select_effect(state, 0, ui, "cell", "E1") == "DRAW ships E1"

    ui = PanelState(focus="land", column="E")
    ui = select_effect(state, 0, ui, "cell", "E5")
    menus = selects(panel_layout(1, state, 0, sheet_view(state, 0), ui))
    assert list(menus) == ["col", "cell", "rot"]
    turns = [o.value for o in menus["rot"].options]
    assert len(turns) > 1 and all(t.startswith("DRAW land E5 R") for t in turns)
    assert all(o.label.startswith("E5 · ") for o in menus["rot"].options)
    GAME.apply_text(state, 0, turns[-1])
