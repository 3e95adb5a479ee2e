"""Standings as panel rows: rank and name, values, and the asker's row picked out."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.islant import Standing
from locales import seat_name
from render.common import PanelRow, Theme


def shown_rows(
    entries: Sequence[Standing], top: int | None, highlight: int | None
) -> list[Standing]:
    """The first ``top`` entries (all when None), then the highlighted seat's entry if it
    falls below them (its rank tells how far down it is)."""
    head = list(entries if top is None else entries[:top])
    if highlight is None or any(e.seat == highlight for e in head):
        return head
    mine = [e for e in entries if e.seat == highlight]
    return head + mine


def panel_rows(
    rows: Sequence[Standing],
    names: Sequence[str],
    values: Callable[[Standing], tuple[str, ...]],
    theme: Theme,
    highlight: int | None,
) -> list[PanelRow]:
    """Panel rows for ``rows`` (``names``: display names by seat): ``rank. name`` beside
    the seat's colour and marker."""
    return [
        PanelRow(
            f"{entry.rank}. {seat_name(names, entry.seat)}",
            values(entry),
            theme.player(entry.seat),
            theme.marker(entry.seat),
            current=entry.seat == highlight,
        )
        for entry in rows
    ]
