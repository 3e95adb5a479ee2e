"""The result card of an Islant of the day: day, level, score, its parts and the ranks.

It shows no sheet: a card may be shared before the day is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View
from engine.islant import LEVELS, SHIPS, WAVES
from locales import tr
from render.common import DEFAULT_THEME, Theme, draw_text, to_png_palette

WIDTH, HEIGHT = 480, 290
PAD = 22
TITLE_PX = 26
SCORE_PX = 72
LINE_PX = 20
PART_PX = 17


def part_lines(parts: dict[str, int], level: int) -> list[str]:
    """The score's parts as the level counts them, one short line each."""
    spec = LEVELS[level]
    lines = [
        tr("Land {points}", points=parts["land"]),
        "  " + tr("sides {sides} · lakes {lakes}", sides=parts["sides"], lakes=parts["lakes"]),
        "  "
        + tr("islands {count} (−{points})", count=parts["islands"], points=2 * parts["islands"]),
    ]
    if spec.coloured:
        lines.append(tr("Colour {points}", points=parts["colour"]))
    if WAVES in spec.slots:
        lines.append(tr("Waves {points}", points=parts["waves"]))
    if SHIPS in spec.slots:
        lines.append(tr("Ships {points}", points=parts["ships"]))
    return lines


def rank_text(label: str, rank: Sequence[int] | None) -> str:
    if rank is None:
        return ""
    return tr("{label}: #{rank} of {count}", label=label, rank=rank[0], count=rank[1])


def card_image(view: View, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The card of a daily result view (see ``bot.daily.service.card_view``)."""
    data = view.data
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    draw = ImageDraw.Draw(image)
    title = tr("Islant of the day #{number}", number=data["number"])
    draw_text(draw, (PAD, PAD), title, theme.font(TITLE_PX, bold=True), theme.text, anchor="lt")
    level = tr("Level {level}", level=data["level"])
    draw_text(
        draw, (WIDTH - PAD, PAD + 4), level, theme.font(LINE_PX), theme.muted_text, anchor="rt"
    )
    score_y = PAD + TITLE_PX + 18
    draw_text(
        draw,
        (PAD, score_y),
        str(data["score"]),
        theme.font(SCORE_PX, bold=True),
        theme.highlight,
        anchor="lt",
    )
    draw_text(
        draw,
        (PAD, score_y + SCORE_PX + 8),
        tr("points"),
        theme.font(LINE_PX),
        theme.muted_text,
        anchor="lt",
    )
    right = WIDTH // 2 + 12
    y = score_y
    for line in part_lines(data["parts"], data["level"]):
        draw_text(draw, (right, y), line, theme.font(PART_PX), theme.text, anchor="lt")
        y += PART_PX + 7
    ranks = [
        rank_text(tr("This server"), data["server"]),
        rank_text(tr("Everywhere"), data["everywhere"]),
    ]
    y = HEIGHT - PAD - LINE_PX
    for line in reversed([r for r in ranks if r]):
        draw_text(draw, (PAD, y), line, theme.font(LINE_PX, bold=True), theme.text, anchor="lt")
        y -= LINE_PX + 8
    return image


def render_daily_card(view: View, names: Sequence[str]) -> bytes:
    """The PNG of a daily result card (a drawer: a module-level function, it pickles)."""
    return to_png_palette(card_image(view))
