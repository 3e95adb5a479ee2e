"""The race's public board: round, roll, progress, the leaders and everyone's totals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.core import View
from engine.islant import ENDED, PLAYING, SUBMITTED, IslantView, Standing
from locales import N_, current, engine_words, seat_name, tr
from render.common import Theme, draw_panel, draw_text, ellipsize, panel_height

from .parts import (
    DIE_PX,
    MARGIN,
    PICTURE_WIDTH,
    STATUS_PX,
    TITLE_PX,
    DieFace,
    dice_width,
    draw_dice,
    draw_title,
    title_height,
)
from .table import panel_rows, shown_rows

WIDTH = PICTURE_WIDTH
TEXT_PX = 26
SMALL_PX = 22
ALL_ROWS = 12  # up to this many players, every one gets a row
TOP_ROWS = 10  # beyond it, the leaders get rows and everyone is in the histogram
BAR_H = 26
HISTOGRAM_H = 200
HISTOGRAM_TOP = TEXT_PX + 14 + SMALL_PX  # heading, then room for the tallest bar's count
HISTOGRAM_HEIGHT = HISTOGRAM_TOP + HISTOGRAM_H + 6 + TEXT_PX  # ... bars, axis labels
MAX_BINS = 30
ROUND_STATUS = {SUBMITTED: N_("done ✓"), PLAYING: N_("drawing")}
ENDED_STATUS = N_("ended")


def status_line(race: IslantView) -> str:
    """The round (of how many), or how the race ended."""
    if race.over:
        if race.end_reason:
            return tr("Race over: {reason}", reason=engine_words(current(), race.end_reason))
        return tr("Race over")
    if race.max_rounds:
        return tr("Round {round} of {rounds}", round=race.round, rounds=race.max_rounds)
    return tr("Round {round}", round=race.round)


def progress_text(race: IslantView) -> str:
    """``37 of 99 done`` (players still in the race), plus how many have ended."""
    text = tr("{done} of {count} done", done=race.done, count=race.in_round)
    ended = race.count(*ENDED)
    return tr("{progress} · {count} ended", progress=text, count=ended) if ended else text


def waiting_text(
    race: IslantView, names: Sequence[str], width: float, measure: Callable[[str], float]
) -> str:
    """Who is still drawing, as many names as fit ``width``: ``Still drawing: A, B +5 more``."""
    drawing = [
        seat_name(names, s.seat)
        for s in sorted(race.standings, key=lambda s: s.seat)
        if s.status == PLAYING
    ]
    shown: list[str] = []
    for k, name in enumerate(drawing):
        line = _still_drawing([*shown, name], len(drawing) - k - 1)
        if measure(line) > width and shown:
            return _still_drawing(shown, len(drawing) - k)
        shown.append(name)
    return _still_drawing(shown, 0)


def _still_drawing(names: list[str], rest: int) -> str:
    """``Still drawing: A, B`` and ``+5 more`` when ``rest`` are left out."""
    line = tr("Still drawing: {names}", names=", ".join(names))
    return line + tr(" +{count} more", count=rest) if rest else line


def _round_values(entry: Standing) -> tuple[str, ...]:
    return (tr(ROUND_STATUS.get(entry.status, ENDED_STATUS)), str(entry.score.total))


def _total(entry: Standing) -> tuple[str, ...]:
    return (str(entry.score.total),)


def progress_height(race: IslantView) -> float:
    """How tall :func:`_draw_progress` draws: the text, the bar, the names still drawing."""
    waiting = SMALL_PX + 10 if race.done < race.in_round else 0
    return TEXT_PX + 16 + BAR_H + 12 + waiting


def _draw_progress(
    draw: ImageDraw.ImageDraw, top: float, race: IslantView, names: Sequence[str], theme: Theme
) -> float:
    """The progress text, bar and the names still drawing; returns the y below them."""
    face = theme.font(TEXT_PX + 4, bold=True)
    draw_text(draw, (MARGIN, top), progress_text(race), face, theme.text, anchor="lt")
    y = top + TEXT_PX + 16
    right = WIDTH - MARGIN
    draw.rounded_rectangle((MARGIN, y, right, y + BAR_H), BAR_H / 2, fill=theme.panel)
    if race.in_round and race.done:
        filled = MARGIN + (right - MARGIN) * race.done / race.in_round
        draw.rounded_rectangle(
            (MARGIN, y, max(filled, MARGIN + BAR_H), y + BAR_H), BAR_H / 2, fill=theme.highlight
        )
    y += BAR_H + 12
    if race.done < race.in_round:
        small = theme.font(SMALL_PX)
        line = waiting_text(race, names, right - MARGIN, small.getlength)
        draw_text(
            draw,
            (MARGIN, y),
            ellipsize(line, small, right - MARGIN),
            small,
            theme.muted_text,
            anchor="lt",
        )
        y += SMALL_PX + 10
    return y


def _draw_histogram(
    draw: ImageDraw.ImageDraw, top: float, race: IslantView, seat: int | None, theme: Theme
) -> float:
    """Everyone's total as a histogram (the asker's bar lit); returns the y below it."""
    totals = [s.score.total for s in race.standings]
    low, high = min(totals), max(totals)
    step = max(1, -(-(high - low + 1) // MAX_BINS))
    bins = Counter((t - low) // step for t in totals)
    count = (high - low) // step + 1
    axis = theme.font(TEXT_PX)
    heading = tr("All {count} players by total", count=len(totals))
    draw_text(
        draw, (MARGIN, top), heading, theme.font(TEXT_PX, True), theme.muted_text, anchor="lt"
    )
    base = top + HISTOGRAM_TOP + HISTOGRAM_H
    width = (WIDTH - 2 * MARGIN) / count
    tallest = max(bins.values())
    mine = next((s.score.total for s in race.standings if s.seat == seat), None)
    for k in range(count):
        n = bins.get(k, 0)
        x0 = MARGIN + k * width
        colour = theme.panel_band
        if mine is not None and (mine - low) // step == k:
            colour = theme.highlight
            draw_text(
                draw,
                (x0 + width / 2, base + 6),
                tr("you"),
                theme.font(TEXT_PX, True),
                theme.highlight,
                anchor="mt",
            )
        if n:
            h = max(4, HISTOGRAM_H * n / tallest)
            draw.rectangle((x0 + 2, base - h, x0 + width - 2, base), fill=colour)
            draw_text(
                draw,
                (x0 + width / 2, base - h - 4),
                str(n),
                theme.font(SMALL_PX),
                theme.muted_text,
                anchor="mb",
            )
    draw.line([(MARGIN, base), (WIDTH - MARGIN, base)], fill=theme.muted_text, width=2)
    you = None if mine is None else (mine - low) // step
    for k in sorted({0, count // 2, count - 1} - {you}):
        label = str(low + k * step)
        draw_text(
            draw,
            (MARGIN + (k + 0.5) * width, base + 6),
            label,
            axis,
            theme.muted_text,
            anchor="mt",
        )
    return base + 6 + TEXT_PX


def board_image(
    view: View, names: Sequence[str], *, title: str | None, theme: Theme
) -> Image.Image:
    """The picture of a race view (``view.seat``'s row picked out when set), made as tall as
    its contents before drawing (no larger canvas to fill and cut down)."""
    race = IslantView.of(view)
    image = Image.new("RGB", (WIDTH, board_height(race, view.seat)), theme.background)
    draw_board(ImageDraw.Draw(image), race, names, view.seat, title, theme)
    return image


def _header_bottom(race: IslantView) -> float:
    """The y below the title, the roll and the rerolls."""
    title_bottom = MARGIN + title_height(status_line(race))
    return max(title_bottom, MARGIN + TITLE_PX + STATUS_PX + 16, MARGIN + DIE_PX + 34) + 8


def _rows(race: IslantView, seat: int | None) -> tuple[bool, list[Standing]]:
    """Whether the race is too large to list everyone, and the rows listed."""
    many = len(race.standings) > ALL_ROWS
    return many, shown_rows(race.standings, TOP_ROWS if many else None, seat)


def board_height(race: IslantView, seat: int | None) -> int:
    """How tall the board of ``race`` is (as :func:`draw_board` draws it for ``seat``)."""
    y = _header_bottom(race)
    if not race.over:
        y += progress_height(race) + 8
    many, rows = _rows(race, seat)
    y += panel_height(len(rows), text_size=TEXT_PX, title=True, headers=True)
    if many:
        y += 24 + HISTOGRAM_HEIGHT
    return round(y + MARGIN)


def draw_board(
    draw: ImageDraw.ImageDraw,
    race: IslantView,
    names: Sequence[str],
    seat: int | None,
    title: str | None,
    theme: Theme,
) -> float:
    """Draw the board of ``race`` (``names``: display names by seat); returns the y below it
    (:func:`board_height` less the margin)."""
    faces = [DieFace(d) for d in race.dice]
    dice_w = dice_width(len(faces))
    text_w = WIDTH - 3 * MARGIN - dice_w
    heading = title or tr("Islant · Level {level}", level=race.level)
    draw_title(draw, MARGIN, MARGIN, text_w, heading, status_line(race), theme)
    if faces and not race.over:
        draw_dice(draw, WIDTH - MARGIN - dice_w, MARGIN, faces, theme)
        if race.rerolled:
            doubles = ", ".join("·".join(map(str, r)) for r in race.rerolled)
            draw_text(
                draw,
                (WIDTH - MARGIN, MARGIN + DIE_PX + 8),
                tr("rerolled {dice}", dice=doubles),
                theme.font(SMALL_PX - 2),
                theme.muted_text,
                anchor="rt",
            )
    y = _header_bottom(race)
    if not race.over:
        y = _draw_progress(draw, y, race, names, theme) + 8
    many, rows = _rows(race, seat)
    panel = panel_height(len(rows), text_size=TEXT_PX, title=True, headers=True)
    y = draw_panel(
        draw,
        (MARGIN, y, WIDTH - MARGIN, y + panel),
        panel_rows(rows, names, _total if race.over else _round_values, theme, seat),
        theme,
        title=tr("Leaders") if many else tr("Standings"),
        headers=(tr("Total"),) if race.over else (tr("This round"), tr("Total")),
        text_size=TEXT_PX,
    )
    if many:
        y = _draw_histogram(draw, y + 24, race, seat, theme)
    return y
