"""The top of every picture: title, round, and what happens now (or who won)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from engine.competition import Table
from locales import join_names, seat_name, tr, tr_counted
from locales.competition import island_name, slot_label
from render.common import Theme, draw_marker, draw_text, ellipsize

MARGIN = 24
TITLE_PX = 34
STATUS_PX = 28
DETAIL_PX = 22


@dataclass(frozen=True, slots=True)
class Status:
    """The headline (with the seat it is about, if any) and a line of detail."""

    text: str
    seat: int | None = None
    detail: str = ""


def _points(count: int) -> str:
    return tr("{count} point", count=count) if count == 1 else tr("{count} points", count=count)


def _ranking(scores: Sequence[int], winners: Sequence[int], names: Sequence[str]) -> str:
    """The other players by score, e.g. ``then Bob 26 · Chen 18``."""
    others = sorted((s for s in range(len(scores)) if s not in winners), key=lambda s: -scores[s])
    if not others:
        return ""
    return tr(
        "then {scores}", scores=" · ".join(f"{seat_name(names, s)} {scores[s]}" for s in others)
    )


def public_status(table: Table, names: Sequence[str]) -> Status:
    """What everyone is waiting for, from the public part of the view."""
    if table.outcome is not None:
        winners = table.outcome.winners
        best = max(table.outcome.scores, default=0)
        if len(winners) == 1:
            won = tr_counted(
                best,
                "{name} wins with 1 point!",
                "{name} wins with {count} points!",
                name=seat_name(names, winners[0]),
            )
            return Status(
                won,
                winners[0],
                _ranking(table.outcome.scores, winners, names) or table.outcome.reason,
            )
        shared = join_names([seat_name(names, s) for s in winners])
        return Status(
            tr("Shared win: {names}", names=shared),
            None,
            tr("{points} each · {reason}", points=_points(best), reason=table.outcome.reason),
        )
    if table.pending:
        job = table.pending[0]
        name = seat_name(names, job.seat)
        if job.kind == "split":
            cards = ", ".join(island_name(card) for card in job.cards)
            return Status(
                tr_counted(
                    len(job.cards), "{name} splits 1 card", "{name} splits {count} cards", name=name
                ),
                job.seat,
                cards,
            )
        return Status(
            tr("{name} may steal face-up cards: {count}", name=name, count=job.remaining),
            job.seat,
            tr("national borders on the trick"),
        )
    if table.phase == "place":
        waiting = join_names([seat_name(names, s) for s in table.to_move])
        return Status(
            tr("Everyone places 12 cards face down"), None, tr("waiting for {names}", names=waiting)
        )
    if table.next_slot is not None:
        shown = len(table.tricks)
        return Status(
            tr("Next: {slot}", slot=slot_label(table.next_slot)),
            None,
            tr("{shown} of {count} slots revealed", shown=shown, count=len(table.slots)),
        )
    return Status(tr("Waiting"))


def header_height(status: Status) -> float:
    """How tall :func:`draw_header` draws (from the top of the picture)."""
    return MARGIN + TITLE_PX + 14 + STATUS_PX + 8 + (DETAIL_PX + 6 if status.detail else 0) + 10


def draw_header(
    draw: ImageDraw.ImageDraw,
    table: Table,
    title: str,
    status: Status,
    theme: Theme,
    width: int,
) -> float:
    """Draw the header from the top of the picture; returns the y coordinate below it."""
    right = width - MARGIN
    y = MARGIN
    round_face = theme.font(DETAIL_PX, bold=True)
    round_text = tr("Round {round} of {rounds}", round=table.round, rounds=table.rounds)
    draw_text(
        draw, (right, y + TITLE_PX / 2), round_text, round_face, theme.muted_text, anchor="rm"
    )
    title_face = theme.font(TITLE_PX, bold=True)
    room = right - MARGIN - round_face.getlength(round_text) - 20
    draw_text(
        draw, (MARGIN, y), ellipsize(title, title_face, room), title_face, theme.text, anchor="lt"
    )
    y += TITLE_PX + 14
    x = MARGIN
    if status.seat is not None:
        draw_marker(
            draw,
            theme.marker(status.seat),
            (x + 13, y + STATUS_PX / 2),
            12,
            theme.player(status.seat),
            outline=theme.text,
            width=2,
        )
        x += 36
    status_face = theme.font(STATUS_PX, bold=True)
    draw_text(
        draw,
        (x, y),
        ellipsize(status.text, status_face, right - x),
        status_face,
        theme.highlight,
        anchor="lt",
    )
    y += STATUS_PX + 8
    if status.detail:
        detail_face = theme.font(DETAIL_PX)
        draw_text(
            draw,
            (MARGIN, y),
            ellipsize(status.detail, detail_face, right - MARGIN),
            detail_face,
            theme.muted_text,
            anchor="lt",
        )
        y += DETAIL_PX + 6
    return y + 10
