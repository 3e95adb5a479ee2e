"""Consistency checks of a race state (property tests call them after every action)."""

from __future__ import annotations

from .geometry import CORNER_WAVE, SHIP_TOTALS
from .sheet import CENTRAL, Sheet
from .state import ENDED, PLAYING, STATUSES, IslantState
from .turn import rebuild


def audit_state(state: IslantState) -> list[str]:
    """Problems found in ``state`` (empty when sound)."""
    problems: list[str] = []
    spec = state.spec
    if len(state.roll) != spec.dice:
        problems.append(f"roll {state.roll} has the wrong number of dice")
    if spec.reroll_doubles and len(set(state.roll)) < len(state.roll):
        problems.append(f"roll {state.roll} holds doubles on a rerolling level")
    if not state.finished and not state.seats(PLAYING):
        problems.append("a running race has nobody left to play")
    for seat, player in enumerate(state.players):
        where = f"player {seat + 1}"
        if player.status not in STATUSES:
            problems.append(f"{where} has an unknown status {player.status!r}")
        if player.draft is not None:
            if player.status != PLAYING or state.finished:
                problems.append(f"{where} keeps a draft while not playing")
            elif rebuild(player.sheet, state.roll, player.draft.steps) != player.draft:
                problems.append(f"{where}'s draft does not follow from its steps")
        if player.status in ENDED and player.draft is not None:
            problems.append(f"{where} has ended but keeps a draft")
        problems.extend(f"{where}: {p}" for p in audit_sheet(player.sheet))
    return problems


def audit_sheet(sheet: Sheet) -> list[str]:
    """Problems with one sheet: the printed cells, values in range, ship borders."""
    spec = sheet.spec
    problems: list[str] = []
    if sheet.cells[spec.central] != CENTRAL:
        problems.append("the central tile is missing")
    for corner in spec.corners():
        cell = sheet.cells[corner]
        if cell is None or cell.wave != CORNER_WAVE:
            problems.append(f"the corner wave at {sheet.name_of(corner)} is missing")
    for i, cell in sheet.drawn():
        if cell.red & cell.blue or (cell.red | cell.blue) & ~cell.land:
            problems.append(f"{sheet.name_of(i)} has inconsistent colours")
        if cell.ship and not 1 <= cell.ship <= 5:
            problems.append(f"{sheet.name_of(i)} holds a ship of {cell.ship}")
    seen: set[int] = set()
    for k, group in enumerate(sheet.borders):
        if seen & set(group):
            problems.append("a ship is bordered twice")
        seen.update(group)
        ships = [sheet.cells[c] for c in group]
        total = sum(c.ship for c in ships if c is not None)
        if k >= len(SHIP_TOTALS) or total != SHIP_TOTALS[k]:
            problems.append(f"bordered group {k + 1} sums to {total}")
    return problems
