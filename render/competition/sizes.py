"""The competition's picture width and the smallest text it draws (legible on a phone)."""

from __future__ import annotations

from render.common.legible import legible_px

CANVAS_WIDTH = 1080
SMALLEST_PX = legible_px(CANVAS_WIDTH)
