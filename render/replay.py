"""Animated replays: board pictures of a game's views, one frame each, as one GIF.

The caller decides what each frame shows (a view and a caption); this module only draws and
assembles. Every frame gets a caption strip with a progress bar, so no two frames are alike
(a GIF writer would merge identical neighbours) and a viewer knows where the game is. All
frames share one palette taken from the first and last pictures (the emptiest and the
fullest boards), which keeps colours steady and lets the writer store only what changed.
If the file comes out larger than ``max_bytes``, it is drawn again smaller.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core import View

from . import render_view
from .common.legible import legible_px
from .common.text import draw_text, fit_lines
from .common.theme import DEFAULT_THEME, Theme

FRAME_MS = 800
FINAL_MS = 5000
"""How long the final frame is held before the animation starts again."""
MAX_BYTES = 8 * 1024 * 1024
"""Discord's upload limit for every server (8 MiB)."""
WIDTHS = (540, 420, 320, 240)
"""Frame widths tried in turn until the file fits: 540 px is what phones show."""
COLOURS = 128
BAR_HEIGHT = 5
CAPTION_PX = 14
CAPTION_LINE = CAPTION_PX + 3
CAPTION_HEIGHT = BAR_HEIGHT + 2 * CAPTION_LINE + 6
"""A caption strip holds two lines: a long caption (the final one, with long names) breaks
onto the second, shrinking no smaller than a phone keeps legible, rather than being cut."""
CAPTION_PAD = 6


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One frame of a replay: the view to draw and the words under it."""

    view: View
    caption: str


class ReplayTooLarge(ValueError):
    """Even the smallest frames do not fit the size limit."""


def render_replay(
    frames: Sequence[ReplayFrame],
    names: Sequence[str],
    *,
    max_bytes: int = MAX_BYTES,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The animated GIF of ``frames`` (each view drawn by its game's renderer), the last one
    held longer; ``names`` are display names by seat. Raises ReplayTooLarge if it cannot fit
    ``max_bytes`` even at the smallest width."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    pictures = [render_view(frame.view, names) for frame in frames]
    return animate(pictures, [f.caption for f in frames], max_bytes=max_bytes, theme=theme)


def animate(
    pictures: Sequence[bytes],
    captions: Sequence[str],
    *,
    max_bytes: int = MAX_BYTES,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """One GIF of ``pictures`` (PNG bytes) with their captions, as wide as fits ``max_bytes``.

    Frames are decoded one at a time as the GIF is written: a long game's pictures are kept
    compressed, never all at once as full images.
    """
    width = WIDTHS[0]
    while True:
        gif = _encode(pictures, captions, width, theme)
        if len(gif) <= max_bytes:
            return gif
        # bytes grow with the area: the next width tried is the widest likely to fit
        likely = width * math.sqrt(max_bytes / len(gif))
        smaller = [w for w in WIDTHS if w < width]
        if not smaller:
            raise ReplayTooLarge(
                f"the replay takes {len(gif)} bytes even {width} px wide (limit {max_bytes})"
            )
        width = next((w for w in smaller if w <= likely), smaller[-1])


def _encode(pictures: Sequence[bytes], captions: Sequence[str], width: int, theme: Theme) -> bytes:
    sizes = [Image.open(io.BytesIO(png)).size for png in pictures]  # reads headers only
    height = max(round(h * width / w) for w, h in sizes)
    count = len(pictures)

    def frame(index: int) -> Image.Image:
        picture = Image.open(io.BytesIO(pictures[index])).convert("RGB")
        return _framed(picture, captions[index], index, count, (width, height), theme)

    palette = _shared_palette(frame(0), frame(count - 1))
    frames = (frame(i).quantize(palette=palette, dither=Image.Dither.NONE) for i in range(count))
    buffer = io.BytesIO()
    next(frames).save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=frames,
        duration=[FRAME_MS] * (count - 1) + [FINAL_MS],
        loop=0,
        optimize=True,
    )
    return buffer.getvalue()


def _framed(
    picture: Image.Image,
    caption: str,
    index: int,
    count: int,
    size: tuple[int, int],
    theme: Theme,
) -> Image.Image:
    """``picture`` scaled to the frame's width on a common canvas, with its caption strip."""
    width, height = size
    background = picture.getpixel((0, 0))
    frame = Image.new("RGB", (width, height + CAPTION_HEIGHT), background)
    scaled = (width, round(picture.height * width / picture.width))
    frame.paste(picture.resize(scaled, Image.Resampling.BILINEAR, reducing_gap=1.0), (0, 0))
    draw = ImageDraw.Draw(frame)
    top = height
    draw.rectangle((0, top, width, top + CAPTION_HEIGHT), fill=theme.panel)
    done = round(width * (index + 1) / count)
    draw.rectangle((0, top, done, top + BAR_HEIGHT - 1), fill=theme.highlight)
    middle = top + BAR_HEIGHT + (CAPTION_HEIGHT - BAR_HEIGHT) / 2
    smallest = min(CAPTION_PX, legible_px(width))
    lines, face = fit_lines(
        caption, width - 2 * CAPTION_PAD, size=CAPTION_PX, min_size=smallest, bold=True
    )
    first = middle - (len(lines) - 1) * CAPTION_LINE / 2
    for number, line in enumerate(lines):
        draw_text(draw, (width // 2, first + number * CAPTION_LINE), line, face, theme.text)
    return frame


def _shared_palette(first: Image.Image, last: Image.Image) -> Image.Image:
    """A palette of at most :data:`COLOURS` colours for both pictures (stacked)."""
    both = Image.new("RGB", (first.width, first.height + last.height))
    both.paste(first, (0, 0))
    both.paste(last, (0, first.height))
    return both.quantize(COLOURS, method=Image.Quantize.MEDIANCUT)


__all__ = ["MAX_BYTES", "ReplayFrame", "ReplayTooLarge", "animate", "render_replay"]
