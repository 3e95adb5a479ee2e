"""The Island Wars board: header with round counter and scores, the map, then a key."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from engine.core import View
from engine.wars import WarsView
from render.common import BOARD, HexLayout, Theme, to_png_palette

from ..registry import GamePictures, register_pictures
from .board import draw_map
from .layout import frame_map
from .legend import draw_legend
from .palette import WARS_THEME
from .panel import draw_header, header_height

DEFAULT_TITLE = "Island Wars"


def render_image(
    view: View,
    names: Sequence[str],
    *,
    title: str | None = None,
    theme: Theme = WARS_THEME,
    fit: Sequence[tuple[int, int]] = (),
) -> tuple[Image.Image, HexLayout]:
    """The picture of an Island Wars view, and where its hexes are on it; the map also
    shows the axial hexes ``fit`` (places a picture marks). The picture's
    ``info["board"]`` is the map's box: marks drawn later stay inside it."""
    board = WarsView.of(view)
    frame = frame_map([*(c.axial for c in board.cells), *fit])
    header = header_height(board, names)
    legend = draw_legend(theme, frame.width)
    height = header + frame.height + legend.height
    image = Image.new("RGB", (frame.width, height), theme.background)
    draw = ImageDraw.Draw(image)
    draw_header(draw, board, names, theme, frame.width, title or DEFAULT_TITLE)
    image.paste(legend, (0, header + frame.height))
    ox, oy = frame.layout.origin
    layout = replace(frame.layout, origin=(ox, oy + header))
    image.info[BOARD] = (0, header, frame.width, header + frame.height)
    draw_map(draw, layout, board, theme)
    return image, layout


def render_board(
    view: View,
    names: Sequence[str],
    *,
    title: str | None = None,
    theme: Theme = WARS_THEME,
) -> bytes:
    """The PNG of an Island Wars view; ``names`` are the players' display names by seat."""
    image, _ = render_image(view, names, title=title, theme=theme)
    return to_png_palette(image)


register_pictures("wars", GamePictures(render_board, hex_image=render_image, hex_theme=WARS_THEME))


__all__ = ["DEFAULT_TITLE", "WARS_THEME", "render_board", "render_image"]
