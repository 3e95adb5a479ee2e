"""The TigerIsland (tiggar islanote) board: a players' panel above the island."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from engine.core import View
from engine.tigerisland import TigerView
from render.common import BOARD, DEFAULT_THEME, HexLayout, Theme, to_png_palette

from ..registry import GamePictures, register_pictures
from .board import draw_island, draw_origin
from .layout import frame_board
from .panel import draw_header, header_height

DEFAULT_TITLE = "tiggar islanote"


def render_image(
    view: View,
    names: Sequence[str],
    *,
    title: str | None = None,
    theme: Theme = DEFAULT_THEME,
    fit: Sequence[tuple[int, int]] = (),
) -> tuple[Image.Image, HexLayout]:
    """The picture of a TigerIsland view, and where its hexes are on it; the board also
    shows the axial hexes ``fit`` (empty places a picture marks). The picture's
    ``info["board"]`` is the board's box: marks drawn later stay inside it."""
    board = TigerView.of(view)
    frame = frame_board(board.cells, fit)
    header = header_height(board)
    image = Image.new("RGB", (frame.width, header + frame.height), theme.background)
    draw = ImageDraw.Draw(image)
    draw_header(draw, board, names, theme, frame.width, title or DEFAULT_TITLE)
    ox, oy = frame.layout.origin
    layout = replace(frame.layout, origin=(ox, oy + header))
    image.info[BOARD] = (0, header, frame.width, header + frame.height)
    if board.cells:
        draw_island(draw, layout, board.cells, theme, last_turn=board.last_turn)
    else:
        draw_origin(draw, layout, theme)
    return image, layout


def render_board(
    view: View,
    names: Sequence[str],
    *,
    title: str | None = None,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The PNG of a TigerIsland view; ``names`` are the players' display names by seat."""
    image, _ = render_image(view, names, title=title, theme=theme)
    return to_png_palette(image)


register_pictures("tigerisland", GamePictures(render_board, hex_image=render_image))


__all__ = ["DEFAULT_TITLE", "render_board", "render_image"]
