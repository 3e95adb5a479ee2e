"""The ranking: every player's total and its breakdown, best first."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View
from engine.islant import IslantView, Standing
from engine.islant.geometry import ISLAND_PENALTY, LEVELS, SHIPS, WAVES
from locales import N_, seat_name, tr
from render.common import Theme, draw_panel, draw_text, panel_height

from .parts import MARGIN, PICTURE_WIDTH, SMALLEST_PX, draw_title, title_height
from .race import status_line
from .table import panel_rows, shown_rows

WIDTH = PICTURE_WIDTH
ROW_PX = SMALLEST_PX  # text size when many rows are shown
BIG_ROW_PX = 26  # text size for a short table
BIG_TABLE = 20
FOOTER_PX = 22


def columns(level: int) -> tuple[str, ...]:
    """The breakdown columns of a level, then the total."""
    slots = LEVELS[level].slots
    out = [N_("Sides"), N_("Lakes"), N_("Isl.")]
    if LEVELS[level].coloured:
        out.append(N_("Col."))
    if WAVES in slots:
        out.append(N_("Waves"))
    if SHIPS in slots:
        out.append(N_("Ships"))
    return (*out, N_("Total"))


def breakdown(entry: Standing, level: int) -> tuple[str, ...]:
    """One row's values, in :func:`columns` order."""
    score = entry.score
    by_column = {
        "Sides": score.sides,
        "Lakes": score.lakes,
        "Isl.": f"−{ISLAND_PENALTY * score.islands}" if score.islands else "0",  # subtracted
        "Col.": score.colour,
        "Waves": score.waves,
        "Ships": score.ships,
        "Total": score.total,
    }
    return tuple(str(by_column[c]) for c in columns(level))


def winner_line(race: IslantView, names: Sequence[str]) -> str:
    """Who leads (or won), and with how much."""
    if not race.standings:
        return ""
    best = race.standings[0].score.total
    leaders = [seat_name(names, s.seat) for s in race.standings if s.score.total == best]
    if len(leaders) == 1:
        single = N_("{name} wins with {points}") if race.over else N_("{name} leads with {points}")
        return tr(single, name=leaders[0], points=best)
    shared = (
        N_("Shared win at {points}: {names}")
        if race.over
        else N_("Shared lead at {points}: {names}")
    )
    together = ", ".join(leaders[:3]) + ("…" if len(leaders) > 3 else "")
    return tr(shared, points=best, names=together)


def standings_image(
    view: View,
    names: Sequence[str],
    *,
    highlight: int | None,
    top: int | None,
    theme: Theme,
) -> Image.Image:
    """The ranking picture of a race view, made as tall as its contents before drawing
    (no larger canvas to fill and cut down)."""
    race = IslantView.of(view)
    rows = shown_rows(race.standings, top, highlight)
    size = BIG_ROW_PX if len(rows) <= BIG_TABLE else ROW_PX
    height = standings_height(race, names, len(rows), size)
    image = Image.new("RGB", (WIDTH, height), theme.background)
    draw_standings(ImageDraw.Draw(image), race, names, rows, size, highlight, theme)
    return image


def standings_height(race: IslantView, names: Sequence[str], rows: int, size: int) -> int:
    """How tall the ranking picture of ``race`` is with ``rows`` rows of text ``size``."""
    y = MARGIN + title_height(winner_line(race, names)) + FOOTER_PX + 16
    y += panel_height(rows, text_size=size, title=False, headers=True)
    if len(race.standings) > rows:
        y += 10 + FOOTER_PX
    return round(y + MARGIN)


def draw_standings(
    draw: ImageDraw.ImageDraw,
    race: IslantView,
    names: Sequence[str],
    rows: Sequence[Standing],
    size: int,
    highlight: int | None,
    theme: Theme,
) -> float:
    """Draw the ranking; returns the y below it (:func:`standings_height` less the margin)."""
    heading = tr("Final standings") if race.over else tr("Standings")
    y = draw_title(
        draw,
        MARGIN,
        MARGIN,
        WIDTH - 2 * MARGIN,
        tr("{heading} · Level {level}", heading=heading, level=race.level),
        winner_line(race, names),
        theme,
    )
    small = theme.font(FOOTER_PX)
    draw_text(draw, (MARGIN, y), status_line(race), small, theme.muted_text, anchor="la")
    y += FOOTER_PX + 16
    panel = panel_height(len(rows), text_size=size, title=False, headers=True)
    y = draw_panel(
        draw,
        (MARGIN, y, WIDTH - MARGIN, y + panel),
        panel_rows(rows, names, lambda e: breakdown(e, race.level), theme, highlight),
        theme,
        headers=tuple(tr(column) for column in columns(race.level)),
        text_size=size,
    )
    hidden = len(race.standings) - len(rows)
    if hidden > 0:
        y += 10
        more = (
            tr("… and 1 more player")
            if hidden == 1
            else tr("… and {count} more players", count=hidden)
        )
        draw_text(draw, (MARGIN, y), more, small, theme.muted_text, anchor="la")
        y += FOOTER_PX
    return y
