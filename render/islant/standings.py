"""The ranking: every player's total and its breakdown, best first."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View
from engine.islant.geometry import LEVELS, SHIPS, WAVES
from locales import N_, tr
from render.common import Theme, draw_panel, draw_text

from .model import Race, Standing, parse_race
from .parts import MARGIN, draw_title
from .race import status_line
from .table import panel_rows, shown_rows

WIDTH = 1000
ROW_PX = 18  # text size when many rows are shown
BIG_ROW_PX = 26  # text size for a short table
BIG_TABLE = 20
ROW_FACTOR = 1.7  # the panel's row height per text pixel
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
        "Isl.": score.islands,
        "Col.": score.colour,
        "Waves": score.waves,
        "Ships": score.ships,
        "Total": score.total,
    }
    return tuple(str(by_column[c]) for c in columns(level))


def winner_line(race: Race) -> str:
    """Who leads (or won), and with how much."""
    if not race.standings:
        return ""
    best = race.standings[0].score.total
    leaders = [s.name for s in race.standings if s.score.total == best]
    if len(leaders) == 1:
        single = N_("{name} wins with {points}") if race.over else N_("{name} leads with {points}")
        return tr(single, name=leaders[0], points=best)
    shared = (
        N_("Shared win at {points}: {names}")
        if race.over
        else N_("Shared lead at {points}: {names}")
    )
    names = ", ".join(leaders[:3]) + ("…" if len(leaders) > 3 else "")
    return tr(shared, points=best, names=names)


def standings_image(
    view: View,
    names: Sequence[str],
    *,
    highlight: int | None,
    top: int | None,
    theme: Theme,
) -> Image.Image:
    """The ranking picture of a race view."""
    race = parse_race(view.data, names)
    rows = shown_rows(race.standings, top, highlight)
    size = BIG_ROW_PX if len(rows) <= BIG_TABLE else ROW_PX
    height = round(MARGIN * 3 + 120 + (len(rows) + 2) * size * ROW_FACTOR + FOOTER_PX * 2)
    image = Image.new("RGB", (WIDTH, height), theme.background)
    draw = ImageDraw.Draw(image)
    heading = tr("Final standings") if race.over else tr("Standings")
    y = draw_title(
        draw,
        MARGIN,
        MARGIN,
        WIDTH - 2 * MARGIN,
        tr("{heading} · Level {level}", heading=heading, level=race.level),
        winner_line(race),
        theme,
    )
    small = theme.font(FOOTER_PX)
    draw_text(draw, (MARGIN, y), status_line(race), small, theme.muted_text, anchor="la")
    y += FOOTER_PX + 16
    y = draw_panel(
        draw,
        (MARGIN, y, WIDTH - MARGIN, height),
        panel_rows(rows, lambda e: breakdown(e, race.level), theme, highlight),
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
    return image.crop((0, 0, WIDTH, round(y + MARGIN)))
