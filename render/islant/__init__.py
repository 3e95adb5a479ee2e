"""The Islant pictures: a player's sheet, the race's public board, the standings, and the
result card of an Islant of the day."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import View
from engine.islant import SheetView
from locales import tr
from render.common import DEFAULT_THEME, Theme, to_png_palette

from ..registry import GamePictures, register_pictures
from .card import render_daily_card
from .palette import DEFAULT_PALETTE, Palette
from .race import board_image
from .sheet import sheet_image
from .standings import standings_image


def render_sheet(
    sheet_data: Mapping[str, Any],
    name: str,
    *,
    roll: Sequence[int] | None = None,
    title: str | None = None,
    theme: Theme = DEFAULT_THEME,
    palette: Palette = DEFAULT_PALETTE,
) -> bytes:
    """The PNG of one player's sheet (a ``sheet_view``); ``roll`` is the dice of the round."""
    image, _ = sheet_image(
        SheetView.from_data(sheet_data), name, roll=roll, title=title, theme=theme, palette=palette
    )
    return to_png_palette(image)


def render_board(
    view: View,
    names: Sequence[str],
    *,
    title: str | None = None,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The PNG of the race: round, roll, progress and standings (``view.seat``'s row lit)."""
    return to_png_palette(board_image(view, names, title=title, theme=theme))


def render_standings(
    view: View,
    names: Sequence[str],
    *,
    highlight: int | None = None,
    top: int | None = None,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The PNG of the ranking with each player's breakdown; ``top`` limits the rows shown
    (the ``highlight`` seat's row is added when it falls below them)."""
    image = standings_image(view, names, highlight=highlight, top=top, theme=theme)
    return to_png_palette(image)


SEAT_STANDINGS_TOP = 10  # rows of a player's standings (their own row is added below them)


def render_seat_sheet(view: View, names: Sequence[str]) -> bytes:
    """The PNG of the viewer's own sheet (``view.seat``), with the round's roll while racing."""
    assert view.seat is not None
    return SheetOf(view.seat)(view, names)


@dataclass(frozen=True, slots=True)
class SheetOf:
    """A drawer: ``seat``'s sheet as the view's viewer sees it (another player's turn in
    progress never shows), with the round's roll while racing."""

    seat: int

    @property
    def name(self) -> str:
        """What tells this picture apart from the view's other pictures."""
        return f"sheet:{self.seat}"

    def __call__(self, view: View, names: Sequence[str]) -> bytes:
        data = view.data
        roll = None if data["over"] else data["roll"]["dice"]
        return render_sheet(data["players"][self.seat], names[self.seat], roll=roll)


def render_seat_standings(view: View, names: Sequence[str]) -> bytes:
    """The PNG of the top of the ranking with the viewer's row (none for a spectator)."""
    return render_standings(view, names, highlight=view.seat, top=SEAT_STANDINGS_TOP)


def final_pictures(view: View, names: Sequence[str]) -> dict[str, bytes]:
    """The ranking and every player's sheet, as named files (for offline simulations)."""
    pictures = {"standings.png": render_standings(view, names)}
    for seat, sheet in enumerate(view.data["players"]):
        name = names[seat] if seat < len(names) else tr("Player {number}", number=seat + 1)
        pictures[f"sheet-{seat + 1:02d}.png"] = render_sheet(sheet, name)
    return pictures


register_pictures("islant", GamePictures(render_board, final=final_pictures))


__all__ = [
    "DEFAULT_PALETTE",
    "Palette",
    "SheetOf",
    "board_image",
    "final_pictures",
    "render_board",
    "render_daily_card",
    "render_seat_sheet",
    "render_seat_standings",
    "render_sheet",
    "render_standings",
    "sheet_image",
    "standings_image",
]
