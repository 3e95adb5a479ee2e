"""The colours of an Islant sheet: sea, land by colour, waves, ships and the marks on them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.islant import SheetCell
from render.common import RGB, mix


@dataclass(frozen=True, slots=True)
class Palette:
    """Colours of the sheet's cells and marks (the page itself uses the render theme)."""

    sea: RGB = (0xD4, 0xEB, 0xF2)
    grid: RGB = (0x93, 0xBC, 0xCB)
    cell_name: RGB = (0x8F, 0xB1, 0xBE)
    land: RGB = (0xE6, 0xC8, 0x7E)
    red: RGB = (0xE0, 0x58, 0x4A)
    blue: RGB = (0x44, 0x68, 0xD8)
    purple: RGB = (0x8C, 0x4D, 0xB8)
    lake: RGB = (0x7C, 0xC3, 0xE0)
    wave: RGB = (0x28, 0x78, 0xB0)
    corner_wave: RGB = (0x1B, 0x5E, 0x8E)
    wave_line: RGB = (0xD8, 0xF0, 0xFA)
    hull: RGB = (0x7A, 0x4A, 0x26)
    sail: RGB = (0xFF, 0xFF, 0xFF)
    ink: RGB = (0x1C, 0x2B, 0x36)
    coast: RGB = (0x4A, 0x3B, 0x22)
    open_coast: RGB = (0xC0, 0x39, 0x2B)
    gold: RGB = (0xFF, 0xC5, 0x31)
    draft: RGB = (0xFF, 0x7A, 0x1A)
    border: RGB = (0x14, 0x22, 0x2C)
    unfinished: float = 0.45  # how far unfinished islands' land fades towards the sea

    def quarter(self, cell: SheetCell, quarter: int) -> RGB:
        """The colour of a land quarter: purple cells are purple all over, else its pencil."""
        if cell.purple:
            return self.purple
        if quarter in cell.red:
            return self.red
        if quarter in cell.blue:
            return self.blue
        return self.land

    def faded(self, colour: RGB) -> RGB:
        """A land colour as drawn on an unfinished island."""
        return mix(colour, self.sea, self.unfinished)


DEFAULT_PALETTE = Palette()
