"""One player's sheet: header with the roll, column labels, the grid, ship totals, score.

Its layout is designed :data:`~.parts.PICTURE_WIDTH` pixels wide like the other Islant
pictures and drawn :data:`WIDTH` wide (every length scaled alike, see :class:`~.parts.Scale`):
a sheet is shown in a card no wider than about 600 pixels, so a wider picture would only cost
more to draw, encode and upload (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.islant import PLAYING, STOPPED, STUCK, SUBMITTED, ScoreView, SheetView
from engine.islant.geometry import ANY_LABEL, LEVELS, SHIP_POINTS, SHIP_TOTALS
from locales import N_, tr, tr_counted
from render.common import RGB, Theme, draw_text, shade

from .coast import completion, draw_coasts, draw_labels, draw_ship_borders, island_shapes
from .glyphs import cross
from .grid import (
    GridLayout,
    draw_draft,
    draw_land,
    draw_sea,
    draw_ship,
    draw_wave,
)
from .palette import Palette
from .parts import (
    MARGIN,
    SMALLEST_PX,
    DieFace,
    Scale,
    dice_height,
    dice_width,
    draw_dice,
    draw_title,
    title_height,
)

WIDTH = 640  # what a card shows of it on a computer (docs/performance.md)
SCALE = Scale(WIDTH)
# The layout, in pixels of the design (PICTURE_WIDTH wide).
ROW_LABELS = 40  # room left of the grid for row numbers
MAX_CELL = 120
HEADER_PX = 22
COLUMN_LABEL_H = 46
LETTERS_H = 34
TRACK_H = 112
SCORE_H = 104
LEGEND_H = 40
GAP = 18
# Captions under the dice, by slot.
SLOT_CAPTIONS = {
    "column": N_("col"),
    "land": N_("land"),
    "red": N_("red"),
    "blue": N_("blue"),
    "waves": N_("waves"),
    "ships": N_("ships"),
}
ANY_CAPTION = N_("ANY")  # the label of a column any value may go in (engine: ANY_LABEL)
STATUS_TEXT = {
    PLAYING: N_("Drawing this round"),
    SUBMITTED: N_("Turn submitted"),
    STOPPED: N_("Game ended"),
    STUCK: N_("Cannot continue: game ended"),
}


@dataclass(frozen=True, slots=True)
class SheetFrame:
    """Where the parts of a sheet picture go."""

    scale: Scale
    height: int
    header_top: int
    labels_top: int
    grid: GridLayout
    track_top: int
    score_top: int
    legend_top: int

    @property
    def width(self) -> int:
        """The picture's width in pixels."""
        return self.scale.width

    @property
    def margin(self) -> int:
        """The room around the picture's content, in pixels."""
        return self.scale(MARGIN)


def frame_sheet(sheet: SheetView, header_h: int, scale: Scale) -> SheetFrame:
    """Lay out a sheet picture ``scale.width`` wide around its grid (``header_h`` in pixels of
    the picture)."""
    margin, row_labels, gap = scale(MARGIN), scale(ROW_LABELS), scale(GAP)
    room = scale.width - 2 * margin - row_labels
    cell = min(scale(MAX_CELL), room // sheet.size)
    span = cell * sheet.size
    left = margin + row_labels + (room - span) // 2
    labels_top = margin + header_h + gap
    labels_h = scale(LETTERS_H) + (scale(COLUMN_LABEL_H) if sheet.column_labels else 0)
    grid_top = labels_top + labels_h
    track_top = grid_top + span + gap
    score_top = track_top + (scale(TRACK_H) + gap if sheet.has_ships else 0)
    legend_top = score_top + scale(SCORE_H) + gap
    height = legend_top + scale(LEGEND_H) + margin
    grid = GridLayout(sheet.size, cell, (left, grid_top), scale)
    return SheetFrame(scale, height, margin, labels_top, grid, track_top, score_top, legend_top)


def slot_colour(slot: str, palette: Palette) -> RGB | None:
    """The caption colour of a slot's die (the pencil colours for red and blue land)."""
    return {"red": palette.red, "blue": palette.blue}.get(slot)


def die_faces(sheet: SheetView, roll: Sequence[int] | None, palette: Palette) -> list[DieFace]:
    """The dice to show: the draft's assignment when there is one, else the plain roll."""
    if sheet.draft is None or not sheet.draft.dice:
        return [DieFace(d) for d in roll or ()]
    draft = sheet.draft
    faces = []
    for slot in sheet.slots:
        if slot not in draft.dice:
            continue
        crossed = draft.done.get(slot) == "crossed"
        colour = slot_colour(slot, palette)
        wild = draft.wild.get(slot)
        faces.append(DieFace(draft.dice[slot], tr(SLOT_CAPTIONS[slot]), crossed, colour, wild))
    return faces


def _allowed_columns(sheet: SheetView) -> set[int]:
    """Columns this turn's grid-column die allows (empty before it is assigned)."""
    labels = sheet.column_labels
    if labels is None or sheet.draft is None or "column" not in sheet.draft.dice:
        return set()
    value = str(sheet.draft.value("column"))
    if value == "6":
        return set()
    return {i for i, lab in enumerate(labels) if lab in (value, ANY_LABEL)}


def _draw_margins(
    draw: ImageDraw.ImageDraw, frame: SheetFrame, sheet: SheetView, theme: Theme, palette: Palette
) -> None:
    """Column labels (L1, L5), column letters above the grid and row numbers on its left."""
    grid, scale = frame.grid, frame.scale
    left, top, _, _ = grid.extent
    face = theme.font(scale.text(HEADER_PX), bold=True)
    y = frame.labels_top
    labels = sheet.column_labels
    if labels:
        allowed = _allowed_columns(sheet)
        inset, height = scale(3), scale(COLUMN_LABEL_H - 10)
        for col, label in enumerate(labels):
            x0 = left + col * grid.cell + inset
            box = (x0, y, x0 + grid.cell - 2 * inset, y + height)
            lit = col in allowed
            fill = theme.highlight if lit else theme.panel_band
            if label == ANY_LABEL and not lit:
                fill = shade(palette.gold, 0.25)
            draw.rounded_rectangle(box, scale(8), fill=fill)
            text_colour = theme.text_on(fill)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            shown = tr(ANY_CAPTION) if label == ANY_LABEL else label
            draw_text(draw, centre, shown, face, text_colour)
        y += scale(COLUMN_LABEL_H)
    for col in range(sheet.size):
        centre = (left + (col + 0.5) * grid.cell, y + scale(LETTERS_H) / 2)
        draw_text(draw, centre, chr(ord("A") + col), face, theme.muted_text)
    for row in range(sheet.size):
        centre = (left - scale(ROW_LABELS) / 2, top + (row + 0.5) * grid.cell)
        draw_text(draw, centre, str(row + 1), face, theme.muted_text)


def draw_grid(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    grid: GridLayout,
    sheet: SheetView,
    theme: Theme,
    palette: Palette,
) -> None:
    """Everything inside the grid, from the sea up to the island names."""
    draw_sea(image, draw, grid, sheet, palette, theme)
    shapes = island_shapes(sheet)
    done = completion(shapes)
    corners = set(LEVELS[sheet.level].corners())
    for index, cell in sorted(sheet.cells.items()):
        if cell.land:
            quarters = {q: done.get(index * 4 + q, False) for q in cell.land}
            draw_land(draw, grid, cell, palette, quarters)
        elif cell.wave:
            draw_wave(image, grid, cell, palette, theme, corner=index in corners)
        elif cell.ship:
            draw_ship(image, grid, cell, palette, theme)
    draw_coasts(draw, grid, shapes, palette)
    draw_ship_borders(draw, grid, sheet.borders, palette)
    for cell in sheet.cells.values():
        if cell.draft:
            draw_draft(draw, grid, cell, palette)
    draw_labels(draw, grid, shapes, palette, theme)


def _draw_track(
    draw: ImageDraw.ImageDraw, frame: SheetFrame, sheet: SheetView, theme: Theme
) -> None:
    """The ship totals and their points; marked totals are crossed, the next one is lit."""
    scale = frame.scale
    left, _, right, _ = frame.grid.extent
    top = frame.track_top
    heading = theme.font(scale.text(HEADER_PX), bold=True)
    draw_text(draw, (left, top), tr("Ship totals"), heading, theme.muted_text, anchor="lt")
    draw_text(
        draw,
        (right, top),
        tr("points: largest marked total"),
        theme.font(scale.text(HEADER_PX - 2)),
        theme.muted_text,
        anchor="rt",
    )
    box_top = top + scale(HEADER_PX + 10)
    width = (right - left) / len(SHIP_TOTALS)
    marked = set(sheet.marked_totals)
    upcoming = next((t for t in SHIP_TOTALS if t not in marked), None)
    big, small = theme.font(scale.text(28), bold=True), theme.font(scale.text(20), bold=True)
    inset = scale(3)
    for k, (total, points) in enumerate(zip(SHIP_TOTALS, SHIP_POINTS, strict=True)):
        x0 = left + k * width + inset
        box = (x0, box_top, x0 + width - 2 * inset, top + scale(TRACK_H))
        fill = theme.panel_band if total in marked else theme.panel
        outline = theme.highlight if total == upcoming else theme.panel_band
        draw.rounded_rectangle(box, scale(10), fill=fill, outline=outline, width=scale.stroke(3))
        mid = (box[0] + box[2]) / 2
        split = box_top + (box[3] - box_top) * 0.56
        draw_text(draw, (mid, split), str(total), big, theme.text, anchor="mb")
        worth = tr_counted(points, "{count} pt", "{count} pts")
        draw_text(draw, (mid, split + scale(4)), worth, small, theme.muted_text, anchor="mt")
        if total in marked:
            cut = scale(10)
            crossed = (box[0] + cut, box_top + cut, box[2] - cut, box[3] - cut)
            cross(draw, crossed, theme.highlight, scale.stroke(4))


def score_terms(sheet: SheetView, score: ScoreView) -> list[tuple[str, str, int]]:
    """The score as (operator, label, value) terms, in the order of the printed sheet."""
    terms = [("", N_("Sides"), score.sides), ("+", N_("Lakes"), score.lakes)]
    if sheet.coloured:
        terms.append(("+", N_("Colour"), score.colour))
    terms.append(("−2×", N_("Islands"), score.islands))
    if sheet.has_waves:
        terms.append(("+", N_("Waves"), score.waves))
    if sheet.has_ships:
        terms.append(("+", N_("Ships"), score.ships))
    terms.append(("=", N_("Total"), score.total))
    return terms


def _draw_score(
    draw: ImageDraw.ImageDraw, frame: SheetFrame, sheet: SheetView, theme: Theme
) -> None:
    """The score breakdown as the sheet prints it: sides + lakes − 2× islands … = total."""
    scale = frame.scale
    left, _, right, _ = frame.grid.extent
    left = min(left, frame.margin + scale(ROW_LABELS))
    right = max(right, frame.width - frame.margin)
    top = frame.score_top
    caption = tr("Score with this turn") if sheet.draft_score is not None else tr("Score")
    heading = theme.font(scale.text(HEADER_PX), bold=True)
    draw_text(draw, (left, top), caption, heading, theme.muted_text, anchor="lt")
    terms = score_terms(sheet, sheet.shown_score)
    op_face = theme.font(scale.text(26), bold=True)
    label_face = theme.font(scale.text(SMALLEST_PX), bold=True)
    value_face = theme.font(scale.text(34), bold=True)
    op_widths = [
        max(scale(28), op_face.getlength(op) + scale(12)) if op else 0 for op, _, _ in terms
    ]
    box_w = (right - left - sum(op_widths)) / len(terms)
    box_top, box_bottom = top + scale(HEADER_PX + 10), top + scale(SCORE_H)
    pad, inset = scale(6), scale(2)
    x = left
    for (op, label, value), op_w in zip(terms, op_widths, strict=True):
        mid_y = (box_top + box_bottom) / 2
        if op:
            draw_text(draw, (x + op_w / 2, mid_y), op, op_face, theme.text)
            x += op_w
        is_total = label == "Total"
        fill = theme.highlight if is_total else theme.panel
        box = (x + inset, box_top, x + box_w - inset, box_bottom)
        draw.rounded_rectangle(box, scale(10), fill=fill)
        ink = theme.text_on(fill)
        muted = ink if is_total else theme.muted_text
        mid_x = x + box_w / 2
        draw_text(draw, (mid_x, box_top + pad), tr(label), label_face, muted, anchor="mt")
        draw_text(draw, (mid_x, box_bottom - pad), str(value), value_face, ink, anchor="mb")
        x += box_w


def _draw_legend(
    draw: ImageDraw.ImageDraw, frame: SheetFrame, theme: Theme, palette: Palette
) -> None:
    """Keys for the marks that are not self-explanatory."""
    scale = frame.scale
    y = frame.legend_top + scale(LEGEND_H) / 2
    x = frame.margin
    face = theme.font(scale.text(19))
    keys = (
        (palette.gold, tr("completed island")),
        (palette.open_coast, tr("straight coast (unfinished)")),
        (palette.draft, tr("drawn this turn")),
    )
    half, swatch = scale(9), scale(34)
    for colour, text in keys:
        draw.rounded_rectangle((x, y - half, x + swatch, y + half), scale(5), fill=colour)
        x += scale(44)
        draw_text(draw, (x, y), text, face, theme.muted_text, anchor="lm")
        x += face.getlength(text) + scale(32)


def sheet_image(
    sheet: SheetView,
    name: str,
    *,
    roll: Sequence[int] | None = None,
    title: str | None = None,
    theme: Theme,
    palette: Palette,
    scale: Scale = SCALE,
) -> tuple[Image.Image, SheetFrame]:
    """The picture of one sheet, and where its parts are (``scale.width`` wide)."""
    faces = die_faces(sheet, roll, palette)
    dice_w = dice_width(len(faces), scale)
    heading = title or tr("{name} · Level {level}", name=name, level=sheet.level)
    status = tr(STATUS_TEXT[sheet.status]) if sheet.status in STATUS_TEXT else ""
    header_h = max(title_height(status, scale), dice_height(faces, scale))
    frame = frame_sheet(sheet, header_h, scale)
    image = Image.new("RGB", (frame.width, frame.height), theme.background)
    draw = ImageDraw.Draw(image)
    margin = frame.margin
    text_w = frame.width - 2 * margin - (dice_w + margin if faces else 0)
    draw_title(draw, margin, frame.header_top, text_w, heading, status, theme, scale)
    if faces:
        draw_dice(draw, frame.width - margin - dice_w, frame.header_top, faces, theme, scale)
    _draw_margins(draw, frame, sheet, theme, palette)
    draw_grid(image, draw, frame.grid, sheet, theme, palette)
    if sheet.has_ships:
        _draw_track(draw, frame, sheet, theme)
    _draw_score(draw, frame, sheet, theme)
    _draw_legend(draw, frame, theme, palette)
    return image, frame
