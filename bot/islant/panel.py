"""The private Islant panel: one player's sheet and the choices of the step they are on.

The panel is a pure function of the engine state, the seat and a little UI state carried in
the custom ids (the tile in focus, a column narrowing a long list of cells, the cell whose
rotation is being chosen, the dice picked so far for a long assignment, a pending "stop"
confirmation). Every option it offers comes from the engine's legal actions; a component
either sends one engine action or only changes that UI state.

Custom ids: ``isl:b:<game>:<turn>:<ui>:<op>`` for buttons, ``isl:s:<game>:<turn>:<ui>:<kind>``
for selects. ``<turn>`` (:func:`turn_token`) names the player's turn as the panel showed it:
the game's version moves with every other player's submission, so it cannot tell a stale
panel; the turn token can.
"""

from __future__ import annotations

import zlib
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from engine.islant import GAME, draft_summary
from engine.islant.actions import Assign, Cross, Draw, Submit, Undo, Wild
from engine.islant.geometry import COLUMN, LAND_SLOTS, LEVELS, WILD_FACE, WILD_VALUES
from engine.islant.state import ENDED, PLAYING, STATUSES, SUBMITTED, IslantState

from .words import SLOT_TITLES, die_text, placed_shape, race_title, roll_line, value_text

PANEL_FILE = "sheet.png"
MAX_OPTIONS = 25  # Discord's limit for one select menu
BUTTON_TEMPLATE = r"isl:b:(?P<game>\d+):(?P<turn>[0-9a-f-]+):(?P<ui>[^:]*):(?P<op>[a-z-]+)"
SELECT_TEMPLATE = r"isl:s:(?P<game>\d+):(?P<turn>[0-9a-f-]+):(?P<ui>[^:]*):(?P<kind>[a-z-]+)"
CONTROL_ROWS = 3  # rows 0–2 hold selects; row 3 the tile buttons, row 4 undo/submit/stop
TILE_ROW, ACTION_ROW = 3, 4
ENDED_TEXT = {
    "stopped": "You ended your game.",
    "cannot_continue": "No tile of the roll fitted anywhere: your game has ended.",
}
# Operations of panel buttons that send an engine action, and selects whose values are actions.
ACTION_OPS = {"undo": "UNDO", "submit": "SUBMIT", "stop": "STOP"}
ACTION_KINDS = ("assign", "wild-", "draw-", "rot")


@dataclass(frozen=True, slots=True)
class PanelState:
    """What the panel shows besides the engine state; it travels in custom ids."""

    focus: str = ""
    column: str = ""
    cell: str = ""
    dice: str = ""
    confirm_stop: bool = False

    def text(self) -> str:
        flag = "s" if self.confirm_stop else ""
        return ".".join((self.focus, self.column, self.cell, self.dice, flag))

    @classmethod
    def parse(cls, text: str) -> PanelState:
        focus, column, cell, dice, flag = (text.split(".") + [""] * 5)[:5]
        return cls(focus, column, cell, dice, flag == "s")


@dataclass(slots=True)
class Choices:
    """A seat's legal actions grouped the way the panel offers them."""

    assigns: list[Assign] = field(default_factory=list)
    wild: dict[str, list[Wild]] = field(default_factory=dict)
    draws: dict[str, list[Draw]] = field(default_factory=dict)
    cross: set[str] = field(default_factory=set)
    undo: bool = False
    submit: bool = False


@dataclass(slots=True)
class PanelLayout:
    """The panel's text and its components (plain items; the caller makes them live)."""

    title: str
    lines: list[str]
    items: list[discord.ui.Button | discord.ui.Select] = field(default_factory=list)


def turn_token(state: IslantState, seat: int) -> str:
    """The round, the player's status and a checksum of their turn so far."""
    steps = "|".join(draft_summary(state, seat)["steps"]).encode()
    status = STATUSES.index(state.players[seat].status)
    return f"{state.round}-{status}-{zlib.crc32(steps):x}"


def choices_of(state: IslantState, seat: int) -> Choices:
    """The seat's legal actions, grouped by kind and slot."""
    out = Choices()
    for action in GAME.legal_actions(state, seat):
        if isinstance(action, Assign):
            out.assigns.append(action)
        elif isinstance(action, Wild):
            out.wild.setdefault(action.slot, []).append(action)
        elif isinstance(action, Draw):
            out.draws.setdefault(action.slot, []).append(action)
        elif isinstance(action, Cross):
            out.cross.add(action.slot)
        elif isinstance(action, Undo):
            out.undo = True
        elif isinstance(action, Submit):
            out.submit = True
    return out


def complete_assignment(state: IslantState, dice: str) -> str | None:
    """``ASSIGN …`` once the dice picked for the first slots leave only one way to finish."""
    slots = LEVELS[state.level].slots
    left = Counter(state.roll) - Counter(int(d) for d in dice)
    if len(left) != 1:
        return None
    (die,) = left
    order = [int(d) for d in dice] + [die] * (len(slots) - len(dice))
    return GAME.format(Assign(tuple(zip(slots, order, strict=True))))


def draws_at(state: IslantState, seat: int, slot: str, cell: str) -> list[Draw]:
    """The legal draws of ``slot`` at one cell (one per rotation that fits)."""
    return [d for d in choices_of(state, seat).draws.get(slot, []) if d.cell == cell]


def button_effect(ui: PanelState, op: str) -> str | PanelState:
    """What a panel button does: an action's notation, or what the panel shows next."""
    if op in ACTION_OPS:
        return ACTION_OPS[op]
    if op == "cross":
        return f"CROSS {ui.focus}"
    return ui  # the button's id already holds the panel it leads to


def select_effect(
    state: IslantState, seat: int, ui: PanelState, kind: str, value: str
) -> str | PanelState:
    """What picking ``value`` in a panel select does: an action, or the next panel."""
    if kind.startswith(ACTION_KINDS):
        return value
    if kind == "die":
        return complete_assignment(state, ui.dice + value) or PanelState(dice=ui.dice + value)
    if kind == "col":
        return PanelState(focus=ui.focus, column=value)
    draws = draws_at(state, seat, ui.focus, value)
    if len(draws) == 1:
        return GAME.format(draws[0])
    return PanelState(focus=ui.focus, column=ui.column, cell=value)


def panel_layout(
    game_id: int, state: IslantState, seat: int, sheet: dict[str, Any], ui: PanelState
) -> PanelLayout:
    """The panel of ``seat``: what to write and which components to offer."""
    title = race_title(state)
    player = state.players[seat]
    if state.finished:
        return PanelLayout(title, ["The race is over.", _score_line(sheet)])
    if player.status in ENDED:
        return PanelLayout(title, [ENDED_TEXT[player.status], _score_line(sheet)])
    roll = roll_line(state)
    if player.status == SUBMITTED:
        done = len(state.seats(SUBMITTED))
        racing = done + len(state.seats(PLAYING))
        return PanelLayout(
            title,
            [
                roll,
                f"✅ Turn submitted ({done} of {racing} done). The next roll comes when "
                "everyone has submitted, or when the round is closed.",
                _score_line(sheet),
            ],
        )
    ids = _Ids(game_id, turn_token(state, seat), ui)
    if ui.confirm_stop:
        return _confirm_stop(title, ids)
    choices = choices_of(state, seat)
    summary = draft_summary(state, seat)
    if not summary["dice"]:
        layout = _assignment(title, state, choices, ids)
        layout.lines.insert(0, roll)
    else:
        layout = _drawing(title, state, summary, choices, ids)
        layout.lines[:0] = [roll, _dice_line(state, summary)]
    layout.lines.append(_score_line(sheet))
    layout.items += _action_buttons(ids, choices)
    return layout


# ----- the parts ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Ids:
    game: int
    turn: str
    ui: PanelState

    def button(self, op: str, ui: PanelState | None = None) -> str:
        return f"isl:b:{self.game}:{self.turn}:{(ui or self.ui).text()}:{op}"

    def select(self, kind: str, ui: PanelState | None = None) -> str:
        return f"isl:s:{self.game}:{self.turn}:{(ui or self.ui).text()}:{kind}"


def _score_line(sheet: dict[str, Any]) -> str:
    now = sheet["score"]["total"]
    draft = sheet.get("draft_score")
    if draft is None or draft["total"] == now:
        return f"Score: **{now}**"
    return f"Score: **{now}** → **{draft['total']}** with this turn"


def _dice_line(state: IslantState, summary: dict[str, Any]) -> str:
    dice, wild = summary["dice"], summary["wild"]
    parts = [die_text(s, dice[s], wild.get(s)) for s in LEVELS[state.level].slots]
    return "Your dice: " + " · ".join(parts)


def _confirm_stop(title: str, ids: _Ids) -> PanelLayout:
    back = replace(ids.ui, confirm_stop=False)
    return PanelLayout(
        title,
        [
            "**Stop your game now?** Your sheet is scored as it stands and you cannot draw "
            "again in this race. Your turn in progress is dropped."
        ],
        [
            discord.ui.Button(
                label="Yes, stop my game",
                style=discord.ButtonStyle.danger,
                custom_id=ids.button("stop", back),
            ),
            discord.ui.Button(
                label="No, go back",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.button("back", back),
            ),
        ],
    )


def _action_buttons(ids: _Ids, choices: Choices) -> list[discord.ui.Button]:
    return [
        discord.ui.Button(
            label="Undo",
            style=discord.ButtonStyle.secondary,
            custom_id=ids.button("undo"),
            disabled=not choices.undo,
            row=ACTION_ROW,
        ),
        discord.ui.Button(
            label="Submit",
            style=discord.ButtonStyle.success,
            custom_id=ids.button("submit"),
            disabled=not choices.submit,
            row=ACTION_ROW,
        ),
        discord.ui.Button(
            label="Stop my game",
            style=discord.ButtonStyle.danger,
            custom_id=ids.button("askstop", replace(ids.ui, confirm_stop=True)),
            row=ACTION_ROW,
        ),
    ]


def _select(
    custom_id: str, placeholder: str, options: list[discord.SelectOption], row: int
) -> discord.ui.Select:
    return discord.ui.Select(
        custom_id=custom_id, placeholder=placeholder[:150], options=options, row=row
    )


def _assignment(title: str, state: IslantState, choices: Choices, ids: _Ids) -> PanelLayout:
    slots = LEVELS[state.level].slots
    names = ", ".join(SLOT_TITLES[s].lower() for s in slots)
    lines = [f"Give each die to one of: {names}. A 6 is wild: you choose its value next."]
    if len(choices.assigns) <= MAX_OPTIONS:
        options = [
            discord.SelectOption(
                label=" · ".join(die_text(slot, die, None) for slot, die in a.dice)[:100],
                value=GAME.format(a),
            )
            for a in choices.assigns
        ]
        return PanelLayout(
            title, lines, [_select(ids.select("assign"), "Assign the dice", options, 0)]
        )
    picked = [int(d) for d in ids.ui.dice]
    slot = slots[len(picked)]
    if picked:
        so_far = zip(slots[: len(picked)], picked, strict=True)
        lines.append("So far: " + " · ".join(die_text(s, d, None) for s, d in so_far))
    left = sorted((Counter(state.roll) - Counter(picked)).elements())
    options = [
        discord.SelectOption(
            label=die_text(slot, die, None),
            value=str(die),
            description="wild: choose its value later" if die == WILD_FACE else None,
        )
        for die in sorted(set(left))
    ]
    items: list[discord.ui.Button | discord.ui.Select] = [
        _select(ids.select("die"), f"Which die for {SLOT_TITLES[slot].lower()}?", options, 0)
    ]
    if picked:
        items.append(
            discord.ui.Button(
                label="Start over",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.button("reset", replace(ids.ui, dice="")),
                row=1,
            )
        )
    return PanelLayout(title, lines, items)


def _focus(summary: dict[str, Any], ui: PanelState) -> str:
    open_slots: list[str] = summary["open"]
    if ui.focus in open_slots:
        return ui.focus
    return open_slots[0] if open_slots else ""


def _drawing(
    title: str, state: IslantState, summary: dict[str, Any], choices: Choices, ids: _Ids
) -> PanelLayout:
    focus = _focus(summary, ids.ui)
    ids = replace(ids, ui=replace(ids.ui, focus=focus))
    layout = PanelLayout(title, _done_lines(summary))
    column_pending = COLUMN in choices.wild
    if column_pending:
        layout.items.append(_wild_select(ids, COLUMN, row=0))
        layout.lines.append("Your grid-column die is a 6: choose the column label it stands for.")
    if focus and not (column_pending and focus in LAND_SLOTS):
        _focus_controls(layout, state, summary, choices, ids, focus, row=int(column_pending))
    elif not focus:
        layout.lines.append("Every tile is done: press **Submit** (or **Undo** to change it).")
    layout.items += _tile_buttons(state, summary, ids, focus)
    return layout


def _done_lines(summary: dict[str, Any]) -> list[str]:
    done = []
    for step in summary["steps"]:
        action = GAME.parse_action(step)
        if isinstance(action, Draw):
            where = action.cell
            if action.rotation is not None:
                value = summary["wild"].get(action.slot, summary["dice"][action.slot])
                where += f" ({placed_shape(action.slot, value, action.rotation)})"
            done.append(f"{SLOT_TITLES[action.slot].lower()} at {where}")
        elif isinstance(action, Cross):
            done.append(f"{SLOT_TITLES[action.slot].lower()} crossed out")
    return ["Done: " + ", ".join(done)] if done else []


def _focus_controls(
    layout: PanelLayout,
    state: IslantState,
    summary: dict[str, Any],
    choices: Choices,
    ids: _Ids,
    focus: str,
    row: int,
) -> None:
    title = SLOT_TITLES[focus].lower()
    if focus in choices.wild:
        layout.lines.append(f"Your {title} die is a 6: choose the value it stands for.")
        layout.items.append(_wild_select(ids, focus, row))
        return
    value = summary["wild"].get(focus, summary["dice"][focus])
    if focus in choices.draws:
        layout.lines.append(f"Draw your {title} {value_text(focus, value)}: pick where.")
        layout.items += _draw_selects(state, ids, focus, value, choices.draws[focus], row)
        return
    if focus in choices.cross:
        layout.lines.append(
            f"Your {title} {value_text(focus, value)} fits nowhere on your sheet now: "
            "cross it out (or Undo and draw in another order)."
        )
        layout.items.append(
            discord.ui.Button(
                label=f"Cross out {title} {value}",
                style=discord.ButtonStyle.primary,
                custom_id=ids.button("cross"),
                row=row,
            )
        )


def _wild_select(ids: _Ids, slot: str, row: int) -> discord.ui.Select:
    options = [
        discord.SelectOption(label=value_text(slot, v)[:100], value=GAME.format(Wild(slot, v)))
        for v in WILD_VALUES
    ]
    title = SLOT_TITLES[slot].lower()
    return _select(ids.select(f"wild-{slot}"), f"Your {title} 6 stands for…", options, row)


def _draw_label(draw: Draw, value: int) -> str:
    if draw.rotation is None:
        return draw.cell
    return f"{draw.cell} · {placed_shape(draw.slot, value, draw.rotation)}"


def _draw_selects(
    state: IslantState, ids: _Ids, slot: str, value: int, draws: list[Draw], row: int
) -> list[discord.ui.Select]:
    """One select of every placement if they fit; else cells (by column when many), then
    the rotation at the chosen cell."""
    where = f"Where does your {SLOT_TITLES[slot].lower()} {value} go?"
    if len(draws) <= MAX_OPTIONS:
        options = [
            discord.SelectOption(label=_draw_label(d, value), value=GAME.format(d)) for d in draws
        ]
        return [_select(ids.select(f"draw-{slot}"), where, options, row)]
    per_cell = Counter(d.cell for d in draws)
    cells = list(per_cell)
    selects = []
    if len(cells) > MAX_OPTIONS:
        columns = Counter(c[0] for c in cells)
        options = [
            discord.SelectOption(
                label=f"Column {letter}",
                value=letter,
                description=f"{count} cell{'s' if count > 1 else ''}",
                default=letter == ids.ui.column,
            )
            for letter, count in sorted(columns.items())
        ]
        selects.append(_select(ids.select("col"), f"{where} First a column…", options, row))
        row += 1
        cells = [c for c in cells if c[0] == ids.ui.column]
        if not cells:
            return selects
    options = [
        discord.SelectOption(
            label=cell,
            value=cell,
            description=f"{per_cell[cell]} ways to turn it" if per_cell[cell] > 1 else None,
            default=cell == ids.ui.cell,
        )
        for cell in cells
    ]
    selects.append(_select(ids.select("cell"), where, options, row))
    turns = [d for d in draws if d.cell == ids.ui.cell]
    if len(turns) > 1 and row + 1 < CONTROL_ROWS:
        options = [
            discord.SelectOption(label=_draw_label(d, value), value=GAME.format(d)) for d in turns
        ]
        selects.append(_select(ids.select("rot"), "Which way round?", options, row + 1))
    return selects


def _tile_buttons(
    state: IslantState, summary: dict[str, Any], ids: _Ids, focus: str
) -> list[discord.ui.Button]:
    buttons = []
    for slot in LEVELS[state.level].tile_slots:
        done = summary["done"].get(slot)
        label = die_text(slot, summary["dice"][slot], summary["wild"].get(slot))
        if done:
            label += " ✓" if done == "drawn" else " ✗"
        style = discord.ButtonStyle.primary if slot == focus else discord.ButtonStyle.secondary
        ui = PanelState(focus=slot)
        buttons.append(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=ids.button(f"focus-{slot}", ui),
                disabled=bool(done) or slot == focus,
                row=TILE_ROW,
            )
        )
    return buttons
