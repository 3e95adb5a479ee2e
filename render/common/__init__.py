"""Drawing helpers shared by every game's renderer."""

from .base import RGB, Box, Point
from .dice import draw_die, pip_centres
from .hexes import (
    Axial,
    HexFrame,
    HexLayout,
    Orientation,
    axial_to_pixel,
    edge_corners,
    fit_layout,
    hex_corners,
    side_runs,
    unit_bounds,
)
from .panel import PanelRow, draw_panel
from .png import to_png, to_png_palette
from .shapes import MARKERS, draw_marker, draw_path, marker_outline, regular_polygon, star
from .text import draw_text, ellipsize, fit_font, text_width
from .theme import (
    DEFAULT_THEME,
    DEJAVU,
    FontFamily,
    Theme,
    font,
    is_dark,
    luminance,
    mix,
    rgb,
    shade,
    tint,
)

__all__ = [
    "DEFAULT_THEME",
    "DEJAVU",
    "MARKERS",
    "RGB",
    "Axial",
    "Box",
    "FontFamily",
    "HexFrame",
    "HexLayout",
    "Orientation",
    "PanelRow",
    "Point",
    "Theme",
    "axial_to_pixel",
    "draw_die",
    "draw_marker",
    "draw_panel",
    "draw_path",
    "draw_text",
    "edge_corners",
    "ellipsize",
    "fit_font",
    "fit_layout",
    "font",
    "hex_corners",
    "is_dark",
    "luminance",
    "marker_outline",
    "mix",
    "pip_centres",
    "regular_polygon",
    "rgb",
    "shade",
    "side_runs",
    "star",
    "text_width",
    "tint",
    "to_png",
    "to_png_palette",
    "unit_bounds",
]
