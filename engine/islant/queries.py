"""Questions the bot asks about a seat's turn without building actions: where a tile may go,
and what the turn in progress holds."""

from __future__ import annotations

from typing import Any

from engine.core import Seat

from .geometry import COLUMN, LAND_SLOTS
from .state import IslantState
from .turn import NO_COLUMN_RULE, columns_for, placements
from .views import draft_dict


def legal_cells(
    state: IslantState,
    seat: Seat,
    slot: str,
    value: int,
    rotation: int | None = None,
    column: int | None = None,
) -> list[str]:
    """Cells where ``seat`` could draw ``slot``'s tile of ``value`` now (on the working sheet).

    Land tiles: any rotation unless ``rotation`` is given; on the grid-column levels the
    columns come from ``column``, else from the turn's grid-column value, else every column.
    """
    draft = state.players[seat].working
    sheet = draft.sheet
    columns = NO_COLUMN_RULE
    if slot in LAND_SLOTS and COLUMN in sheet.spec.slots:
        if column is None and draft.assigned:
            column = draft.value(COLUMN)
        columns = columns_for(sheet.spec, column)
    cells = {c for c, _ in placements(sheet, slot, value, columns, rotation)}
    return [sheet.name_of(c) for c in sorted(cells)]


def draft_summary(state: IslantState, seat: Seat) -> dict[str, Any]:
    """The turn in progress of ``seat`` (see the views schema; empty lists before ASSIGN)."""
    return draft_dict(state.players[seat].working)
