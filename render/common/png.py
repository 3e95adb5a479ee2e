"""Deterministic PNG encoding."""

from __future__ import annotations

import io

from PIL import Image

# Level 1 compresses flat-coloured boards well at a fraction of the time of the default.
COMPRESS_LEVEL = 1
# The palette is chosen from every third pixel of every third row: flat areas and text
# strokes are wider than that, and a ninth of the pixels costs a ninth of the choosing.
SAMPLE_STEP = 3


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
    colours (the flat areas), then what the fast octree quantizer picks for the rest (the
    edges of text and shapes). The octree alone would merge close flat colours (a highlight
    and a player's yellow); Pillow's lookup still moves a colour by up to a few levels.
    """
    sample = image.resize(
        (max(1, image.width // SAMPLE_STEP), max(1, image.height // SAMPLE_STEP)),
        Image.Resampling.NEAREST,
    )
    counts = sorted(sample.getcolors(sample.width * sample.height), key=lambda c: (-c[0], c[1]))
    chosen = [colour for _, colour in counts[:colours]]
    if len(counts) > colours:
        common = colours // 2
        octree = sample.quantize(colours - common, method=Image.Quantize.FASTOCTREE)
        rest = octree.getpalette() or []
        chosen = chosen[:common] + [tuple(rest[i : i + 3]) for i in range(0, len(rest), 3)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in chosen for channel in colour])
    return palette
