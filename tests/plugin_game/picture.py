"""Island tic-tac-toe's board: a title, whose turn (or the result), the 3×3 islets, the key."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View
from locales import tr
from render.common import DEFAULT_THEME, Theme, draw_marker, draw_text, fit_text, to_png_palette

from .game import CELLS, TicTacToeGame

TITLE = TicTacToeGame.info.title

WIDTH, TOP, CELL, KEY_ROW = 400, 84, 112, 30
MARGIN = (WIDTH - 3 * CELL) // 2
SEA, ISLET = (0x2B, 0x6F, 0x95), (0xD9, 0xC5, 0x8F)


def status(view: View, names: Sequence[str]) -> str:
    """Whose turn it is, or how the game ended."""
    winners = view.data["winners"]
    if winners is None:
        return tr("To move: {name}", name=names[view.data["active"]])
    if len(winners) > 1:
        return tr("Draw: every islet is claimed")
    return tr("Winner: {name}", name=names[winners[0]])


def render_board(
    view: View, names: Sequence[str], *, title: str | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    """The PNG of a view; ``names`` are the display names by seat (already drawable)."""
    height = TOP + 3 * CELL + 12 + KEY_ROW * len(names)
    image = Image.new("RGB", (WIDTH, height), SEA)
    draw = ImageDraw.Draw(image)
    words, face = fit_text(title or tr(TITLE), WIDTH - 20, size=22, min_size=14, bold=True)
    draw_text(draw, (WIDTH / 2, 22), words, theme.font(face.size, True), theme.text)
    words, face = fit_text(status(view, names), WIDTH - 20, size=18, min_size=14)
    draw_text(draw, (WIDTH / 2, 60), words, theme.font(face.size), theme.highlight)
    for index, (cell, owner) in enumerate(zip(CELLS, view.data["cells"], strict=True)):
        x, y = MARGIN + (index % 3) * CELL, TOP + (index // 3) * CELL
        draw.ellipse((x + 8, y + 8, x + CELL - 8, y + CELL - 8), fill=ISLET, outline=theme.line)
        draw_text(draw, (x + 24, y + 24), cell, theme.font(15, True), theme.dark_text)
        if owner is not None:
            centre = (x + CELL / 2, y + CELL / 2 + 6)
            draw_marker(draw, theme.marker(owner), centre, 26, theme.player(owner))
    line = view.data["line"]
    if line:
        ends = [(MARGIN + (i % 3 + 0.5) * CELL, TOP + (i // 3 + 0.5) * CELL + 6) for i in line]
        draw.line((ends[0], ends[-1]), fill=theme.highlight, width=6)
    for seat, name in enumerate(names):
        y = TOP + 3 * CELL + 12 + KEY_ROW * seat + KEY_ROW / 2
        draw_marker(draw, theme.marker(seat), (MARGIN + 12, y), 10, theme.player(seat))
        words, face = fit_text(name, WIDTH - MARGIN * 2 - 30, size=17, min_size=14)
        draw_text(draw, (MARGIN + 30, y), words, theme.font(face.size), theme.text, anchor="lm")
    return to_png_palette(image)
