"""The hard player's land drawings: the quick player's best few places for a land tile,
judged again by the sheet each leaves (its score plus its unfinished islands' outlook,
:func:`~engine.islant.outlook.land_outlook`)."""

from __future__ import annotations

from engine.core.ai import Deadline

from .actions import Draw
from .ai import land_worth
from .geometry import LAND_SLOTS, rotate, tile_for
from .outlook import land_outlook
from .scoring import score
from .sheet import draw_land
from .turn import Draft, draft_columns, placements

SHORTLIST = 16
"""At most how many of the quick player's best places are judged by the sheet they leave
(fewer when the budget runs out; the quick player's best always is)."""


def best_land_draw(draft: Draft, step: Draw, careful: bool, deadline: Deadline) -> Draw:
    """The best place for the tile of ``step`` (the quick player's drawing; water as it is)."""
    if step.slot not in LAND_SLOTS:
        return step
    sheet = draft.sheet
    value = draft.value(step.slot)
    assert value is not None, "the quick player chooses a wild value before drawing"
    tile = tile_for(step.slot, value)
    colour = step.slot if sheet.spec.coloured else None
    spots = sorted(
        (-land_worth(sheet, step.slot, value, cell, rotation or 0, careful), cell, rotation or 0)
        for cell, rotation in placements(sheet, step.slot, value, draft_columns(draft))
    )
    best: tuple[float, int, int] | None = None
    for _, cell, rotation in spots[:SHORTLIST]:
        if best is not None and not deadline.spend():
            break
        after = draw_land(sheet, cell, colour, rotate(tile.mask, rotation), tile.lake)
        worth = score(after).total + land_outlook(after)
        if best is None or worth > best[0]:
            best = (worth, cell, rotation)
    if best is None:
        return step
    return Draw(step.slot, sheet.name_of(best[1]), best[2])
