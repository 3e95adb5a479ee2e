"""Pearl divers' board: a title, the round, then a row per diver (whether they have chosen,
the depth they dived to last round, their pearls) above the depths of the sea."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import View
from locales import tr, tr_counted
from render.common import DEFAULT_THEME, Theme, draw_marker, draw_text, fit_text, to_png_palette

from .game import PearlGame

TITLE = PearlGame.info.title
WIDTH, TOP, ROW = 540, 96, 40
SEA, DEEP = (0x1F, 0x5F, 0x8B), (0x10, 0x33, 0x55)
NAME_WIDTH = 190
SEABED = 130


def status(view: View, names: Sequence[str]) -> str:
    """The round and how many have chosen, or the winners."""
    winners = view.data["winners"]
    if winners is not None:
        if len(winners) > 1:
            return tr("Draw: {names}", names=", ".join(names[s] for s in winners))
        return tr("Winner: {name}", name=names[winners[0]])
    picked = sum(view.data["picked"])
    divers = sum(not out for out in view.data["resigned"])
    return tr(
        "Round {round} of {rounds}: {picked} of {divers} have chosen…",
        round=view.data["round"],
        rounds=view.data["rounds"],
        picked=picked,
        divers=divers,
    )


def render_board(
    view: View, names: Sequence[str], *, title: str | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    """The PNG of a view; ``names`` are the display names by seat (already drawable)."""
    names = names[: len(view.data["pearls"])]
    height = TOP + ROW * len(names) + SEABED
    image = Image.new("RGB", (WIDTH, height), SEA)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, height - SEABED + 20, WIDTH, height), fill=DEEP)
    words, face = fit_text(title or tr(TITLE), WIDTH - 20, size=22, min_size=14, bold=True)
    draw_text(draw, (WIDTH / 2, 24), words, theme.font(face.size, True), theme.text)
    words, face = fit_text(status(view, names), WIDTH - 20, size=17, min_size=14)
    draw_text(draw, (WIDTH / 2, 62), words, theme.font(face.size), theme.highlight)
    mine = view.data["mine"]
    for seat, name in enumerate(names):
        y = TOP + ROW * seat + ROW / 2
        draw_marker(draw, theme.marker(seat), (22, y), 10, theme.player(seat))
        words, face = fit_text(name, NAME_WIDTH, size=16, min_size=14)
        draw_text(draw, (40, y), words, theme.font(face.size), theme.text, anchor="lm")
        row = _row(view, seat, mine)
        draw_text(draw, (WIDTH - 12, y), row, theme.font(15), theme.text, anchor="rm")
    return to_png_palette(image)


def _row(view: View, seat: int, mine: int | None) -> str:
    """A diver's row: chosen or not (one's own depth to oneself), last depth, pearls."""
    data = view.data
    if data["resigned"][seat]:
        now = tr("on the boat")
    elif seat == view.seat and mine is not None:
        now = tr("you: depth {depth}", depth=mine)
    else:
        now = "✓" if data["picked"][seat] else "…"
    last = data["last"][seat]
    before = tr("last: {depth}", depth=last) if last is not None else tr("last: —")
    pearls = tr_counted(data["pearls"][seat], "{count} pearl", "{count} pearls")
    return f"{now} · {before} · {pearls}"
