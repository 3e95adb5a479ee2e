"""Colours and fonts shared by every renderer: the :class:`Theme` record and colour maths."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from PIL import ImageColor, ImageFont

from ..colours import PLAYER_COLOURS
from .base import RGB
from .shapes import MARKERS

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"


def rgb(spec: str) -> RGB:
    """An ``(r, g, b)`` triple from a CSS colour such as ``"#E69F00"``."""
    r, g, b = ImageColor.getrgb(spec)[:3]
    return (r, g, b)


@lru_cache(maxsize=4096)
def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 gives ``a``, 1 gives ``b``);
    remembered, as boards mix the same few colours for every hex."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(colour: RGB, t: float) -> RGB:
    """``colour`` darkened towards black by ``t`` (0..1)."""
    return mix(colour, (0, 0, 0), t)


def tint(colour: RGB, t: float) -> RGB:
    """``colour`` lightened towards white by ``t`` (0..1)."""
    return mix(colour, (255, 255, 255), t)


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG) of a colour, from 0 (black) to 1 (white)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def is_dark(colour: RGB) -> bool:
    """Whether white text reads better than black text on ``colour``."""
    return luminance(colour) < 0.3


@dataclass(frozen=True, slots=True)
class FontFamily:
    """The files of a regular and a bold face."""

    regular: Path
    bold: Path


DEJAVU = FontFamily(FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf")


@lru_cache(maxsize=128)
def _load(path: Path, size: int) -> ImageFont.FreeTypeFont:
    # The basic layout engine gives the same glyph placement with or without libraqm.
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def font(size: int, bold: bool = False, family: FontFamily = DEJAVU) -> ImageFont.FreeTypeFont:
    """A shipped font at ``size`` pixels (cached; never a system font)."""
    return _load(family.bold if bold else family.regular, max(1, size))


def _frozen(colours: Mapping[str, str]) -> Mapping[str, RGB]:
    return MappingProxyType({name: rgb(spec) for name, spec in colours.items()})


_PLAYER_COLOURS: tuple[RGB, ...] = tuple(rgb(c) for c in PLAYER_COLOURS)

_TERRAIN_COLOURS = {
    "VOLCANO": "#74291F",
    "JUNGLE": "#2E8B47",
    "LAKE": "#62B6E7",
    "GRASS": "#BBDC74",
    "ROCK": "#ABA59B",
}


@dataclass(frozen=True, slots=True)
class Theme:
    """Everything a renderer needs to know about colours and fonts."""

    background: RGB = (0x17, 0x3A, 0x52)
    panel: RGB = (0x0F, 0x28, 0x38)
    panel_band: RGB = (0x24, 0x50, 0x6B)
    text: RGB = (0xF4, 0xF1, 0xE8)
    muted_text: RGB = (0xA9, 0xC1, 0xCF)
    dark_text: RGB = (0x1B, 0x1B, 0x1B)
    line: RGB = (0x1A, 0x1A, 0x1A)
    highlight: RGB = (0xFF, 0xE1, 0x4D)
    players: tuple[RGB, ...] = _PLAYER_COLOURS
    markers: tuple[str, ...] = MARKERS  # one shape per seat: colour never works alone
    terrain: Mapping[str, RGB] = field(default_factory=lambda: _frozen(_TERRAIN_COLOURS))
    fonts: FontFamily = DEJAVU

    def __hash__(self) -> int:
        # The terrain mapping is read-only but not hashable: hash its items, so that a theme
        # can key cached layers (equal themes hash alike).
        terrain = tuple(sorted(self.terrain.items()))
        colours = (self.background, self.panel, self.panel_band, self.text, self.muted_text)
        rest = (self.dark_text, self.line, self.highlight, self.players, self.markers)
        return hash((colours, rest, terrain, self.fonts))

    def __reduce__(self) -> tuple[Callable[[dict[str, Any]], Theme], tuple[dict[str, Any]]]:
        """Pickled (to a worker process) with its terrain colours as a plain dict: a read-only
        mapping does not pickle."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return _rebuilt_theme, ({**values, "terrain": dict(self.terrain)},)

    def player(self, seat: int) -> RGB:
        """The colour of ``seat`` (colours repeat beyond the palette)."""
        return self.players[seat % len(self.players)]

    def marker(self, seat: int) -> str:
        """The marker shape of ``seat`` (shapes repeat beyond the list)."""
        return self.markers[seat % len(self.markers)]

    def font(self, size: float, bold: bool = False) -> ImageFont.FreeTypeFont:
        """This theme's font at ``size`` pixels."""
        return font(round(size), bold, self.fonts)

    def text_on(self, colour: RGB) -> RGB:
        """The text colour (light or dark) that reads best on ``colour``."""
        return self.text if is_dark(colour) else self.dark_text


def _rebuilt_theme(values: dict[str, Any]) -> Theme:
    """A pickled theme, its terrain colours read-only again."""
    return Theme(**{**values, "terrain": MappingProxyType(values["terrain"])})


DEFAULT_THEME = Theme()
