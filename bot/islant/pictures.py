"""The Islant pictures the bot asks for, named for the worker processes that draw them
(:mod:`render.islant`, which the bot's own process never imports)."""

from __future__ import annotations

from ..rendering import Named

SEAT_SHEET = Named("render.islant:render_seat_sheet")
"""The viewer's own sheet, with the round's roll while racing."""
SEAT_STANDINGS = Named("render.islant:render_seat_standings")
"""The top of the ranking with the viewer's row."""
STANDINGS = Named("render.islant:render_standings")
"""The whole ranking with each player's breakdown."""
DAILY_CARD = Named("render.islant:render_daily_card")
"""The result card of an Islant of the day."""


def sheet_of(seat: int) -> Named:
    """``seat``'s sheet as the view's viewer sees it (another player's turn in progress never
    shows)."""
    return Named("render.islant:SheetOf", (seat,))
