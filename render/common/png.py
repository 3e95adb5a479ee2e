"""Deterministic PNG encoding."""

from __future__ import annotations

import heapq
import io

from PIL import Image

# Level 2 compresses flat-coloured boards well at a fraction of the time of the default;
# measured on every kind of picture, it takes the time level 1 takes (zlib's fast levels)
# and makes the pictures 8 % smaller (a player's Islant sheet 12 %): fewer bytes for the bot
# to hand over and upload.
COMPRESS_LEVEL = 2
# The palette's common colours are counted on every fourth pixel of every fourth row: flat
# areas and text strokes are wider than that, and a sixteenth of the pixels costs a sixteenth
# of the counting. The edge colours are picked from every eighth pixel of every eighth row:
# the octree only needs their spread, and measured on every picture the mean error stays
# the same (under half a level) at a quarter of the octree's time.
SAMPLE_STEP = 4
EDGE_SAMPLE_STEP = 8


def to_png(image: Image.Image) -> bytes:
    """The PNG bytes of ``image``: fixed settings, no metadata, the same bytes every time."""
    buffer = io.BytesIO()
    image.save(
        buffer, format="PNG", compress_level=COMPRESS_LEVEL, optimize=False, icc_profile=None
    )
    return buffer.getvalue()


def to_png_palette(image: Image.Image, colours: int = 256) -> bytes:
    """The PNG of ``image`` reduced to a palette of at most ``colours`` colours.

    For big flat-coloured pictures: the palette image encodes several times faster and
    smaller than RGB. Every pixel takes its nearest palette colour (no dithering, so flat
    areas and anti-aliased text look the same). Deterministic like :func:`to_png`.
    """
    return to_png(image.quantize(palette=palette_for(image, colours), dither=Image.Dither.NONE))


def palette_for(image: Image.Image, colours: int = 256) -> Image.Image:
    """A palette for ``image``, chosen from a sample of its pixels.

    Every colour when the sample has no more than ``colours``; otherwise its most common
    colours (the flat areas), then what the fast octree quantizer picks from a sparser sample
    for the rest (the edges of text and shapes). The octree alone would merge close flat
    colours (a highlight and a player's yellow); Pillow's lookup still moves a colour by up
    to a few levels.
    """
    sample = _sample(image, SAMPLE_STEP)
    counts = sample.getcolors(sample.width * sample.height) or []
    # Most common first, ties by colour: the same palette for the same picture.
    chosen = [colour for _, colour in heapq.nsmallest(colours, counts, key=_by_count)]
    if len(counts) > colours:
        common = colours // 2
        edges = _sample(image, EDGE_SAMPLE_STEP)
        octree = edges.quantize(colours - common, method=Image.Quantize.FASTOCTREE)
        rest = octree.getpalette() or []
        chosen = chosen[:common] + [tuple(rest[i : i + 3]) for i in range(0, len(rest), 3)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in chosen for channel in colour])
    return palette


def _sample(image: Image.Image, step: int) -> Image.Image:
    """Every ``step``-th pixel of every ``step``-th row of ``image``."""
    size = (max(1, image.width // step), max(1, image.height // step))
    return image.resize(size, Image.Resampling.NEAREST)


def _by_count(entry: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    count, colour = entry
    return -count, colour
