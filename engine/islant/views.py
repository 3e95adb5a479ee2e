"""What players and spectators see. A sheet as of its last submitted turn is public; a turn
in progress (its drawn tiles, dice and score) is seen by its own player only, and the random
state by nobody.

Schema of ``Game.view(state, seat).data``::

    level, size, round, max_rounds (0 = unlimited), over (bool), end_reason (str),
    end_code (str, an EndReason value; empty while running)
    roll: {dice: [int], rerolled: [[int, int], ...]}     doubles rerolled before this roll
    slots: [str]                                          the level's slots, in ASSIGN order
    column_labels: [str] | None                           "1".."5" or "ANY" per column (L1, L5)
    ship_totals: [int], ship_points: [int]
    players: [sheet view, ...]                            one per seat, in seat order
                                                          (``Game.seat_view``: the viewer's
                                                          alone, the others None)

A sheet view (also :func:`sheet_view`)::

    seat, level, size, status ("playing" | "submitted" | "stopped" | "cannot_continue")
    cells: {"F6": cell, ...}          drawn cells (last turn, + the draft in its player's view)
        cell = {land: "NESW" quarters, red: quarters, blue: quarters, purple: bool,
                lake: bool, central: bool, wave: int, ship: int, bordered: bool,
                draft: bool (drawn this turn)}; keys that do not apply are left out
    islands: [{cells: [str], name: str | None, completed: bool, sides: int, lakes: int}]
    ships: {marked: int, marked_totals: [int], borders: [[str]]}
    score: {sides, lakes, islands, land, colour, waves, ships, total}   of the last turn
    draft_score: same, with this turn's draft (None without a draft, or for other viewers)
    draft: None | {steps: [str], dice: {slot: die}, wild: {slot: value},
                   done: {slot: "drawn" | "crossed"}, open: [slot]}
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import Seat

from .actions import format_action
from .geometry import ANY_LABEL, SHIP_POINTS, SHIP_TOTALS, quarters_text
from .scoring import islands, score
from .sheet import Cell, Sheet
from .state import IslantState, Player
from .turn import Draft


def game_view(
    state: IslantState, viewer: Seat | None = None, *, only_own: bool = False
) -> dict[str, Any]:
    """The whole race as ``viewer`` (None: anyone) sees it: only its own draft shows; with
    ``only_own``, the other players' sheets are left out (None)."""
    spec = state.spec
    labels = spec.column_labels
    return {
        "level": state.level,
        "size": spec.size,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "over": state.finished,
        "end_reason": state.end_reason,
        "end_code": state.end_code,
        "roll": {"dice": list(state.roll), "rerolled": [list(r) for r in state.rerolled]},
        "slots": list(spec.slots),
        "column_labels": None
        if labels is None
        else [ANY_LABEL if lab is None else str(lab) for lab in labels],
        "ship_totals": list(SHIP_TOTALS),
        "ship_points": list(SHIP_POINTS),
        "players": [
            None if only_own and seat != viewer else sheet_view(state, seat, draft=seat == viewer)
            for seat in range(len(state.players))
        ],
    }


def sheet_view(state: IslantState, seat: Seat, *, draft: bool = True) -> dict[str, Any]:
    """One player's sheet as the renderer and the player's panel show it; without ``draft``,
    as anyone else sees it: the sheet of the last submitted turn."""
    player = state.players[seat]
    if not draft:
        player = replace(player, draft=None)
    working = player.working.sheet
    changed = {i for i, c in working.drawn() if player.sheet.cells[i] != c}
    bordered = working.bordered()
    return {
        "seat": seat,
        "level": state.level,
        "size": working.size,
        "status": player.status,
        "cells": {
            working.name_of(i): _cell(c, i in bordered, i in changed) for i, c in working.drawn()
        },
        "islands": _islands(working, player),
        "ships": {
            "marked": working.marked,
            "marked_totals": list(SHIP_TOTALS[: working.marked]),
            "borders": [[working.name_of(c) for c in g] for g in working.borders],
        },
        "score": score(player.sheet).to_json(),
        "draft_score": None if player.draft is None else score(working).to_json(),
        "draft": None if player.draft is None else draft_dict(player.draft),
    }


def draft_dict(draft: Draft) -> dict[str, Any]:
    """The turn in progress: its steps, dice per slot, wild values, done and open slots."""
    return {
        "steps": [format_action(s) for s in draft.steps],
        "dice": dict(draft.dice),
        "wild": dict(draft.wild),
        "done": dict(draft.done),
        "open": draft.open_slots(),
    }


def _cell(cell: Cell, bordered: bool, changed: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if cell.land:
        out["land"] = quarters_text(cell.land)
    if cell.red:
        out["red"] = quarters_text(cell.red)
    if cell.blue:
        out["blue"] = quarters_text(cell.blue)
    if cell.purple:
        out["purple"] = True
    if cell.lake:
        out["lake"] = True
    if cell.central:
        out["central"] = True
    if cell.wave:
        out["wave"] = cell.wave
    if cell.ship:
        out["ship"] = cell.ship
        out["bordered"] = bordered
    if changed:
        out["draft"] = True
    return out


def island_names(sheet: Sheet, player: Player) -> list[str | None]:
    """For each island of ``sheet`` (in :func:`islands` order), its latest name or None."""
    found = islands(sheet)
    owner = {t: k for k, island in enumerate(found) for t in island.triangles}
    names: list[str | None] = [None] * len(found)
    for cell, quarter, name in player.names:
        k = owner.get(cell * 4 + quarter)
        if k is not None:
            names[k] = name
    return names


def _islands(sheet: Sheet, player: Player) -> list[dict[str, Any]]:
    names = island_names(sheet, player)
    return [
        {
            "cells": [sheet.name_of(c) for c in island.cells],
            "name": name,
            "completed": island.completed,
            "sides": island.sides,
            "lakes": island.lakes,
        }
        for island, name in zip(islands(sheet), names, strict=True)
    ]
