"""The header above the map: title, round counter, whose turn, and the score table.

The table breaks every score down (land, pieces, water, territories bonus, total) and shows
each player's pieces still in hand as small piece icons with counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.core import EndReason
from engine.wars import KINDS, SCORE_PARTS, WarsView
from locales import N_, current, engine_words, seat_name, tr, tr_counted
from render.common import (
    Box,
    Point,
    Theme,
    draw_path,
    draw_text,
    ellipsize,
    fit_lines,
    regular_polygon,
    text_width,
)
from render.common.legible import legible_px

from .palette import colour_name, letter
from .symbols import draw_piece

MARGIN = 24
TITLE_PX = 34
ROUND_PX = 42
STATUS_PX = 30
TEXT_PX = 26
SMALL_PX = 22
LAST_NAME_WIDTH = 300  # a long name in the last turn's line is cut to this, the move kept whole
LAST_LINES = 2  # ... which breaks onto this many lines (a long move in German)
ROW_PX = 48
ICON_RADIUS = 14
HEADERS: dict[str, str] = {
    "land": N_("Land"),
    "pieces": N_("Pieces"),
    "water": N_("Water"),
    "territories": N_("Terr."),
    "total": N_("Total"),
}
LEFT_HEADER = N_("In hand")
LAST_TURN = N_("Last turn")


def _points(n: int) -> str:
    """``n points`` (or ``1 point``)."""
    return tr("{count} point", count=n) if n == 1 else tr("{count} points", count=n)


def status_line(board: WarsView, names: Sequence[str]) -> str:
    """Who is to play, or how the game ended."""
    outcome = board.outcome
    if outcome is not None:
        winners = outcome.winners
        if not winners:
            return tr("The game is over.")
        best = _points(outcome.scores[winners[0]])
        winner = seat_name(names, winners[0])
        if len(winners) == 1:
            if outcome.code == EndReason.RESIGNED:
                return tr("{name} wins as the last player standing!", name=winner)
            return tr_counted(
                outcome.scores[winners[0]],
                "{name} wins with 1 point!",
                "{name} wins with {count} points!",
                name=winner,
            )
        together = tr(" and ").join(seat_name(names, s) for s in winners)
        return tr("Shared win ({points}): {names}", points=best, names=together)
    if board.active is None:
        return tr("Waiting.")
    colour = colour_name(board.colours[board.active])
    return tr("{name} to play ({colour})", name=seat_name(names, board.active), colour=colour)


def last_turn_line(board: WarsView, names: Sequence[str]) -> str | None:
    """What the previous player did, in the reader's words (else in the game's notation)."""
    last = board.last_action
    if last is None:
        return None
    did = last.text if last.words is None else engine_words(current(), last.words)
    return f"{tr(LAST_TURN)}: {seat_name(names, last.seat)}: {did}"


def round_label(board: WarsView) -> str:
    """The round counter, e.g. ``Round 5 / 12``."""
    return tr("Round {round} / {rounds}", round=board.round, rounds=board.rounds)


def draw_swatch(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    board: WarsView,
    seat: int,
    theme: Theme,
) -> None:
    """A small flat-top hex of ``seat``'s land, with the colour's letter (legible on a phone)."""
    colour = theme.player(seat)
    corners = regular_polygon(centre, radius, 6, rotation=30)
    draw.polygon(corners, fill=colour)
    draw_path(draw, corners, theme.text, 2, closed=True)
    face = theme.font(max(radius * 1.05, legible_px(draw.im.size[0])), bold=True)
    draw_text(draw, centre, letter(board.colours, seat), face, theme.text_on(colour))


def _draw_round(
    draw: ImageDraw.ImageDraw, right: float, top: float, board: WarsView, theme: Theme
) -> float:
    """The round counter in a pill at the top right; returns the pill's left edge."""
    face = theme.font(ROUND_PX, bold=True)
    label = round_label(board)
    pad = ROUND_PX * 0.45
    left = right - text_width(label, face) - 2 * pad
    box = (left, top, right, top + ROUND_PX * 1.45)
    draw.rounded_rectangle(box, ROUND_PX * 0.35, fill=theme.highlight)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw_text(draw, centre, label, face, theme.dark_text)
    return left


def _columns(theme: Theme) -> list[float]:
    """Widths of the score columns, then of the three pieces-in-hand columns."""
    small, bold = theme.font(SMALL_PX), theme.font(TEXT_PX, bold=True)
    pad = SMALL_PX * 0.45
    score = [
        max(text_width(tr(HEADERS[p]), small), text_width("99", bold)) + 2 * pad
        for p in SCORE_PARTS
    ]
    icon = 2 * ICON_RADIUS + text_width("9", bold) + 3 * pad
    return score + [icon] * len(KINDS)


def _draw_table(
    draw: ImageDraw.ImageDraw, box: Box, board: WarsView, names: Sequence[str], theme: Theme
) -> float:
    """The score table inside ``box``; returns the y below its last row."""
    left, top, right, _ = box
    widths = _columns(theme)
    small, face, bold = theme.font(SMALL_PX), theme.font(TEXT_PX), theme.font(TEXT_PX, bold=True)
    xs = [right - sum(widths[i:]) for i in range(len(widths))]
    score_cols = len(SCORE_PARTS)
    header_y = top + SMALL_PX * 0.6
    for part, x, w in zip(SCORE_PARTS, xs, widths, strict=False):
        draw_text(draw, (x + w / 2, header_y), tr(HEADERS[part]), small, theme.muted_text)
    hand_left = xs[score_cols]
    hand_mid = (hand_left + right) / 2
    draw_text(draw, (hand_mid, header_y), tr(LEFT_HEADER), small, theme.muted_text)
    y = top + SMALL_PX * 1.3
    highlighted = set(board.outcome.winners) if board.outcome is not None else {board.active}
    name_x = left + ROW_PX
    name_w = hand_left - sum(widths[:score_cols]) - name_x - SMALL_PX
    for seat in range(board.players):
        mid = y + ROW_PX / 2
        current = seat in highlighted
        if current:
            draw.rounded_rectangle(
                (left, y + 2, right, y + ROW_PX - 2), ROW_PX * 0.2, fill=theme.panel_band
            )
            arrow = regular_polygon((left - MARGIN * 0.45, mid), MARGIN * 0.35, 3, rotation=90)
            draw.polygon(arrow, fill=theme.highlight)
        draw_swatch(draw, (left + ROW_PX * 0.45, mid), ROW_PX * 0.42, board, seat, theme)
        resigned = seat in board.resigned
        name = seat_name(names, seat) + (" " + tr("(resigned)") if resigned else "")
        name_face = bold if current else face
        ink = theme.muted_text if resigned else theme.text
        draw_text(
            draw, (name_x, mid), ellipsize(name, name_face, name_w), name_face, ink, anchor="lm"
        )
        scores = board.scores[seat]
        for part, x, w in zip(SCORE_PARTS, xs, widths, strict=False):
            value_face = bold if part == "total" else face
            draw_text(draw, (x + w / 2, mid), str(scores.get(part, 0)), value_face, theme.text)
        colour = theme.player(seat)
        for kind, x, w in zip(KINDS, xs[score_cols:], widths[score_cols:], strict=True):
            count = board.pieces_left[seat].get(kind, 0)
            icon_x = x + w / 2 - ICON_RADIUS
            draw_piece(draw, kind, (icon_x, mid), ICON_RADIUS, colour, theme)
            count_ink = theme.text if count else theme.muted_text
            draw_text(
                draw, (icon_x + ICON_RADIUS * 1.6, mid), str(count), bold, count_ink, anchor="lm"
            )
        y += ROW_PX
    return y


def header_height(board: WarsView, names: Sequence[str]) -> int:
    """How tall the header is (as :func:`draw_header` draws it)."""
    y = MARGIN + ROUND_PX * 1.45 + 18 + STATUS_PX + 12
    if last_turn_line(board, names) is not None:
        y += LAST_LINES * (SMALL_PX + 4) + 8
    return round(y + SMALL_PX * 1.3 + board.players * ROW_PX + MARGIN * 0.75)


def draw_header(
    draw: ImageDraw.ImageDraw,
    board: WarsView,
    names: Sequence[str],
    theme: Theme,
    width: int,
    title: str,
) -> float:
    """Draw the header at the top of the picture, on a band :func:`header_height` tall;
    returns the y below its last row."""
    draw.rectangle((0, 0, width - 1, header_height(board, names) - 1), fill=theme.panel)
    right = width - MARGIN
    pill_left = _draw_round(draw, right, MARGIN, board, theme)
    title_face = theme.font(TITLE_PX, bold=True)
    text_right = pill_left - MARGIN
    draw_text(
        draw,
        (MARGIN, MARGIN),
        ellipsize(title, title_face, text_right - MARGIN),
        title_face,
        theme.text,
        anchor="lt",
    )
    y = MARGIN + TITLE_PX + 8
    small = theme.font(SMALL_PX)
    name = tr(board.name)
    subtitle = name if board.outcome is None else tr("{board} · final scores", board=name)
    draw_text(
        draw,
        (MARGIN, y),
        ellipsize(subtitle, small, text_right - MARGIN),
        small,
        theme.muted_text,
        anchor="lt",
    )
    y = MARGIN + ROUND_PX * 1.45 + 18
    x = MARGIN
    status_face = theme.font(STATUS_PX, bold=True)
    if board.active is not None and board.outcome is None:
        draw_swatch(
            draw,
            (x + STATUS_PX * 0.6, y + STATUS_PX * 0.55),
            STATUS_PX * 0.6,
            board,
            board.active,
            theme,
        )
        x += STATUS_PX * 1.5
    status = ellipsize(status_line(board, names), status_face, right - x)
    draw_text(draw, (x, y), status, status_face, theme.highlight, anchor="lt")
    y += STATUS_PX + 12
    short = [ellipsize(name, small, LAST_NAME_WIDTH) for name in names]
    last = last_turn_line(board, short)
    if last is not None:
        smallest = legible_px(draw.im.size[0])
        lines, face = fit_lines(
            last, right - MARGIN * 2, size=SMALL_PX, min_size=smallest, wrapped=SMALL_PX
        )
        for line in lines:
            draw_text(draw, (MARGIN, y), line, face, theme.muted_text, anchor="lt")
            y += SMALL_PX + 4
        y += 8 + (LAST_LINES - len(lines)) * (SMALL_PX + 4)
    return _draw_table(draw, (MARGIN, y, right, y), board, names, theme)
